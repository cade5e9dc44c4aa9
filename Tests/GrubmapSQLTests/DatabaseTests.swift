import Foundation
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

@Suite("Connections and transactions")
struct DatabaseTests {
    struct Boom: Error, Equatable {}

    @Test func walForeignKeysSynchronousAndBusyTimeoutAreSet() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path, busyTimeoutSeconds: 2.5)
            #expect(try database.fetchOne("PRAGMA journal_mode")?.value(at: 0, as: String.self) == "wal")
            #expect(try database.fetchOne("PRAGMA foreign_keys")?.value(at: 0, as: Int.self) == 1)
            #expect(try database.fetchOne("PRAGMA synchronous")?.value(at: 0, as: Int.self) == 2)  // FULL
            // The timeout is Grubmap's own busy handler's, which polls every millisecond (so `PRAGMA busy_timeout`,
            // which reports only SQLite's handler, says 0); how long it waits is checked by
            // aWriterWaitsForTheLockUpToItsTimeout.
            #expect(database.busyTimeoutSeconds == 2.5)
        }
    }

    /// A writer finding the lock taken waits for it, trying every millisecond, and gives up with `SQLITE_BUSY` once
    /// its timeout has passed; a lock let go meanwhile is taken at once.
    @Test func aWriterWaitsForTheLockUpToItsTimeout() throws {
        try withTemporaryPath { path in
            let holder = try Database(path: path)
            try holder.execute("CREATE TABLE t (a)")
            let patient = try Database(path: path, busyTimeoutSeconds: 30)
            let impatient = try Database(path: path, busyTimeoutSeconds: 0.2)
            try holder.inTransaction(.immediate) { _ in
                let started = ContinuousClock.now
                let error = #expect(throws: DatabaseError.self) {
                    try impatient.inTransaction(.immediate) { _ in }
                }
                #expect(error?.primaryResultCode == .busy)
                #expect(ContinuousClock.now - started >= .milliseconds(200))
            }
            // The holder lets go after a moment on another thread; the patient writer then gets the lock.
            try holder.execute("BEGIN IMMEDIATE")
            let release = Thread {
                usleep(50_000); try? holder.execute("COMMIT")
            }
            release.start()
            try patient.inTransaction(.immediate) { database in try database.execute("INSERT INTO t VALUES (1)") }
            #expect(try patient.fetchOne("SELECT count(*) FROM t")?.value(at: 0, as: Int.self) == 1)
        }
    }

    @Test func foreignKeysAreEnforced() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE parent (id TEXT PRIMARY KEY)")
            try database.execute(
                "CREATE TABLE child (id TEXT PRIMARY KEY, parent_id TEXT NOT NULL REFERENCES parent (id))")
            let error = #expect(throws: DatabaseError.self) {
                try database.execute("INSERT INTO child VALUES ('c', 'missing')")
            }
            #expect(error?.resultCode == .constraintForeignKey)
        }
    }

    @Test func aTransactionCommits() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (a)")
            let result = try database.inTransaction(.immediate) { database in
                try database.execute("INSERT INTO t VALUES (1)")
                #expect(database.isInTransaction)
                return "done"
            }
            #expect(result == "done")
            #expect(!database.isInTransaction)
            let other = try Database(path: path)
            #expect(try other.fetchOne("SELECT count(*) FROM t")?.value(at: 0, as: Int.self) == 1)
        }
    }

    @Test func aThrowingTransactionRollsBackAndRethrowsTheOriginalError() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (a)")
            #expect(throws: Boom()) {
                try database.inTransaction(.immediate) { database in
                    try database.execute("INSERT INTO t VALUES (1)")
                    throw Boom()
                }
            }
            #expect(!database.isInTransaction)
            #expect(try database.fetchOne("SELECT count(*) FROM t")?.value(at: 0, as: Int.self) == 0)
        }
    }

    @Test func theFirstErrorWinsOverAFailingRollback() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (a)")
            // The body ends the transaction itself, so the rollback that follows has nothing to roll back.
            #expect(throws: Boom()) {
                try database.inTransaction(.deferred) { database in
                    try database.execute("INSERT INTO t VALUES (1)")
                    try database.execute("ROLLBACK")
                    throw Boom()
                }
            }
            #expect(!database.isInTransaction)
        }
    }

    @Test func nestedTransactionsAreRefusedClearly() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (a)")
            let error = #expect(throws: DatabaseError.self) {
                try database.inTransaction(.immediate) { database in
                    try database.execute("INSERT INTO t VALUES (1)")
                    try database.inTransaction(.immediate) { _ in }
                }
            }
            #expect(error?.resultCode == .misuse)
            #expect(error?.message.contains("do not nest") == true)
            #expect(try database.fetchOne("SELECT count(*) FROM t")?.value(at: 0, as: Int.self) == 0)
        }
    }

    @Test func aFailedCommitRollsBackAndThrows() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE parent (id TEXT PRIMARY KEY)")
            try database.execute(
                """
                CREATE TABLE child (id TEXT PRIMARY KEY,
                    parent_id TEXT REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)
                """)
            let error = #expect(throws: DatabaseError.self) {
                try database.inTransaction(.immediate) { database in
                    try database.execute("INSERT INTO child VALUES ('c', 'missing')")
                }
            }
            #expect(error?.resultCode == .constraintForeignKey)
            #expect(error?.sql == "COMMIT TRANSACTION")
            #expect(!database.isInTransaction)
            #expect(try database.fetchOne("SELECT count(*) FROM child")?.value(at: 0, as: Int.self) == 0)
        }
    }
}
