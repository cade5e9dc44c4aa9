import Foundation
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

@Suite("PostgreSQL connection", TestPostgres.enabled)
struct PostgresConnectionTests {
    func connect(_ configuration: PostgresConfiguration = TestPostgres.configuration()) throws -> PostgresConnection {
        try PostgresConnection(configuration: configuration)
    }

    @Test func connectsByEveryFormOfURL() throws {
        let url = try #require(TestPostgres.url)
        // make test's URL has the socket folder percent-encoded as the host; the same folder as ?host= works too,
        // and the query passes any parameter through to libpq.
        let socketFolder = try #require(
            URLComponents(string: url.replacingOccurrences(of: "postgresql://postgres@", with: "postgresql://x@"))?
                .percentEncodedHost?.removingPercentEncoding)
        let forms = [
            url,
            url.replacingOccurrences(of: "postgresql://", with: "postgres://"),
            "postgresql://postgres@/postgres?host=\(socketFolder)&port=5432&application_name=grubmap-test",
            "postgres:///postgres?host=\(socketFolder)&port=5432&user=postgres&sslmode=disable",
        ]
        for form in forms {
            let connection = try connect(PostgresConfiguration(url: form))
            let row = try #require(try connection.fetchOne("SELECT current_database() AS name, current_user AS who"))
            #expect(try row.value(named: "name", as: String.self) == "postgres", "\(form)")
            #expect(try row.value(named: "who", as: String.self) == "postgres", "\(form)")
        }
        let named = try connect(PostgresConfiguration(url: forms[2]))
        #expect(
            try named.fetchOne("SELECT current_setting('application_name')")?.value(at: 0, as: String.self)
                == "grubmap-test")
        #expect(
            try connect().fetchOne("SELECT current_setting('application_name')")?.value(at: 0, as: String.self)
                == "grubmap")
    }

    @Test func aBadURLOrAMissingServerIsAClearError() throws {
        let bad = #expect(throws: PostgresError.self) {
            try PostgresConnection(configuration: PostgresConfiguration(url: "postgresql://host/db?nonsense=1"))
        }
        #expect(bad?.kind == .misuse)
        let missing = #expect(throws: PostgresError.self) {
            try PostgresConnection(
                configuration: PostgresConfiguration(url: "postgresql://u:secret@%2Fnonexistent-grubmap%2Fsock/db"))
        }
        #expect(missing?.kind == .connection)
        #expect(missing?.isConnectionFailure == true)
        #expect(missing?.description.contains("/nonexistent-grubmap/sock") == true)
        #expect(missing?.description.contains("secret") == false)
        #expect(
            PostgresConfiguration(url: "postgres://ann:secret@db:5432/g?password=x&sslmode=require").redactedURL
                == "postgres://ann:***@db:5432/g?password=***&sslmode=require")
    }

    @Test func valuesRoundTripThroughParameters() throws {
        let connection = try connect()
        let values: [DatabaseValue] = [
            .null, .integer(0), .integer(Int64.min), .integer(Int64.max), .integer(-1),
            .real(0.1), .real(-1e300), .real(.leastNonzeroMagnitude), .real(.pi), .real(.infinity), .real(-.infinity),
            .real(-0.0),
            .text(""), .text("금정회관 학생식당 🍚👩🏽‍🍳"), .text("it's \"quoted\" \\ and ? and $1"),
            .blob([]), .blob([0, 0, 1, 0, 255, 0]), .blob(Array(0...255)),
        ]
        for value in values {
            let row = try #require(try connection.fetchOne("SELECT \(value) AS v"))
            #expect(row.values == [value], "\(value)")
        }
        let nan = try connection.fetchOne("SELECT \(Double.nan) AS v")?.value(at: 0, as: Double.self)
        #expect(nan?.isNaN == true)
        // Several values in one statement; a `?` or `$1` in a literal, a dollar-quoted string or a comment is text.
        let row = try #require(
            try connection.fetchOne("SELECT \(1) AS a, \("x") AS b, '?' AS c, $$?$$ AS d, '$1' AS e -- ? $2\n"))
        #expect(row.values == [.integer(1), .text("x"), .text("?"), .text("?"), .text("$1")])
        let cast = try connection.fetchOne("SELECT \("a")::text || \("b")::text AS v")
        #expect(try cast?.value(at: 0, as: String.self) == "ab")
    }

    @Test func columnsAreReadByTheirType() throws {
        try TestPostgres.withDatabase { configuration in
            let connection = try connect(configuration)
            try connection.execute(
                """
                CREATE TABLE t (i2 SMALLINT, i4 INTEGER, i8 BIGINT, f4 REAL, f8 DOUBLE PRECISION, n NUMERIC,
                    big NUMERIC, frac NUMERIC, b BOOLEAN, t TEXT, v VARCHAR(10), bytes BYTEA, j JSONB, d DATE)
                """)
            try connection.execute(
                """
                INSERT INTO t VALUES (\(-32768), \(2_147_483_647), \(Int64.max), \(1.5), \(35.2328811), 42,
                    123456789012345678901234567890, 12.50, true, \("부산"), \("café"), \([UInt8]([0, 1, 0])),
                    \("{\"en\": 1}"), \("2026-11-09"))
                """)
            #expect(connection.changes == 1)
            try connection.execute("INSERT INTO t (b) VALUES (false)")
            let rows = try connection.fetchAll("SELECT * FROM t ORDER BY i2 NULLS LAST")
            #expect(rows.count == 2)
            #expect(
                rows[0].values == [
                    .integer(-32768), .integer(2_147_483_647), .integer(Int64.max), .real(1.5), .real(35.2328811),
                    .integer(42), .text("123456789012345678901234567890"), .text("12.50"), .integer(1), .text("부산"),
                    .text("café"), .blob([0, 1, 0]), .text("{\"en\": 1}"), .text("2026-11-09"),
                ])
            #expect(rows[0].columnNames.first == "i2")
            #expect(try rows[0].value(named: "b", as: Bool.self))
            #expect(try !rows[1].value(named: "b", as: Bool.self))
            #expect(try rows[1].value(named: "t", as: String?.self) == nil)
            try connection.execute("UPDATE t SET i4 = i4 - 1")
            #expect(connection.changes == 2)
            #expect(try connection.fetchAll("SELECT * FROM t WHERE false").isEmpty)
            #expect(connection.changes == 0)
        }
    }

    @Test func errorsCarrySQLStateMessageAndSQL() throws {
        try TestPostgres.withDatabase { configuration in
            let connection = try connect(configuration)
            let syntax = #expect(throws: PostgresError.self) { try connection.execute("SELEC 1") }
            #expect(syntax?.kind == .server)
            #expect(syntax?.sqlState == PostgresError.syntaxError)
            #expect(syntax?.sql == "SELEC 1")
            #expect(syntax?.message == "syntax error at or near \"SELEC\"")
            #expect(syntax?.description == "PostgreSQL error 42601: syntax error at or near \"SELEC\"; SQL: SELEC 1")
            #expect(syntax?.isConnectionFailure == false)

            try connection.execute("CREATE TABLE sessions (token TEXT PRIMARY KEY)")
            func insert(_ token: String) throws {
                try connection.execute("INSERT INTO sessions (token) VALUES (\(token))")
            }
            try insert("secret-token")
            let duplicate = #expect(throws: PostgresError.self) { try insert("secret-token") }
            #expect(duplicate?.sqlState == PostgresError.uniqueViolation)
            #expect(duplicate?.constraint == "sessions_pkey")
            #expect(duplicate?.sql == "INSERT INTO sessions (token) VALUES ($1)")
            #expect(duplicate?.description.contains("secret-token") == false)
            // The connection is fine afterwards.
            #expect(try connection.fetchOne("SELECT count(*) FROM sessions")?.value(at: 0, as: Int.self) == 1)

            // A placeholder written in the text rather than through a value has no value: the server refuses the
            // statement (as a protocol violation) and the connection goes on.
            let stray = #expect(throws: PostgresError.self) {
                try connection.execute("INSERT INTO sessions (token) VALUES ($1)")
            }
            #expect(stray?.kind == .server)
            #expect(stray?.sqlState == "08P01")
            #expect(stray?.isConnectionFailure == false, "a mistake in the statement, not an outage")
            #expect(try connection.fetchOne("SELECT count(*) FROM sessions")?.value(at: 0, as: Int.self) == 1)
        }
    }

    @Test func scriptsRunEveryStatementAndStopAtTheFirstError() throws {
        try TestPostgres.withDatabase { configuration in
            let connection = try connect(configuration)
            try connection.executeScript("CREATE TABLE a (x TEXT); CREATE TABLE b (y TEXT); INSERT INTO a VALUES ('1')")
            let error = #expect(throws: PostgresError.self) {
                try connection.executeScript(
                    "INSERT INTO b VALUES ('2'); CREATE TABLE a (x TEXT); INSERT INTO b VALUES ('3')")
            }
            #expect(error?.sqlState == "42P07")
            // A script outside a transaction runs as one: the first insert was rolled back with it.
            #expect(try connection.fetchOne("SELECT count(*) FROM b")?.value(at: 0, as: Int.self) == 0)
        }
    }

    /// Rows copied in, value by value and as rows of text made beforehand (as an import's file holds them), are what
    /// the server stores, tabs, backslashes and NULLs included; a body that throws partway, or a row the server
    /// refuses while the rest are still being sent, leaves nothing written and the connection ready for its next
    /// statement, the refusal coming back as the server's error with its constraint.
    @Test func rowsAreCopiedIn() throws {
        try TestPostgres.withDatabase { configuration in
            let connection = try connect(configuration)
            try connection.execute("CREATE TABLE copied (n INTEGER PRIMARY KEY, label TEXT, x DOUBLE PRECISION)")
            func values(_ n: Int) -> [DatabaseValue] {
                [.integer(Int64(n)), n % 10 == 0 ? .null : .text("row \(n)\ttab\\slash\nline"), .real(Double(n) / 7)]
            }
            let made: [[UInt8]] = try (2501...5000).map { n in
                var row: [UInt8] = []
                for (index, value) in values(n).enumerated() {
                    if index > 0 { row.append(UInt8(ascii: "\t")) }
                    try CopyRows.appendText(of: value, to: &row, sql: "COPY copied FROM STDIN")
                }
                return row + [UInt8(ascii: "\n")]
            }
            func copyAll(_ connection: PostgresConnection) throws -> Int {
                try connection.copyIn("COPY copied FROM STDIN") { rows in
                    for n in (1...2500).reversed() {
                        for value in values(n) { try rows.append(value) }
                        try rows.endRow()
                    }
                    for row in made { try row.withUnsafeBytes { try rows.appendRow(text: $0) } }
                }
            }
            #expect(try copyAll(connection) == 5000)
            let difference = try connection.fetchOne(
                """
                SELECT count(*) FROM copied FULL JOIN (
                    SELECT n, CASE WHEN n % 10 = 0 THEN NULL ELSE 'row ' || n || E'\\ttab\\\\slash\\nline' END AS label,
                        n / 7.0::float8 AS x
                    FROM generate_series(1, 5000) AS n
                ) AS expected USING (n)
                WHERE copied IS NULL OR expected IS NULL OR copied.label IS DISTINCT FROM expected.label
                    OR copied.x <> expected.x
                """)
            #expect(try difference?.value(at: 0, as: Int.self) == 0)

            struct Boom: Error {}
            try connection.execute("TRUNCATE copied")
            #expect(throws: Boom.self) {
                try connection.copyIn("COPY copied FROM STDIN") { rows in
                    for n in 1...100 {
                        for value in values(n) { try rows.append(value) }
                        try rows.endRow()
                    }
                    throw Boom()
                }
            }
            #expect(try connection.fetchOne("SELECT count(*) FROM copied")?.value(at: 0, as: Int.self) == 0)

            // The first rows repeat an id the table holds: refused while the rest are still being sent.
            try connection.execute("INSERT INTO copied VALUES (2500, 'taken', 0)")
            let conflict = #expect(throws: PostgresError.self) {
                try connection.inTransaction { connection in try copyAll(connection) }
            }
            #expect(conflict?.sqlState == PostgresError.uniqueViolation)
            #expect(conflict?.constraint == "copied_pkey")
            #expect(try connection.fetchOne("SELECT count(*) FROM copied")?.value(at: 0, as: Int.self) == 1)
        }
    }

    @Test func aTransactionRollsBackAndRethrowsTheFirstError() throws {
        try TestPostgres.withDatabase { configuration in
            let connection = try connect(configuration)
            try connection.execute("CREATE TABLE t (n INTEGER PRIMARY KEY)")
            struct Boom: Error {}
            #expect(throws: Boom.self) {
                try connection.inTransaction { connection in
                    try connection.execute("INSERT INTO t VALUES (1)")
                    throw Boom()
                }
            }
            let error = #expect(throws: PostgresError.self) {
                try connection.inTransaction { connection in
                    try connection.execute("INSERT INTO t VALUES (2)")
                    try connection.execute("INSERT INTO t VALUES (2)")
                }
            }
            #expect(error?.sqlState == PostgresError.uniqueViolation)
            // A failed statement whose error was swallowed still aborts the transaction, and says so.
            let swallowed = #expect(throws: PostgresError.self) {
                try connection.inTransaction { connection in
                    try connection.execute("INSERT INTO t VALUES (3)")
                    _ = try? connection.execute("INSERT INTO t VALUES (3)")
                }
            }
            #expect(swallowed?.sqlState == PostgresError.inFailedTransaction)
            #expect(!connection.isInTransaction)
            #expect(try connection.fetchOne("SELECT count(*) FROM t")?.value(at: 0, as: Int.self) == 0)

            try connection.inTransaction { connection in
                try connection.execute("INSERT INTO t VALUES (4)")
                let nested = #expect(throws: PostgresError.self) { try connection.inTransaction { _ in } }
                #expect(nested?.kind == .misuse)
            }
            #expect(try connection.fetchAll("SELECT n FROM t").map { try $0.value(at: 0, as: Int.self) } == [4])
            let readOnly = #expect(throws: PostgresError.self) {
                try connection.inTransaction(.readOnlySnapshot) { try $0.execute("INSERT INTO t VALUES (5)") }
            }
            #expect(readOnly?.sqlState == "25006")
        }
    }

    @Test func aSlowStatementIsCancelledByTheServerAtTheTimeout() throws {
        let connection = try connect(TestPostgres.configuration(timeoutSeconds: 0.3))
        let started = ContinuousClock.now
        let error = #expect(throws: PostgresError.self) { try connection.execute("SELECT pg_sleep(30)") }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(error?.sqlState == PostgresError.queryCanceled)
        #expect(!connection.isBroken)
        #expect(try connection.fetchOne("SELECT 1")?.value(at: 0, as: Int.self) == 1)
    }

    @Test func aServerThatStopsAnsweringTimesOutAndBreaksTheConnection() throws {
        let connection = try connect(TestPostgres.configuration(timeoutSeconds: 0.3))
        let pid = connection.backendProcessID
        // Freeze the server process behind the connection: it neither answers nor cancels.
        guard kill(pid, SIGSTOP) == 0 else {
            Issue.record("cannot stop server process \(pid) (run the tests as root or as the cluster's owner)")
            return
        }
        defer {
            kill(pid, SIGCONT)
            kill(pid, SIGTERM)
        }
        let started = ContinuousClock.now
        let error = #expect(throws: PostgresError.self) { try connection.execute("SELECT 1") }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(error?.kind == .timeout)
        #expect(error?.isConnectionFailure == true)
        #expect(connection.isBroken)
        #expect(throws: PostgresError.self) { try connection.execute("SELECT 1") }
    }

    @Test func aServerThatNeverAnswersTimesOutTheConnect() throws {
        // A listening socket that nobody accepts on: the kernel completes the handshake, then nothing is said.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 4) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        try #require(bound)
        let port = UInt16(bigEndian: address.sin_port)
        let started = ContinuousClock.now
        let error = #expect(throws: PostgresError.self) {
            try PostgresConnection(
                configuration: PostgresConfiguration(
                    url: "postgresql://postgres@127.0.0.1:\(port)/postgres?sslmode=disable", timeoutSeconds: 0.3))
        }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(error?.kind == .timeout)
        #expect(error?.message.contains("within 300 ms") == true)
    }

    @Test func aTerminatedSessionBreaksItsConnection() throws {
        let connection = try connect()
        let admin = try connect()
        try admin.execute("SELECT pg_terminate_backend(\(Int(connection.backendProcessID))::integer)")
        let error = #expect(throws: PostgresError.self) { try connection.execute("SELECT 1") }
        #expect(error?.isConnectionFailure == true)
        #expect(connection.isBroken)
    }
}
