import Foundation
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Synchronization
import Testing

@Suite("Connection pool")
struct ConnectionPoolTests {
    @Test func concurrentWritersAndReadersLoseNothing() throws {
        try withTemporaryPath { path in
            let pool = ConnectionPool(path: path, maximumConnections: 4, busyTimeoutSeconds: 10)
            try pool.write { database in try database.execute("CREATE TABLE t (thread INTEGER, n INTEGER)") }
            let threads = 8
            let insertsPerThread = 50
            let failures = Failures()
            onThreads(threads) { thread in
                do {
                    for n in 0..<insertsPerThread {
                        try pool.write { database in
                            try database.execute("INSERT INTO t VALUES (\(thread), \(n))")
                        }
                        let count = try pool.read { database in
                            try database.fetchOne("SELECT count(*) FROM t WHERE thread = \(thread)")?
                                .value(at: 0, as: Int.self)
                        }
                        if count != n + 1 { failures.add("thread \(thread) read \(count ?? -1) after \(n + 1)") }
                    }
                } catch {
                    failures.add("\(error)")
                }
            }
            #expect(failures.all.isEmpty)
            let total = try pool.read { try $0.fetchOne("SELECT count(*) FROM t")?.value(at: 0, as: Int.self) }
            #expect(total == threads * insertsPerThread)
            #expect(pool.openConnectionCount <= 4)
        }
    }

    @Test func aSingleConnectionIsSharedInTurn() throws {
        try withTemporaryPath { path in
            let pool = ConnectionPool(path: path, maximumConnections: 1)
            try pool.write { try $0.execute("CREATE TABLE t (n INTEGER)") }
            let failures = Failures()
            onThreads(6) { n in
                do {
                    try pool.write { try $0.execute("INSERT INTO t VALUES (\(n))") }
                } catch {
                    failures.add("\(error)")
                }
            }
            #expect(failures.all.isEmpty)
            #expect(pool.openConnectionCount == 1)
            #expect(try pool.read { try $0.fetchOne("SELECT count(*) FROM t")?.value(at: 0, as: Int.self) } == 6)
        }
    }

    @Test func aConnectionComesBackCleanAfterAnError() throws {
        try withTemporaryPath { path in
            let pool = ConnectionPool(path: path, maximumConnections: 1)
            try pool.write { try $0.execute("CREATE TABLE t (n INTEGER)") }
            struct Boom: Error {}
            #expect(throws: Boom.self) {
                try pool.withConnection { database in
                    try database.execute("BEGIN IMMEDIATE")
                    try database.execute("INSERT INTO t VALUES (1)")
                    throw Boom()
                }
            }
            let (isInTransaction, count) = try pool.withConnection { database in
                (database.isInTransaction, try database.fetchOne("SELECT count(*) FROM t")?.value(at: 0, as: Int.self))
            }
            #expect(!isInTransaction)
            #expect(count == 0)
        }
    }

    @Test func aFailedOpenFreesItsSlot() {
        let pool = ConnectionPool(path: "/nonexistent-\(UUID().uuidString)/db.sqlite", maximumConnections: 1)
        for _ in 0..<3 {
            #expect(throws: DatabaseError.self) { try pool.withConnection { _ in } }
        }
        #expect(pool.openConnectionCount == 0)
    }
}
