/// What store code needs from one connection, whichever database it is on: ``Database`` (SQLite) and
/// ``PostgresConnection`` both are one.
///
/// Statements are ``SQL`` values, whose bound values each connection writes its own way (`?` or `$1`, `$2`, …);
/// what else differs between the databases is in ``SQLDialect``.
public protocol SQLConnection: AnyObject {
    /// Runs one statement, discarding any rows.
    func execute(_ sql: SQL) throws
    /// Every row of a query.
    func fetchAll(_ sql: SQL) throws -> [Row]
    /// The first row of a query, or `nil` when there is none.
    func fetchOne(_ sql: SQL) throws -> Row?
    /// The rows changed by the last `INSERT`, `UPDATE` or `DELETE` on this connection.
    var changes: Int { get }
    /// Runs `body` in a transaction of the given kind on this connection: committed when it returns, rolled back
    /// when it throws. For work that holds one connection throughout (an import's temporary table); everything
    /// else borrows through ``SQLConnectionPool/read(_:)`` and ``SQLConnectionPool/write(_:)``.
    func inTransaction<T>(_ kind: SQLTransactionKind, _ body: () throws -> T) throws -> T
}

/// What a transaction on a held connection does (``SQLConnection/inTransaction(_:_:)``).
public enum SQLTransactionKind: Sendable {
    /// Reads with one snapshot.
    case read
    /// Writes the database's tables: SQLite takes its one write lock at once (`BEGIN IMMEDIATE`).
    case write
    /// Writes only the connection's own temporary tables: on SQLite it must not take the database's write lock
    /// (`BEGIN DEFERRED`, and temporary tables live in a file of their own), so live writers go on meanwhile.
    case temporary
}

extension SQLConnection {
    /// What a connection says when asked to begin a transaction inside another.
    static var nestedTransactionMessage: String {
        "a transaction is already open on this connection; transactions do not nest"
    }

    /// Runs `body` between `begin` and `commit`; when either `body` or the commit throws, calls `rollback` and
    /// rethrows that first error, never one of the rollback (which the caller's `rollback` ignores). Each
    /// connection's `inTransaction` checks for nesting first and says how it rolls back.
    func transaction<T>(begin: SQL, commit: SQL, rollback: () -> Void, _ body: () throws -> T) throws -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute(commit)
            return result
        } catch {
            rollback()
            throw error
        }
    }
}

extension Database: SQLConnection {
    public func inTransaction<T>(_ kind: SQLTransactionKind, _ body: () throws -> T) throws -> T {
        try inTransaction(kind == .write ? .immediate : .deferred) { _ in try body() }
    }
}

extension PostgresConnection: SQLConnection {
    public func inTransaction<T>(_ kind: SQLTransactionKind, _ body: () throws -> T) throws -> T {
        try inTransaction(kind == .read ? .readOnlySnapshot : .readWrite) { _ in try body() }
    }
}
