/// What store code needs from one connection, whichever database it is on: ``Database`` (SQLite) and
/// ``PostgresConnection`` both are one.
///
/// SQL written for it uses positional `?` parameters (PostgreSQL's side rewrites them as `$1`, `$2`, …), portable
/// types and syntax; what differs between the databases is in ``SQLDialect``.
public protocol SQLConnection: AnyObject {
    /// Runs one statement with arguments, discarding any rows.
    func execute(_ sql: String, arguments: StatementArguments) throws
    /// Every row of a query.
    func fetchAll(_ sql: String, arguments: StatementArguments) throws -> [Row]
    /// The first row of a query, or `nil` when there is none.
    func fetchOne(_ sql: String, arguments: StatementArguments) throws -> Row?
    /// The rows changed by the last `INSERT`, `UPDATE` or `DELETE` on this connection.
    var changes: Int { get }
}

extension Database: SQLConnection {}

extension PostgresConnection: SQLConnection {}
