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

extension Database: SQLConnection {}

extension PostgresConnection: SQLConnection {}
