import CCurl

#if canImport(Glibc)
    import Glibc
#endif

/// The live ``OutboundHTTPClient``, on libcurl's easy interface, configured so libcurl does only the transfer and
/// Grubmap decides the rest (see "Bounded outbound HTTP" in the recipes):
///
/// - `CURLOPT_PROTOCOLS_STR` and `CURLOPT_REDIR_PROTOCOLS_STR` are `http,https`; no proxy, whatever the environment
///   says (a proxy would reach inside on our behalf).
/// - Every address libcurl is about to connect to passes ``PublicAddressRule`` in `CURLOPT_OPENSOCKETFUNCTION`, at
///   connect time, after DNS; a URL under an ``OutboundAllowList`` prefix may connect anywhere.
/// - `CURLOPT_FOLLOWLOCATION` is off: the client follows up to ``maximumRedirects`` itself, each on a new handle (so
///   no connection is reused past the check), each URL checked as the first was.
/// - `CURLOPT_ACCEPT_ENCODING` is unset, so libcurl decodes nothing; the client asks for gzip itself and inflates it
///   with zlib as it arrives, counting the decompressed bytes against the cap, and the write callback stops the
///   transfer the moment the cap is passed (an endless chunked body included). `CURLOPT_MAXFILESIZE_LARGE` refuses
///   a declared length over the cap before any of it is read.
/// - `CURLOPT_TIMEOUT_MS` is what is left of one deadline for the whole fetch, redirects included.
public struct CurlClient: OutboundHTTPClient {
    /// Internal addresses this client may reach.
    public var allowList: OutboundAllowList
    /// Redirects followed at most; one more is ``OutboundError/tooManyRedirects(maximum:)``.
    public var maximumRedirects: Int
    /// The longest one connection may take to open, within the request's deadline.
    public var connectTimeoutSeconds: Double
    public var userAgent: String

    public init(
        allowList: OutboundAllowList = OutboundAllowList(), maximumRedirects: Int = 3,
        connectTimeoutSeconds: Double = 10, userAgent: String = "Grubmap"
    ) {
        self.allowList = allowList
        self.maximumRedirects = maximumRedirects
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.userAgent = userAgent
    }

    public func get(_ request: OutboundRequest) throws(OutboundError) -> OutboundResponse {
        guard curlIsReady else { throw .couldNotConnect }
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64(request.timeoutSeconds * 1000))
        var url = try OutboundURL(request.url)
        var redirects = 0
        while true {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .milliseconds(1) else { throw .timedOut(seconds: request.timeoutSeconds) }
            let hop = try exchangeOnce(url, request, body: nil, remaining: remaining)
            guard [301, 302, 303, 307, 308].contains(hop.status), let location = hop.location else {
                return OutboundResponse(
                    status: hop.status, headers: hop.headers, body: hop.body, url: url, redirects: redirects)
            }
            guard redirects < maximumRedirects else { throw .tooManyRedirects(maximum: maximumRedirects) }
            do {
                url = try url.resolving(location)
            } catch {
                throw .redirectRefused
            }
            redirects += 1
        }
    }

    public func post(_ request: OutboundRequest, body: [UInt8]) throws(OutboundError) -> OutboundResponse {
        guard curlIsReady else { throw .couldNotConnect }
        let url = try OutboundURL(request.url)
        let hop = try exchangeOnce(
            url, request, body: body, remaining: .milliseconds(Int64(request.timeoutSeconds * 1000)))
        return OutboundResponse(status: hop.status, headers: hop.headers, body: hop.body, url: url, redirects: 0)
    }

    /// What one hop answered.
    private struct Hop {
        let status: Int
        let headers: [String: String]
        let body: [UInt8]
        /// The redirect's target as libcurl resolved it (`CURLINFO_REDIRECT_URL`).
        let location: String?
    }

    /// One request to `url`: a `GET`, or a `POST` of `body` when there is one.
    private func exchangeOnce(
        _ url: OutboundURL, _ request: OutboundRequest, body: [UInt8]?, remaining: Duration
    ) throws(OutboundError) -> Hop {
        guard let handle = curl_easy_init() else { throw .couldNotConnect }
        defer { curl_easy_cleanup(handle) }
        let transfer = Transfer(
            handle: handle, connectsAnywhere: allowList.allows(url), maximumBytes: request.maximumBytes)
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headerList) }
        let sent = request.headers.filter { header in
            !header.name.isEmpty && !["accept-encoding", "expect"].contains(header.name.lowercased())
                && Self.isClean(header.name)
                && Self.isClean(header.value)
        }
        // `Expect:` with nothing after it keeps libcurl from waiting for a `100 Continue` before a body it sends anyway.
        let lines =
            sent.map { header in "\(header.name): \(header.value)" } + ["Accept-Encoding: gzip"]
            + (body == nil ? [] : ["Expect:"])
        for line in lines {
            headerList = curl_slist_append(headerList, line)
        }
        let milliseconds = max(1, Int((remaining / .milliseconds(1)).rounded(.up)))
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        let configured = [
            ccurl_set_string(handle, CURLOPT_URL, url.text),
            ccurl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            ccurl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
            ccurl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0),
            ccurl_set_string(handle, CURLOPT_PROXY, ""),
            ccurl_set_string(handle, CURLOPT_NOPROXY, "*"),
            ccurl_set_long(handle, CURLOPT_NOSIGNAL, 1),
            ccurl_set_long(handle, CURLOPT_HTTP_CONTENT_DECODING, 0),
            ccurl_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds),
            ccurl_set_long(
                handle, CURLOPT_CONNECTTIMEOUT_MS, Int(min(Double(milliseconds), connectTimeoutSeconds * 1000))),
            ccurl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maximumBytes)),
            ccurl_set_string(handle, CURLOPT_USERAGENT, userAgent),
            ccurl_set_headers(handle, headerList),
            ccurl_set_write_function(handle, bodyCallback),
            ccurl_set_pointer(handle, CURLOPT_WRITEDATA, context),
            ccurl_set_header_function(handle, headerCallback),
            ccurl_set_pointer(handle, CURLOPT_HEADERDATA, context),
            ccurl_set_open_socket_function(handle, openSocketCallback),
            ccurl_set_pointer(handle, CURLOPT_OPENSOCKETDATA, context),
        ]
        let method =
            if let body {
                [
                    ccurl_set_long(handle, CURLOPT_POST, 1),
                    ccurl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)),
                    ccurl_set_bytes(handle, CURLOPT_COPYPOSTFIELDS, body),
                ]
            } else {
                [ccurl_set_long(handle, CURLOPT_HTTPGET, 1)]
            }
        guard (configured + method).allSatisfy({ $0 == CURLE_OK }) else { throw .couldNotConnect }
        let result = withExtendedLifetime(transfer) { curl_easy_perform(handle) }
        if let failure = transfer.failure { throw failure }
        switch result {
        case CURLE_OK: break
        case CURLE_WRITE_ERROR where transfer.stoppedAfterHeaders: break
        case CURLE_OPERATION_TIMEDOUT: throw .timedOut(seconds: request.timeoutSeconds)
        case CURLE_FILESIZE_EXCEEDED: throw .tooLarge(maximumBytes: request.maximumBytes)
        case _ where transfer.refusedAddress: throw .addressNotAllowed
        default: throw .couldNotConnect
        }
        var status = 0
        _ = ccurl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        if (200..<300).contains(status), let inflater = transfer.inflater, !inflater.isComplete {
            throw .undecodableBody
        }
        var location: UnsafeMutablePointer<CChar>?
        _ = ccurl_get_string(handle, CURLINFO_REDIRECT_URL, &location)
        return Hop(
            status: status, headers: transfer.headers, body: transfer.body,
            location: location.map { String(cString: $0) })
    }

    /// Whether a header's name or value may be sent: no line break, no other control character but tab.
    private static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7f }
    }
}

/// Whether `curl_global_init` succeeded; it runs once, before the first transfer (Swift initializes a global `let`
/// once, safely across threads).
private let curlIsReady: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
