/// Connections to one SQLite file, shared by many threads: each caller borrows a connection for the length of
/// a closure, and no two callers hold the same one.
///
/// Connections are opened lazily, up to ``maximumConnections``, and kept open for reuse (a ``ResourcePool``):
/// when all are borrowed, a caller blocks until one is returned, in arrival order, without polling. Writers are serialised by SQLite itself: ``write(_:)`` begins an `IMMEDIATE`
/// transaction, which waits for the write lock up to the busy timeout. In WAL mode readers never wait for the
/// writer.
///
/// Borrowing blocks the calling thread, so call the pool from ordinary threads (the HTTP server's), never from
/// Swift concurrency's cooperative pool, and never from inside another borrowing closure (with every
/// connection borrowed, that would wait forever).
public final class ConnectionPool: Sendable {
    /// The database file.
    public let path: String
    /// The most connections open at once; at least 1.
    public let maximumConnections: Int
    /// The busy timeout of each connection.
    public let busyTimeoutSeconds: Double

    private let connections: ResourcePool<Database>

    /// Makes a pool; no connection is opened until one is needed. A caller finding every connection borrowed
    /// waits up to 30 seconds, then gets ``ResourcePoolTimeout`` rather than hanging.
    public init(path: String, maximumConnections: Int = 8, busyTimeoutSeconds: Double = 5) {
        self.path = path
        self.maximumConnections = maximumConnections
        self.busyTimeoutSeconds = busyTimeoutSeconds
        connections = ResourcePool(
            maximumCount: maximumConnections, timeout: .seconds(30),
            behaviour: .init(
                make: { try Database(path: path, busyTimeoutSeconds: busyTimeoutSeconds) },
                tidy: { database in
                    // A connection still in a transaction after a rollback cannot be trusted: it is dropped.
                    database.rollbackIfNeeded()
                    return !database.isInTransaction
                }))
    }

    /// The number of connections open now, borrowed or idle.
    public var openConnectionCount: Int { connections.count }

    /// Connections lent, idle, and borrowers waiting for one.
    public var usage: (lent: Int, idle: Int, waiting: Int) { connections.usage }

    /// Counts a statement that failed in the database, for ``queryErrors``.
    public func recordQueryError() { connections.recordFailure() }

    /// Statements that failed in the database so far, as the store counted them.
    public var queryErrors: Int { connections.failureCount }

    /// In debug builds, traps when the calling thread holds one of this pool's connections (see
    /// ``ResourcePool/requireNoneHeldByThisThread()``).
    func requireNoneBorrowedHere() {
        connections.requireNoneHeldByThisThread()
    }

    /// Lends a connection to `body` and takes it back afterwards, even when `body` throws.
    ///
    /// A transaction `body` left open is rolled back before the connection is reused.
    public func withConnection<T>(_ body: (Database) throws -> T) throws -> T {
        let database = try connections.acquire().resource
        defer { connections.release(database) }
        return try body(database)
    }

    /// Runs `body` in a `DEFERRED` transaction, so its reads see one consistent snapshot.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try withConnection { database in try database.inTransaction(.deferred, body) }
    }

    /// Runs `body` in an `IMMEDIATE` transaction: committed when it returns, rolled back when it throws.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try withConnection { database in try database.inTransaction(.immediate, body) }
    }
}
