import Foundation
import GrubmapSQLTestSupport
import Testing

@testable import GrubmapSQL

@Suite("SQLite statement cache")
struct StatementCacheTests {
    /// Runs `body` with a connection to a new file with a table `t`, and the file's path.
    func withTable(_ columns: String, _ body: (Database, String) throws -> Void) throws {
        try withTemporaryPath { path in
            try Database(path: path).executeScript("CREATE TABLE t (\(columns))")
            try body(try Database(path: path), path)
        }
    }

    @Test func aStatementIsPreparedOncePerConnectionAndText() throws {
        try withTable("a INTEGER") { database, path in
            for value in 1...3 { try database.execute("INSERT INTO t (a) VALUES (\(value))") }
            let insert = try database.cachedStatement("INSERT INTO t (a) VALUES (?)")
            #expect(try database.cachedStatement("INSERT INTO t (a) VALUES (?)") === insert)
            #expect(try database.cachedStatement("SELECT a FROM t") !== insert)
            #expect(try database.fetchAll("SELECT a FROM t ORDER BY a").count == 3)
            // Another connection has statements of its own.
            #expect(try Database(path: path).cachedStatement("INSERT INTO t (a) VALUES (?)") !== insert)
        }
    }

    @Test func aStatementIsResetAndUnboundAfterEachUseAndEachError() throws {
        try withTable("a TEXT PRIMARY KEY") { database, _ in
            try database.execute("INSERT INTO t (a) VALUES (\("secret"))")
            let insert = try database.cachedStatement("INSERT INTO t (a) VALUES (?)")
            #expect(insert.expandedSQL == "INSERT INTO t (a) VALUES (NULL)")
            // Fails while stepping, after binding: the value is not kept.
            #expect(throws: DatabaseError.self) { try database.execute("INSERT INTO t (a) VALUES (\("secret"))") }
            #expect(insert.expandedSQL == "INSERT INTO t (a) VALUES (NULL)")
            // A query stopped after its first row is reset, so it holds no read open: the table can be dropped.
            #expect(try database.fetchOne("SELECT a FROM t WHERE a <> \("x")") != nil)
            #expect(try database.cachedStatement("SELECT a FROM t WHERE a <> ?").expandedSQL?.hasSuffix("NULL") == true)
            try database.execute("DROP TABLE t")
        }
    }

    @Test func aCachedStatementFollowsSchemaChanges() throws {
        try withTable("a INTEGER") { database, path in
            try database.execute("INSERT INTO t (a) VALUES (1)")
            #expect(try database.fetchOne("SELECT * FROM t")?.columnNames == ["a"])
            try Database(path: path).execute("ALTER TABLE t ADD COLUMN b TEXT")
            #expect(try database.fetchOne("SELECT * FROM t")?.columnNames == ["a", "b"])
        }
    }

    @Test func aConnectionWithCachedStatementsClosesWhenReleased() throws {
        try withTemporaryPath { path in
            do {
                let database = try Database(path: path)
                try database.execute("CREATE TABLE t (a INTEGER)")
                try database.execute("INSERT INTO t (a) VALUES (\(1))")
                #expect(FileManager.default.fileExists(atPath: path + "-wal"))
            }
            // The last connection to close checkpoints the WAL into the file and deletes it: the statements the
            // connection kept did not keep it open.
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }
}
