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
    /// The request body; empty when there was none.
    public var body: [UInt8]

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

    /// The body's fields when it is `application/x-www-form-urlencoded`; throws ``HTTPError`` 400 or 415.
    public func formFields() throws(HTTPError) -> QueryFields {
        let type = headers["Content-Type"]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
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
