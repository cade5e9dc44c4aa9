import CSQLite

/// One prepared SQL statement on a ``Database``: bind values, step through rows, reset, run again.
///
/// A statement belongs to its connection and is used on the same thread, and is finalized (`sqlite3_finalize`)
/// when released. It does not keep its ``Database`` alive, so a connection can keep its own statements
/// (``Database/cachedStatement(_:)``) without a cycle: a connection closed while statements live on (with
/// `sqlite3_close_v2`) stays open inside SQLite until the last of them is finalized. Make one with
/// ``Database/prepare(_:)``.
public final class Statement {
    /// The SQL text, as given.
    public let sql: String
    let handle: OpaquePointer

    /// Wraps a statement already prepared.
    init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    /// Prepares exactly one statement on `connection` (`sqlite3_prepare_v3`); a `persistent` one is meant to be
    /// kept and reused (`SQLITE_PREPARE_PERSISTENT`, see <https://www.sqlite.org/c3ref/c_prepare_normalize.html>).
    ///
    /// Trailing whitespace, `;` and comments are allowed; a second statement is refused with
    /// ``ResultCode/misuse`` rather than silently ignored (SQLite itself would compile only the first one).
    convenience init(connection: OpaquePointer, sql: String, persistent: Bool = false) throws(DatabaseError) {
        if sql.containsNUL {
            throw DatabaseError(resultCode: .misuse, message: "SQL text contains a NUL character", sql: sql)
        }
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let outcome: Result<OpaquePointer, DatabaseError> = sql.withCString { base in
            let end = base + sql.utf8.count
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(connection, base, Int32(end - base), flags, &statement, &tail)
            guard code == SQLITE_OK else { return .failure(DatabaseError(code: code, on: connection, sql: sql)) }
            guard let statement else {
                return .failure(DatabaseError(resultCode: .misuse, message: "no SQL statement to prepare", sql: sql))
            }
            if let tail, Statement.containsStatement(connection: connection, from: tail, to: end) {
                sqlite3_finalize(statement)
                let message = "more than one statement given to prepare; run scripts with executeScript(_:)"
                return .failure(DatabaseError(resultCode: .misuse, message: message, sql: sql))
            }
            return .success(statement)
        }
        self.init(handle: try outcome.get(), sql: sql)
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Whether SQL text between two pointers holds anything but whitespace, `;` and comments.
    private static func containsStatement(
        connection: OpaquePointer, from start: UnsafePointer<CChar>, to end: UnsafePointer<CChar>
    ) -> Bool {
        var cursor = start
        while cursor < end {
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(connection, cursor, Int32(end - cursor), 0, &statement, &tail)
            if let statement {
                sqlite3_finalize(statement)
                return true
            }
            guard code == SQLITE_OK, let tail, tail > cursor else { return code != SQLITE_OK }
            cursor = tail
        }
        return false
    }

    /// The error of a failed call on this statement, with its connection's message.
    private func error(code: Int32) -> DatabaseError {
        DatabaseError(code: code, on: sqlite3_db_handle(handle), sql: sql)
    }

    // MARK: Parameters

    /// The number of parameters (`?`, `?NNN`, `:name`, `@name`, `$name`), the highest index used.
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// Clears earlier bindings, then binds `values` to parameters 1, 2, … in order; there must be exactly one value
    /// per parameter. On error nothing stays bound.
    ///
    /// Text and blobs are copied by SQLite (`SQLITE_TRANSIENT`) with their exact byte length, so embedded NUL
    /// bytes survive; an empty string binds empty text and an empty blob a zero-length blob, never `NULL`.
    /// Integers bind as 64-bit. See <https://www.sqlite.org/c3ref/bind_blob.html>.
    public func bind(_ values: [DatabaseValue]) throws(DatabaseError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard values.count == parameterCount else {
            let message = "\(values.count) values for \(parameterCount) parameters"
            throw DatabaseError(resultCode: .range, message: message, sql: sql)
        }
        for (offset, value) in values.enumerated() {
            let code = bindRaw(value, at: Int32(offset + 1))
            guard code == SQLITE_OK else {
                let error = error(code: code)
                sqlite3_clear_bindings(handle)
                throw error
            }
        }
    }

    private func bindRaw(_ value: DatabaseValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(handle, index)
        case .integer(let integer):
            return sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            return sqlite3_bind_double(handle, index, real)
        case .text(var text):
            return text.withUTF8 { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
                    sqlite3_bind_text64(
                        handle, index, characters, UInt64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let bytes):
            // A NULL pointer would bind NULL, so an empty blob is bound as a zero-length zeroblob.
            guard !bytes.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
            return bytes.withUnsafeBytes { buffer in
                sqlite3_bind_blob64(handle, index, buffer.baseAddress, UInt64(buffer.count), csqlite_transient())
            }
        }
    }

    // MARK: Running

    /// Runs the statement one step: `true` when a row is ready (read it with ``currentRow()``), `false` when
    /// the statement is done. On error the statement is reset.
    public func step() throws(DatabaseError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        default:
            let error = error(code: code)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Rewinds the statement so it can run again; bindings are kept. Never fails: an error of the last step
    /// was already thrown by ``step()``.
    public func reset() {
        sqlite3_reset(handle)
    }

    /// Rewinds the statement and unbinds every value, as a statement kept for reuse is left between uses: no
    /// read left open, no copy of a value (which may be personal data) kept.
    func clear() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// The SQL with the values bound now written in (`sqlite3_expanded_sql`), for tests and debugging; unbound
    /// parameters read `NULL`.
    var expandedSQL: String? {
        guard let text = sqlite3_expanded_sql(handle) else { return nil }
        defer { sqlite3_free(text) }
        return String(cString: text)
    }

    /// Runs the statement to completion with its current bindings and resets it.
    public func execute() throws(DatabaseError) {
        defer { sqlite3_reset(handle) }
        sqlite3_reset(handle)
        while try step() {}
    }

    /// Runs the statement with its current bindings, returns every row and resets it.
    public func fetchAll() throws(DatabaseError) -> [Row] {
        defer { sqlite3_reset(handle) }
        sqlite3_reset(handle)
        var rows: [Row] = []
        // The names are read once the first row is ready: a step may have prepared the statement again after a
        // schema change, with other columns (`SELECT *`).
        var names: [String] = []
        while try step() {
            if rows.isEmpty { names = columnNames }
            rows.append(currentRow(columnNames: names))
        }
        return rows
    }

    /// Runs the statement with its current bindings, returns the first row or `nil`, and resets it.
    public func fetchOne() throws(DatabaseError) -> Row? {
        defer { sqlite3_reset(handle) }
        sqlite3_reset(handle)
        return try step() ? currentRow() : nil
    }

    // MARK: Columns

    /// The number of result columns; 0 for statements that return no rows.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The result column names (`AS` names when given), read from SQLite each time: a statement kept for reuse is
    /// prepared again by SQLite after a schema change, and `SELECT *` may then have other columns.
    public var columnNames: [String] {
        (0..<sqlite3_column_count(handle)).map { index in
            sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
        }
    }

    /// The row the last ``step()`` stopped at, copied out of SQLite.
    public func currentRow() -> Row {
        currentRow(columnNames: columnNames)
    }

    /// The current row, given the statement's column names.
    private func currentRow(columnNames: [String]) -> Row {
        Row(columnNames: columnNames, values: (0..<Int32(columnNames.count)).map(columnValue(at:)), sql: sql)
    }

    /// One column of the current row. Text and blobs are copied with their byte length
    /// (`sqlite3_column_bytes`, called after `sqlite3_column_text`/`_blob` as SQLite's documentation advises).
    private func columnValue(at index: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(handle, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            guard let blob = sqlite3_column_blob(handle, index) else { return .blob([]) }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .blob([UInt8](UnsafeRawBufferPointer(start: blob, count: count)))
        default:
            return .null
        }
    }
}
