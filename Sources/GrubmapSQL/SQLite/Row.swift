/// One row of a query result, copied out of SQLite so it outlives the statement.
///
/// Read typed values by column name or by 0-based index; both throw ``RowDecodingError`` on a missing column
/// or a value of the wrong type, and `NULL` only reads as an `Optional`:
///
///     let name: String = try row.value(named: "name")
///     let phone: String? = try row.value(named: "phone")
public struct Row: Hashable, Sendable {
    /// The column names, in select order.
    public let columnNames: [String]
    /// The values, in the same order as ``columnNames``.
    public let values: [DatabaseValue]
    /// The statement that produced the row, for error messages.
    public let sql: String

    /// Makes a row; `columnNames` and `values` must have the same count.
    public init(columnNames: [String], values: [DatabaseValue], sql: String = "") {
        precondition(columnNames.count == values.count, "a row needs one value per column")
        self.columnNames = columnNames
        self.values = values
        self.sql = sql
    }

    /// The number of columns.
    public var count: Int { values.count }

    /// The index of a column: an exact match first, then one that differs only in case, as SQL names do; `nil` when
    /// there is none.
    public func index(ofColumn name: String) -> Int? {
        columnNames.firstIndex(of: name)
            ?? columnNames.firstIndex { $0.lowercased() == name.lowercased() }
    }

    /// The index of a column, looking at `position` first: a row of a known `SELECT` finds each column at once,
    /// where a search by name compares it with every column before.
    public func index(ofColumn name: String, expectedAt position: Int) -> Int? {
        columnNames.indices.contains(position) && columnNames[position] == name ? position : index(ofColumn: name)
    }

    /// Whether the row has a column of this name.
    public func hasColumn(_ name: String) -> Bool { index(ofColumn: name) != nil }

    /// The raw value of a column, throwing ``RowDecodingError/columnNotFound(name:availableColumns:sql:)``; looked
    /// for at `position` first when given (``index(ofColumn:expectedAt:)``).
    public func databaseValue(named name: String, expectedAt position: Int? = nil) throws(RowDecodingError)
        -> DatabaseValue
    {
        guard let index = position.map({ index(ofColumn: name, expectedAt: $0) }) ?? index(ofColumn: name) else {
            throw .columnNotFound(name: name, availableColumns: columnNames, sql: sql)
        }
        return values[index]
    }

    /// The raw value at a 0-based index, throwing ``RowDecodingError/indexOutOfRange(index:columnCount:sql:)``.
    public func databaseValue(at index: Int) throws(RowDecodingError) -> DatabaseValue {
        guard values.indices.contains(index) else {
            throw .indexOutOfRange(index: index, columnCount: values.count, sql: sql)
        }
        return values[index]
    }

    /// The value of a column as `T`; throws when the column is missing or holds another type
    /// (`NULL` read as a non-optional type included).
    public func value<T: DatabaseValueConvertible>(
        named name: String, expectedAt position: Int? = nil, as type: T.Type = T.self
    ) throws(RowDecodingError) -> T {
        try convert(databaseValue(named: name, expectedAt: position), column: name)
    }

    /// The value at a 0-based index as `T`; throws when the index is out of range or the value has another type.
    public func value<T: DatabaseValueConvertible>(at index: Int, as type: T.Type = T.self)
        throws(RowDecodingError) -> T
    {
        let value = try databaseValue(at: index)
        return try convert(value, column: columnNames[index])
    }

    private func convert<T: DatabaseValueConvertible>(_ value: DatabaseValue, column: String)
        throws(RowDecodingError) -> T
    {
        guard let converted = T.fromDatabaseValue(value) else {
            throw .typeMismatch(column: column, expected: String(describing: T.self), found: value, sql: sql)
        }
        return converted
    }
}
