import Foundation
import GrubmapCore
import GrubmapStore
import Synchronization

/// The default ``Store``: one SQLite file in WAL mode, shared by the server's threads through a
/// ``ConnectionPool``.
///
/// Every store method is ``SQLStore``'s, the same SQL as ``PostgresStore``; this type only picks the pool and the
/// dialect. Opening creates the file (and its folders) when missing and runs ``Schema/migrations``. Reads of
/// several statements run in a deferred transaction (one snapshot), writes of several in an immediate one.
public final class SQLiteStore: SQLStore, LiveChangeFeed {
    /// The database file.
    public let path: String
    /// The connections the store borrows.
    public let pool: ConnectionPool
    /// SQLite's SQL differences.
    public var dialect: SQLDialect { .sqlite }
    public let catalogCache = CatalogCache()
    public let basemapCache = BasemapCache()
    /// The one writer of check-ins and check-outs, committing those of many threads together.
    let groupCommit: GroupCommit
    public let liveChanges = LiveChangeWatchers()
    /// A connection of its own asking `PRAGMA data_version`, and the value it gave last (``lookForUntoldWrites()``).
    private let dataVersion = Mutex<(database: Database?, last: Int64?)>((nil, nil))

    /// Opens or creates the database at `path`, migrates it and gives stored meals without a dish theirs.
    ///
    /// - Parameters:
    ///   - busyTimeoutSeconds: how long a write waits for another writer before failing with `SQLITE_BUSY`.
    ///   - maximumConnections: the most connections open at once.
    /// - Throws: a file system error when the folder cannot be made, ``DatabaseError``, or
    ///   ``MigrationError/schemaTooNew(databaseVersion:newestKnownVersion:)`` for a database from a newer Grubmap.
    public init(path: String, busyTimeoutSeconds: Double = 5, maximumConnections: Int = 8) throws {
        try Self.createParentFolder(of: path)
        self.path = path
        pool = ConnectionPool(
            path: path, maximumConnections: maximumConnections, busyTimeoutSeconds: busyTimeoutSeconds)
        groupCommit = GroupCommit(pool: pool)
        try migrate()
        try resolveDishesOfStoredMenus()
    }

    /// Runs pending migrations (the initializer already did) and returns those applied now.
    @discardableResult
    public func migrate() throws -> [Migration] {
        try pool.withConnection { database in try Schema.migrator.migrate(database) }
    }

    /// Asks `PRAGMA data_version` on a connection of the store's own (opened at the first call), which SQLite
    /// changes whenever another connection commits to the file, and calls the watchers' `mayHaveMissed` when it
    /// moved since the last call: a check-in, line report or mark written by another process (a second server on the
    /// file) then shows on the live pages at the hub's next tick rather than at its 30-s resync. The store's own pooled
    /// connections count as others too, so while this process writes the watchers read again at each call (a
    /// second at most apart); a quiet file costs one `PRAGMA` a call. A failure (the file busy) is taken as no change;
    /// the next call asks again.
    public func lookForUntoldWrites() {
        let moved = dataVersion.withLock { state -> Bool in
            do {
                let database = try state.database ?? Database(path: path)
                state.database = database
                let version = try database.fetchOne("PRAGMA data_version")?.value(named: "data_version", as: Int64.self)
                defer { state.last = version }
                return state.last != nil && version != state.last
            } catch {
                return false
            }
        }
        if moved { liveChanges.tellMayHaveMissed() }
    }

    public func didCommit(_ changes: Set<LiveChange>) {
        liveChanges.tell(changes)
    }

    /// SQLite's writes count in their own transaction: none leave counts for after it (``PopularCounts``).
    public func didCommit(_ changes: Set<LiveChange>, adding counts: PopularCounts) {
        precondition(counts.isEmpty, "a write on SQLite left popular-times counts for after its commit")
        didCommit(changes)
    }

    public func commitTogether<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) throws -> T {
        try groupCommit.write(body)
    }

    public func commit(_ checkIn: CheckInWrite) throws -> CheckInWritten {
        try groupCommit.write { database in try checkIn.write(on: database) }
    }

    /// Opens or creates the database at `path`, migrates it and closes it: `grubmap migrate`.
    ///
    /// - Returns: the migrations applied now; empty when the schema was up to date.
    @discardableResult
    public static func migrate(path: String, busyTimeoutSeconds: Double = 5) throws -> [Migration] {
        try createParentFolder(of: path)
        let database = try Database(path: path, busyTimeoutSeconds: busyTimeoutSeconds)
        return try Schema.migrator.migrate(database)
    }

    private static func createParentFolder(of path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
}
