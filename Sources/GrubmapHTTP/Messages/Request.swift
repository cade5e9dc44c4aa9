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
    /// The request body; empty when there was none, or when it was over the server's limit.
    public var body: [UInt8]
    /// The parts of a `multipart/form-data` body, parsed by libmicrohttpd; empty for other bodies.
    public var formParts: [FormPart] = []
    /// Whether a `multipart/form-data` body could not be parsed (the application answers 400).
    public var isMalformedMultipart = false
    /// Whether the body was over the server's limit and left out: the application should answer 413.
    public var isBodyTooLarge = false
    /// The IP address of the peer that sent the request (a proxy's, behind one); empty when unknown.
    public var remoteAddress = ""

    /// Makes a request from a raw target such as `/areas/x?near=1%2C2`; throws ``HTTPError`` 400 on malformed
    /// percent-escapes or a target that is not an origin-form path.
    public init(method: Method, target: String, headers: Headers = Headers(), body: [UInt8] = []) throws(HTTPError) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let rawPath = parts[0]
        guard rawPath.hasPrefix("/") else {
            throw HTTPError(.badRequest, code: "bad_target", message: "The request target must start with /.")
        }
        var segments: [String] = []
        for raw in rawPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let decoded = String(raw).removingPercentEncoding else {
                throw HTTPError(.badRequest, code: "bad_path", message: "The path has a malformed %-escape.")
            }
            segments.append(decoded)
        }
        if segments.last == "" { segments.removeLast() }
        self.method = method
        self.pathSegments = segments
        self.path = "/" + segments.joined(separator: "/")
        self.query = try QueryFields(urlEncoded: parts.count > 1 ? String(parts[1]) : "")
        self.headers = headers
        self.body = body
    }

    /// The body's text fields when it is `application/x-www-form-urlencoded` or `multipart/form-data` (file
    /// parts are in ``formParts``); throws ``HTTPError`` 400 or 415.
    public func formFields() throws(HTTPError) -> QueryFields {
        let type = headers["Content-Type"]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
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
    public func cookie(_ name: String) -> String? {
        for header in headers.values(for: "Cookie") {
            for pair in header.split(separator: ";") {
                let field = pair.split(separator: "=", maxSplits: 1)
                if field.count == 2, field[0].trimmingCharacters(in: .whitespaces) == name {
                    return field[1].trimmingCharacters(in: .whitespaces)
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
