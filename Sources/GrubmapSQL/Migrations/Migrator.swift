import Foundation

/// Brings a database's schema up to date by running the migrations it has not recorded yet.
///
/// The same migrations run on SQLite and PostgreSQL, each giving the statements for the database's dialect.
/// Applied migrations are recorded in `grubmap_migrations(version, name, applied_at)`. Each pending migration
/// runs in its own transaction together with its record, so a failure leaves the database at the previous
/// version; the transaction excludes other migrators (``MigrationConnection/inMigrationTransaction(_:)``: an
/// `IMMEDIATE` transaction on SQLite, an advisory lock on PostgreSQL), so two servers migrating at once cannot both
/// apply the same one. A database whose highest recorded version is above ``newestVersion`` is refused before
/// anything is changed.
public struct Migrator: Sendable {
    /// The name of the table recording applied migrations.
    public static let tableName = "grubmap_migrations"
    /// The table's name in SQL.
    private static let table = SQL.identifier(tableName)

    /// The migrations this binary knows, in version order.
    public let migrations: [Migration]

    /// Makes a migrator; versions must be positive and unique (they are sorted here).
    public init(migrations: [Migration]) {
        let sorted = migrations.sorted { $0.version < $1.version }
        precondition(sorted.first.map { $0.version >= 1 } ?? true, "migration versions start at 1")
        precondition(Set(sorted.map(\.version)).count == sorted.count, "migration versions must be unique")
        self.migrations = sorted
    }

    /// The highest version this binary knows; 0 when it knows none.
    public var newestVersion: Int { migrations.last?.version ?? 0 }

    /// Runs the pending migrations and returns those applied now (empty when the schema was up to date).
    ///
    /// - Parameter now: the time recorded as `applied_at` (ISO 8601, UTC).
    /// - Throws: ``MigrationError/schemaTooNew(databaseVersion:newestKnownVersion:)`` for a database from a
    ///   newer Grubmap, or the ``DatabaseError`` of a failed migration (that migration and later ones are not
    ///   applied; earlier ones stay).
    @discardableResult
    public func migrate(_ database: some MigrationConnection, now: Date = Date()) throws -> [Migration] {
        let applied = try database.inMigrationTransaction {
            try createTableIfNeeded(database)
            let versions = try appliedVersions(database)
            try refuseNewer(versions)
            return Set(versions)
        }
        var done: [Migration] = []
        for migration in migrations where !applied.contains(migration.version) {
            let ran = try database.inMigrationTransaction {
                // Another process may have applied it since the check above.
                let versions = try appliedVersions(database)
                try refuseNewer(versions)
                guard !versions.contains(migration.version) else { return false }
                try database.executeScript(migration.statements(for: database.dialect))
                try database.execute(
                    """
                    INSERT INTO \(sql: Self.table) (version, name, applied_at)
                    VALUES (\(migration.version), \(migration.name), \(now.formatted(.iso8601)))
                    """)
                return true
            }
            if ran { done.append(migration) }
        }
        return done
    }

    /// The versions recorded as applied, ascending; empty when the table does not exist.
    public func appliedVersions(_ database: some MigrationConnection) throws -> [Int] {
        let exists = try database.fetchOne(database.dialect.tableExists(Self.tableName))
        guard exists != nil else { return [] }
        return try database.fetchAll("SELECT version FROM \(sql: Self.table) ORDER BY version")
            .map { row in try row.value(at: 0, as: Int.self) }
    }

    /// The versions known to this binary that the database has not recorded.
    public func pendingMigrations(_ database: some MigrationConnection) throws -> [Migration] {
        let applied = Set(try appliedVersions(database))
        return migrations.filter { !applied.contains($0.version) }
    }

    private func createTableIfNeeded(_ database: some MigrationConnection) throws {
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS \(sql: Self.table) (
                version INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                applied_at TEXT NOT NULL
            )
            """)
    }

    private func refuseNewer(_ versions: [Int]) throws {
        if let highest = versions.last, highest > newestVersion {
            throw MigrationError.schemaTooNew(databaseVersion: highest, newestKnownVersion: newestVersion)
        }
    }
}
