import Dispatch
import Synchronization

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
/// - When the first statement on a reused connection fails because the connection was lost (the server had
///   ended that session before the statement reached it), the call is run once more on a fresh connection.
///   Nothing had run yet, so this cannot apply a change twice.
///
/// Borrowing blocks the calling thread: call the pool from ordinary threads, never from inside another
/// borrowing closure.
public final class PostgresConnectionPool: Sendable {
    /// Where connections go, their timeout and how many may be open.
    public let configuration: PostgresConfiguration

    private let state = Mutex(State())

    private struct State {
        var idle: [PostgresConnection] = []
        var openCount = 0
        var waiters: [Waiter] = []
    }

    /// A caller parked until a connection is handed to it, or until it may try to open one itself.
    private final class Waiter: Sendable {
        enum Handoff: Sendable {
            case connection(PostgresConnection)
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
    public init(configuration: PostgresConfiguration) {
        precondition(configuration.maximumConnections >= 1, "a pool needs at least one connection")
        self.configuration = configuration
    }

    /// The number of connections open now, borrowed or idle.
    public var openConnectionCount: Int { state.withLock { $0.openCount } }

    /// Lends a connection to `body` and takes it back afterwards, even when `body` throws.
    ///
    /// A transaction `body` left open is rolled back before the connection is reused.
    /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/timeout`` when no connection comes free in
    ///   time, of kind ``PostgresError/Kind/connection`` when none can be made; or what `body` throws.
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        var retried = false
        while true {
            let (connection, reused) = try acquire()
            let sentBefore = connection.sentCount
            do {
                let result = try body(connection)
                release(connection)
                return result
            } catch let error as PostgresError
                where error.kind == .connection && reused && !retried && connection.sentCount == sentBefore + 1
            {
                release(connection)
                retried = true
            } catch {
                release(connection)
                throw error
            }
        }
    }

    /// Runs `body` in a read-only transaction with one snapshot for all its reads.
    public func read<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { connection in try connection.inTransaction(.readOnlySnapshot, body) }
    }

    /// Runs `body` in a read-write transaction: committed when it returns, rolled back when it throws.
    public func write<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { connection in try connection.inTransaction(.readWrite, body) }
    }

    private enum Next {
        case use(PostgresConnection)
        case open
        case wait(Waiter)
    }

    /// A connection for one caller, and whether it was used before (so may have been cut off since).
    private func acquire() throws(PostgresError) -> (PostgresConnection, reused: Bool) {
        let deadline = DispatchTime.now() + .milliseconds(configuration.timeoutMilliseconds)
        while true {
            let next = state.withLock { state -> Next in
                if let connection = state.idle.popLast() { return .use(connection) }
                if state.openCount < configuration.maximumConnections {
                    state.openCount += 1
                    return .open
                }
                let waiter = Waiter()
                state.waiters.append(waiter)
                return .wait(waiter)
            }
            switch next {
            case .use(let connection):
                if connection.isUsableWhenIdle() { return (connection, true) }
                forget()
            case .open:
                do {
                    return (try PostgresConnection(configuration: configuration), false)
                } catch {
                    forget()
                    throw error
                }
            case .wait(let waiter):
                if waiter.semaphore.wait(timeout: deadline) == .timedOut {
                    let stillWaiting = state.withLock { state in
                        guard let index = state.waiters.firstIndex(where: { $0 === waiter }) else { return false }
                        state.waiters.remove(at: index)
                        return true
                    }
                    if stillWaiting {
                        throw PostgresError(
                            kind: .timeout,
                            message: "all \(configuration.maximumConnections) connections stayed busy for "
                                + "\(configuration.timeoutMilliseconds) ms")
                    }
                    // Woken just as the wait ran out: the signal is on its way.
                    waiter.semaphore.wait()
                }
                if case .connection(let connection) = waiter.handoff.withLock({ $0 }) {
                    if connection.isUsableWhenIdle() { return (connection, true) }
                    forget()
                }
            // Woken with `.retry` (or given a dead connection): loop, and open one.
            }
        }
    }

    private func release(_ connection: PostgresConnection) {
        connection.rollbackIfNeeded()
        guard !connection.isBroken, !connection.isInTransaction else {
            // Cannot be trusted any more; the idle ones most likely went down with it.
            let dropped = state.withLock { state in
                let idle = state.idle
                state.idle.removeAll()
                return idle
            }
            for _ in dropped { forget() }
            forget()
            return
        }
        let waiter = state.withLock { state -> Waiter? in
            if state.waiters.isEmpty {
                state.idle.append(connection)
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.wake(.connection(connection))
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
