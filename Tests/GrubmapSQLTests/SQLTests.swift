import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import Testing

@Suite("SQL interpolation")
struct SQLTests {
    let id = try! Place.ID("geumjeong-hall")
    let area = try! Area.ID("pnu-busan")

    @Test func valuesArePlaceholdersForEachDatabase() {
        let sql: SQL = "SELECT name FROM places WHERE id = \(id) AND area_id = \(area) AND kind <> \("cafe")"
        #expect(sql.text(for: .sqlite) == "SELECT name FROM places WHERE id = ? AND area_id = ? AND kind <> ?")
        #expect(sql.text(for: .postgreSQL) == "SELECT name FROM places WHERE id = $1 AND area_id = $2 AND kind <> $3")
        #expect(sql.values == [.text("geumjeong-hall"), .text("pnu-busan"), .text("cafe")])
        #expect(sql.description == "SELECT name FROM places WHERE id = ? AND area_id = ? AND kind <> ?")
    }

    @Test func fragmentsAreSplicedWithTheirValuesInOrder() {
        let columns: SQL = "id, name"
        let condition: SQL = "area_id = \(area)"
        let sql: SQL = "SELECT \(sql: columns) FROM places WHERE id <> \(id) AND \(sql: condition) LIMIT \(5)"
        #expect(sql.text(for: .postgreSQL) == "SELECT id, name FROM places WHERE id <> $1 AND area_id = $2 LIMIT $3")
        #expect(sql.values == [.text("geumjeong-hall"), .text("pnu-busan"), .integer(5)])
        let locked: SQL = "SELECT id FROM places WHERE id = \(id)\(sql: SQLDialect.postgreSQL.lockingClause)"
        #expect(locked.text(for: .postgreSQL) == "SELECT id FROM places WHERE id = $1 FOR UPDATE")
        #expect(SQL(stringLiteral: "SELECT 1").values.isEmpty)
    }

    @Test func placeholderCharactersInTheTextAreOnlyText() {
        // Nothing re-reads the text, so `?` and `$1` in literals, dollar quotes and comments need no care.
        let sql: SQL = "SELECT '?', '$1', $$?$$, \(1) -- why? $2\n"
        #expect(sql.text(for: .sqlite) == "SELECT '?', '$1', $$?$$, ? -- why? $2\n")
        #expect(sql.text(for: .postgreSQL) == "SELECT '?', '$1', $$?$$, $1 -- why? $2\n")
        #expect(sql.values == [.integer(1)])
    }

    @Test func textIsAValueUnlessSplicedAsSQL() {
        let input = "x'); DROP TABLE places; --"
        let sql: SQL = "SELECT \(input)"
        #expect(sql.text(for: .sqlite) == "SELECT ?")
        #expect(sql.values == [.text(input)])
        #expect(SQL.identifier("odd \"name\"").text(for: .postgreSQL) == #""odd ""name""""#)
    }

    @Test func everyKindOfValueBinds() {
        let date = Date(timeIntervalSince1970: 1_795_000_000.9)
        let sql: SQL = """
            VALUES (\(id), \(date), \(true), \(Int64.max), \(2.5), \("text"), \([UInt8]([0, 1])), \(String?.none),
                \(Int?.some(7)), \(Place.ID?.none))
            """
        #expect(
            sql.values == [
                .text("geumjeong-hall"), .integer(1_795_000_000), .integer(1), .integer(.max), .real(2.5),
                .text("text"),
                .blob([0, 1]), .null, .integer(7), .null,
            ])
    }

    @Test(arguments: StoreKind.tested)
    func valuesRoundTripThroughEachDatabase(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let connection = try database.connect()
            let date = Date(timeIntervalSince1970: 1_795_000_000)
            let row = try #require(
                try connection.fetchOne(
                    """
                    SELECT \(id) AS id, \(date) AS date, \(true) AS yes, \([UInt8]([0, 255, 0])) AS bytes,
                        \(String?.none) AS none, '?' AS mark, \(Int64.min) AS small
                    """))
            #expect(try row.value(named: "id", as: Place.ID.self) == id)
            #expect(try row.value(named: "date", as: Date.self) == date)
            #expect(try row.value(named: "yes", as: Bool.self) == true)
            #expect(try row.value(named: "bytes", as: [UInt8].self) == [0, 255, 0])
            #expect(try row.value(named: "none", as: String?.self) == nil)
            #expect(try row.value(named: "mark", as: String.self) == "?")
            #expect(try row.value(named: "small", as: Int64.self) == .min)
            #expect(throws: RowDecodingError.self) { try row.value(named: "mark", as: Place.ID.self) }
        }
    }
}
