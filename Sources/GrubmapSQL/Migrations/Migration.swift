/// One numbered change to the database schema.
///
/// Versions start at 1 and only grow; a released migration is never edited, only followed by a new one.
/// Keep `sql` portable (types `TEXT`, `INTEGER`, `BIGINT`, `DOUBLE PRECISION`; no SQLite-only syntax): PostgreSQL
/// runs the same statements, with each `BLOB` column type spelled `BYTEA` (``SQLDialect/migrationSQL(_:)``).
public struct Migration: Hashable, Sendable, CustomStringConvertible {
    /// The version this migration brings the schema to.
    public let version: Int
    /// A short name for people, like `create areas and places`.
    public let name: String
    /// One or more statements separated by `;`.
    public let sql: String
    /// The statements for PostgreSQL where they cannot be the same (triggers); `nil` runs ``sql`` there too.
    public let postgreSQL: String?

    /// Makes a migration; ``Migrator`` checks that versions are positive and unique.
    public init(version: Int, name: String, sql: String, postgreSQL: String? = nil) {
        self.version = version
        self.name = name
        self.sql = sql
        self.postgreSQL = postgreSQL
    }

    /// The statements to run on a database of `dialect`.
    func statements(for dialect: SQLDialect) -> String {
        dialect == .postgreSQL ? postgreSQL ?? dialect.migrationSQL(sql) : dialect.migrationSQL(sql)
    }

    /// `1 create areas and places`.
    public var description: String { "\(version) \(name)" }
}
