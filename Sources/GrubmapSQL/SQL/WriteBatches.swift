import Dispatch
import Foundation
import Synchronization

/// Writes of one kind from many threads, made into one statement. One thread of its own, the writer, writes them:
/// it takes every write queued, writes them in one statement (one round trip, one transaction, one commit), gives
/// each caller its outcome once committed, and takes what queued meanwhile, without waiting; with nothing queued it
/// sleeps until a write comes. After a quiet moment a write thus goes alone, at once; under load, many go together.
/// PostgreSQL's check-ins go this way (``PostgresStore``): most of the database's CPU a check-in went to the
/// statement and its commit, not to the row. So does SQLite's ``GroupCommit``, whose "statement" is one transaction
/// of closures and whose database is "out of reach" when its lock or a connection is refused.
///
/// The writer is a thread of its own rather than one of the callers leading in turn, because under load the next
/// commit then begins as the last one returns: a caller handed the lead had first to be woken and given a core
/// while the others woke to their answers, and the disk waited for it (8 writers over HTTP on two cores, durable
/// SQLite: 5,900-6,200 check-ins a second, the flushes 350 µs apart on average; with the writer, 7,000-7,600 and
/// 200 µs). Under load a write costs the same wake-ups either way (its caller sleeps until it is settled); a write
/// coming while nothing else is written now costs two switches of thread more (the writer woken, then its caller).
///
/// A write alone in its batch takes the statement made for one (``alone``). A batch never holds two writes that
/// ``conflict`` (two check-ins of one session: one statement may not change a row twice); the later waits for the
/// next batch. When the batch's statement fails for a reason of the statement's own (a server error, like a place
/// deleted meanwhile, or the statement's timeout), each write is tried again alone, so only its own failure reaches a
/// caller; when the database cannot be reached, by the batch or by a write tried again alone, every caller still
/// waiting gets that error at once. The writer runs the statements' closures, so one of them calling ``write(_:)``
/// would wait for itself (it traps instead); the writer ends once the batches are released and their queue is empty.
final class WriteBatches<Input: Sendable, Output: Sendable>: Sendable {
    private let writer: Writer
    /// Signalled by the writer's thread as it ends, having let go of ``writer``.
    private let finished = DispatchSemaphore(value: 0)

    /// Batches whose statement for many is `together` (its outputs in the order of its inputs), for one `alone`.
    init(
        maximumBatch: Int, conflict: @escaping @Sendable (Input, Input) -> Bool,
        isStatementFailure: @escaping @Sendable (any Error) -> Bool,
        together: @escaping @Sendable ([Input]) throws -> [Output], alone: @escaping @Sendable (Input) throws -> Output
    ) {
        precondition(maximumBatch >= 1)
        writer = Writer(
            maximumBatch: maximumBatch, conflict: conflict, isStatementFailure: isStatementFailure, together: together,
            alone: alone)
        // The thread's reference is let go of before it says it finished, so the batches' release frees the writer,
        // its statements and what they hold (the connection pool, whose last close checkpoints SQLite's log) on the
        // releasing thread, before it goes on: a command that writes and exits leaves a complete database file.
        let handedOver = Unmanaged.passRetained(writer)
        let finished = finished
        Thread {
            Thread.current.name = "grubmap-writes"
            var running: Writer? = handedOver.takeRetainedValue()
            running?.runUntilClosed()
            running = nil
            finished.signal()
        }.start()
    }

    deinit {
        writer.close()
        // Released on the writer's own thread (by a statement's closure holding the last reference), it cannot wait
        // for itself; the writer is then freed as that thread ends.
        if !writer.runsOnThisThread { finished.wait() }
    }

    /// The writes queued for the next statement, not yet taken by the writer.
    var queuedCount: Int { writer.queuedCount }

    /// Writes `input` in a statement shared with other threads' writes and returns its output once committed.
    func write(_ input: Input) throws -> Output {
        try writer.write(input)
    }

    /// The queue and the writer's loop: all the writer's thread holds, so the batches can be released.
    private final class Writer: Sendable {
        private let maximumBatch: Int
        private let conflict: @Sendable (Input, Input) -> Bool
        private let together: @Sendable ([Input]) throws -> [Output]
        private let alone: @Sendable (Input) throws -> Output
        /// Whether a failure of the batch's statement is its own, so that each write alone may succeed.
        private let isStatementFailure: @Sendable (any Error) -> Bool
        private let state = Mutex(State())
        /// The writer's thread (`pthread_self`), once it runs.
        private let writerThread = Atomic<Int>(0)
        /// Signalled when a write is queued while the writer sleeps, or when the batches are released.
        private let wake = DispatchSemaphore(value: 0)

        private struct State {
            var queued: [Ticket] = []
            /// The writer found the queue empty and sleeps (or is about to) until woken.
            var sleeping = false
            var closed = false
        }

        init(
            maximumBatch: Int, conflict: @escaping @Sendable (Input, Input) -> Bool,
            isStatementFailure: @escaping @Sendable (any Error) -> Bool,
            together: @escaping @Sendable ([Input]) throws -> [Output],
            alone: @escaping @Sendable (Input) throws -> Output
        ) {
            self.maximumBatch = maximumBatch
            self.conflict = conflict
            self.isStatementFailure = isStatementFailure
            self.together = together
            self.alone = alone
        }

        var queuedCount: Int { state.withLock { $0.queued.count } }

        /// Whether the caller is the writer's thread.
        var runsOnThisThread: Bool { writerThread.load(ordering: .relaxed) == Int(bitPattern: pthread_self()) }

        func write(_ input: Input) throws -> Output {
            precondition(!runsOnThisThread, "a write from inside a batch's statement would wait for itself")
            let mine = Ticket(input)
            changeWakingTheWriter { state in
                precondition(!state.closed, "a write after the batches were released would never be written")
                state.queued.append(mine)
            }
            return try mine.outcome().get()
        }

        /// Ends the writer once the queue is empty.
        func close() {
            changeWakingTheWriter { $0.closed = true }
        }

        /// Makes `change` to the state and wakes the writer if it sleeps, to look at it.
        private func changeWakingTheWriter(_ change: (inout State) -> Void) {
            let wakes = state.withLock { state in
                change(&state)
                guard state.sleeping else { return false }
                state.sleeping = false
                return true
            }
            if wakes { wake.signal() }
        }

        /// What the writer does next.
        private enum Step {
            case write([Ticket])
            case sleep
            case stop
        }

        /// The writer's loop: a batch at a time while writes are queued, asleep while none are, until closed.
        func runUntilClosed() {
            writerThread.store(Int(bitPattern: pthread_self()), ordering: .relaxed)
            while true {
                let step = state.withLock { state -> Step in
                    if !state.queued.isEmpty { return .write(takeBatch(from: &state.queued)) }
                    if state.closed { return .stop }
                    state.sleeping = true
                    return .sleep
                }
                switch step {
                case .write(let batch):
                    for (ticket, outcome) in zip(batch, run(batch.map(\.input))) {
                        ticket.settle(outcome)
                    }
                case .sleep:
                    wake.wait()
                case .stop:
                    return
                }
            }
        }

        /// The queued writes the next statement takes, in the order queued, leaving conflicting ones for the one after.
        private func takeBatch(from queue: inout [Ticket]) -> [Ticket] {
            var batch: [Ticket] = []
            var left: [Ticket] = []
            for ticket in queue {
                if batch.count < maximumBatch, !batch.contains(where: { conflict($0.input, ticket.input) }) {
                    batch.append(ticket)
                } else {
                    left.append(ticket)
                }
            }
            queue = left
            return batch
        }

        /// The outcome of each input: from one statement for all, or each alone.
        private func run(_ inputs: [Input]) -> [Result<Output, any Error>] {
            guard inputs.count > 1 else { return inputs.map { input in Result { try alone(input) } } }
            do {
                let outputs = try together(inputs)
                precondition(outputs.count == inputs.count, "a batch's statement answers each of its writes")
                return outputs.map { .success($0) }
            } catch let error where isStatementFailure(error) {
                var outcomes: [Result<Output, any Error>] = []
                for input in inputs {
                    // Once the database is out of reach, the writes left are not tried: each would wait out its timeout.
                    if case .failure(let failure) = outcomes.last, !isStatementFailure(failure) {
                        outcomes.append(.failure(failure))
                    } else {
                        outcomes.append(Result { try alone(input) })
                    }
                }
                return outcomes
            } catch {
                return inputs.map { _ in .failure(error) }
            }
        }

        /// One caller's write and the semaphore it waits on.
        private final class Ticket: Sendable {
            let input: Input
            private let result = Mutex<Result<Output, any Error>?>(nil)
            private let turn = DispatchSemaphore(value: 0)

            init(_ input: Input) {
                self.input = input
            }

            /// Blocks until the writer settled the write, and returns its outcome.
            func outcome() -> Result<Output, any Error> {
                turn.wait()
                guard let outcome = result.withLock({ $0 }) else { preconditionFailure("woken before settled") }
                return outcome
            }

            /// Stores the outcome and wakes the caller.
            func settle(_ outcome: Result<Output, any Error>) {
                result.withLock { $0 = outcome }
                turn.signal()
            }
        }
    }
}
