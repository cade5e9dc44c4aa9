import Foundation
import GrubmapCore
import GrubmapStore

/// The ``Store`` on a PostgreSQL database, for several `grubmap serve` processes behind a load balancer.
///
/// Every store method is ``SQLStore``'s, the same SQL as ``SQLiteStore``; this type only picks the pool and the
/// dialect. Opening runs ``Schema/migrations`` (each in a transaction under an advisory lock, so servers starting
/// together migrate once). Sessions, profiles and check-ins live in the database, so any server can answer any
/// request. When the server goes away, calls fail within the configured timeout with
/// ``DatabaseUnavailableError``, and the pool reconnects by itself once it is back.
public final class PostgresStore: SQLStore {
    /// Where the database is, the timeout and the pool size.
    public let configuration: PostgresConfiguration
    /// The connections the store borrows.
    public let pool: PostgresConnectionPool
    /// PostgreSQL's SQL differences.
    public var dialect: SQLDialect { .postgreSQL }
    public let catalogCache = CatalogCache()
    public let basemapCache = BasemapCache()

    /// The longest a migration's statements may run, whatever the request timeout: creating an index on a big
    /// table takes longer than answering a request should.
    static let migrationTimeoutSeconds: Double = 120

    /// Connects to the database at `configuration.url` and migrates it.
    ///
    /// - Throws: ``DatabaseUnavailableError`` when the server cannot be reached, ``PostgresError`` for a bad URL
    ///   or a failed migration, ``MigrationError/schemaTooNew(databaseVersion:newestKnownVersion:)`` for a
    ///   database from a newer Grubmap.
    public init(configuration: PostgresConfiguration) throws {
        self.configuration = configuration
        pool = PostgresConnectionPool(configuration: configuration)
        try migrate()
    }

    /// Runs pending migrations (the initializer already did) and returns those applied now.
    @discardableResult
    public func migrate() throws -> [Migration] {
        try Self.migrate(configuration: configuration)
    }

    /// Nothing: PostgreSQL servers are to hear of changes from the database itself, whoever wrote them.
    public func didCommit(_ changes: Set<LiveChange>) {}

    public func commitTogether<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> T) throws -> T {
        try pool.withConnection(body)
    }

    /// Connects, migrates and disconnects: `grubmap migrate --database postgres://…`.
    ///
    /// - Returns: the migrations applied now; empty when the schema was up to date.
    @discardableResult
    public static func migrate(configuration: PostgresConfiguration, now: Date = Date()) throws -> [Migration] {
        try DatabaseUnavailableError.translating {
            let connection = try PostgresConnection(configuration: configuration)
            try connection.changeTimeout(seconds: max(configuration.timeoutSeconds, migrationTimeoutSeconds))
            return try Schema.migrator.migrate(connection, now: now)
        }
    }
}
