import Foundation

/// An HTTP request as the application sees it: already read whole, its target split and decoded.
public struct Request: Sendable {
    public var method: Method
    /// The decoded path, like `/areas/pnu-busan`, without the query.
    public var path: String
    /// The path's segments, each percent-decoded on its own (so `%2F` stays inside its segment).
    public var pathSegments: [String]
    /// The query's fields in order, decoded; repeated keys are kept.
    public var query: QueryFields
    public var headers: Headers
    /// The request body; empty when there was none, or when it was over its limit (``problem`` then says 413).
    public var body: [UInt8]
    /// The parts of a `multipart/form-data` body, parsed by libmicrohttpd; empty for other bodies.
    public var formParts: [FormPart] = []
    /// Whether a `multipart/form-data` body could not be parsed (the application answers 400).
    public var isMalformedMultipart = false
    /// The IP address of the peer that sent the request (a proxy's, behind one); empty when unknown.
    public var remoteAddress = ""
    /// Whether the request came over TLS to this server itself (not through a proxy that did TLS).
    public var isTLS = false
    /// The request's id for logs, set by ``RequestIdentity``: the client's `X-Request-ID` or one made for it.
    public var id = ""
    /// Why this request cannot be answered as asked, or `nil`: the server found it malformed, too large or
    /// unwelcome before the application saw it.
    ///
    /// The server hands such a request to the application anyway, built as far as it could be (a path segment
    /// or query field with a malformed `%`-escape is kept undecoded, a body over the limit is left out), so that
    /// the error gets the application's page or JSON body, headers and log line like any other. An application
    /// answers it by rendering this error before anything else, without touching a database. The server sets:
    /// 400 `bad_target`, `bad_path` and `bad_query` (see ``lenient(method:target:headers:body:)``), `bad_host`,
    /// `bad_header` and `bad_framing`; 413 `too_large`; 501 `unsupported_transfer_coding`; 503
    /// `too_many_connections` and `server_busy` (with `Retry-After`). The server closes the connection after
    /// answering any of them but the first four and `server_busy`.
    public var problem: HTTPError?

    /// Makes a request from a raw target such as `/areas/x?near=1%2C2`; throws ``HTTPError`` 400 on malformed
    /// percent-escapes or a target that is not an origin-form path (the ``problem`` that
    /// ``lenient(method:target:headers:body:)`` would set).
    public init(method: Method, target: String, headers: Headers = Headers(), body: [UInt8] = []) throws(HTTPError) {
        self = Request.lenient(method: method, target: target, headers: headers, body: body)
        if let problem { throw problem }
    }

    private init(
        method: Method, path: String, pathSegments: [String], query: QueryFields, headers: Headers, body: [UInt8]
    ) {
        self.method = method
        self.path = path
        self.pathSegments = pathSegments
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// Makes a request from a raw target and never fails: what cannot be decoded is kept as sent and named in
    /// ``problem``.
    ///
    /// A target with a space or a control character, or one that is not origin-form (`http://host/path`, `*`),
    /// is `bad_target`; an absolute-form target's path is kept, so the application can still tell a page from an
    /// API call. A path segment with a malformed `%`-escape (or one that decodes to bytes that are not UTF-8) is
    /// `bad_path`, a query field `bad_query`; both are kept undecoded.
    public static func lenient(
        method: Method, target: String, headers: Headers = Headers(), body: [UInt8] = []
    ) -> Request {
        var problem: HTTPError?
        if target.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            problem = HTTPError(
                .badRequest, code: "bad_target", message: "The request target has a space or a control character.")
        }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var rawPath = parts[0]
        if !rawPath.hasPrefix("/") {
            problem =
                problem
                ?? HTTPError(.badRequest, code: "bad_target", message: "The request target must start with /.")
            let afterScheme = rawPath.range(of: "://").map { rawPath[$0.upperBound...] } ?? ""
            rawPath = afterScheme.drop { $0 != "/" }
        }
        var segments: [String] = []
        for raw in rawPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            if !raw.utf8.contains(UInt8(ascii: "%")) {
                segments.append(String(raw))
            } else if let decoded = String(raw).removingPercentEncoding {
                segments.append(decoded)
            } else {
                segments.append(String(raw))
                problem =
                    problem ?? HTTPError(.badRequest, code: "bad_path", message: "The path has a malformed %-escape.")
            }
        }
        if segments.last == "" { segments.removeLast() }
        let (query, isMalformedQuery) = QueryFields.decodeLeniently(parts.count > 1 ? String(parts[1]) : "")
        if isMalformedQuery { problem = problem ?? QueryFields.malformed }
        var request = Request(
            method: method, path: "/" + segments.joined(separator: "/"), pathSegments: segments, query: query,
            headers: headers, body: body)
        request.problem = problem
        return request
    }

    /// The body's text fields when it is `application/x-www-form-urlencoded` or `multipart/form-data` (file
    /// parts are in ``formParts``); throws ``HTTPError`` 400 or 415.
    public func formFields() throws(HTTPError) -> QueryFields {
        let type = headers["Content-Type"]?.split(separator: ";").first?.trimmingOptionalWhitespace()
        if type?.lowercased() == "multipart/form-data" {
            guard !isMalformedMultipart else {
                throw HTTPError(.badRequest, code: "bad_form", message: "The form's multipart body is malformed.")
            }
            var fields: [(name: String, value: String)] = []
            for part in formParts where part.filename == nil {
                guard let value = String(validating: part.data, as: UTF8.self) else {
                    throw HTTPError(.badRequest, code: "bad_form", message: "The form is not valid UTF-8.")
                }
                fields.append((part.name, value))
            }
            return QueryFields(fields)
        }
        guard type?.lowercased() == "application/x-www-form-urlencoded" else {
            throw HTTPError(
                .unsupportedMediaType, code: "unsupported_media_type",
                message: "Send the form as application/x-www-form-urlencoded.")
        }
        guard let text = String(validating: body, as: UTF8.self) else {
            throw HTTPError(.badRequest, code: "bad_form", message: "The form is not valid UTF-8.")
        }
        return try QueryFields(urlEncoded: text)
    }

    /// The value of the cookie named `name`, or `nil` (RFC 6265 `Cookie` header syntax).
    ///
    /// Read byte by byte (the separators are ASCII): every request looks for several cookies.
    public func cookie(_ name: String) -> String? {
        for header in headers.values(for: "Cookie") {
            var rest = Substring(header)
            while !rest.isEmpty {
                let end = rest.utf8.firstIndex(of: UInt8(ascii: ";")) ?? rest.endIndex
                let pair = rest[..<end]
                rest = end < rest.endIndex ? rest[rest.utf8.index(after: end)...] : rest[end...]
                guard let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
                let value = pair[pair.utf8.index(after: equals)...]
                let key = pair[..<equals].trimmingOptionalWhitespace()
                if !value.isEmpty, !key.isEmpty, key == name {
                    return String(value.trimmingOptionalWhitespace())
                }
            }
        }
        return nil
    }
}

/// One part of a `multipart/form-data` body: a field, or a file when it has a file name.
public struct FormPart: Sendable, Equatable {
    public var name: String
    /// The file name the browser sent; `nil` for plain fields.
    public var filename: String?
    /// The part's declared media type; says nothing reliable about the bytes.
    public var contentType: String?
    public var data: [UInt8]

    public init(name: String, filename: String? = nil, contentType: String? = nil, data: [UInt8]) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }
}
