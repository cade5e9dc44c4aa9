import Dispatch
import Foundation
import Synchronization
import Testing

@testable import GrubmapSQL

/// Many threads' writes made into one statement: the writes queued while one is under way go together, each caller
/// gets its own output, two conflicting writes never share a statement, and a statement's own failure costs only
/// the write that caused it.
@Suite("Writes of many threads in one statement")
struct WriteBatchesTests {
    /// A write: who writes, and the key two writes may not share in one statement.
    struct Write: Sendable, Equatable {
        let writer: Int
        let key: Int
    }

    struct Refused: Error {}
    struct Unreachable: Error {}

    /// Batches whose statements are recorded; a write of a key in `refused` makes its statement fail, with
    /// `Refused` (the statement's own failure) or, when `unreachable`, with `Unreachable`.
    final class Fixture: Sendable {
        /// The writers of every statement run, in the order run.
        final class Statements: Sendable {
            private let list = Mutex<[[Int]]>([])
            func add(_ writers: [Int]) { list.withLock { $0.append(writers) } }
            var all: [[Int]] { list.withLock { $0 } }
        }

        let statements = Statements()
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let batches: WriteBatches<Write, Int>

        init(refused: Set<Int> = [], unreachable: Bool = false, unreachableAlone: Set<Int> = []) {
            let statements = statements
            let holding = holding
            let release = release
            batches = WriteBatches(
                maximumBatch: 4, conflict: { $0.key == $1.key }, isStatementFailure: { $0 is Refused },
                together: { writes in
                    statements.add(writes.map(\.writer))
                    if unreachable { throw Unreachable() }
                    if writes.contains(where: { refused.contains($0.key) }) { throw Refused() }
                    return writes.map { $0.writer * 10 }
                },
                alone: { write in
                    statements.add([write.writer])
                    // The first write holds its statement open until the test has queued the others.
                    if write.writer == 0 {
                        holding.signal()
                        release.wait()
                    }
                    if unreachable && write.writer != 0 || unreachableAlone.contains(write.key) { throw Unreachable() }
                    if refused.contains(write.key) { throw Refused() }
                    return write.writer * 10
                })
        }

        /// Writes `writes` on a thread each while writer 0's statement is under way, waits until all are queued, then
        /// lets it finish. Returns each one's outcome, in order.
        func queuedBehindAStatement(_ writes: [Write]) throws -> [Result<Int, any Error>] {
            let batches = batches
            let outcomes = Mutex<[Int: Result<Int, any Error>]>([:])
            let group = DispatchGroup()
            group.enter()
            Thread {
                _ = try? batches.write(Write(writer: 0, key: 0))
                group.leave()
            }.start()
            holding.wait()
            for (index, write) in writes.enumerated() {
                group.enter()
                Thread {
                    let outcome = Result { try batches.write(write) }
                    outcomes.withLock { $0[index] = outcome }
                    group.leave()
                }.start()
            }
            try waitUntil { batches.queuedCount == writes.count }
            release.signal()
            group.wait()
            return outcomes.withLock { outcomes in writes.indices.map { outcomes[$0]! } }
        }

        /// The writers of each statement after writer 0's, each sorted (threads queue in any order).
        var laterStatements: [[Int]] { statements.all.dropFirst().map { $0.sorted() } }
    }

    @Test func theWritesQueuedMeanwhileGoInOneStatementAndEachCallerGetsItsOwnOutput() throws {
        let fixture = Fixture()
        let writes = (1...4).map { Write(writer: $0, key: $0) }
        let outcomes = try fixture.queuedBehindAStatement(writes)
        #expect(outcomes.map { try? $0.get() } == [10, 20, 30, 40])
        #expect(fixture.laterStatements == [[1, 2, 3, 4]])
    }

    @Test func aStatementTakesAtMostItsMaximumAndNoTwoConflictingWrites() throws {
        let fixture = Fixture()
        // Six writes, two pairs of them on one key: statements of at most four, no key twice in one.
        let writes = [1, 2, 3, 1, 4, 2].enumerated().map { Write(writer: $0.offset + 1, key: $0.element) }
        let outcomes = try fixture.queuedBehindAStatement(writes)
        #expect(outcomes.map { try? $0.get() } == [10, 20, 30, 40, 50, 60])
        let statements = fixture.statements.all.dropFirst()
        #expect(statements.map(\.count).reduce(0, +) == 6)
        #expect(statements.allSatisfy { $0.count <= 4 })
        for statement in statements {
            let keys = statement.map { writer in writes[writer - 1].key }
            #expect(Set(keys).count == keys.count, "\(statement) writes a key twice")
        }
    }

    @Test func aStatementRefusedForOneWriteIsWrittenAgainOneByOneAndOnlyThatWriteFails() throws {
        let fixture = Fixture(refused: [3])
        let writes = (1...4).map { Write(writer: $0, key: $0) }
        let outcomes = try fixture.queuedBehindAStatement(writes)
        #expect(outcomes.map { try? $0.get() } == [10, 20, nil, 40])
        #expect(throws: Refused.self) { try outcomes[2].get() }
        let later = fixture.laterStatements
        #expect(later.first == [1, 2, 3, 4])
        #expect(later.dropFirst().sorted { $0[0] < $1[0] } == [[1], [2], [3], [4]])
    }

    @Test func writingOneByOneStopsOnceTheDatabaseIsOutOfReach() throws {
        // The statement is refused for write 1; written alone, write 2 finds the database gone: the writes after it
        // are not tried, and fail with that.
        let fixture = Fixture(refused: [1], unreachableAlone: [2])
        let writes = (1...4).map { Write(writer: $0, key: $0) }
        let outcomes = try fixture.queuedBehindAStatement(writes)
        let alone = fixture.statements.all.dropFirst(2).map { $0[0] }
        #expect(alone.last == 2)
        for (write, outcome) in zip(writes, outcomes) {
            switch write.writer {
            case _ where !alone.contains(write.writer), 2: #expect(throws: Unreachable.self) { try outcome.get() }
            case 1: #expect(throws: Refused.self) { try outcome.get() }
            default: #expect(try outcome.get() == write.writer * 10)
            }
        }
    }

    @Test func aDatabaseOutOfReachFailsEveryWriteOfTheStatementAtOnce() throws {
        let fixture = Fixture(unreachable: true)
        let writes = (1...3).map { Write(writer: $0, key: $0) }
        let outcomes = try fixture.queuedBehindAStatement(writes)
        for outcome in outcomes {
            #expect(throws: Unreachable.self) { try outcome.get() }
        }
        // Not tried again one by one: that would make the last caller wait out every attempt.
        #expect(fixture.laterStatements == [[1, 2, 3]])
    }

    /// Many threads writing at once: every caller gets its own output, every write is in exactly one statement, and
    /// no statement holds one key twice.
    @Test func manyThreadsWithStatementsInFlightEachGetTheirOwn() throws {
        let written = Fixture.Statements()
        let batches = WriteBatches<Write, Int>(
            maximumBatch: 8, conflict: { $0.key == $1.key }, isStatementFailure: { _ in false },
            together: { writes in
                written.add(writes.map(\.writer))
                #expect(Set(writes.map(\.key)).count == writes.count)
                return writes.map(\.writer)
            },
            alone: { write in
                written.add([write.writer])
                return write.writer
            })
        let failures = Failures()
        onThreads(16) { thread in
            for number in 0..<50 {
                let writer = thread * 100 + number
                // Keys shared between threads, so conflicts happen.
                let answer = try? batches.write(Write(writer: writer, key: (thread + number) % 5))
                if answer != writer { failures.add("writer \(writer) got \(answer.map(String.init) ?? "an error")") }
            }
        }
        #expect(failures.all.isEmpty)
        #expect(written.all.joined().sorted() == (0..<16).flatMap { thread in (0..<50).map { thread * 100 + $0 } })
        #expect(batches.queuedCount == 0)
    }

    @Test func aWriteAloneTakesTheStatementForOne() throws {
        let fixture = Fixture()
        let batches = fixture.batches
        fixture.release.signal()
        #expect(try batches.write(Write(writer: 0, key: 0)) == 0)
        #expect(try batches.write(Write(writer: 5, key: 5)) == 50)
        #expect(fixture.statements.all == [[0], [5]])
    }

    /// Each batches' writer is a thread; a server's stores and the tests make many over a run, so released batches
    /// must not leave their writer behind. The writer holds the statements' closures, and what they hold (a store's
    /// connection pool, whose last close checkpoints SQLite's log) is freed as the batches are released, before the
    /// releasing thread goes on: a command that writes and exits leaves a complete database file.
    @Test func batchesReleasedFreeTheirWriterAtOnce() throws {
        final class Held: Sendable {}
        weak var held: Held?
        do {
            let statementsHold = Held()
            held = statementsHold
            let batches = WriteBatches<Int, Int>(
                maximumBatch: 4, conflict: { _, _ in false }, isStatementFailure: { _ in false },
                together: { writes in
                    _ = statementsHold
                    return writes
                }, alone: { $0 })
            #expect(try batches.write(7) == 7)
        }
        #expect(held == nil)
    }
}
