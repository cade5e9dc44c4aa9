import GrubmapCore
import GrubmapSQLTestSupport
import Testing

@testable import GrubmapSQL

@Suite("R*Tree packing")
struct RTreePackingTests {
    /// Points on both sides of zero, repeated points and a dense cluster, so boxes round both ways and nodes overlap.
    static func points(_ count: Int) -> [(id: Int64, x: Double, y: Double)] {
        var random = SplitMix64(seed: 32)
        return (0..<count).map { index in
            let clustered = index % 3 == 0
            let x = clustered ? 37.5 + random.between(-0.001, 0.001) : random.between(-90, 90)
            let y = clustered ? 127.0 + random.between(-0.001, 0.001) : random.between(-180, 180)
            return (Int64(index * 2 + 1), index % 50 == 7 ? 0 : x, y)
        }
    }

    /// A packed tree holds, for every point, the box an `INSERT` stores (the same outward rounding), passes SQLite's
    /// own `rtreecheck()`, and answers window queries as a tree filled by inserts does; packing again replaces it.
    @Test(arguments: [0, 1, 51, 52, 3000, 20_000])
    func aPackedTreeHoldsWhatInsertsWouldAndAnswersAlike(count: Int) throws {
        try withTemporaryPath { path in
            let database = try Database(path: path)
            try database.execute("CREATE TABLE points (x REAL NOT NULL, y REAL NOT NULL)")
            for name in ["packed", "inserted"] {
                try database.execute(
                    "CREATE VIRTUAL TABLE \(sql: SQL.identifier(name)) USING rtree(id, x0, x1, y0, y1)")
            }
            let points = Self.points(count)
            try database.inTransaction(.immediate) { _ in
                for point in points {
                    try database.execute(
                        "INSERT INTO points (rowid, x, y) VALUES (\(point.id), \(point.x), \(point.y))")
                    try database.execute(
                        "INSERT INTO inserted VALUES (\(point.id), \(point.x), \(point.x), \(point.y), \(point.y))")
                }
                // A tree that already held something: packing replaces it.
                try database.execute("INSERT INTO packed VALUES (999999, 1, 2, 3, 4)")
                try database.packPointRTree("packed", points: "SELECT rowid, x, y FROM points ORDER BY rowid")
            }
            let check = try database.fetchOne("SELECT rtreecheck('packed') AS result")
            #expect(try check?.value(named: "result", as: String.self) == "ok")
            let stored = try database.fetchAll("SELECT id, x0, x1, y0, y1 FROM packed ORDER BY id")
            let expected = try database.fetchAll("SELECT id, x0, x1, y0, y1 FROM inserted ORDER BY id")
            #expect(stored.count == count)
            #expect(stored.map(\.values) == expected.map(\.values))
            var random = SplitMix64(seed: 7)
            for _ in 0..<20 {
                let (x, y) = (random.between(-90, 90), random.between(-180, 180))
                let (width, height) = (random.between(0, 60), random.between(0, 120))
                func ids(_ table: String) throws -> [Int] {
                    try database.fetchAll(
                        """
                        SELECT id FROM \(sql: SQL.identifier(table)) WHERE x1 >= \(x) AND x0 <= \(x + width)
                        AND y1 >= \(y) AND y0 <= \(y + height) ORDER BY id
                        """
                    ).map { try $0.value(at: 0, as: Int.self) }
                }
                #expect(try ids("packed") == ids("inserted"))
            }
        }
    }
}
