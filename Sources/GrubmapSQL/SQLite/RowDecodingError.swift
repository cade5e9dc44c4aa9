/// A row read back from SQLite did not have the column or the type the caller asked for.
public enum RowDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No column has this name; `availableColumns` lists those the row has.
    case columnNotFound(name: String, availableColumns: [String], sql: String)
    /// The index is outside `0..<columnCount`.
    case indexOutOfRange(index: Int, columnCount: Int, sql: String)
    /// The column holds `found`, which does not convert to the `expected` Swift type.
    case typeMismatch(column: String, expected: String, found: DatabaseValue, sql: String)

    /// The statement whose row was read.
    public var sql: String {
        switch self {
        case .columnNotFound(_, _, let sql), .indexOutOfRange(_, _, let sql), .typeMismatch(_, _, _, let sql): sql
        }
    }

    public var description: String {
        switch self {
        case .columnNotFound(let name, let available, let sql):
            "no column \"\(name)\" in the row (columns: \(available.joined(separator: ", "))); SQL: \(sql)"
        case .indexOutOfRange(let index, let count, let sql):
            "column index \(index) is out of range (the row has \(count) columns); SQL: \(sql)"
        case .typeMismatch(let column, let expected, let found, let sql):
            "column \"\(column)\" holds \(found.storageClassName) \(found), which is not a \(expected); SQL: \(sql)"
        }
    }
}
