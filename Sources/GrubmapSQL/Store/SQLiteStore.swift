import Foundation
import GrubmapCore
import GrubmapStore

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
    /// Told of this store's writes once they commit. Writes by other processes sharing the file are not seen.
    private let liveChanges = LiveChangeWatchers()

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

    /// `mayHaveMissed` is never called: the store tells every write of its own process.
    public func watch(
        _ receive: @escaping @Sendable (Set<LiveChange>) -> Void, mayHaveMissed: @escaping @Sendable () -> Void
    ) -> LiveWatch {
        liveChanges.watch(receive, mayHaveMissed: mayHaveMissed)
    }

    public func didCommit(_ changes: Set<LiveChange>) {
        liveChanges.tell(changes)
    }

    public func commitTogether<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) throws -> T {
        try groupCommit.write(body)
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
