import CSQLite
import Foundation

/// One connection to an SQLite database file, in the spirit of GRDB's `Database`.
///
/// Opening sets up what Grubmap relies on: WAL journal mode (readers do not block the writer), foreign keys
/// enforced, `synchronous=FULL` (every commit is on disk when `COMMIT` returns: one `fsync` of the WAL, which
/// ``GroupCommit`` shares between many check-ins), a busy timeout, and extended result codes. The connection is closed with `sqlite3_close_v2` when the object is released.
///
/// `@unchecked Sendable`: the connection is opened in multi-thread mode (`SQLITE_OPEN_NOMUTEX`), so it must be
/// used by one thread at a time. ``ConnectionPool`` guarantees that by handing each connection to one caller
/// at a time; the type may cross threads between uses, which is all `Sendable` is claimed for.
public final class Database: @unchecked Sendable {
    /// The file's path as given.
    public let path: String
    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
    public let busyTimeoutSeconds: Double
    let handle: OpaquePointer
    /// Statements prepared once and kept, by their SQL text (see ``cachedStatement(_:)``).
    private var statements: [String: Statement] = [:]

    /// Opens the database at `path`, creating the file when missing (its folder must exist).
    ///
    /// - Parameters:
    ///   - path: a file path; `":memory:"` opens a private in-memory database (whose journal mode stays
    ///     `memory`).
    ///   - busyTimeoutSeconds: the busy timeout, at least 0; rounded to milliseconds.
    public init(path: String, busyTimeoutSeconds: Double = 5) throws(DatabaseError) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            // Even a failed open may return a handle (with the message in it), which must be closed.
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "\(message): \(path)")
        }
        self.path = path
        self.busyTimeoutSeconds = max(0, busyTimeoutSeconds)
        self.handle = opened
        // From here on a throw releases the object, and deinit closes the handle.
        sqlite3_extended_result_codes(handle, 1)
        let timeoutMilliseconds = Int((self.busyTimeoutSeconds * 1000).rounded())
        sqlite3_busy_handler(handle, pollingBusyHandler, UnsafeMutableRawPointer(bitPattern: timeoutMilliseconds))
        let mode = try switchToWAL()
        let isMemory = path == ":memory:" || path.isEmpty
        if !isMemory, mode?.lowercased() != "wal" {
            let message = "could not switch to WAL journal mode (got \(mode ?? "nothing")): \(path)"
            throw DatabaseError(resultCode: .error, message: message, sql: "PRAGMA journal_mode=WAL")
        }
        try execute(Self.synchronous)
        try execute("PRAGMA foreign_keys=ON")
        // SQLite has no SHA-256 of its own; migration 7 hashes the stored session tokens with this one.
        sqlite3_create_function_v2(
            handle, "grubmap_sha256_hex", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, sha256HexFunction, nil, nil, nil)
        // An import's fast path fills the R*Tree in this order (see `SQLStore.bulkImport`).
        sqlite3_create_function_v2(
            handle, "grubmap_zorder_cell", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, zOrderCellFunction, nil, nil,
            nil)
        // Nearest first through the places' R*Tree (see `nearestScore`).
        sqlite3_rtree_query_callback(handle, "grubmap_nearest", nearestScore, nil, nil)
    }

    /// `PRAGMA synchronous=FULL`, or `OFF` when the environment variable `GRUBMAP_BENCH_SQLITE_SYNCHRONOUS_OFF` is
    /// `1` at the first open: for benchmarks only (the reference of `scripts/bench-writes`' row H5, the same server
    /// without waiting for the disk). With `OFF` a commit is not on disk when it returns, so a power loss or a crash
    /// of the machine can lose writes already acknowledged; never set it on a server people use.
    static let synchronous: SQL =
        ProcessInfo.processInfo.environment["GRUBMAP_BENCH_SQLITE_SYNCHRONOUS_OFF"] == "1"
        ? "PRAGMA synchronous=OFF" : "PRAGMA synchronous=FULL"

    deinit {
        // Finalized first, so the connection closes now rather than when they go (`sqlite3_close_v2`).
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Puts the file in WAL mode and returns the journal mode it ends up in.
    ///
    /// WAL mode is stored in the file, so a connection to a file already in it changes nothing. The switch itself
    /// needs an exclusive lock and may answer `SQLITE_BUSY` at once, without waiting through the busy handler,
    /// when several processes open a new file together; it is then tried again until the busy timeout runs out.
    private func switchToWAL() throws(DatabaseError) -> String? {
        func journalMode(_ sql: SQL) throws(DatabaseError) -> String? {
            try fetchOne(sql).flatMap { try? $0.value(at: 0, as: String.self) }
        }
        if try journalMode("PRAGMA journal_mode")?.lowercased() == "wal" { return "wal" }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int(busyTimeoutSeconds * 1000)))
        while true {
            do {
                return try journalMode("PRAGMA journal_mode=WAL")
            } catch  where error.primaryResultCode == .busy && clock.now < deadline {
                usleep(10_000)
            }
        }
    }

    // MARK: Statements

    /// Prepares one statement, with `?` for its parameters, for the caller to keep. More than one statement (other
    /// than trailing comments) is refused.
    public func prepare(_ text: String) throws(DatabaseError) -> Statement {
        try Statement(connection: handle, sql: text)
    }

    /// The statement for `text`, prepared on first use (`SQLITE_PREPARE_PERSISTENT`) and kept for the life of the
    /// connection, as GRDB's `cachedStatement` does: parsing and planning a statement costs more than running most
    /// of Grubmap's. The cache has no bound because its keys are SQL text the program wrote (values are bound,
    /// never part of the text), so there are as many as the program has statements.
    func cachedStatement(_ text: String) throws(DatabaseError) -> Statement {
        if let statement = statements[text] { return statement }
        let statement = try Statement(connection: handle, sql: text, persistent: true)
        statements[text] = statement
        return statement
    }

    /// Runs `body` on `sql`'s cached statement with its values bound, and afterwards (also after an error) resets
    /// the statement and unbinds the values, so a failed statement is never left half-run or holding values.
    private func withStatement<T>(_ sql: SQL, _ body: (Statement) throws(DatabaseError) -> T) throws(DatabaseError)
        -> T
    {
        let statement = try cachedStatement(sql.text(for: .sqlite))
        defer { statement.clear() }
        try statement.bind(sql.values)
        return try body(statement)
    }

    /// Runs one statement, discarding any rows.
    public func execute(_ sql: SQL) throws(DatabaseError) {
        try withStatement(sql) { statement throws(DatabaseError) in try statement.execute() }
    }

    /// Runs every statement of a script in order, without values (for migrations).
    ///
    /// A failing statement stops the script and is named in the error; statements already run stay run
    /// unless the caller's transaction rolls them back.
    public func executeScript(_ script: String) throws(DatabaseError) {
        if script.containsNUL {
            throw DatabaseError(resultCode: .misuse, message: "SQL text contains a NUL character", sql: script)
        }
        // Errors are returned from the closure because `withCString` cannot rethrow a typed error.
        let failure: DatabaseError? = script.withCString { base in
            let end = base + script.utf8.count
            var cursor = base
            while cursor < end {
                var prepared: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle, cursor, Int32(end - cursor), &prepared, &tail)
                let consumedEnd = tail.flatMap { $0 > cursor ? $0 : nil } ?? end
                let consumed = UnsafeRawBufferPointer(start: cursor, count: consumedEnd - cursor)
                let text = String(decoding: consumed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                guard code == SQLITE_OK else { return DatabaseError(code: code, on: handle, sql: text) }
                if let prepared {
                    do throws(DatabaseError) {
                        try Statement(handle: prepared, sql: text).execute()
                    } catch {
                        return error
                    }
                }
                guard let tail, tail > cursor else { break }
                cursor = tail
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Every row of a query.
    public func fetchAll(_ sql: SQL) throws(DatabaseError) -> [Row] {
        try withStatement(sql) { statement throws(DatabaseError) in try statement.fetchAll() }
    }

    /// The first row of a query, or `nil` when there is none.
    public func fetchOne(_ sql: SQL) throws(DatabaseError) -> Row? {
        try withStatement(sql) { statement throws(DatabaseError) in try statement.fetchOne() }
    }

    /// The rowid of the last successful `INSERT` on this connection (`sqlite3_last_insert_rowid`).
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The rows changed by the last `INSERT`, `UPDATE` or `DELETE` on this connection (`sqlite3_changes64`).
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    // MARK: Transactions

    /// Whether a transaction is open (the connection is not in autocommit mode).
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// The error thrown is always the first one: `body`'s (or `COMMIT`'s), never a failure of the rollback
    /// that follows it. Some errors (`SQLITE_FULL`, `SQLITE_IOERR`, `SQLITE_BUSY`, `SQLITE_NOMEM`) make SQLite
    /// roll back by itself; the rollback is then skipped. Transactions do not nest: calling this while one is
    /// open throws ``ResultCode/misuse``.
    ///
    /// - Parameter kind: ``TransactionKind/immediate`` for any transaction that writes.
    public func inTransaction<T>(_ kind: TransactionKind = .deferred, _ body: (Database) throws -> T) throws -> T {
        guard !isInTransaction else {
            throw DatabaseError(
                resultCode: .misuse, message: Self.nestedTransactionMessage, sql: kind.begin.description)
        }
        return try transaction(begin: kind.begin, commit: "COMMIT TRANSACTION", rollback: rollbackIfNeeded) {
            try body(self)
        }
    }

    /// Rolls back the open transaction, if any, ignoring a failure (the caller is already reporting one).
    func rollbackIfNeeded() {
        guard isInTransaction else { return }
        sqlite3_exec(handle, "ROLLBACK TRANSACTION", nil, nil, nil)
    }
}

/// `grubmap_sha256_hex(text)`: the lowercase hexadecimal SHA-256 of the text's UTF-8 bytes (``TokenDigest``), or
/// NULL for NULL. A C function pointer, so it captures nothing.
///
/// `sqlite3_value_text` is called before `sqlite3_value_bytes`, as <https://sqlite.org/c3ref/value_blob.html>
/// asks, so the length is that of the UTF-8 text.
private let sha256HexFunction: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void =
    { context, count, values in
        guard count == 1, let value = values?[0], sqlite3_value_type(value) != SQLITE_NULL else {
            sqlite3_result_null(context)
            return
        }
        let text = sqlite3_value_text(value)
        let length = Int(sqlite3_value_bytes(value))
        let bytes = text.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
        sqlite3_result_text(context, TokenDigest.hexDigest(of: bytes), -1, csqlite_transient())
    }

/// `grubmap_zorder_cell(latitude, longitude)`: the point's cell on the Z-order curve an import writes places in
/// (``SQLStore/zOrderCell(latitude:longitude:)``), or NULL when either is NULL.
private let zOrderCellFunction: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void =
    { context, count, values in
        guard count == 2, let latitude = values?[0], let longitude = values?[1],
            sqlite3_value_type(latitude) != SQLITE_NULL, sqlite3_value_type(longitude) != SQLITE_NULL
        else {
            sqlite3_result_null(context)
            return
        }
        let cell = SQLiteStore.zOrderCell(
            latitude: sqlite3_value_double(latitude), longitude: sqlite3_value_double(longitude))
        sqlite3_result_int64(context, cell)
    }

/// How a connection waits for another's lock: it tries again every millisecond until the busy timeout (passed as
/// the context pointer's bits, in milliseconds) has run out. SQLite's own `sqlite3_busy_timeout` backs off to
/// sleeps of 100 ms, so a writer that lets go of the lock for a few milliseconds between the transactions of a long
/// job (an import) would hardly ever be seen free, and a check-in could wait seconds; polling finds the gap.
/// See <https://www.sqlite.org/c3ref/busy_handler.html>: returning 0 gives up with `SQLITE_BUSY`.
private let pollingBusyHandler: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = { context, calls in
    let timeoutMilliseconds = Int(bitPattern: context)
    guard Int(calls) < timeoutMilliseconds else { return 0 }
    usleep(1_000)
    return 1
}
