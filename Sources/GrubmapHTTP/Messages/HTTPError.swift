/// An error that becomes an HTTP response: a status, a stable machine-readable code and a message for people.
///
/// The application decides how it looks: JSON (`{"error": {"code", "message"}}`) for the API, a page for people.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: Status
    /// A short snake_case code clients can branch on, like `not_found`.
    public var code: String
    /// A sentence for people saying what went wrong and, when it helps, what to do.
    public var message: String
    /// Headers the response must carry, such as `Allow` on a 405 or `Retry-After` on a 429.
    public var headers: Headers
    /// The query parameter or form field the error is about, like `near`, when it is about one: a page in another
    /// language than `message`'s names it from this.
    public var field: String?

    public init(_ status: Status, code: String, message: String, headers: Headers = Headers(), field: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
        self.field = field
    }

    public var description: String { "\(status.code) \(code): \(message)" }

    /// 404 for a path nothing answers.
    public static func notFound(_ message: String = "There is nothing at this address.") -> HTTPError {
        HTTPError(.notFound, code: "not_found", message: message)
    }

    /// 405 naming the methods the path does answer in `Allow`.
    public static func methodNotAllowed(allowed: [Method]) -> HTTPError {
        let names = allowed.map(\.rawValue).joined(separator: ", ")
        return HTTPError(
            .methodNotAllowed, code: "method_not_allowed", message: "This address answers \(names) only.",
            headers: ["Allow": names])
    }

    /// 400 with the given message, about `field` when given.
    public static func badRequest(_ message: String, code: String = "bad_request", field: String? = nil) -> HTTPError {
        HTTPError(.badRequest, code: code, message: message, field: field)
    }
}
