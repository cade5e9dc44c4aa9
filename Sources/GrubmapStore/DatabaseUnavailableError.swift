/// The database cannot be reached now: PostgreSQL is down, restarting or unreachable, refuses more connections, or
/// did not answer within the configured timeout. Asking again later may work; the web layer answers 503.
///
/// A write that failed this way may or may not have been committed; the store's writes are safe to repeat.
public struct DatabaseUnavailableError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the database layer said, without bound values or passwords.
    public let reason: String

    /// Makes an error.
    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { "the database is unavailable: \(reason)" }
}
