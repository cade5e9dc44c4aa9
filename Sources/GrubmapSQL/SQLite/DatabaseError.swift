import CSQLite

/// A failure reported by SQLite, or a call this module refused before reaching SQLite.
///
/// Carries the extended result code, SQLite's message (`sqlite3_errmsg`) and the SQL that failed, so a log
/// line says what went wrong and where. Bound values are never included: they may hold personal data.
public struct DatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The extended result code, like `SQLITE_CONSTRAINT_UNIQUE`.
    public let resultCode: ResultCode
    /// SQLite's message for people, like `UNIQUE constraint failed: places.id`.
    public let message: String
    /// The statement that failed, or `nil` when the failure was not about a statement (opening a file).
    public let sql: String?

    /// Makes an error; this module uses ``ResultCode/misuse`` or ``ResultCode/range`` for calls it refuses itself.
    public init(resultCode: ResultCode, message: String, sql: String? = nil) {
        self.resultCode = resultCode
        self.message = message
        self.sql = sql
    }

    /// The primary result code, like `SQLITE_CONSTRAINT`.
    public var primaryResultCode: ResultCode { resultCode.primary }

    /// `SQLite error 2067 (constraint failed): UNIQUE constraint failed: places.id; SQL: INSERT …`.
    public var description: String {
        var text = "SQLite error \(resultCode.rawValue) (\(resultCode)): \(message)"
        if let sql { text += "; SQL: \(sql)" }
        return text
    }
}

extension DatabaseError {
    /// The error for a failed call on a connection (`sqlite3 *`): its extended code and message.
    init(code: Int32, on connection: OpaquePointer, sql: String?) {
        let extended = sqlite3_extended_errcode(connection)
        // The connection's code matches `code` unless another call overwrote it; trust `code` then.
        let resultCode = extended & 0xFF == code & 0xFF ? extended : code
        self.init(
            resultCode: ResultCode(rawValue: resultCode), message: String(cString: sqlite3_errmsg(connection)),
            sql: sql)
    }
}
