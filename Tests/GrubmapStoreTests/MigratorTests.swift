import Foundation
import GrubmapStore
import Testing

@Suite("Migrations")
struct MigratorTests {
    private func versions(_ database: Database) throws -> [Int] {
        try database.fetchAll("SELECT version FROM grubmap_migrations ORDER BY version").map {
            try $0.value(at: 0, as: Int.self)
        }
    }

    private func tables(_ database: Database) throws -> [String] {
        try database.fetchAll("SELECT name FROM sqlite_master WHERE type IN ('table', 'index') ORDER BY name").map {
            try $0.value(at: 0, as: String.self)
        }
    }

    @Test func schemaMigratesOnceAndIsIdempotent() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            let first = try Schema.migrator.migrate(database, now: now)
            #expect(first.map(\.version) == Schema.migrations.map(\.version))
            let second = try Schema.migrator.migrate(database, now: now.addingTimeInterval(60))
            #expect(second.isEmpty)
            #expect(try versions(database) == Schema.migrations.map(\.version))
            #expect(
                try Set(tables(database)).isSuperset(of: ["areas", "places", "places_area_id", "grubmap_migrations"]))
            let record = try #require(
                try database.fetchOne("SELECT name, applied_at FROM grubmap_migrations WHERE version = 1"))
            #expect(try record.value(named: "name", as: String.self) == "create areas and places")
            #expect(try record.value(named: "applied_at", as: String.self) == "2023-11-14T22:13:20Z")
            #expect(try Schema.migrator.pendingMigrations(database).isEmpty)
        }
    }

    @Test func laterMigrationsApplyOnTopOfEarlierOnes() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            let one = Migration(version: 1, name: "one", sql: "CREATE TABLE a (x TEXT)")
            let two = Migration(
                version: 2, name: "two", sql: "ALTER TABLE a ADD COLUMN y TEXT; CREATE TABLE b (z TEXT)")
            #expect(try Migrator(migrations: [one]).migrate(database) == [one])
            #expect(try Migrator(migrations: [two, one]).migrate(database) == [two])
            #expect(try versions(database) == [1, 2])
        }
    }

    @Test func aFailingMigrationLeavesTheDatabaseAtThePreviousVersion() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            let one = Migration(version: 1, name: "one", sql: "CREATE TABLE a (x TEXT)")
            let broken = Migration(version: 2, name: "broken", sql: "CREATE TABLE b (y TEXT); CREATE TABLE a (x TEXT)")
            let error = #expect(throws: DatabaseError.self) {
                try Migrator(migrations: [one, broken]).migrate(database)
            }
            #expect(error?.message == "table a already exists")
            #expect(try versions(database) == [1])
            #expect(try !tables(database).contains("b"))
        }
    }

    @Test func aNewerDatabaseIsRefusedAndLeftUnchanged() throws {
        try withTemporaryPath { path in
            let newer = try Database(path: path)
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
            #expect(throws: MigrationError.self) { try SQLiteStore(path: path) }
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
}
