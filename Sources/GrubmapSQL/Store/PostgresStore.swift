import Foundation
import GrubmapCore
import GrubmapStore
import Synchronization

/// The ``Store`` on a PostgreSQL database, for several `grubmap serve` processes behind a load balancer.
///
/// Every store method is ``SQLStore``'s, the same SQL as ``SQLiteStore``; this type only picks the pool and the
/// dialect. Opening runs ``Schema/migrations`` (each in a transaction under an advisory lock, so servers starting
/// together migrate once). Sessions, profiles and check-ins live in the database, so any server can answer any
/// request. When the server goes away, calls fail within the configured timeout with
/// ``DatabaseUnavailableError``, and the pool reconnects by itself once it is back.
///
/// Live changes cross servers through the database: each write's changes go to this store's own watchers and, as a
/// `NOTIFY grubmap_events` (``didCommit(_:)``), to the other servers, whose ``PostgresListener``
/// (``makeListener(log:)``) hands them to their watchers.
public final class PostgresStore: SQLStore, LiveChangeFeed {
    /// Where the database is, the timeout and the pool size.
    public let configuration: PostgresConfiguration
    /// The connections the store borrows.
    public let pool: PostgresConnectionPool
    /// PostgreSQL's SQL differences.
    public var dialect: SQLDialect { .postgreSQL }
    public let catalogCache: CatalogCache
    public let basemapCache = BasemapCache()
    /// This store's id in the notifications it sends, random per process, so its listener skips its own.
    public let server: String
    public let liveChanges = LiveChangeWatchers()
    /// Sends this store's changes to the other servers.
    private let notifier: PostgresNotifier
    /// The check-ins being written, many in one statement.
    private let checkIns: WriteBatches<CheckInWrite, CheckInWritten>

    /// The longest a migration's statements may run, whatever the request timeout: creating an index on a big
    /// table takes longer than answering a request should.
    static let migrationTimeoutSeconds: Double = 120

    /// Connects to the database at `configuration.url`, migrates it and gives stored meals without a dish theirs.
    ///
    /// - Throws: ``DatabaseUnavailableError`` when the server cannot be reached, ``PostgresError`` for a bad URL
    ///   or a failed migration, ``MigrationError/schemaTooNew(databaseVersion:newestKnownVersion:)`` for a
    ///   database from a newer Grubmap.
    public init(configuration: PostgresConfiguration) throws {
        self.configuration = configuration
        let freshness = CatalogFreshness()
        pool = PostgresConnectionPool(configuration: configuration, catalog: freshness)
        catalogCache = CatalogCache(freshness: freshness)
        server = (0..<8).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max)) }.joined()
        notifier = PostgresNotifier(pool: pool, server: server)
        checkIns = CheckInWrite.postgresBatches(pool: pool)
        try migrate()
        try resolveDishesOfStoredMenus()
    }

    /// Runs pending migrations (the initializer already did) and returns those applied now.
    @discardableResult
    public func migrate() throws -> [Migration] {
        try Self.migrate(configuration: configuration)
    }

    /// Tells this store's watchers, then the other servers (``PostgresNotifier``: `pg_notify('grubmap_events', …)`
    /// right after the commit; in a server, from a thread of its own, the changes of writes committed meanwhile
    /// together).
    ///
    /// Not inside the write's transaction, though that would tie the notification to the commit: a transaction that
    /// sent `NOTIFY` holds a lock every such commit of the database takes (so that notifications queue in commit
    /// order) until its commit is on disk, so concurrent check-ins could no longer share one WAL flush. Measured
    /// with pgbench, 8 clients, fsync and synchronous_commit on, the check-in's `INSERT … ON CONFLICT` alone made
    /// 711 to 1,246 commits a second, with `pg_notify` in the same statement 188 to 250, followed by `pg_notify` in
    /// a transaction of its own 857 to 1,139 (3 interleaved rounds). What that costs: a notification lost when this
    /// process or the database dies or goes away between the commit and it. The other servers' hubs read every
    /// watched area again every 30 s, and after any outage of their listener, so a lost notification delays an
    /// update; it loses nothing.
    public func didCommit(_ changes: Set<LiveChange>) {
        didCommit(changes, adding: PopularCounts())
    }

    /// The counts are added by the notifier too: in the background, those of every write committed meanwhile in one
    /// statement (``PopularCounts/postgresAddition(notifying:)``). What that costs: the counts of the writes of the last
    /// milliseconds when this process dies between their commit and the addition (a stop adds them first,
    /// ``finishSending()``), and of the last fraction of a second when the database crashes (the addition does not
    /// wait for its flush); and an addition whose answer was lost after it committed is added again. Popular times are
    /// statistics of weeks; the check-ins and reports themselves are durable.
    public func didCommit(_ changes: Set<LiveChange>, adding counts: PopularCounts) {
        liveChanges.tell(changes)
        notifier.tell(changes, adding: counts)
    }

    /// Adds the counts and sends the notifications still pending, before the server stops.
    public func finishSending() {
        notifier.flush()
    }

    /// A listener that hands the changes other servers commit to this store's watchers; start it with
    /// ``PostgresListener/start()`` and stop it at shutdown. It logs its reconnections to `log`, and so does the
    /// store when a notification cannot be sent. A store with a listener is a server's: from now on it sends its
    /// notifications from a thread of its own (``PostgresNotifier``).
    public func makeListener(log: @escaping @Sendable (String) -> Void) -> PostgresListener {
        notifier.logFailures(to: log)
        notifier.sendInBackground()
        return PostgresListener(
            configuration: configuration, server: server, deliver: { [liveChanges] in liveChanges.tell($0) },
            mayHaveMissed: { [liveChanges] in liveChanges.tellMayHaveMissed() },
            catalog: catalogCache.freshness, log: log)
    }

    public func commitTogether<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> T) throws -> T {
        try pool.withConnection(body)
    }

    public func commit(_ checkIn: CheckInWrite) throws -> CheckInWritten {
        pool.requireNoneBorrowedHere()
        return try checkIns.write(checkIn)
    }

    /// The check-ins waiting for the statement under way to finish.
    var queuedCheckIns: Int { checkIns.queuedCount }

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
