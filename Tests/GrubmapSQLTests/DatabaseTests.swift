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
            #expect(try database.fetchOne("PRAGMA synchronous")?.value(at: 0, as: Int.self) == 1)  // NORMAL
            #expect(try database.fetchOne("PRAGMA busy_timeout")?.value(at: 0, as: Int.self) == 2500)
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
