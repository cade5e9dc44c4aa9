import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

@Suite("Errors")
struct DatabaseErrorTests {
    @Test func aSyntaxErrorCarriesCodeMessageAndSQL() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            let sql = "SELEC 1"
            let error = #expect(throws: DatabaseError.self) { try database.execute(sql) }
            #expect(error?.resultCode == .error)
            #expect(error?.sql == sql)
            #expect(error?.message == "near \"SELEC\": syntax error")
            #expect(
                error?.description == "SQLite error 1 (SQL logic error): near \"SELEC\": syntax error; SQL: SELEC 1")
        }
    }

    @Test func constraintViolationsCarryTheExtendedCode() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (id TEXT PRIMARY KEY, v TEXT NOT NULL UNIQUE)")
            try database.execute("INSERT INTO t VALUES ('a', 'x')")
            let insert = "INSERT INTO t VALUES (?, ?)"
            let duplicate = #expect(throws: DatabaseError.self) { try database.execute(insert, arguments: ["b", "x"]) }
            #expect(duplicate?.resultCode == .constraintUnique)
            #expect(duplicate?.primaryResultCode == .constraint)
            #expect(duplicate?.message == "UNIQUE constraint failed: t.v")
            #expect(duplicate?.sql == insert)
            let key = #expect(throws: DatabaseError.self) { try database.execute(insert, arguments: ["a", "y"]) }
            #expect(key?.resultCode == .constraintPrimaryKey)
            let null = #expect(throws: DatabaseError.self) { try database.execute(insert, arguments: ["c", nil]) }
            #expect(null?.resultCode == .constraintNotNull)
        }
    }

    @Test func openingAnImpossiblePathFails() {
        let error = #expect(throws: DatabaseError.self) {
            try Database(path: "/nonexistent-folder-\(UInt64.random(in: 0...UInt64.max))/db.sqlite")
        }
        #expect(error?.resultCode == .cantOpen)
        #expect(error?.description.contains("nonexistent-folder") == true)
    }
}
