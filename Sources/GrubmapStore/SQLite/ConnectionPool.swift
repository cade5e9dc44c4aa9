import Dispatch
import Synchronization

/// Connections to one SQLite file, shared by many threads: each caller borrows a connection for the length of
/// a closure, and no two callers hold the same one.
///
/// Connections are opened lazily, up to ``maximumConnections``, and kept open for reuse. When all are
/// borrowed, a caller blocks until one is returned; waiters are served in arrival order, each parked on its
/// own semaphore (no polling). Writers are serialised by SQLite itself: ``write(_:)`` begins an `IMMEDIATE`
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

    private let state = Mutex(State())

    private struct State {
        var idle: [Database] = []
        var openCount = 0
        var waiters: [Waiter] = []
    }

    /// A caller parked until a connection is handed to it, or until it may try to open one itself.
    private final class Waiter: Sendable {
        enum Handoff: Sendable {
            case connection(Database)
            case retry
        }

        let semaphore = DispatchSemaphore(value: 0)
        let handoff = Mutex<Handoff?>(nil)

        func wake(_ handoff: Handoff) {
            self.handoff.withLock { $0 = handoff }
            semaphore.signal()
        }
    }

    /// Makes a pool; no connection is opened until one is needed.
    public init(path: String, maximumConnections: Int = 8, busyTimeoutSeconds: Double = 5) {
        precondition(maximumConnections >= 1, "a pool needs at least one connection")
        self.path = path
        self.maximumConnections = maximumConnections
        self.busyTimeoutSeconds = busyTimeoutSeconds
    }

    /// The number of connections open now, borrowed or idle.
    public var openConnectionCount: Int { state.withLock { $0.openCount } }

    /// Lends a connection to `body` and takes it back afterwards, even when `body` throws.
    ///
    /// A transaction `body` left open is rolled back before the connection is reused.
    public func withConnection<T>(_ body: (Database) throws -> T) throws -> T {
        let database = try acquire()
        defer { release(database) }
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

    private enum Next {
        case use(Database)
        case open
        case wait(Waiter)
    }

    private func acquire() throws -> Database {
        while true {
            let next = state.withLock { state -> Next in
                if let database = state.idle.popLast() { return .use(database) }
                if state.openCount < maximumConnections {
                    state.openCount += 1
                    return .open
                }
                let waiter = Waiter()
                state.waiters.append(waiter)
                return .wait(waiter)
            }
            switch next {
            case .use(let database):
                return database
            case .open:
                do {
                    return try Database(path: path, busyTimeoutSeconds: busyTimeoutSeconds)
                } catch {
                    forget()
                    throw error
                }
            case .wait(let waiter):
                waiter.semaphore.wait()
                if case .connection(let database) = waiter.handoff.withLock({ $0 }) { return database }
            // Woken with `.retry`: a slot freed up, so loop and open a connection.
            }
        }
    }

    private func release(_ database: Database) {
        database.rollbackIfNeeded()
        guard !database.isInTransaction else {
            // The connection cannot be trusted any more; drop it and let a waiter open a fresh one.
            forget()
            return
        }
        let waiter = state.withLock { state -> Waiter? in
            if state.waiters.isEmpty {
                state.idle.append(database)
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.wake(.connection(database))
    }

    /// Gives up one connection slot (a failed open or a dropped connection) and wakes the first waiter to use it.
    private func forget() {
        let waiter = state.withLock { state -> Waiter? in
            state.openCount -= 1
            return state.waiters.isEmpty ? nil : state.waiters.removeFirst()
        }
        waiter?.wake(.retry)
    }
}
