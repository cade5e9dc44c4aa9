import CCurl
import Foundation
import GrubmapCore

#if canImport(Glibc)
    import Glibc
#endif

/// One hop's state, reached by libcurl's callbacks through their data pointer. Used by the one thread running
/// `curl_easy_perform`, so it needs no lock.
final class Transfer {
    let handle: UnsafeMutableRawPointer
    /// Whether the hop's URL is under an `--allow-outbound` prefix, so any address may be connected to.
    let connectsAnywhere: Bool
    let maximumBytes: Int
    /// Set when an address was refused at connect time.
    private(set) var refusedAddress = false
    /// Why the write callback stopped the transfer, when it did for a fault.
    private(set) var failure: OutboundError?
    /// Whether the write callback stopped a transfer whose body is not wanted (a status other than 2xx).
    private(set) var stoppedAfterHeaders = false
    /// The response's headers by lowercased name; a new status line (after a `100 Continue`) starts them again.
    private(set) var headers: [String: String] = [:]
    /// The decompressed body.
    private(set) var body: [UInt8] = []
    /// Present once a gzip body has begun.
    private(set) var inflater: Inflater?
    private var bodyStarted = false
    private var wireBytes = 0

    /// At most this many headers are kept, each at most this long; the rest are dropped.
    static let headerLimit = 100
    static let headerValueLimit = 4096

    init(handle: UnsafeMutableRawPointer, connectsAnywhere: Bool, maximumBytes: Int) {
        self.handle = handle
        self.connectsAnywhere = connectsAnywhere
        self.maximumBytes = maximumBytes
    }

    /// Whether a socket may be opened to `address`.
    func mayConnect(to address: IPAddress?) -> Bool {
        guard let address else {
            refusedAddress = true
            return false
        }
        if connectsAnywhere || PublicAddressRule.isPublic(address) { return true }
        refusedAddress = true
        return false
    }

    /// One header line, its CRLF included.
    func receiveHeader(_ line: UnsafeRawBufferPointer) {
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: ["\r", "\n", " ", "\t"])
        if text.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = text.firstIndex(of: ":"), headers.count < Self.headerLimit else { return }
        let name = text[..<colon].lowercased()
        let value = text[text.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])
        guard value.utf8.count <= Self.headerValueLimit else { return }
        headers[name] = value
    }

    /// A piece of the body as it came off the wire; whether to go on.
    func receiveBody(_ piece: UnsafeRawBufferPointer) -> Bool {
        if !bodyStarted {
            bodyStarted = true
            var status = 0
            _ = ccurl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
            guard (200..<300).contains(status) else {
                // Only the status matters: the body of an error or a redirect is never read.
                stoppedAfterHeaders = true
                return false
            }
            switch headers["content-encoding"]?.lowercased() ?? "identity" {
            case "identity", "": break
            case "gzip", "x-gzip", "deflate": inflater = Inflater()
            default: return stop(.undecodableBody)
            }
        }
        wireBytes += piece.count
        guard wireBytes <= maximumBytes else { return stop(.tooLarge(maximumBytes: maximumBytes)) }
        guard let inflater else {
            guard body.count + piece.count <= maximumBytes else { return stop(.tooLarge(maximumBytes: maximumBytes)) }
            body.append(contentsOf: piece)
            return true
        }
        switch inflater.inflate(piece, into: &body, limit: maximumBytes) {
        case .ok: return true
        case .tooLarge: return stop(.tooLarge(maximumBytes: maximumBytes))
        case .broken: return stop(.undecodableBody)
        }
    }

    private func stop(_ failure: OutboundError) -> Bool {
        self.failure = failure
        body = []
        return false
    }
}

/// `CURLOPT_WRITEFUNCTION`: returning anything but the size given stops the transfer with `CURLE_WRITE_ERROR`.
let bodyCallback: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard let data, length > 0 else { return length }
    return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// `CURLOPT_HEADERFUNCTION`: one whole header line each call.
let headerCallback: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let length = size * count
    if let data, length > 0 {
        Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
            .receiveHeader(UnsafeRawBufferPointer(start: data, count: length))
    }
    return length
}

/// `CURLOPT_OPENSOCKETFUNCTION`: called with each address libcurl is about to connect to, after resolving the
/// host; `CURL_SOCKET_BAD` refuses it (libcurl then tries the host's next address, or fails with
/// `CURLE_COULDNT_CONNECT`). Otherwise it opens the socket as libcurl would have.
let openSocketCallback: curl_opensocket_callback = { context, purpose, address in
    guard let context, let address, purpose == CURLSOCKTYPE_IPCXN else { return CURL_SOCKET_BAD }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    var bytes = [UInt8](repeating: 0, count: 16)
    let count = Int(ccurl_peer_address(address, &bytes))
    guard transfer.mayConnect(to: IPAddress(bytes: bytes.prefix(count))) else { return CURL_SOCKET_BAD }
    return socket(
        address.pointee.family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.protocol)
}
