import Foundation
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

@Suite("Binding and reading values")
struct DatabaseValueTests {
    /// Inserts `value` into a column without type affinity and reads it back raw.
    private func roundTrip(_ value: DatabaseValue) throws -> DatabaseValue {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (v)")
            try database.execute("INSERT INTO t (v) VALUES (\(value))")
            let row = try #require(try database.fetchOne("SELECT v, typeof(v) AS type FROM t"))
            return try row.databaseValue(named: "v")
        }
    }

    @Test(arguments: [
        DatabaseValue.integer(.min), .integer(.max), .integer(0), .integer(-1), .integer(Int64(Int32.max) + 1),
        .real(0), .real(-0.0), .real(1.7976931348623157e308), .real(-2.2250738585072014e-308), .real(0.1),
        .real(.infinity), .real(-.infinity),
        .text(""), .text("금정회관"), .text("🍜 noodles 🇰🇷"), .text("a\u{0}b\u{0}"),
        .text("it's \"quoted\""),
        .blob([]), .blob([0]), .blob([0, 1, 0, 255, 0]), .blob(Array(repeating: 0, count: 1000)),
        .null,
    ])
    func valueRoundTrips(_ value: DatabaseValue) throws {
        let read = try roundTrip(value)
        #expect(read == value)
        if case .real(let original) = value, case .real(let back) = read {
            #expect(original.sign == back.sign, "the sign of \(original) survives")
        }
    }

    @Test func emptyTextAndEmptyBlobAreNotNull() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
            try database.execute("INSERT INTO t (v) VALUES (\("")), (\([UInt8]())), (\(String?.none))")
            let types = try database.fetchAll("SELECT typeof(v) AS type, length(v) AS n FROM t ORDER BY id")
            #expect(try types.map { try $0.value(named: "type", as: String.self) } == ["text", "blob", "null"])
            #expect(try types.map { try $0.value(named: "n", as: Int?.self) } == [0, 0, nil])
        }
    }

    @Test func textKeepsItsExactBytes() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            let text = "x\u{0}y 부산 🍚"
            let row = try #require(
                try database.fetchOne("SELECT \(text) AS v, length(CAST(\(text) AS BLOB)) AS n"))
            #expect(try row.value(named: "v", as: String.self) == text)
            #expect(try row.value(named: "n", as: Int.self) == text.utf8.count)
        }
    }

    @Test func swiftTypesConvert() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            let data = Data([0, 1, 2, 0])
            let row = try #require(
                try database.fetchOne(
                    """
                    SELECT \(42) AS i, \(Int64.min) AS i64, \(2.5) AS d, \("s") AS s, \(true) AS t, \(false) AS f,
                        \([UInt8]([9, 0])) AS bytes, \(data) AS data, \(String?.none) AS none
                    """))
            #expect(try row.value(named: "i", as: Int.self) == 42)
            #expect(try row.value(named: "i64", as: Int64.self) == .min)
            #expect(try row.value(named: "d", as: Double.self) == 2.5)
            #expect(try row.value(named: "s", as: String.self) == "s")
            #expect(try row.value(named: "t", as: Bool.self) == true)
            #expect(try row.value(named: "f", as: Bool.self) == false)
            #expect(try row.value(named: "bytes", as: [UInt8].self) == [9, 0])
            #expect(try row.value(named: "data", as: Data.self) == data)
            #expect(try row.value(named: "none", as: String?.self) == nil)
            #expect(try row.value(named: "none", as: Data?.self) == nil)
            #expect(try row.value(named: "s", as: String?.self) == "s")
            #expect(try row.value(named: "i", as: Double.self) == 42, "an integer widens to Double")
            // A column looked for where it is not is still found by name, and a missing one still throws.
            #expect(try row.value(named: "s", expectedAt: 3, as: String.self) == "s")
            #expect(try row.value(named: "s", expectedAt: 0, as: String.self) == "s")
            #expect(try row.value(named: "s", expectedAt: 99, as: String.self) == "s")
            #expect(throws: RowDecodingError.self) { try row.value(named: "missing", expectedAt: 0, as: Int.self) }
            #expect(try row.value(at: 0, as: Int.self) == 42)
            #expect(try row.value(named: "I", as: Int.self) == 42, "column names match without case")
        }
    }

    @Test func wrongTypeMissingColumnAndNullThrowClearErrors() throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            let sql = "SELECT '12' AS text, NULL AS absent"
            let row = try #require(try database.fetchOne("SELECT '12' AS text, NULL AS absent"))
            #expect(
                throws: RowDecodingError.typeMismatch(column: "text", expected: "Int", found: .text("12"), sql: sql)
            ) {
                try row.value(named: "text", as: Int.self)
            }
            #expect(throws: RowDecodingError.typeMismatch(column: "absent", expected: "String", found: .null, sql: sql))
            {
                try row.value(named: "absent", as: String.self)
            }
            let missing = #expect(throws: RowDecodingError.self) { try row.value(named: "nope", as: Int.self) }
            #expect(missing == .columnNotFound(name: "nope", availableColumns: ["text", "absent"], sql: sql))
            #expect(missing?.description.contains("nope") == true)
            #expect(throws: RowDecodingError.indexOutOfRange(index: 2, columnCount: 2, sql: sql)) {
                try row.value(at: 2, as: Int.self)
            }
            let mismatch = #expect(throws: RowDecodingError.self) { try row.value(named: "text", as: Int.self) }
            #expect(mismatch?.description == "column \"text\" holds TEXT '12', which is not a Int; SQL: \(sql)")
        }
    }
}
