import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

@Suite("Statements and parameters")
struct StatementTests {
    @Test func positionalAndNamedParameters() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (a INTEGER, b TEXT)")
            try database.execute("INSERT INTO t (a, b) VALUES (?, ?)", arguments: [1, "one"])
            try database.execute("INSERT INTO t (a, b) VALUES (:a, :b)", arguments: ["a": 2, "b": "two"])
            try database.execute("INSERT INTO t (a, b) VALUES (@a, $b)", arguments: ["@a": 3, "b": nil])
            try database.execute("INSERT INTO t (a, b) VALUES (?2, ?1)", arguments: ["four", 4])
            let rows = try database.fetchAll("SELECT a, b FROM t ORDER BY a")
            #expect(try rows.map { try $0.value(named: "a", as: Int.self) } == [1, 2, 3, 4])
            #expect(try rows.map { try $0.value(named: "b", as: String?.self) } == ["one", "two", nil, "four"])
            #expect(database.lastInsertRowID == 4)
            try database.execute("UPDATE t SET b = 'x' WHERE a >= ?", arguments: [2])
            #expect(database.changes == 3)
        }
    }

    @Test func aPreparedStatementRunsAgainWithNewValues() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (a INTEGER)")
            let insert = try database.prepare("INSERT INTO t (a) VALUES (?)")
            for value in 1...5 { try insert.execute([value]) }
            try insert.bind(6, at: 1)
            try insert.execute()
            let select = try database.prepare("SELECT a FROM t WHERE a > :min ORDER BY a")
            #expect(select.columnNames == ["a"])
            #expect(try select.fetchAll(["min": 3]).map { try $0.value(at: 0, as: Int.self) } == [4, 5, 6])
            try select.bind(5, named: "min")
            #expect(try select.step())
            #expect(try select.currentRow().value(at: 0, as: Int.self) == 6)
            #expect(try !select.step())
            select.reset()
            #expect(try select.fetchOne()?.value(at: 0, as: Int.self) == 6)
        }
    }

    @Test func wrongArgumentsAreRefused() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            let sql = "SELECT ? + :b"
            for arguments: StatementArguments in [
                [1], [1, 2, 3], ["c": 1],
                StatementArguments(positional: [.integer(1)], named: ["b": .integer(2), "zzz": .null]),
            ] {
                let error = #expect(throws: DatabaseError.self) { try database.fetchOne(sql, arguments: arguments) }
                #expect(error?.resultCode == .range)
                #expect(error?.sql == sql)
            }
            #expect(
                try database.fetchOne(
                    sql, arguments: StatementArguments(positional: [.integer(1)], named: ["b": .integer(2)]))?
                    .value(at: 0, as: Int.self) == 3)
        }
    }

    @Test func prepareRefusesASecondStatement() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (a)")
            let sql = "INSERT INTO t VALUES (1); DROP TABLE t"
            let error = #expect(throws: DatabaseError.self) { try database.execute(sql) }
            #expect(error?.resultCode == .misuse)
            #expect(error?.sql == sql)
            #expect(try database.fetchOne("SELECT count(*) FROM t")?.value(at: 0, as: Int.self) == 0)
            // Trailing separators and comments are fine.
            try database.execute("INSERT INTO t VALUES (1);  -- done\n /* really */ ;")
            #expect(throws: DatabaseError.self) { try database.execute("   -- only a comment") }
        }
    }

    @Test func scriptsRunEveryStatementAndNameTheFailingOne() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.executeScript(
                """
                CREATE TABLE a (x); -- first
                CREATE TABLE b (y);
                INSERT INTO a VALUES ('it''s; fine');
                """)
            #expect(try database.fetchOne("SELECT x FROM a")?.value(at: 0, as: String.self) == "it's; fine")
            let error = #expect(throws: DatabaseError.self) {
                try database.executeScript(
                    "INSERT INTO b VALUES (1); INSERT INTO nowhere VALUES (2); INSERT INTO b VALUES (3)")
            }
            #expect(error?.sql == "INSERT INTO nowhere VALUES (2);")
            #expect(error?.message == "no such table: nowhere")
            #expect(try database.fetchOne("SELECT count(*) FROM b")?.value(at: 0, as: Int.self) == 1)
        }
    }
}
