import Foundation
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// The migrator on every database (see ``StoreKind``): the same numbered migrations, recorded in the same table.
@Suite("Migrations")
struct MigratorTests {
    private func versions(_ database: any MigrationConnection) throws -> [Int] {
        try database.fetchAll("SELECT version FROM grubmap_migrations ORDER BY version").map {
            try $0.value(at: 0, as: Int.self)
        }
    }

    /// Tables and indexes, by name.
    private func tables(_ database: any MigrationConnection) throws -> [String] {
        let sql: SQL =
            switch database.dialect {
            case .sqlite: "SELECT name FROM sqlite_master WHERE type IN ('table', 'index') ORDER BY name"
            default:
                """
                SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()
                UNION SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() ORDER BY name
                """
            }
        return try database.fetchAll(sql).map { try $0.value(at: 0, as: String.self) }
    }

    @Test(arguments: StoreKind.tested)
    func schemaMigratesOnceAndIsIdempotent(kind: StoreKind) throws {
        try kind.withDatabase { test throws in
            let database = try test.connect()
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            let first = try Schema.migrator.migrate(database, now: now)
            #expect(first.map(\.version) == Schema.migrations.map(\.version))
            let second = try Schema.migrator.migrate(database, now: now.addingTimeInterval(60))
            #expect(second.isEmpty)
            #expect(try versions(database) == Schema.migrations.map(\.version))
            #expect(
                try Set(tables(database)).isSuperset(of: ["areas", "places", "places_area_id", "grubmap_migrations"]))
            let record = try #require(
                try database.fetchOne(
                    "SELECT name, applied_at FROM grubmap_migrations WHERE version = 1"))
            #expect(try record.value(named: "name", as: String.self) == "create areas and places")
            #expect(try record.value(named: "applied_at", as: String.self) == "2023-11-14T22:13:20Z")
            #expect(try Schema.migrator.pendingMigrations(database).isEmpty)
        }
    }

    @Test(arguments: StoreKind.tested)
    func laterMigrationsApplyOnTopOfEarlierOnes(kind: StoreKind) throws {
        try kind.withDatabase { test throws in
            let database = try test.connect()
            let one = Migration(version: 1, name: "one", sql: "CREATE TABLE a (x TEXT)")
            let two = Migration(
                version: 2, name: "two", sql: "ALTER TABLE a ADD COLUMN y TEXT; CREATE TABLE b (z TEXT)")
            #expect(try Migrator(migrations: [one]).migrate(database) == [one])
            #expect(try Migrator(migrations: [two, one]).migrate(database) == [two])
            #expect(try versions(database) == [1, 2])
        }
    }

    @Test(arguments: StoreKind.tested)
    func aFailingMigrationLeavesTheDatabaseAtThePreviousVersion(kind: StoreKind) throws {
        try kind.withDatabase { test throws in
            let database = try test.connect()
            let one = Migration(version: 1, name: "one", sql: "CREATE TABLE a (x TEXT)")
            let broken = Migration(version: 2, name: "broken", sql: "CREATE TABLE b (y TEXT); CREATE TABLE a (x TEXT)")
            let error = #expect(throws: (any Error).self) {
                try Migrator(migrations: [one, broken]).migrate(database)
            }
            let expected = kind == .sqlite ? "table a already exists" : "relation \"a\" already exists"
            #expect(test.message(of: error) == expected)
            #expect(try versions(database) == [1])
            #expect(try !tables(database).contains("b"))
        }
    }

    @Test(arguments: StoreKind.tested)
    func aNewerDatabaseIsRefusedAndLeftUnchanged(kind: StoreKind) throws {
        try kind.withDatabase { test throws in
            let newer = try test.connect()
            let future =
                Schema.migrations + [
                    Migration(version: 99, name: "from the future", sql: "CREATE TABLE future (x TEXT)")
                ]
            try Migrator(migrations: future).migrate(newer)
            let before = try newer.fetchAll("SELECT * FROM grubmap_migrations ORDER BY version")
            let tablesBefore = try tables(newer)

            let error = #expect(throws: MigrationError.self) { try Schema.migrator.migrate(newer) }
            #expect(error == .schemaTooNew(databaseVersion: 99, newestKnownVersion: Schema.migrator.newestVersion))
            #expect(
                error?.description
                    == "database schema version 99 is newer than this grubmap (\(Schema.migrator.newestVersion)); "
                    + "upgrade grubmap")
            #expect(try newer.fetchAll("SELECT * FROM grubmap_migrations ORDER BY version") == before)
            #expect(try tables(newer) == tablesBefore)
            #expect(throws: MigrationError.self) { try test.openStore() }
        }
    }

    @Test(arguments: StoreKind.tested)
    func serversMigratingAtOnceApplyEachMigrationOnce(kind: StoreKind) throws {
        try kind.withDatabase { test throws in
            let applied = Failures()
            let failures = Failures()
            onThreads(4) { _ in
                do {
                    for migration in try Schema.migrator.migrate(test.connect()) {
                        applied.add("\(migration.version)")
                    }
                } catch {
                    failures.add("\(error)")
                }
            }
            #expect(failures.all.isEmpty)
            #expect(applied.all.sorted() == Schema.migrations.map { "\($0.version)" }.sorted())
            let recorded = try versions(test.connect())
            #expect(recorded == Schema.migrations.map(\.version))
        }
    }

    @Test func aMigratedFileStoresCoordinatesAsEightByteFloats() throws {
        try withTemporaryPath { path in
            try SQLiteStore.migrate(path: path)
            let database = try Database(path: path)
            let columns = try database.fetchAll("SELECT name, type FROM pragma_table_info('places')")
            let types = try Dictionary(
                uniqueKeysWithValues: columns.map {
                    (try $0.value(named: "name", as: String.self), try $0.value(named: "type", as: String.self))
                })
            #expect(types["latitude"] == "DOUBLE PRECISION")
            #expect(try SQLiteStore.migrate(path: path).isEmpty)
        }
    }

    @Test(TestPostgres.enabled)
    func aMigratedPostgreSQLDatabaseHasEightByteFloatsAndByteColumns() throws {
        try StoreKind.postgreSQL.withDatabase { test throws in
            let configuration = PostgresConfiguration(url: test.location)
            #expect(try PostgresStore.migrate(configuration: configuration).count == Schema.migrations.count)
            let columns = try test.connect().fetchAll(
                """
                SELECT table_name || '.' || column_name AS name, data_type FROM information_schema.columns
                WHERE table_schema = current_schema()
                """)
            let types = try Dictionary(
                uniqueKeysWithValues: columns.map {
                    (try $0.value(named: "name", as: String.self), try $0.value(named: "data_type", as: String.self))
                })
            #expect(types["places.latitude"] == "double precision")
            #expect(types["profiles.avatar"] == "bytea")
            #expect(types["check_ins.expires_at"] == "bigint")
            #expect(try PostgresStore.migrate(configuration: configuration).isEmpty)
        }
    }
}
