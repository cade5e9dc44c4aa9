import CSQLite

/// An SQLite result code, primary (`SQLITE_CONSTRAINT`) or extended (`SQLITE_CONSTRAINT_UNIQUE`).
///
/// Connections are opened with extended result codes on, so errors carry the extended code; compare its
/// ``primary`` code to match a whole family. See <https://www.sqlite.org/rescode.html>.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code as SQLite returns it.
    public let rawValue: Int32

    /// Wraps a code returned by SQLite.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code: the extended code's low 8 bits.
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// SQLite's English explanation of the code, from `sqlite3_errstr`.
    public var description: String { String(cString: sqlite3_errstr(rawValue)) }

    /// `SQLITE_OK`.
    public static let ok = ResultCode(rawValue: SQLITE_OK)
    /// `SQLITE_ERROR`: generic error, including SQL syntax errors.
    public static let error = ResultCode(rawValue: SQLITE_ERROR)
    /// `SQLITE_BUSY`: the busy timeout ran out while another connection held a lock.
    public static let busy = ResultCode(rawValue: SQLITE_BUSY)
    /// `SQLITE_CONSTRAINT`: a constraint failed.
    public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    /// `SQLITE_CONSTRAINT_UNIQUE`.
    public static let constraintUnique = ResultCode(rawValue: SQLITE_CONSTRAINT | (8 << 8))
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`.
    public static let constraintPrimaryKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (6 << 8))
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`.
    public static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (3 << 8))
    /// `SQLITE_CONSTRAINT_NOTNULL`.
    public static let constraintNotNull = ResultCode(rawValue: SQLITE_CONSTRAINT | (5 << 8))
    /// `SQLITE_CONSTRAINT_TRIGGER`: a trigger called `RAISE(ABORT, …)`.
    public static let constraintTrigger = ResultCode(rawValue: SQLITE_CONSTRAINT | (7 << 8))
    /// `SQLITE_MISUSE`: the API was used wrongly; also used by this module for refused calls.
    public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    /// `SQLITE_RANGE`: a parameter index or name that the statement does not have.
    public static let range = ResultCode(rawValue: SQLITE_RANGE)
    /// `SQLITE_CANTOPEN`: the database file could not be opened.
    public static let cantOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
}
