import Foundation
import GrubmapSQL
import GrubmapStore
import Testing

/// A database the store contract tests run on. Every test about the ``Store`` takes one as its argument
/// (`@Test(arguments: StoreKind.tested)`), so the same test body runs on SQLite and on PostgreSQL.
public enum StoreKind: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case sqlite = "SQLite"
    case postgreSQL = "PostgreSQL"

    /// `SQLite` or `PostgreSQL`, as test cases are named.
    public var testDescription: String { rawValue }

    /// SQLite always; PostgreSQL when `GRUBMAP_TEST_POSTGRES_URL` names a server (when it does not,
    /// ``StoreContractCoverage`` reports the PostgreSQL cases as skipped).
    public static let tested: [StoreKind] = TestPostgres.isAvailable ? [.sqlite, .postgreSQL] : [.sqlite]

    /// Runs `body` with a fresh, empty database of this kind: a new file in a temporary folder, or a new
    /// PostgreSQL database; both are removed afterwards.
    public func withDatabase<T>(_ body: (TestDatabase) throws -> T) throws -> T {
        switch self {
        case .sqlite:
            try withTemporaryPath { path in try body(TestDatabase(kind: self, location: path)) }
        case .postgreSQL:
            try TestPostgres.withDatabase(maximumConnections: 8) { configuration in
                try body(TestDatabase(kind: self, location: configuration.url))
            }
        }
    }

    /// Runs `body` with a store on a fresh database.
    public func withStore<T>(_ body: (any Store) throws -> T) throws -> T {
        try withDatabase { database throws in try body(try database.openStore()) }
    }

    /// Whether `error` is the database refusing a write that breaks a unique, primary or foreign key constraint.
    public func isConstraintViolation(_ error: (any Error)?) -> Bool {
        switch error {
        case let error as DatabaseError: error.primaryResultCode == .constraint
        case let error as PostgresError: error.sqlState?.hasPrefix("23") == true
        default: false
        }
    }
}

/// One fresh database of a test, to open stores on (each is another pool, as another server would have) and to
/// change behind the stores' backs.
public struct TestDatabase: Sendable {
    /// Which database it is.
    public let kind: StoreKind
    /// The file path or the PostgreSQL URL.
    public let location: String

    /// Opens a store on the database, migrating it as the store's initializer does.
    public func openStore(maximumConnections: Int = 8) throws -> any Store {
        switch kind {
        case .sqlite:
            try SQLiteStore(path: location, maximumConnections: maximumConnections)
        case .postgreSQL:
            try PostgresStore(
                configuration: PostgresConfiguration(
                    url: location, timeoutSeconds: 10, maximumConnections: maximumConnections))
        }
    }

    /// A connection of its own to the database, outside any store.
    public func connect() throws -> any MigrationConnection {
        switch kind {
        case .sqlite: try Database(path: location)
        case .postgreSQL: try PostgresConnection(configuration: PostgresConfiguration(url: location))
        }
    }

    /// Runs SQL (one statement, or several without arguments) on a connection of its own.
    public func execute(_ sql: String) throws {
        try connect().executeScript(sql)
    }

    /// Makes inserting a place with id `boom` fail inside the database with `message`, after the statements before
    /// it in the same transaction ran.
    public func refusePlace(id: String, message: String) throws {
        switch kind {
        case .sqlite:
            try execute(
                """
                CREATE TRIGGER refuse_\(id) BEFORE INSERT ON places WHEN NEW.id = '\(id)'
                BEGIN SELECT RAISE(ABORT, '\(message)'); END
                """)
        case .postgreSQL:
            try execute(
                """
                CREATE FUNCTION refuse_\(id)() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF NEW.id = '\(id)' THEN RAISE EXCEPTION '\(message)'; END IF;
                    RETURN NEW;
                END $$;
                CREATE TRIGGER refuse_\(id) BEFORE INSERT ON places FOR EACH ROW EXECUTE FUNCTION refuse_\(id)();
                """)
        }
    }

    /// Makes inserting a basemap feature whose source id is `sourceID` fail inside the database with `message`, after
    /// the statements before it in the same transaction ran.
    public func refuseBasemapFeature(sourceID: String, message: String) throws {
        switch kind {
        case .sqlite:
            try execute(
                """
                CREATE TRIGGER refuse_feature BEFORE INSERT ON basemap_features WHEN NEW.source_id = '\(sourceID)'
                BEGIN SELECT RAISE(ABORT, '\(message)'); END
                """)
        case .postgreSQL:
            try execute(
                """
                CREATE FUNCTION refuse_feature() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF NEW.source_id = '\(sourceID)' THEN RAISE EXCEPTION '\(message)'; END IF;
                    RETURN NEW;
                END $$;
                CREATE TRIGGER refuse_feature BEFORE INSERT ON basemap_features FOR EACH ROW
                    EXECUTE FUNCTION refuse_feature();
                """)
        }
    }

    /// The message of an error the database raised (a trigger's, a constraint's).
    public func message(of error: (any Error)?) -> String? {
        switch error {
        case let error as DatabaseError: error.message
        case let error as PostgresError: error.message
        default: nil
        }
    }
}
