/// An HTTP request method.
public struct Method: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method's name as sent on the wire, upper case.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let get = Method(rawValue: "GET")
    public static let head = Method(rawValue: "HEAD")
    public static let post = Method(rawValue: "POST")
    public static let put = Method(rawValue: "PUT")
    public static let patch = Method(rawValue: "PATCH")
    public static let delete = Method(rawValue: "DELETE")
    public static let options = Method(rawValue: "OPTIONS")

    public var description: String { rawValue }

    /// Whether a request with this method may change what is stored: every method but the safe ones of RFC 9110
    /// (`GET`, `HEAD`, `OPTIONS`, `TRACE`). The one answer to "may this request write?" that the CSRF checks, the
    /// write limits and the caches all ask.
    public var mayChange: Bool { self != .get && self != .head && self != .options && rawValue != "TRACE" }
}
