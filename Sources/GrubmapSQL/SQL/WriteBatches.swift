import Dispatch
import Synchronization

/// Writes of one kind from many threads, made into one statement. A caller who finds no statement under way leads:
/// it writes its own write and every one queued by then in one statement (one round trip, one transaction, one
/// commit), while writes arriving meanwhile queue and wait; once it is committed, each queued caller gets its outcome
/// and the first still queued leads the next. After a quiet moment a write thus goes alone, at once; under load,
/// many go together. PostgreSQL's check-ins go this way (``PostgresStore``): most of the database's CPU a check-in
/// went to the statement and its commit, not to the row. So does SQLite's ``GroupCommit``, whose "statement" is one
/// transaction of closures and whose database is "out of reach" when its lock or a connection is refused.
///
/// A write alone in its batch takes the statement made for one (``alone``). A batch never holds two writes that
/// ``conflict`` (two check-ins of one session: one statement may not change a row twice); the later waits for the
/// next batch. When the batch's statement fails for a reason of the statement's own (a server error, like a place
/// deleted meanwhile, or the statement's timeout), each write is tried again alone, so only its own failure reaches a
/// caller; when the database cannot be reached, by the batch or by a write tried again alone, every caller still
/// waiting gets that error at once.
final class WriteBatches<Input: Sendable, Output: Sendable>: Sendable {
    /// The most writes one statement takes; the rest wait for the next.
    let maximumBatch: Int
    private let conflict: @Sendable (Input, Input) -> Bool
    private let together: @Sendable ([Input]) throws -> [Output]
    private let alone: @Sendable (Input) throws -> Output
    /// Whether a failure of the batch's statement is its own, so that each write alone may succeed.
    private let isStatementFailure: @Sendable (any Error) -> Bool
    private let state = Mutex(State())

    private struct State {
        var queued: [Ticket] = []
        var isWriting = false
    }

    /// Batches whose statement for many is `together` (its outputs in the order of its inputs), for one `alone`.
    init(
        maximumBatch: Int, conflict: @escaping @Sendable (Input, Input) -> Bool,
        isStatementFailure: @escaping @Sendable (any Error) -> Bool,
        together: @escaping @Sendable ([Input]) throws -> [Output], alone: @escaping @Sendable (Input) throws -> Output
    ) {
        precondition(maximumBatch >= 1)
        self.maximumBatch = maximumBatch
        self.conflict = conflict
        self.isStatementFailure = isStatementFailure
        self.together = together
        self.alone = alone
    }

    /// The writes queued for the next statement, not yet taken by a leader.
    var queuedCount: Int { state.withLock { $0.queued.count } }

    /// Writes `input` in a statement shared with other threads' writes and returns its output once committed.
    func write(_ input: Input) throws -> Output {
        let mine = Ticket(input)
        let leads = state.withLock { state in
            state.queued.append(mine)
            guard !state.isWriting else { return false }
            state.isWriting = true
            return true
        }
        if !leads { mine.waitForTurn() }
        if let outcome = mine.outcome { return try outcome.get() }
        // Leading: this caller's write is first in the queue (it was queued before the lead came to it).
        let batch = state.withLock { takeBatch(from: &$0.queued) }
        let outcomes = run(batch.map(\.input))
        for (ticket, outcome) in zip(batch, outcomes) where ticket !== mine {
            ticket.settle(outcome)
        }
        let next = state.withLock { state in
            if state.queued.isEmpty { state.isWriting = false }
            return state.queued.first
        }
        next?.lead()
        guard let outcome = outcomes.first else { preconditionFailure("a batch holds its leader's write") }
        return try outcome.get()
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

        /// The write's outcome, or `nil` while it waits (or leads).
        var outcome: Result<Output, any Error>? { result.withLock { $0 } }

        /// Blocks until the write is settled or the caller is to lead.
        func waitForTurn() { turn.wait() }

        /// Stores the outcome and wakes the caller.
        func settle(_ outcome: Result<Output, any Error>) {
            result.withLock { $0 = outcome }
            turn.signal()
        }

        /// Wakes the caller to lead the next batch.
        func lead() { turn.signal() }
    }
}
