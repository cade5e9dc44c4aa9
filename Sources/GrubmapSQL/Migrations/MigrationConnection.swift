/// A connection ``Migrator`` can run migrations on: ``Database`` (SQLite) or ``PostgresConnection``.
public protocol MigrationConnection: SQLConnection {
    /// The database's SQL differences (which statements a migration runs, how to ask whether a table exists).
    var dialect: SQLDialect { get }
    /// Runs a script of several statements without values.
    func executeScript(_ script: String) throws
    /// Runs `body` in a transaction that no other migrator can run at the same time, committed when `body` returns
    /// and rolled back when it throws.
    func inMigrationTransaction<T>(_ body: () throws -> T) throws -> T
}

extension Database: MigrationConnection {
    public var dialect: SQLDialect { .sqlite }

    /// An `IMMEDIATE` transaction: it takes SQLite's one write lock at once, which excludes other migrators.
    public func inMigrationTransaction<T>(_ body: () throws -> T) throws -> T {
        try inTransaction(.immediate) { _ in try body() }
    }
}

extension PostgresConnection: MigrationConnection {
    public var dialect: SQLDialect { .postgreSQL }

    /// The key of the advisory lock migrations take: the bytes of `grubmap` as a number. Any session that takes
    /// `pg_advisory_xact_lock` with it waits until the migrating transaction ends.
    public static let migrationLockKey: Int64 = 0x67_7275_626D_6170

    /// A transaction that first takes the migration advisory lock (`pg_advisory_xact_lock`, released when the
    /// transaction ends), so servers starting together migrate one after the other.
    public func inMigrationTransaction<T>(_ body: () throws -> T) throws -> T {
        try inTransaction(.readWrite) { connection in
            try connection.execute("SELECT pg_advisory_xact_lock(\(Self.migrationLockKey))")
            return try body()
        }
    }
}
