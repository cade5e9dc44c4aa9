import CMicroHTTPD

/// The fast lane: answers made once, when the server starts, for exact request targets that need no person and no
/// database (a script or the stylesheet by its versioned address), sent as soon as a request's headers are in:
/// libmicrohttpd's thread looks the target up and queues a response it made once, headers and all, without building a
/// ``Request``, running middleware or copying the body.
///
/// Each target has four forms, each made by the application's own pipeline (``PreparedAnswer``): plain or gzipped as
/// `Accept-Encoding` chooses, each `200` or `304` as `If-None-Match` chooses, by the rules the middleware itself
/// applies (``ResponseCompression/acceptsGzip(_:)``, ``ConditionalRequests/matches(_:_:)``). A request the lane is
/// not sure of takes the full pipeline: another method, a body, framing the server refuses (no or several `Host`s, a
/// header name that is not a token), `Accept-Encoding` or `If-None-Match` sent twice, an `X-Request-ID` (the pipeline
/// answers with it), a refused connection, or a server shutting down.
public struct PreparedAnswers: Sendable {
    /// Each target's answer, by the exact target of the request line (path and query, as sent).
    public var answers: [String: PreparedAnswer]
    /// Told of every answer the lane sends, for the access log and the metrics.
    public var sent: (@Sendable (Sent) -> Void)?
    /// How answers the application marks are kept and sent again (``KeptAnswers``); `nil` keeps none.
    public var keeping: KeptAnswers?

    /// One answer the lane sent.
    public struct Sent: Sendable {
        public let method: Method
        /// The target's path (a prepared target is sent as it is, with nothing to decode).
        public let path: String
        public let status: Int
        public let route: String?
        public let elapsed: Duration
    }

    public init(
        answers: [String: PreparedAnswer] = [:], sent: (@Sendable (Sent) -> Void)? = nil, keeping: KeptAnswers? = nil
    ) {
        self.answers = answers
        self.sent = sent
        self.keeping = keeping
    }
}

/// The four forms of one prepared answer, as the application's pipeline answered them; ``gzipped`` is ``plain`` for
/// an answer that is not compressed.
public struct PreparedAnswer: Sendable {
    public let plain: Response
    public let plainNotModified: Response
    public let gzipped: Response
    public let gzippedNotModified: Response

    public init(plain: Response, plainNotModified: Response, gzipped: Response, gzippedNotModified: Response) {
        self.plain = plain
        self.plainNotModified = plainNotModified
        self.gzipped = gzipped
        self.gzippedNotModified = gzippedNotModified
    }
}

/// libmicrohttpd's responses for ``PreparedAnswers``, made once with their headers and queued on any number of
/// connections (libmicrohttpd counts their uses), destroyed with the server.
///
/// `@unchecked Sendable`: the table is written once, in `init`, and only read afterwards; libmicrohttpd locks a
/// response while it counts a use.
final class PreparedResponses: @unchecked Sendable {
    struct Form {
        let handle: OpaquePointer
        /// What the handle holds, to answer in other words when the server is shutting down (closing the connection).
        let response: Response
    }

    struct Entry {
        /// The `ETag`s of the plain and the gzipped form without a weak mark, for `If-None-Match`'s weak comparison:
        /// a form the pipeline gzipped carries the plain form's tag as weak, and is compared with it.
        let plainETag: String?
        let gzippedETag: String?
        let plain: Form
        let plainNotModified: Form
        let gzipped: Form
        let gzippedNotModified: Form
    }

    private let entries: [String: Entry]
    let sent: (@Sendable (PreparedAnswers.Sent) -> Void)?

    init(_ prepared: PreparedAnswers) {
        var entries: [String: Entry] = [:]
        for (target, answer) in prepared.answers {
            guard let plain = Self.make(answer.plain), let plainNotModified = Self.make(answer.plainNotModified),
                let gzipped = Self.make(answer.gzipped), let gzippedNotModified = Self.make(answer.gzippedNotModified)
            else { continue }
            entries[target] = Entry(
                plainETag: answer.plain.headers["ETag"].map(Self.strong),
                gzippedETag: answer.gzipped.headers["ETag"].map(Self.strong), plain: plain,
                plainNotModified: plainNotModified, gzipped: gzipped, gzippedNotModified: gzippedNotModified)
        }
        self.entries = entries
        sent = prepared.sent
    }

    deinit {
        for entry in entries.values {
            for form in [entry.plain, entry.plainNotModified, entry.gzipped, entry.gzippedNotModified] {
                MHD_destroy_response(form.handle)
            }
        }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The prepared answer's entry for a raw request target.
    func entry(for target: String) -> Entry? {
        entries[target]
    }

    /// The form of `entry` a request with these headers gets, or `nil` when the request must take the full
    /// pipeline (see ``PreparedAnswers``).
    static func form(of entry: Entry, for headers: cmhd_fast_headers, version: UnsafePointer<CChar>?) -> Form? {
        guard headers.bodies == 0, headers.bad_names == 0, headers.repeated == 0, headers.request_ids == 0,
            let version
        else { return nil }
        if strcmp(version, "HTTP/1.1") == 0 {
            guard headers.hosts == 1 else { return nil }
        } else {
            guard strcmp(version, "HTTP/1.0") == 0, headers.hosts <= 1 else { return nil }
        }
        let gzip = ResponseCompression.acceptsGzip(headers.accept_encoding.map { String(cString: $0) })
        let etag = gzip ? entry.gzippedETag : entry.plainETag
        let isHeld =
            if let held = headers.if_none_match, let etag {
                ConditionalRequests.matches(String(cString: held), etag)
            } else {
                false
            }
        return switch (gzip, isHeld) {
        case (false, false): entry.plain
        case (false, true): entry.plainNotModified
        case (true, false): entry.gzipped
        case (true, true): entry.gzippedNotModified
        }
    }

    /// An entity tag without its weak mark.
    private static func strong(_ etag: String) -> String {
        etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag
    }

    /// A response of libmicrohttpd holding `response`'s status, headers and a copy of its body.
    static func make(_ response: Response) -> Form? {
        guard response.eventStream == nil, let handle = response.libmicrohttpdResponse() else { return nil }
        return Form(handle: handle, response: response)
    }
}

extension Response {
    /// A response of libmicrohttpd with this one's headers and a copy of its body, which libmicrohttpd makes: the
    /// body is only read (asking for its bytes as mutable would copy a body shared with the caller first).
    func libmicrohttpdResponse() -> OpaquePointer? {
        let handle = body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
        }
        guard let handle else { return nil }
        for (name, value) in headers {
            _ = MHD_add_response_header(handle, name, value)
        }
        return handle
    }
}
