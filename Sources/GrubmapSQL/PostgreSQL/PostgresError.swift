/// A failure reported by PostgreSQL or libpq, or a call this module refused before sending it.
///
/// Carries the SQLSTATE code when the server sent one (`23505` for a unique violation, `42601` for a syntax
/// error), the server's or libpq's message, the constraint a violation names, and the SQL that failed. Like
/// ``DatabaseError`` it never carries bound values, nor the server's `DETAIL` line, which quotes them
/// (`Key (token)=(…) already exists`): they may hold personal data or session tokens.
public struct PostgresError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the failure arose.
    public enum Kind: String, Hashable, Sendable {
        /// The server answered with an error (it has an SQLSTATE).
        case server
        /// No connection could be made, or it broke: the server is down, restarting, or unreachable.
        case connection
        /// The server did not answer within the configured timeout; the connection was given up.
        case timeout
        /// The call was refused before reaching the server (a bad argument, a nested transaction).
        case misuse
    }

    /// Where the failure arose.
    public let kind: Kind
    /// The five-character SQLSTATE (`23505`), or `nil` when the failure did not come from the server.
    public let sqlState: String?
    /// The message for people, like `duplicate key value violates unique constraint "t_pkey"`.
    public let message: String
    /// The constraint a violation names (`t_pkey`), when the server says.
    public let constraint: String?
    /// The statement that failed, or `nil` when the failure was not about a statement (connecting).
    public let sql: String?

    /// Makes an error.
    public init(kind: Kind, sqlState: String? = nil, message: String, constraint: String? = nil, sql: String? = nil) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
        self.constraint = constraint
        self.sql = sql
    }

    /// Whether the error means the database cannot be reached now, rather than that the statement was wrong:
    /// a failed or lost connection, a timeout, too many connections, the server shutting down or starting up
    /// (SQLSTATE class `08`, `57P01`-`57P03`, `53300`). Asking again later may work. A protocol violation
    /// (`08P01`) is not one: the server answered, refusing what the client sent (a `$1` written into an
    /// ``SQL``'s text with no value bound to it).
    public var isConnectionFailure: Bool {
        switch kind {
        case .connection, .timeout: return true
        case .misuse: return false
        case .server:
            guard let sqlState else { return false }
            return (sqlState.hasPrefix("08") && sqlState != "08P01")
                || ["57P01", "57P02", "57P03", "53300"].contains(sqlState)
        }
    }

    /// `PostgreSQL error 23505: duplicate key value violates unique constraint "t_pkey"; SQL: INSERT …`.
    public var description: String {
        var text =
            switch kind {
            case .server: "PostgreSQL error \(sqlState ?? "?????"): \(message)"
            case .connection: "PostgreSQL connection failed: \(message)"
            case .timeout: "PostgreSQL timeout: \(message)"
            case .misuse: "PostgreSQL call refused: \(message)"
            }
        if let sql { text += "; SQL: \(sql)" }
        return text
    }
}

extension PostgresError {
    /// `42601`: the SQL text does not parse.
    public static let syntaxError = "42601"
    /// `23505`: a unique or primary key constraint failed.
    public static let uniqueViolation = "23505"
    /// `23503`: a foreign key constraint failed.
    public static let foreignKeyViolation = "23503"
    /// `57014`: the statement was cancelled, as `statement_timeout` does.
    public static let queryCanceled = "57014"
    /// `25P02`: a statement was sent in a transaction that an earlier error aborted.
    public static let inFailedTransaction = "25P02"
}
