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

extension Database: SQLConnection {}

extension PostgresConnection: SQLConnection {}
