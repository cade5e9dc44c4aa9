import Foundation

/// A minimal HTTP/1.1 client over one TCP connection, so tests can see exactly what goes over the wire
/// (whether the connection is reused, what a 413 carries).
final class RawClient {
    struct Reply {
        var statusCode: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    enum ClientError: Error { case connect(Int32), closed, malformed(String) }

    private let socket: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1 from `source` (any address of 127/8 reaches the loopback, so tests can play a second
    /// client address).
    /// A `receiveBuffer` sets `SO_RCVBUF` before connecting, to play a client whose buffer fills soon.
    init(port: UInt16, from source: String = "127.0.0.1", receiveBuffer: Int32? = nil) throws {
        socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw ClientError.connect(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw ClientError.connect(errno) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socket) }

    /// Sends all of `bytes`; false when the server closed or reset the connection first.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Sends a request and reads one response.
    func request(
        _ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = []
    ) throws -> Reply {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        send(head + "\r\n")
        send(body)
        return try readReply(isHead: method == "HEAD")
    }

    /// Whether the server has closed its side (a read gives end of file, or a reset), waiting up to the read
    /// timeout for it. Bytes already read into the buffer are left alone.
    func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, 0)
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    /// Waits at most `seconds` for a read (instead of 10).
    func setReadTimeout(seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Ends the sending side, as a client that has said all it will.
    func finishSending() {
        Foundation.shutdown(socket, Int32(SHUT_WR))
    }

    func readReply(isHead: Bool = false) throws -> Reply {
        let headEnd = try readUntil([13, 10, 13, 10])
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let code = Int(statusLine[1]) else { throw ClientError.malformed(head) }
        var headers: [String: String] = [:]
        for line in lines {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 {
                headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        let length = isHead ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < length { try fill() }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return Reply(statusCode: code, headers: headers, body: body)
    }

    /// Reads the head of a response whose body is streamed (chunked); its body is left to ``readChunk()``.
    func readHead() throws -> Reply {
        let headEnd = try readUntil([13, 10, 13, 10])
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let code = Int(statusLine[1]) else { throw ClientError.malformed(head) }
        var headers: [String: String] = [:]
        for line in lines {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return Reply(statusCode: code, headers: headers, body: [])
    }

    /// The data of the next chunk of a chunked body; `nil` for the last (empty) chunk.
    func readChunk() throws -> [UInt8]? {
        let lineEnd = try readUntil([13, 10])
        let sizeText = String(decoding: buffer[..<lineEnd], as: UTF8.self)
        guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16) else {
            throw ClientError.malformed(sizeText)
        }
        buffer.removeFirst(lineEnd + 2)
        while buffer.count < size + 2 { try fill() }
        let data = Array(buffer[..<size])
        buffer.removeFirst(size + 2)
        return size == 0 ? nil : data
    }

    /// Reads chunks until what they carried, with `text` so far, contains `wanted`; gives back all of it.
    func readStream(until wanted: String, after text: String = "") throws -> String {
        var text = text
        while !text.contains(wanted) {
            guard let chunk = try readChunk() else { throw ClientError.closed }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return text
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        while true {
            if buffer.count >= marker.count {
                for index in 0...(buffer.count - marker.count)
                where Array(buffer[index..<index + marker.count]) == marker {
                    return index
                }
            }
            try fill()
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &chunk, chunk.count, 0)
        guard count > 0 else { throw ClientError.closed }
        buffer.append(contentsOf: chunk[..<count])
    }
}
