import Dispatch
import Synchronization

/// One writer for many threads: short writes queued by the server's threads are committed together, many in one
/// `IMMEDIATE` transaction, so a crowd checking in costs one `fsync` per commit rather than one per person.
///
/// There is no thread of its own. A caller finding no commit under way leads: it takes everything queued (its own
/// write among it), runs it in one transaction and commits; meanwhile later callers queue up, and when the commit
/// returns the leader hands the lead to the first of them, whose commit then takes them all. Every caller blocks
/// until the commit holding its write returned (with `synchronous=FULL`, until it is on disk), and only then gets
/// its result: nothing is acknowledged that a crash could still lose.
///
/// One write failing does not fail the others: when a write throws, the transaction is rolled back and each write
/// of it runs again alone, in a transaction of its own, so each caller gets its own outcome (a foreign key that
/// names no row fails only the write that named it). When the transaction cannot begin or commit (another writer
/// held the lock past the busy timeout: `SQLITE_BUSY`), every write of it fails with that error and nothing of it
/// is stored.
///
/// Writes borrow one connection of the pool per commit, so, as with the pool, never call ``write(_:)`` from inside
/// one of its borrowing closures.
public final class GroupCommit: Sendable {
    /// The most writes one transaction takes; the rest wait for the next.
    public static let maximumBatch = 256

    private let pool: ConnectionPool
    private let state = Mutex(State())

    private struct State {
        var queued: [any QueuedWrite] = []
        var isCommitting = false
    }

    /// Makes a writer that borrows its connections from `pool`.
    public init(pool: ConnectionPool) {
        self.pool = pool
    }

    /// The writes queued for the next commit, not yet taken by a leader.
    var queuedCount: Int { state.withLock { $0.queued.count } }

    /// Runs `work` in a transaction shared with the writes of other threads and returns its result once that
    /// transaction is committed. `work` should be a statement or two: every write of the transaction waits for it.
    ///
    /// - Throws: what `work` threw when run alone, or the error that kept the shared transaction from beginning
    ///   or committing.
    public func write<Value: Sendable>(_ work: @escaping @Sendable (Database) throws -> Value) throws -> Value {
        let mine = Ticket(work)
        let leads = state.withLock { state in
            state.queued.append(mine)
            guard !state.isCommitting else { return false }
            state.isCommitting = true
            return true
        }
        if !leads { mine.waitForTurn() }
        if let outcome = mine.outcome { return try outcome.get() }
        // Leading: the queue holds this caller's write (it was queued before the lead came to it).
        let batch = state.withLock { state in
            let batch = Array(state.queued.prefix(Self.maximumBatch))
            state.queued.removeFirst(batch.count)
            return batch
        }
        commit(batch, leader: mine)
        let next = state.withLock { state in
            if state.queued.isEmpty { state.isCommitting = false }
            return state.queued.first
        }
        next?.lead()
        guard let outcome = mine.outcome else { preconditionFailure("a leader's commit settles its own write") }
        return try outcome.get()
    }

    /// Runs `batch` in one transaction and settles each write with its outcome, waking its caller (but the
    /// leader, who is awake).
    private func commit(_ batch: [any QueuedWrite], leader: AnyObject) {
        var outcomes: [ObjectIdentifier: Settled] = [:]
        do {
            try pool.withConnection { database in
                do {
                    try database.inTransaction(.immediate) { database in
                        for write in batch {
                            do {
                                outcomes[ObjectIdentifier(write)] = .ran(try write.run(on: database))
                            } catch {
                                throw WriteFailure(error: error)
                            }
                        }
                    }
                } catch let failure as WriteFailure {
                    guard batch.count > 1 else {
                        outcomes[ObjectIdentifier(batch[0])] = .failed(failure.error)
                        return
                    }
                    for write in batch {
                        outcomes[ObjectIdentifier(write)] = write.runAlone(on: database)
                    }
                }
            }
        } catch {
            for write in batch { outcomes[ObjectIdentifier(write)] = .failed(error) }
        }
        for write in batch {
            write.settle(outcomes[ObjectIdentifier(write)] ?? .failed(GroupCommitLost()), wake: write !== leader)
        }
    }

    /// A queued write's error, told apart from the transaction's own.
    private struct WriteFailure: Error {
        let error: any Error
    }
}

/// What a write waiting in a ``GroupCommit`` came to: ran in the transaction (its result kept for the commit),
/// or settled.
private enum Settled {
    case ran(any Sendable)
    case failed(any Error)
}

/// Thrown to a write that its commit did not settle, which would be a bug of ``GroupCommit``.
struct GroupCommitLost: Error, CustomStringConvertible {
    var description: String { "the group commit lost track of a write" }
}

/// A write in a ``GroupCommit``'s queue, whatever its result's type.
private protocol QueuedWrite: AnyObject, Sendable {
    /// Runs the write in the open transaction and returns its result, to be handed over after the commit.
    func run(on database: Database) throws -> any Sendable
    /// Runs the write in a transaction of its own: its outcome is final.
    func runAlone(on database: Database) -> Settled
    /// Stores the outcome, after the commit, and wakes the caller when asked to.
    func settle(_ outcome: Settled, wake: Bool)
    /// Wakes the caller to lead the next commit.
    func lead()
}

/// One caller's write and the semaphore it waits on.
private final class Ticket<Value: Sendable>: QueuedWrite {
    private let work: @Sendable (Database) throws -> Value
    private let result = Mutex<Result<Value, any Error>?>(nil)
    private let turn = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable (Database) throws -> Value) {
        self.work = work
    }

    /// The write's final outcome, or `nil` while it waits (or leads).
    var outcome: Result<Value, any Error>? { result.withLock { $0 } }

    /// Blocks until the write is settled or the caller is to lead.
    func waitForTurn() { turn.wait() }

    func run(on database: Database) throws -> any Sendable { try work(database) }

    func runAlone(on database: Database) -> Settled {
        do {
            return .ran(try database.inTransaction(.immediate) { database in try work(database) })
        } catch {
            return .failed(error)
        }
    }

    func settle(_ outcome: Settled, wake: Bool) {
        result.withLock { result in
            switch outcome {
            case .ran(let value as Value): result = .success(value)
            case .ran: result = .failure(GroupCommitLost())
            case .failed(let error): result = .failure(error)
            }
        }
        if wake { turn.signal() }
    }

    func lead() { turn.signal() }
}
