/// Connections to one PostgreSQL database, shared by many threads: each caller borrows a connection for the
/// length of a closure, and no two callers hold the same one.
///
/// Like ``ConnectionPool``: connections are opened lazily up to ``PostgresConfiguration/maximumConnections`` and
/// kept for reuse; a caller that finds them all borrowed parks on its own semaphore (no polling) and is served
/// in arrival order, for at most the configured timeout. Unlike SQLite, the server can go away:
///
/// - An idle connection is checked before it is lent (without a round trip, see
///   ``PostgresConnection/isUsableWhenIdle()``); a dead one is dropped and another is used or opened.
/// - A connection returned broken (lost, or abandoned after a timeout) is dropped, and so are the idle ones,
///   which were most likely cut off by the same restart; fresh ones are opened on demand, so the pool recovers
///   by itself once the server is back.
/// - When the first request on a reused connection fails because the connection was lost (the server had
///   ended that session before the request reached it), the call is run once more on a fresh connection, which
///   prepares its statements afresh. Nothing had run yet, so this cannot apply a change twice. (A statement whose
///   preparing succeeded and whose run then lost the connection is two requests, and is not retried.)
///
/// Borrowing blocks the calling thread: call the pool from ordinary threads, never from inside another
/// borrowing closure.
public final class PostgresConnectionPool: Sendable {
    /// Where connections go, their timeout and how many may be open.
    public let configuration: PostgresConfiguration

    private let connections: ResourcePool<PostgresConnection>
    /// Told when a statement run on a lent connection moved the catalog's version, once the connection is back.
    private let catalog: CatalogFreshness?

    /// Makes a pool; no connection is opened until one is needed. `catalog` is told of the catalog changes its
    /// connections make.
    public init(configuration: PostgresConfiguration, catalog: CatalogFreshness? = nil) {
        self.configuration = configuration
        self.catalog = catalog
        connections = ResourcePool(
            maximumCount: configuration.maximumConnections,
            timeout: .milliseconds(configuration.timeoutMilliseconds),
            behaviour: .init(
                make: { try PostgresConnection(configuration: configuration) },
                isUsable: { $0.isUsableWhenIdle() },
                tidy: { connection in
                    connection.rollbackIfNeeded()
                    return !connection.isBroken && !connection.isInTransaction
                },
                dropsIdleWhenOneFails: true,
                timeoutError: {
                    PostgresError(
                        kind: .timeout,
                        message: "all \(configuration.maximumConnections) connections stayed busy for "
                            + "\(configuration.timeoutMilliseconds) ms")
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
    /// A transaction `body` left open is rolled back before the connection is reused. When `body` moved the
    /// catalog's version, the pool's ``CatalogFreshness`` is told as it ends (after the commit), so this process's
    /// next catalog read asks the database.
    /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/timeout`` when no connection comes free in
    ///   time, of kind ``PostgresError/Kind/connection`` when none can be made; or what `body` throws.
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        var retried = false
        while true {
            let (connection, reused) = try connections.acquire()
            let sentBefore = connection.sentCount
            let movesBefore = connection.catalogMoves
            do {
                let result = try body(connection)
                giveBack(connection, movesBefore: movesBefore)
                return result
            } catch let error as PostgresError
                where error.kind == .connection && reused && !retried && connection.sentCount == sentBefore + 1
            {
                giveBack(connection, movesBefore: movesBefore)
                retried = true
            } catch {
                giveBack(connection, movesBefore: movesBefore)
                throw error
            }
        }
    }

    /// Takes a lent connection back, telling ``CatalogFreshness`` first when a statement on it moved the catalog.
    private func giveBack(_ connection: PostgresConnection, movesBefore: Int) {
        if connection.catalogMoves != movesBefore { catalog?.moved() }
        connections.release(connection)
    }

    /// Runs `body` in a read-only transaction with one snapshot for all its reads.
    public func read<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { connection in try connection.inTransaction(.readOnlySnapshot, body) }
    }

    /// Runs `body` in a read-write transaction: committed when it returns, rolled back when it throws.
    public func write<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { connection in try connection.inTransaction(.readWrite, body) }
    }
}
