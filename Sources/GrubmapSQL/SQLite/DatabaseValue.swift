import Foundation

/// One value as SQLite stores it: one of its five storage classes.
///
/// Text keeps every byte, embedded NUL characters included; a blob may be empty, which is not the same as
/// ``null``.
public enum DatabaseValue: Hashable, Sendable {
    /// SQL `NULL`.
    case null
    /// A signed 64-bit integer.
    case integer(Int64)
    /// An IEEE 754 double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes, possibly none.
    case blob([UInt8])

    /// Whether the value is SQL `NULL`.
    public var isNull: Bool { self == .null }

    /// The name of the storage class, for error messages: `NULL`, `INTEGER`, `REAL`, `TEXT` or `BLOB`.
    public var storageClassName: String {
        switch self {
        case .null: "NULL"
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        }
    }
}

extension DatabaseValue: CustomStringConvertible {
    /// The value as a short literal for messages, long text and blobs cut.
    public var description: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value):
            let shown = value.count > 40 ? value.prefix(40) + "…" : Substring(value)
            return "'" + shown.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let bytes): return "BLOB(\(bytes.count) bytes)"
        }
    }
}
