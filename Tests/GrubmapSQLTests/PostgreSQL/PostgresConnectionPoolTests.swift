import Dispatch
import Foundation
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

@Suite("PostgreSQL connection pool", TestPostgres.enabled)
struct PostgresConnectionPoolTests {
    @Test func concurrentWritersAndReadersLoseNothing() throws {
        try TestPostgres.withDatabase(maximumConnections: 4) { configuration in
            let pool = PostgresConnectionPool(configuration: configuration)
            try pool.write { try $0.execute("CREATE TABLE t (thread INTEGER, n INTEGER)") }
            let failures = Failures()
            onThreads(8) { thread in
                do {
                    for n in 0..<25 {
                        try pool.write { try $0.execute("INSERT INTO t VALUES (\(thread), \(n))") }
                        let count = try pool.read {
                            try $0.fetchOne("SELECT count(*) FROM t WHERE thread = \(thread)")?
                                .value(at: 0, as: Int.self)
                        }
                        if count != n + 1 { failures.add("thread \(thread) read \(count ?? -1) after \(n + 1)") }
                    }
                } catch {
                    failures.add("\(error)")
                }
            }
            #expect(failures.all.isEmpty)
            #expect(try pool.read { try $0.fetchOne("SELECT count(*) FROM t")?.value(at: 0, as: Int.self) } == 200)
            #expect(pool.openConnectionCount <= 4)
        }
    }

    @Test func aConnectionComesBackCleanAfterAnError() throws {
        try TestPostgres.withDatabase(maximumConnections: 1) { configuration in
            let pool = PostgresConnectionPool(configuration: configuration)
            try pool.withConnection { try $0.execute("CREATE TABLE t (n INTEGER)") }
            struct Boom: Error {}
            #expect(throws: Boom.self) {
                try pool.withConnection { connection in
                    try connection.execute("BEGIN")
                    try connection.execute("INSERT INTO t VALUES (1)")
                    throw Boom()
                }
            }
            let (isInTransaction, count) = try pool.withConnection { connection in
                (
                    connection.isInTransaction,
                    try connection.fetchOne("SELECT count(*) FROM t")?.value(at: 0, as: Int.self)
                )
            }
            #expect(!isInTransaction)
            #expect(count == 0)
            #expect(pool.openConnectionCount == 1)
        }
    }

    @Test func aTerminatedConnectionIsReplaced() throws {
        let pool = PostgresConnectionPool(configuration: TestPostgres.configuration(maximumConnections: 2))
        let admin = try PostgresConnection(configuration: TestPostgres.configuration())
        for round in 0..<3 {
            let pid = try pool.withConnection { Int($0.backendProcessID) }
            try admin.execute("SELECT pg_terminate_backend(\(pid)::integer)")
            if round == 1 {
                // Once, wait until the server process is gone, so the pool finds the idle connection dead.
                var gone = false
                for _ in 0..<1000 where !gone {
                    gone =
                        try admin.fetchOne(
                            "SELECT count(*) FROM pg_stat_activity WHERE pid = \(pid)::integer")?
                        .value(at: 0, as: Int.self) == 0
                }
                #expect(gone)
            }
            // Else the pool may lend the connection before it notices: the first statement fails, and is retried.
            let next = try pool.read { try $0.fetchOne("SELECT pg_backend_pid()")?.value(at: 0, as: Int.self) }
            #expect(next != pid)
            #expect(pool.openConnectionCount <= 2)
        }
    }

    @Test func aServerThatIsDownFailsFast() throws {
        // A server that is not there: connection refused at once, no waiting.
        let down = PostgresConnectionPool(
            configuration: PostgresConfiguration(url: "postgresql://postgres@%2Fnonexistent-grubmap/postgres"))
        for _ in 0..<3 {
            let error = #expect(throws: PostgresError.self) { try down.withConnection { _ in } }
            #expect(error?.isConnectionFailure == true)
        }
        #expect(down.openConnectionCount == 0)
    }

    @Test func waitingForABusyPoolIsBoundedByTheTimeout() throws {
        let pool = PostgresConnectionPool(
            configuration: TestPostgres.configuration(timeoutSeconds: 0.3, maximumConnections: 1))
        let borrowed = DispatchSemaphore(value: 0)
        let giveBack = DispatchSemaphore(value: 0)
        let holder = Thread {
            try? pool.withConnection { _ in
                borrowed.signal()
                giveBack.wait()
            }
        }
        holder.start()
        borrowed.wait()
        let started = ContinuousClock.now
        let error = #expect(throws: PostgresError.self) { try pool.withConnection { _ in } }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(error?.kind == .timeout)
        giveBack.signal()
        // The connection is handed on once it is free again.
        #expect(try pool.withConnection { try $0.fetchOne("SELECT 1")?.value(at: 0, as: Int.self) } == 1)
        #expect(pool.openConnectionCount == 1)
    }
}
