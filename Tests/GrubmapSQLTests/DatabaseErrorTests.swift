import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

@Suite("Errors")
struct DatabaseErrorTests {
    @Test func aSyntaxErrorCarriesCodeMessageAndSQL() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            let error = #expect(throws: DatabaseError.self) { try database.execute("SELEC 1") }
            #expect(error?.resultCode == .error)
            #expect(error?.sql == "SELEC 1")
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
            func insert(_ id: String, _ v: String?) throws {
                try database.execute("INSERT INTO t VALUES (\(id), \(v))")
            }
            let duplicate = #expect(throws: DatabaseError.self) { try insert("b", "x") }
            #expect(duplicate?.resultCode == .constraintUnique)
            #expect(duplicate?.primaryResultCode == .constraint)
            #expect(duplicate?.message == "UNIQUE constraint failed: t.v")
            #expect(duplicate?.sql == "INSERT INTO t VALUES (?, ?)", "the SQL, never the values")
            let key = #expect(throws: DatabaseError.self) { try insert("a", "y") }
            #expect(key?.resultCode == .constraintPrimaryKey)
            let null = #expect(throws: DatabaseError.self) { try insert("c", nil) }
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
