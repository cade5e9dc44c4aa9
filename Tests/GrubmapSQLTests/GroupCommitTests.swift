import Dispatch
import Foundation
import GrubmapSQLTestSupport
import Synchronization
import Testing

@testable import GrubmapSQL

/// Many threads' writes committed together on a real SQLite file: each caller gets its own result, only after the
/// commit that holds its write, and one bad write costs the others nothing.
@Suite("One writer committing many threads' writes together")
struct GroupCommitTests {
    /// A file with `notes` whose `topic` must name a row of `topics` (1 and 2 exist), a pool and its writer.
    struct Fixture {
        let path: String
        let pool: ConnectionPool
        let writer: GroupCommit
        /// The callers of ``queuedBehindAnOpenTransaction(_:)`` who have their answer.
        let answered = Counter()

        init(path: String) throws {
            self.path = path
            let setup = try Database(path: path)
            try setup.executeScript(
                """
                CREATE TABLE topics (id INTEGER PRIMARY KEY);
                INSERT INTO topics (id) VALUES (1), (2);
                CREATE TABLE notes (
                    id INTEGER PRIMARY KEY, writer INTEGER NOT NULL, number INTEGER NOT NULL,
                    topic INTEGER NOT NULL REFERENCES topics (id)
                );
                """)
            pool = ConnectionPool(path: path, maximumConnections: 4, busyTimeoutSeconds: 0.2)
            writer = GroupCommit(pool: pool)
        }

        /// The note written, as its writer and number, read back by the insert.
        static func insert(writer: Int, number: Int, topic: Int = 1) -> @Sendable (Database) throws -> [Int] {
            { database in
                let row = try database.fetchOne(
                    """
                    INSERT INTO notes (writer, number, topic) VALUES (\(writer), \(number), \(topic))
                    RETURNING writer, number
                    """)
                return [try row?.value(named: "writer") ?? -1, try row?.value(named: "number") ?? -1]
            }
        }

        /// The notes committed, as a fresh connection sees them.
        func committedNotes() throws -> Int {
            try Database(path: path).fetchOne("SELECT count(*) AS n FROM notes")?.value(named: "n") ?? -1
        }

        /// Runs `works` on a thread each while a first write holds the transaction open, waits until all of them
        /// are queued, then lets the first write finish: the queued ones are then committed by one transaction.
        /// Returns each one's outcome, in the order of `works`.
        func queuedBehindAnOpenTransaction(_ works: [@Sendable (Database) throws -> [Int]]) throws
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
            try waitUntil { writer.queuedCount == works.count }
            release.signal()
            group.wait()
            return outcomes.withLock { outcomes in works.indices.map { outcomes[$0]! } }
        }
    }

    /// What a command does: write, let go of its store, exit. The last connection's close moves the log into the
    /// database file, which must happen as the writer is released, not later on its thread: the file alone, copied
    /// right then (a backup, a template), holds the write.
    @Test func aWriterReleasedLeavesItsWritesInTheDatabaseFile() throws {
        try withTemporaryPath { path in
            do {
                let fixture = try Fixture(path: path)
                _ = try fixture.writer.write(Fixture.insert(writer: 1, number: 1))
            }
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
            let copy = path + ".copy"
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            let notes = try Database(path: copy).fetchOne("SELECT count(*) AS n FROM notes")?.value(
                named: "n", as: Int64.self)
            #expect(notes == 1)
        }
    }

    @Test func everyThreadsWritesLandAndEachCallerGetsItsOwnResult() throws {
        try withTemporaryPath { path in
            let fixture = try Fixture(path: path)
            let writer = fixture.writer
            let failures = Failures()
            onThreads(16) { thread in
                for number in 0..<40 {
                    do {
                        let answer = try writer.write(Fixture.insert(writer: thread, number: number))
                        if answer != [thread, number] { failures.add("thread \(thread) got \(answer) for \(number)") }
                    } catch {
                        failures.add("\(error)")
                    }
                }
            }
            #expect(failures.all.isEmpty)
            #expect(try fixture.committedNotes() == 16 * 40)
            let distinct = try Database(path: path).fetchOne(
                "SELECT count(*) AS n FROM (SELECT DISTINCT writer, number FROM notes)")
            #expect(try distinct?.value(named: "n", as: Int.self) == 16 * 40)
        }
    }

    @Test func writesQueuedTogetherAreCommittedByOneTransactionAndAnsweredOnlyAfterIt() throws {
        try withTemporaryPath { path in
            let fixture = try Fixture(path: path)
            let seenInside = Mutex<[(answered: Int, committed: Int)]>([])
            let outcomes = try fixture.queuedBehindAnOpenTransaction(
                (0..<6).map { number in
                    { database in
                        let result = try Fixture.insert(writer: 0, number: number)(database)
                        // Inside the shared transaction: no caller has its answer yet, and nothing is committed.
                        let committed = try fixture.committedNotes()
                        seenInside.withLock { $0.append((fixture.answered.value, committed)) }
                        return result
                    }
                })
            #expect(fixture.answered.value == 6)
            #expect(seenInside.withLock { $0.map(\.answered) } == Array(repeating: 0, count: 6))
            #expect(seenInside.withLock { $0.map(\.committed) } == Array(repeating: 0, count: 6))
            #expect(try outcomes.map { try $0.get() } == (0..<6).map { [0, $0] })
            #expect(try fixture.committedNotes() == 6)
        }
    }

    @Test func aFailingWriteFailsAloneAndTheOthersOfItsTransactionLand() throws {
        try withTemporaryPath { path in
            let fixture = try Fixture(path: path)
            let outcomes = try fixture.queuedBehindAnOpenTransaction([
                Fixture.insert(writer: 1, number: 1),
                Fixture.insert(writer: 2, number: 2, topic: 99),  // no such topic: a foreign key failure
                Fixture.insert(writer: 3, number: 3, topic: 2),
            ])
            #expect(try outcomes[0].get() == [1, 1])
            #expect(throws: DatabaseError.self) { try outcomes[1].get() }
            if case .failure(let error as DatabaseError) = outcomes[1] {
                #expect(error.primaryResultCode == .constraint)
            }
            #expect(try outcomes[2].get() == [3, 3])
            #expect(try fixture.committedNotes() == 2)
        }
    }

    /// Another process's writer holding the lock past the busy timeout fails every queued write with
    /// `SQLITE_BUSY` (which the store answers with 503), and stores none of them.
    @Test func aLockHeldPastTheBusyTimeoutFailsTheWritesAndStoresNothing() throws {
        try withTemporaryPath { path in
            let fixture = try Fixture(path: path)
            let importer = try Database(path: path)
            try importer.execute("BEGIN IMMEDIATE")
            let failures = Failures()
            let writer = fixture.writer
            onThreads(4) { thread in
                do {
                    _ = try writer.write(Fixture.insert(writer: thread, number: 0))
                    failures.add("thread \(thread) was answered")
                } catch let error as DatabaseError where error.primaryResultCode == .busy {
                    return  // what a writer behind the lock must get
                } catch {
                    failures.add("\(error)")
                }
            }
            try importer.execute("ROLLBACK")
            #expect(failures.all.isEmpty)
            #expect(try fixture.committedNotes() == 0)
            #expect(try writer.write(Fixture.insert(writer: 9, number: 9)) == [9, 9])
        }
    }
}

/// A count several threads add to.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)

    func add() { count.add(1, ordering: .releasing) }

    var value: Int { count.load(ordering: .acquiring) }
}
