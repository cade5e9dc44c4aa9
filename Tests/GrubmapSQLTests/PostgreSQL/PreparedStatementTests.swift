import Foundation
import GrubmapSQL
import GrubmapSQLTestSupport
import Testing

@Suite("PostgreSQL prepared statements", TestPostgres.enabled)
struct PreparedStatementTests {
    /// How many statements this connection's server session has prepared with this text.
    func prepared(_ text: String, on connection: PostgresConnection) throws -> Int {
        try connection.fetchOne("SELECT count(*) FROM pg_prepared_statements WHERE statement = \(text)")?
            .value(at: 0, as: Int.self) ?? -1
    }

    @Test func aStatementIsPreparedOncePerConnectionTextAndTypes() throws {
        let connection = try PostgresConnection(configuration: TestPostgres.configuration())
        for value in 1...3 {
            #expect(try connection.fetchOne("SELECT \(value) + \(1) AS n")?.value(at: 0, as: Int.self) == value + 1)
        }
        #expect(try prepared("SELECT $1 + $2 AS n", on: connection) == 1)
        // The server fixes parameter types when it prepares, so other types are another statement.
        #expect(try connection.fetchOne("SELECT \("a") AS v")?.value(at: 0, as: String.self) == "a")
        #expect(try connection.fetchOne("SELECT \(7) AS v")?.value(at: 0, as: Int.self) == 7)
        #expect(try prepared("SELECT $1 AS v", on: connection) == 2)
        // Another connection prepares its own.
        let other = try PostgresConnection(configuration: TestPostgres.configuration())
        #expect(try prepared("SELECT $1 + $2 AS n", on: other) == 0)
    }

    @Test func aRefusedStatementIsNotRemembered() throws {
        try TestPostgres.withDatabase { configuration in
            let connection = try PostgresConnection(configuration: configuration)
            let error = #expect(throws: PostgresError.self) { try connection.fetchAll("SELECT n FROM t") }
            #expect(error?.sqlState == "42P01")
            try connection.execute("CREATE TABLE t (n INTEGER)")
            try connection.execute("INSERT INTO t VALUES (\(5))")
            #expect(try connection.fetchAll("SELECT n FROM t").count == 1)
            #expect(try prepared("SELECT n FROM t", on: connection) == 1)
        }
    }

    @Test func aReplacedConnectionPreparesAfresh() throws {
        let pool = PostgresConnectionPool(configuration: TestPostgres.configuration(maximumConnections: 1))
        let admin = try PostgresConnection(configuration: TestPostgres.configuration())
        let query: SQL = "SELECT pg_backend_pid() + \(0) AS pid"
        let pid = try pool.withConnection { try $0.fetchOne(query)?.value(at: 0, as: Int.self) }
        try admin.execute("SELECT pg_terminate_backend(\(pid ?? 0)::integer)")
        // The statement was prepared on the ended session; the retry prepares it on the new one.
        let next = try pool.withConnection { try $0.fetchOne(query)?.value(at: 0, as: Int.self) }
        #expect(next != pid)
        #expect(try pool.withConnection { try prepared("SELECT pg_backend_pid() + $1 AS pid", on: $0) } == 1)
    }
}
