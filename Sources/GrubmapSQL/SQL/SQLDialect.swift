/// What differs between SQLite and PostgreSQL in Grubmap's SQL, all in one place.
///
/// Everything else is written once: positional `?` parameters, `INSERT … ON CONFLICT … DO UPDATE`, `TEXT`,
/// `BIGINT` and `DOUBLE PRECISION` columns. How transactions begin belongs to each ``SQLConnectionPool``, and
/// "rows changed" to each ``SQLConnection``.
public struct SQLDialect: Hashable, Sendable, CustomStringConvertible {
    /// `SQLite` or `PostgreSQL`.
    public let name: String
    /// Added to a `SELECT` in a write transaction to lock the rows it reads until the transaction ends:
    /// nothing on SQLite, whose write transactions (`BEGIN IMMEDIATE`) already exclude every other writer;
    /// ` FOR UPDATE` on PostgreSQL, where concurrent writers would otherwise each read the old row.
    public let lockingClause: String
    /// The type of byte columns in migrations, written `BLOB`: `BLOB` on SQLite, `BYTEA` on PostgreSQL.
    public let blobType: String
    /// A query with one parameter, a table name, that returns a row when the table exists.
    public let tableExistsQuery: String

    /// SQLite.
    public static let sqlite = SQLDialect(
        name: "SQLite", lockingClause: "", blobType: "BLOB",
        tableExistsQuery: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")

    /// PostgreSQL, in the connection's current schema.
    public static let postgreSQL = SQLDialect(
        name: "PostgreSQL", lockingClause: " FOR UPDATE", blobType: "BYTEA",
        tableExistsQuery:
            "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?")

    /// A migration's SQL for this database: each `BLOB` type written as ``blobType``.
    ///
    /// Only the whole word `BLOB` in upper case is replaced, the way migrations write the type; never put the
    /// word in a migration's string literals.
    public func migrationSQL(_ sql: String) -> String {
        guard blobType != "BLOB" else { return sql }
        var result = ""
        var word = ""
        for character in sql {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                continue
            }
            result += word == "BLOB" ? blobType : word
            word = ""
            result.append(character)
        }
        return result + (word == "BLOB" ? blobType : word)
    }

    public var description: String { name }
}
