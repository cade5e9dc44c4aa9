import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapStore

// The spatial benchmark's tools, run by scripts/bench-spatial (release builds only):
//
//   grubmap-bench-spatial generate COUNT [SEED] [--id-prefix P]
//                                                    a synthetic city of COUNT places as GeoJSON, on standard output,
//                                                    their ids P-0, P-1, … (P: syn)
//   grubmap-bench-spatial area --database D [--town] makes the synthetic city's area (empty) in the database, or with
//                                                    --town the synthetic town's, which spans the same ground
//   grubmap-bench-spatial knn --database D [--k 10] [--points 30]
//   grubmap-bench-spatial bbox --database D [--points 30] [--zoom 17] [--width 390] [--height 844]
//   grubmap-bench-spatial write-floor --database D --from S [--rows N] [--without name-indexes|spatial-index|both]
//                                                    [--bulk]
//
// `knn` and `bbox` time the store's indexed query and a full scan computing every distance, interleaved on the
// same random points of the same database, check that both give the same places (ids and distances), and print
// one line: `median-index-ms median-scan-ms ratio`.
//
// `write-floor` copies the city's places of S (a database an import filled) into D (the demo and the empty city) with
// one `INSERT … SELECT` per transaction of N rows (0: all in one), in the order S holds them, as an import's writing
// phase does but with nothing read, parsed or staged: what SQLite itself needs to write those rows into the schema,
// its indexes and triggers, and so a ceiling for any import. It prints `seconds rows-per-second`. `--without` first
// drops from D the two name-order indexes, or the trigger that fills the R*Tree (and counts the places), or both:
// what each costs of the whole. `--bulk` writes everything the schema holds in one transaction in the cheapest
// order SQLite allows: the name-order indexes and the trigger dropped, the rows inserted, then the R*Tree filled in
// one `INSERT … SELECT` in the rows' order, the counts made in one statement, the indexes built anew from their
// sorted keys and the trigger made again: the least time any import of these rows can take on this schema.
//
// The data is synthetic and says so: "Synthetic place 12345" at made-up points in and around Seoul's extent, denser
// in a few made-up centers, never real restaurants.

/// The synthetic city's area.
let city = Area(
    id: try! Area.ID("synthetic-city"), name: try! LocalizedText(["en": "Synthetic city", "ko": "합성 도시"]),
    center: try! Coordinate(latitude: 37.56, longitude: 126.98),
    bounds: try! Bounds(
        southWest: Coordinate(latitude: 37.42, longitude: 126.76),
        northEast: Coordinate(latitude: 37.70, longitude: 127.18)),
    timeZone: "Asia/Seoul", currency: "KRW", locale: "ko-KR")

/// The synthetic town: a few of the same generator's places on the same ground as the city, so that its pages
/// differ from the city's in how many places the area has and in nothing else.
let town = Area(
    id: try! Area.ID("synthetic-town"), name: try! LocalizedText(["en": "Synthetic town", "ko": "합성 마을"]),
    center: city.center, bounds: city.bounds, timeZone: city.timeZone, currency: city.currency, locale: city.locale)

extension SplitMix64 {
    /// A normally distributed number (Box–Muller).
    mutating func normal() -> Double {
        (-2 * log(max(unit(), 1e-300))).squareRoot() * cos(2 * .pi * unit())
    }
}

/// A point of the synthetic city: most in one of 40 dense centers, the rest spread evenly.
func cityPoint(_ random: inout SplitMix64, centers: [(Double, Double, Double)]) -> (Double, Double) {
    let south = city.bounds.southWest.latitude
    let north = city.bounds.northEast.latitude
    let west = city.bounds.southWest.longitude
    let east = city.bounds.northEast.longitude
    if random.unit() < 0.25 { return (random.between(south, north), random.between(west, east)) }
    let center = centers[Int(random.unit() * Double(centers.count))]
    let latitude = min(max(center.0 + random.normal() * center.2, south), north)
    let longitude = min(max(center.1 + random.normal() * center.2 * 1.26, west), east)
    return (latitude, longitude)
}

func makeCenters(_ random: inout SplitMix64) -> [(Double, Double, Double)] {
    (0..<40).map { _ in
        (random.between(37.45, 37.67), random.between(126.8, 127.14), random.between(0.002, 0.012))
    }
}

func generate(count: Int, seed: UInt64, idPrefix: String) {
    var random = SplitMix64(seed: seed)
    let centers = makeCenters(&random)
    let kinds = ["restaurant", "restaurant", "restaurant", "cafe", "cafeteria"]
    var out =
        #"{"type":"FeatureCollection","name":"Synthetic city (generated for benchmarks, not real places)","features":["#
    out.reserveCapacity(1 << 22)
    for index in 0..<count {
        let (latitude, longitude) = cityPoint(&random, centers: centers)
        if index > 0 { out += ",\n" }
        out += #"{"type":"Feature","id":"\#(idPrefix)-\#(index)","geometry":{"type":"Point","coordinates":["#
        out += String(format: "%.7f,%.7f", longitude, latitude)
        out += #"]},"properties":{"name:en":"Synthetic place \#(index)""#
        if index % 3 == 0 { out += #","name:ko":"합성 장소 \#(index)""# }
        out += #","kind":"\#(kinds[index % kinds.count])""#
        if index % 2 == 0 { out += #","address":"\#(index % 997) Synthetic-ro, Synthetic-gu""# }
        if index % 5 == 0 {
            out +=
                #","openingHours":[{"days":"Mo-Fr","opens":"11:00","closes":"21:30"},{"days":"Sa","opens":"12:00","closes":"20:00"}]"#
        }
        out += "}}"
        if out.utf8.count > 1 << 21 {
            FileHandle.standardOutput.write(Data(out.utf8))
            out.removeAll(keepingCapacity: true)
        }
    }
    out += "]}\n"
    FileHandle.standardOutput.write(Data(out.utf8))
}

// MARK: Measuring

func openStore(_ database: String) throws -> any Store {
    if PostgresConfiguration.isPostgresURL(database) {
        return try PostgresStore(configuration: PostgresConfiguration(url: database, timeoutSeconds: 600))
    }
    return try SQLiteStore(path: database)
}

/// The reference: every place of the area read (id and point), every distance computed, the nearest `limit` kept
/// (optionally only those in `box`), then their rows read, as the indexed query returns them.
func fullScan(_ connection: any SQLConnection, origin: Coordinate, box: GeoBox?, limit: Int, store: any Store)
    throws -> [ListedPlace]
{
    let rows = try connection.fetchAll("SELECT id, latitude, longitude FROM places WHERE area_id = \(city.id)")
    var found: [(distance: Double, id: Place.ID)] = []
    found.reserveCapacity(rows.count)
    for row in rows {
        let coordinate = try Coordinate(latitude: row.value(at: 1), longitude: row.value(at: 2))
        if let box, !box.contains(coordinate) { continue }
        found.append((origin.distance(to: coordinate), try row.value(at: 0, as: Place.ID.self)))
    }
    let nearest = found.sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }.prefix(limit)
    let places = Dictionary(uniqueKeysWithValues: try store.places(ids: nearest.map(\.id)).map { ($0.id, $0) })
    return nearest.map { ListedPlace(place: places[$0.id]!, distanceMeters: $0.distance) }
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    return (ContinuousClock.now - start) / .milliseconds(1)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Times the indexed query and the scan on `points` random origins, interleaved, and checks they agree.
func compare(database: String, points: Int, seed: UInt64, query: (Coordinate) -> PlaceQuery) throws {
    let store = try openStore(database)
    // The scan's own connection, outside the store.
    let connection: any SQLConnection =
        PostgresConfiguration.isPostgresURL(database)
        ? try PostgresConnection(configuration: PostgresConfiguration(url: database, timeoutSeconds: 600))
        : try Database(path: database)
    var random = SplitMix64(seed: seed)
    let centers = makeCenters(&random)
    var indexTimes: [Double] = []
    var scanTimes: [Double] = []
    _ = try store.catalog()
    for round in 0..<points {
        let (latitude, longitude) = cityPoint(&random, centers: centers)
        let origin = try Coordinate(latitude: latitude, longitude: longitude)
        let asked = query(origin)
        var indexed: [ListedPlace] = []
        var scanned: [ListedPlace] = []
        // Alternate which goes first, so neither always finds the other's pages in the cache.
        let runIndex = { indexTimes.append(try milliseconds { indexed = try store.places(matching: asked).places }) }
        let runScan = {
            scanTimes.append(
                try milliseconds {
                    scanned = try fullScan(connection, origin: origin, box: asked.box, limit: asked.limit, store: store)
                })
        }
        if round % 2 == 0 {
            try runIndex()
            try runScan()
        } else {
            try runScan()
            try runIndex()
        }
        guard indexed.map(\.place.id) == scanned.map(\.place.id),
            indexed.map(\.distanceMeters) == scanned.map(\.distanceMeters)
        else {
            FileHandle.standardError.write(Data("bench-spatial: the index and the scan differ at \(origin)\n".utf8))
            exit(1)
        }
    }
    let index = median(indexTimes)
    let scan = median(scanTimes)
    print(String(format: "%.3f %.1f %.0f", index, scan, scan / index))
}

/// Copies the city's places of `source` into `database` in transactions of `rowsPerTransaction` (0: one), timed;
/// `without` names what to drop from `database` first; `bulk` writes them as ``bulkWrite(_:columns:)`` does.
func writeFloor(database: String, source: String, rowsPerTransaction: Int, without: String, bulk: Bool) throws {
    let connection = try Database(path: database, busyTimeoutSeconds: 600)
    let parts: [String: [SQL]] = [
        "": [],
        "name-indexes": ["DROP INDEX places_name_en", "DROP INDEX places_name_ko"],
        "spatial-index": ["DROP TRIGGER places_inserted"],
        "both": ["DROP INDEX places_name_en", "DROP INDEX places_name_ko", "DROP TRIGGER places_inserted"],
    ]
    guard let drops = parts[without] else {
        FileHandle.standardError.write(Data("write-floor: --without takes name-indexes, spatial-index or both\n".utf8))
        exit(2)
    }
    guard !bulk || (without.isEmpty && rowsPerTransaction == 0) else {
        FileHandle.standardError.write(Data("write-floor: --bulk writes the whole schema in one transaction\n".utf8))
        exit(2)
    }
    for statement in drops { try connection.execute(statement) }
    for statement in SQLDialect.sqlite.bulkSettings.apply { try connection.execute(statement) }
    try connection.execute("ATTACH DATABASE \(source) AS source")
    // The source's rows in the order it holds them (an import's Z-order), numbered from 1 as an import ranks them.
    try connection.execute(
        """
        CREATE TEMP TABLE floor_order AS
        SELECT rowid AS source_rowid FROM source.places WHERE area_id = \(city.id) ORDER BY rowid
        """)
    let total = try connection.fetchOne("SELECT count(*) AS n FROM floor_order")?.value(named: "n", as: Int.self) ?? 0
    let columns = SQL(
        stringLiteral:
            "id, area_id, name, kind, latitude, longitude, address, phone, website, description, opening_hours")
    let run = rowsPerTransaction > 0 ? rowsPerTransaction : max(total, 1)
    let seconds =
        try milliseconds {
            if bulk { return try bulkWrite(connection, columns: columns) }
            var done = 0
            while done < total {
                try connection.inTransaction(.immediate) { _ in
                    try connection.execute(
                        """
                        INSERT INTO places (\(sql: columns)) SELECT \(sql: columns)
                        FROM floor_order AS o JOIN source.places AS p ON p.rowid = o.source_rowid
                        WHERE o.rowid > \(done) AND o.rowid <= \(done + run) ORDER BY o.rowid
                        """)
                }
                done += run
            }
        } / 1000
    let indexed = try connection.fetchOne("SELECT count(*) AS n FROM places_rtree")?.value(named: "n", as: Int.self)
    let placed = try connection.fetchOne("SELECT count(*) AS n FROM places")?.value(named: "n", as: Int.self)
    // What the R*Tree holds when its trigger was kept, or the bulk write filled it.
    guard indexed == placed || without == "spatial-index" || without == "both" else {
        let message = "write-floor: the R*Tree holds \(indexed ?? 0) of \(placed ?? 0) places\n"
        FileHandle.standardError.write(Data(message.utf8))
        exit(1)
    }
    print(String(format: "%.2f %.0f", seconds, Double(total) / seconds))
}

/// The source's places written into `connection`'s empty city in one transaction, each structure of the schema
/// built the fastest way SQLite has for it (see the file's opening comment); the schema is as it was afterwards.
func bulkWrite(_ connection: Database, columns: SQL) throws {
    let kept = try connection.fetchAll(
        """
        SELECT name, sql FROM sqlite_master
        WHERE name IN ('places_name_en', 'places_name_ko', 'places_inserted') ORDER BY name
        """)
    guard kept.count == 3 else {
        let message = "write-floor: the schema has no name-order indexes or insert trigger\n"
        FileHandle.standardError.write(Data(message.utf8))
        exit(1)
    }
    try connection.inTransaction(.immediate) { _ in
        for statement in ["DROP INDEX places_name_en", "DROP INDEX places_name_ko", "DROP TRIGGER places_inserted"] {
            try connection.execute(SQL(stringLiteral: statement))
        }
        try connection.execute(
            """
            INSERT INTO places (\(sql: columns)) SELECT \(sql: columns)
            FROM floor_order AS o JOIN source.places AS p ON p.rowid = o.source_rowid ORDER BY o.rowid
            """)
        try connection.execute(
            """
            INSERT INTO places_rtree (id, min_latitude, max_latitude, min_longitude, max_longitude)
            SELECT rowid, latitude, latitude, longitude, longitude FROM places WHERE area_id = \(city.id) ORDER BY rowid
            """)
        try connection.execute(
            """
            INSERT INTO place_stats (area_id, place_count, south, north, west, east)
            SELECT area_id, count(*), min(latitude), max(latitude), min(longitude), max(longitude)
            FROM places WHERE area_id = \(city.id) AND archived_at IS NULL GROUP BY area_id
            ON CONFLICT (area_id) DO UPDATE SET place_count = place_count + excluded.place_count,
                south = min(south, excluded.south), north = max(north, excluded.north),
                west = min(west, excluded.west), east = max(east, excluded.east)
            """)
        try connection.execute("UPDATE catalog_version SET version = version + 1 WHERE id = 1")
        for row in kept { try connection.execute(SQL(stringLiteral: try row.value(named: "sql", as: String.self))) }
    }
}

// MARK: Command line

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, _ fallback: String, in arguments: [String] = Array(CommandLine.arguments.dropFirst()))
    -> String
{
    guard let index = arguments.firstIndex(of: "--\(name)"), index + 1 < arguments.count else { return fallback }
    return arguments[index + 1]
}
guard let command = arguments.first else {
    FileHandle.standardError.write(
        Data("usage: grubmap-bench-spatial generate|area|knn|bbox|read|write-floor …\n".utf8))
    exit(2)
}
let database = option("database", "")
switch command {
case "generate":
    generate(
        count: Int(arguments.dropFirst().first ?? "") ?? 1000, seed: UInt64(arguments.dropFirst(2).first ?? "") ?? 1,
        idPrefix: option("id-prefix", "syn"))
case "area":
    try openStore(database).save(area: arguments.contains("--town") ? town : city, places: [])
case "knn":
    let k = Int(option("k", "10"))!
    let points = Int(option("points", "30"))!
    try compare(database: database, points: points, seed: 42) { origin in
        PlaceQuery(areaID: city.id, order: .distance(from: origin), limit: k)
    }
case "bbox":
    // The view of a phone (CSS pixels) at a Web Mercator zoom, around each point.
    let zoom = Double(option("zoom", "17"))!
    let width = Double(option("width", "390"))!
    let height = Double(option("height", "844"))!
    let points = Int(option("points", "30"))!
    try compare(database: database, points: points, seed: 43) { origin in
        let metersPerPixel = 156_543.033_92 * cos(origin.latitude * .pi / 180) / pow(2, zoom)
        let halfLatitude = height / 2 * metersPerPixel / 111_320
        let halfLongitude = width / 2 * metersPerPixel / (111_320 * cos(origin.latitude * .pi / 180))
        let box = try! GeoBox(
            west: origin.longitude - halfLongitude, south: origin.latitude - halfLatitude,
            east: origin.longitude + halfLongitude, north: origin.latitude + halfLatitude)
        return PlaceQuery(areaID: city.id, order: .distance(from: box.center), box: box, limit: 500)
    }
case "read":
    // How fast the GeoJSON reader alone reads a file (an import's first phase): `read FILE`.
    guard arguments.count > 1, let file = FileHandle(forReadingAtPath: arguments[1]) else {
        FileHandle.standardError.write(Data("grubmap-bench-spatial read: give a readable GeoJSON file\n".utf8))
        exit(2)
    }
    var reader = PlaceGeoJSONReader(area: city.id, localLanguage: "ko") {
        let chunk = try file.read(upToCount: 1 << 20) ?? Data()
        return chunk.isEmpty ? nil : Array(chunk)
    }
    let started = ContinuousClock.now
    var count = 0
    while try reader.next() != nil { count += 1 }
    let seconds = (ContinuousClock.now - started) / .seconds(1)
    print("read \(count) features in \(String(format: "%.2f", seconds)) s (\(Int(Double(count) / seconds))/s)")
case "write-floor":
    try writeFloor(
        database: database, source: option("from", ""), rowsPerTransaction: Int(option("rows", "0"))!,
        without: option("without", ""), bulk: arguments.contains("--bulk"))
default:
    FileHandle.standardError.write(Data("grubmap-bench-spatial: unknown command \(command)\n".utf8))
    exit(2)
}
