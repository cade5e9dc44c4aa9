/// An HTTP response status code with its reason phrase.
public struct Status: Hashable, Sendable, CustomStringConvertible {
    /// The three-digit code.
    public let code: Int
    /// The standard reason phrase, for people.
    public let reason: String

    public init(code: Int, reason: String) {
        self.code = code
        self.reason = reason
    }

    public static let ok = Status(code: 200, reason: "OK")
    public static let created = Status(code: 201, reason: "Created")
    public static let noContent = Status(code: 204, reason: "No Content")
    public static let movedPermanently = Status(code: 301, reason: "Moved Permanently")
    public static let found = Status(code: 302, reason: "Found")
    public static let seeOther = Status(code: 303, reason: "See Other")
    public static let notModified = Status(code: 304, reason: "Not Modified")
    public static let badRequest = Status(code: 400, reason: "Bad Request")
    public static let unauthorized = Status(code: 401, reason: "Unauthorized")
    public static let forbidden = Status(code: 403, reason: "Forbidden")
    public static let notFound = Status(code: 404, reason: "Not Found")
    public static let methodNotAllowed = Status(code: 405, reason: "Method Not Allowed")
    public static let conflict = Status(code: 409, reason: "Conflict")
    public static let gone = Status(code: 410, reason: "Gone")
    public static let contentTooLarge = Status(code: 413, reason: "Content Too Large")
    public static let uriTooLong = Status(code: 414, reason: "URI Too Long")
    public static let unsupportedMediaType = Status(code: 415, reason: "Unsupported Media Type")
    public static let unprocessableContent = Status(code: 422, reason: "Unprocessable Content")
    public static let tooManyRequests = Status(code: 429, reason: "Too Many Requests")
    public static let internalServerError = Status(code: 500, reason: "Internal Server Error")
    public static let notImplemented = Status(code: 501, reason: "Not Implemented")
    public static let serviceUnavailable = Status(code: 503, reason: "Service Unavailable")

    public var description: String { "\(code) \(reason)" }
}
