import Dispatch
import Foundation
import GrubmapSQLTestSupport
import Synchronization
import Testing

@testable import GrubmapSQL

/// ``GroupCommit`` on PostgreSQL, as ``PostgresStore`` commits check-ins: the writes of many threads land, those
/// queued behind a write in flight are committed by one transaction and answered only after it, and one bad write
/// fails alone. (SQLite's are ``GroupCommitTests``; the kill -9 cycles are `scripts/durability-test`.)
@Suite("PostgreSQL: one writer committing many threads' writes together", TestPostgres.enabled)
struct PostgresGroupCommitTests {
    /// A database with `notes` whose `topic` must name a row of `topics` (1 and 2 exist), a pool and its writer.
    struct Fixture {
        let configuration: PostgresConfiguration
        let pool: PostgresConnectionPool
        let writer: GroupCommit<PostgresConnectionPool>
        /// The callers of ``queuedBehindAWriteInFlight(_:)`` who have their answer.
        let answered = Counter()

        init(configuration: PostgresConfiguration) throws {
            self.configuration = configuration
            pool = PostgresConnectionPool(configuration: configuration)
            try pool.withConnection { connection in
                try connection.executeScript(
                    """
                    CREATE TABLE topics (id INTEGER PRIMARY KEY);
                    INSERT INTO topics (id) VALUES (1), (2);
                    CREATE TABLE notes (
                        id SERIAL PRIMARY KEY, writer INTEGER NOT NULL, number INTEGER NOT NULL,
                        topic INTEGER NOT NULL REFERENCES topics (id)
                    );
                    """)
            }
            writer = GroupCommit(pool: pool, loneWriteInTransaction: false)
        }

        /// The note written, as its writer and number, read back by the insert: one statement, as the store's are.
        static func insert(writer: Int, number: Int, topic: Int = 1) -> @Sendable (PostgresConnection) throws -> [Int] {
            { connection in
                let row = try connection.fetchOne(
                    """
                    INSERT INTO notes (writer, number, topic) VALUES (\(writer), \(number), \(topic))
                    RETURNING writer, number
                    """)
                return [try row?.value(named: "writer") ?? -1, try row?.value(named: "number") ?? -1]
            }
        }

        /// The notes committed, as a connection of its own sees them.
        func committedNotes() throws -> Int {
            try PostgresConnection(configuration: configuration)
                .fetchOne("SELECT count(*) AS n FROM notes")?.value(named: "n") ?? -1
        }

        /// Runs `works` on a thread each while a first write is in flight (held inside its closure), waits until
        /// all of them are queued, then lets the first write finish: the queued ones are then committed by one
        /// transaction. Returns each one's outcome, in the order of `works`.
        func queuedBehindAWriteInFlight(_ works: [@Sendable (PostgresConnection) throws -> [Int]]) throws
            -> [Result<[Int], any Error>]
        {
            let holding = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let writer = writer
            let answered = answered
            let outcomes = Mutex<[Int: Result<[Int], any Error>]>([:])
            let group = DispatchGroup()
            group.enter()
            Thread {
                _ = try? writer.write { _ in
                    holding.signal()
                    release.wait()
                }
                group.leave()
            }.start()
            holding.wait()
            for (index, work) in works.enumerated() {
                group.enter()
                Thread {
                    let outcome = Result { try writer.write(work) }
                    answered.add()
                    outcomes.withLock { $0[index] = outcome }
                    group.leave()
                }.start()
            }
            let deadline = ContinuousClock.now + .seconds(30)
            while writer.queuedCount < works.count && ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.001)  // polls for the condition; the outcome does not depend on time
            }
            try #require(writer.queuedCount == works.count)
            release.signal()
            group.wait()
            return outcomes.withLock { outcomes in works.indices.map { outcomes[$0]! } }
        }
    }

    @Test func concurrentWritesAllLandAndEachCallerGetsItsOwnResult() throws {
        try TestPostgres.withDatabase(maximumConnections: 4) { configuration in
            let fixture = try Fixture(configuration: configuration)
            let writer = fixture.writer
            let failures = Failures()
            onThreads(16) { thread in
                for number in 0..<25 {
                    do {
                        let answer = try writer.write(Fixture.insert(writer: thread, number: number))
                        if answer != [thread, number] { failures.add("thread \(thread) got \(answer) for \(number)") }
                    } catch {
                        failures.add("\(error)")
                    }
                }
            }
            #expect(failures.all.isEmpty)
            #expect(try fixture.committedNotes() == 16 * 25)
            let distinct = try PostgresConnection(configuration: configuration).fetchOne(
                "SELECT count(*) AS n FROM (SELECT DISTINCT writer, number FROM notes) AS d")
            #expect(try distinct?.value(named: "n", as: Int.self) == 16 * 25)
        }
    }

    @Test func writesQueuedTogetherAreCommittedByOneTransactionAndAnsweredOnlyAfterIt() throws {
        try TestPostgres.withDatabase(maximumConnections: 4) { configuration in
            let fixture = try Fixture(configuration: configuration)
            let seenInside = Mutex<[(answered: Int, committed: Int, transaction: Int64)]>([])
            let outcomes = try fixture.queuedBehindAWriteInFlight(
                (0..<6).map { number in
                    { connection in
                        let result = try Fixture.insert(writer: 0, number: number)(connection)
                        // Inside the shared transaction: no caller has its answer yet, and nothing is committed.
                        let committed = try fixture.committedNotes()
                        let transaction =
                            try connection.fetchOne("SELECT txid_current() AS id")?
                            .value(named: "id", as: Int64.self) ?? -1
                        seenInside.withLock { $0.append((fixture.answered.value, committed, transaction)) }
                        return result
                    }
                })
            #expect(fixture.answered.value == 6)
            #expect(seenInside.withLock { $0.map(\.answered) } == Array(repeating: 0, count: 6))
            #expect(seenInside.withLock { $0.map(\.committed) } == Array(repeating: 0, count: 6))
            #expect(seenInside.withLock { Set($0.map(\.transaction)).count } == 1)
            #expect(try outcomes.map { try $0.get() } == (0..<6).map { [0, $0] })
            #expect(try fixture.committedNotes() == 6)
        }
    }

    @Test func aFailingWriteFailsAloneAndTheOthersOfItsTransactionLand() throws {
        try TestPostgres.withDatabase(maximumConnections: 4) { configuration in
            let fixture = try Fixture(configuration: configuration)
            let outcomes = try fixture.queuedBehindAWriteInFlight([
                Fixture.insert(writer: 1, number: 1),
                Fixture.insert(writer: 2, number: 2, topic: 99),  // no such topic: a foreign key failure
                Fixture.insert(writer: 3, number: 3, topic: 2),
            ])
            #expect(try outcomes[0].get() == [1, 1])
            #expect(throws: PostgresError.self) { try outcomes[1].get() }
            if case .failure(let error as PostgresError) = outcomes[1] {
                #expect(error.sqlState == "23503")  // foreign_key_violation
            }
            #expect(try outcomes[2].get() == [3, 3])
            #expect(try fixture.committedNotes() == 2)
            #expect(try fixture.writer.write(Fixture.insert(writer: 9, number: 9)) == [9, 9])
        }
    }
}
