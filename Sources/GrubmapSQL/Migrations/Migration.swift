/// One numbered change to the database schema.
///
/// Versions start at 1 and only grow; a released migration is never edited, only followed by a new one. A
/// migration is a function of the ``SQLDialect``: it writes each table once and asks the dialect only for what the
/// databases spell differently (the type of byte columns, ``SQLDialect/blobType``) or do differently (triggers).
public struct Migration: Hashable, Sendable, CustomStringConvertible {
    /// The version this migration brings the schema to.
    public let version: Int
    /// A short name for people, like `create areas and places`.
    public let name: String
    /// The statements on SQLite and on PostgreSQL, each one or more separated by `;`.
    private let sqlite: String
    private let postgreSQL: String

    /// Makes a migration from the statements it runs on a database of each dialect; ``Migrator`` checks that
    /// versions are positive and unique.
    public init(version: Int, name: String, sql: (SQLDialect) -> String) {
        self.version = version
        self.name = name
        self.sqlite = sql(.sqlite)
        self.postgreSQL = sql(.postgreSQL)
    }

    /// Makes a migration that runs the same statements on both databases.
    public init(version: Int, name: String, sql: String) {
        self.init(version: version, name: name) { _ in sql }
    }

    /// The statements to run on a database of `dialect`.
    func statements(for dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite: sqlite
        case .postgreSQL: postgreSQL
        }
    }

    /// `1 create areas and places`.
    public var description: String { "\(version) \(name)" }
}
