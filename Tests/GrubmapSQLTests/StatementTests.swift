import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

@Suite("Statements and parameters")
struct StatementTests {
    @Test func valuesAreBoundInOrder() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (a INTEGER, b TEXT)")
            for (a, b) in [(1, "one"), (2, "two"), (3, nil), (4, "four")] as [(Int, String?)] {
                try database.execute("INSERT INTO t (a, b) VALUES (\(a), \(b))")
            }
            let rows = try database.fetchAll("SELECT a, b FROM t ORDER BY a")
            #expect(try rows.map { try $0.value(named: "a", as: Int.self) } == [1, 2, 3, 4])
            #expect(try rows.map { try $0.value(named: "b", as: String?.self) } == ["one", "two", nil, "four"])
            #expect(database.lastInsertRowID == 4)
            try database.execute("UPDATE t SET b = 'x' WHERE a >= \(2)")
            #expect(database.changes == 3)
        }
    }

    @Test func aPreparedStatementRunsAgainWithNewValues() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (a INTEGER)")
            let insert = try database.prepare("INSERT INTO t (a) VALUES (?)")
            for value in 1...6 {
                try insert.bind([.integer(Int64(value))])
                try insert.execute()
            }
            let select = try database.prepare("SELECT a FROM t WHERE a > ? ORDER BY a")
            #expect(select.columnNames == ["a"])
            try select.bind([.integer(3)])
            #expect(try select.fetchAll().map { try $0.value(at: 0, as: Int.self) } == [4, 5, 6])
            try select.bind([.integer(5)])
            #expect(try select.step())
            #expect(try select.currentRow().value(at: 0, as: Int.self) == 6)
            #expect(try !select.step())
            select.reset()
            #expect(try select.fetchOne()?.value(at: 0, as: Int.self) == 6)
        }
    }

    @Test func aWrongNumberOfValuesIsRefusedAndLeavesNothingBound() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            let statement = try database.prepare("SELECT ? + ?")
            for values: [DatabaseValue] in [[], [.integer(1)], [.integer(1), .integer(2), .integer(3)]] {
                let error = #expect(throws: DatabaseError.self) { try statement.bind(values) }
                #expect(error?.resultCode == .range)
                #expect(error?.sql == "SELECT ? + ?")
                // Nothing of a refused binding stays: unbound parameters are NULL.
                #expect(try statement.fetchOne()?.databaseValue(at: 0) == .null)
            }
            // A `?` written in the SQL rather than through a value is a parameter without one.
            let stray = #expect(throws: DatabaseError.self) { try database.fetchOne("SELECT ? + \(1)") }
            #expect(stray?.resultCode == .range)
            try statement.bind([.integer(1), .integer(2)])
            #expect(try statement.fetchOne()?.value(at: 0, as: Int.self) == 3)
        }
    }

    @Test func prepareRefusesASecondStatement() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (a)")
            let error = #expect(throws: DatabaseError.self) {
                try database.execute("INSERT INTO t VALUES (1); DROP TABLE t")
            }
            #expect(error?.resultCode == .misuse)
            #expect(error?.sql == "INSERT INTO t VALUES (1); DROP TABLE t")
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
