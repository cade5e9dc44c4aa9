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

    /// Makes a migration; ``Migrator`` checks that versions are positive and unique.
    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// `1 create areas and places`.
    public var description: String { "\(version) \(name)" }
}
