import Foundation
import GrubmapCore
import GrubmapStore

/// Places as pages ask for them: by id, nearest first, inside a box or a radius, by name, and an area in id order.
///
/// Nearest first is exact: the spatial index (an R*Tree on SQLite, a GiST index on PostgreSQL) is asked only for
/// the places in rectangles that provably hold a disc around the point (``NearestSearch``), and each candidate's
/// ellipsoidal distance decides; so a page equals what a full scan computing every distance would give, in a few
/// hundred candidates rather than every place of the area. Archived places (the console's) are left out of every
/// answer, as they are of the public pages.
extension SQLStore {
    public func place(id: Place.ID) throws -> Place? {
        let row = try withConnection { connection in
            try connection.fetchOne(
                "SELECT \(sql: StoreRows.placeColumns) FROM places WHERE id = \(id) AND archived_at IS NULL")
        }
        return try row.map(StoreRows.place(from:))
    }

    public func places(ids: [Place.ID]) throws -> [Place] {
        var unique: [Place.ID] = []
        var seen = Set<Place.ID>()
        for id in ids where seen.insert(id).inserted { unique.append(id) }
        guard !unique.isEmpty else { return [] }
        let rows = try withConnection { connection in try Self.rows(ids: unique, on: connection) }
        let byID = Dictionary(
            try rows.map { row in (try StoreRows.place(from: row).id, row) }, uniquingKeysWith: { first, _ in first })
        return try unique.compactMap { id in try byID[id].map(StoreRows.place(from:)) }
    }

    /// The rows of places with these ids, in any order, a statement per ``SQL/inLists(_:)`` list.
    static func rows(ids: [Place.ID], on connection: some SQLConnection) throws -> [Row] {
        try SQL.inLists(ids).flatMap { list in
            try connection.fetchAll(
                "SELECT \(sql: StoreRows.placeColumns) FROM places WHERE id IN (\(sql: list)) AND archived_at IS NULL")
        }
    }

    public func places(inArea id: Area.ID, after: Place.ID?, limit: Int) throws -> [Place] {
        let order = dialect.idInByteOrder
        let rows = try withConnection { connection in
            if let after {
                try connection.fetchAll(
                    """
                    SELECT \(sql: StoreRows.placeColumns) FROM places
                    WHERE area_id = \(id) AND \(sql: order) > \(after) AND archived_at IS NULL
                    ORDER BY \(sql: order) LIMIT \(limit)
                    """)
            } else {
                try connection.fetchAll(
                    """
                    SELECT \(sql: StoreRows.placeColumns) FROM places WHERE area_id = \(id) AND archived_at IS NULL
                    ORDER BY \(sql: order) LIMIT \(limit)
                    """)
            }
        }
        return try rows.map(StoreRows.place(from:))
    }

    public func places(matching query: PlaceQuery) throws -> PlaceResults {
        try query.validate()
        let catalog = try catalogCache.current ?? catalog()
        let extent = query.areaID.map { catalog.placeExtent(inArea: $0) } ?? catalog.totalPlaceExtent
        guard let extent else { return PlaceResults(places: [], next: nil) }
        switch query.order {
        case .name(let language):
            return try placesByName(query, language: language)
        case .distance(let origin):
            return try nearest(query, origin: origin, extent: extent, catalog: catalog)
        }
    }

    // MARK: By name

    private func placesByName(_ query: PlaceQuery, language: Language) throws -> PlaceResults {
        guard let areaID = query.areaID else {
            throw StoreError.invalidQuery("places by name are listed for one area")
        }
        let key = SQL(stringLiteral: dialect.nameSortKey(language))
        let id = dialect.idInByteOrder
        // One more than asked, and as many more as may be left out, to know whether a next page exists.
        let count = query.limit + 1 + query.excluding.count
        let rows = try withConnection { connection in
            if case .name(let after, let afterID)? = query.after {
                // `key >= …` lets both planners start the index scan at the cursor; the row value then skips the
                // places of equal key up to and including the cursor's.
                try connection.fetchAll(
                    """
                    SELECT \(sql: StoreRows.placeColumns) FROM places
                    WHERE area_id = \(areaID) AND archived_at IS NULL AND \(sql: key) >= \(after) AND (\(sql: key), \(sql: id)) > (\(after), \(afterID))
                    ORDER BY \(sql: key), \(sql: id) LIMIT \(count)
                    """)
            } else {
                try connection.fetchAll(
                    """
                    SELECT \(sql: StoreRows.placeColumns) FROM places WHERE area_id = \(areaID) AND archived_at IS NULL
                    ORDER BY \(sql: key), \(sql: id) LIMIT \(count)
                    """)
            }
        }
        var places: [ListedPlace] = []
        for row in rows {
            let place = try StoreRows.place(from: row)
            guard !query.excluding.contains(place.id) else { continue }
            places.append(ListedPlace(place: place, distanceMeters: nil))
        }
        return Self.page(of: places, query: query)
    }

    /// The first `limit` places, and the key of the last when more were found.
    private static func page(of places: [ListedPlace], query: PlaceQuery) -> PlaceResults {
        guard places.count > query.limit else { return PlaceResults(places: places, next: nil) }
        let shown = Array(places.prefix(query.limit))
        return PlaceResults(places: shown, next: shown.last.map(query.sortKey(of:)))
    }

    // MARK: Nearest first

    private func nearest(_ query: PlaceQuery, origin: Coordinate, extent: Bounds, catalog: Catalog) throws
        -> PlaceResults
    {
        var after: (distanceMeters: Double, id: String)?
        if case .distance(let meters, let id)? = query.after { after = (meters, id.rawValue) }
        let search = NearestSearch(
            origin: origin, count: query.limit + 1, after: after, maximumMeters: query.radiusMeters, box: query.box,
            extent: extent)
        let excluding = Set(query.excluding.map(\.rawValue))
        let found = try withConnection { connection in
            if let found = try everyPlaceOfSmallArea(
                query, search: search, excluding: excluding, catalog: catalog, on: connection)
            {
                return found
            }
            if let found = try nearestInOrder(query, search: search, excluding: excluding, on: connection) {
                return found
            }
            if let found = try everyPlaceInBox(query, search: search, excluding: excluding, on: connection) {
                return found
            }
            let first = try firstRadius(query, origin: origin, extent: extent, catalog: catalog, on: connection)
            return try search.run(
                firstRadiusMeters: first, excluding: excluding,
                fetch: { rectangles in try candidates(in: rectangles, areaID: query.areaID, on: connection) },
                key: PlaceCandidate.key)
        }
        let places = try found.map { found in
            ListedPlace(place: try StoreRows.place(from: found.row.row), distanceMeters: found.distanceMeters)
        }
        return Self.page(of: places, query: query)
    }

    /// The answer for an area of few places (at most ``smallAreaPlaces(asked:)``): every place of the area, read by
    /// the area's index, sorted by their exact distances. The spatial index holds every area's places, so through it
    /// a venue lying on a city's ground (a host serving both) would go through the city's places nearest first
    /// until it had found its own: 25 places inside a city of 10^6 took 3 s a page that way.
    private func everyPlaceOfSmallArea(
        _ query: PlaceQuery, search: NearestSearch, excluding: Set<String>, catalog: Catalog,
        on connection: Pool.Connection
    ) throws -> [NearestSearch.Found<PlaceCandidate>]? {
        let most = Self.smallAreaPlaces(asked: search.count + excluding.count)
        guard let areaID = query.areaID, catalog.placeCount(inArea: areaID) <= most else { return nil }
        // The catalog may be a moment old: an area that has grown since is left to the index.
        let rows = try connection.fetchAll(
            """
            SELECT \(sql: StoreRows.placeColumns) FROM places WHERE area_id = \(areaID) AND archived_at IS NULL
            LIMIT \(most + 1)
            """)
        guard rows.count <= most else { return nil }
        return search.answer(
            fromEvery: try rows.map { try PlaceCandidate($0) }, excluding: excluding, key: PlaceCandidate.key)
    }

    /// The most places an area may have for a query of `asked` places to read them all (``everyPlaceOfSmallArea``)
    /// rather than go through the spatial index, which reads somewhat more than asked itself.
    static func smallAreaPlaces(asked: Int) -> Int { 2 * asked }

    /// PostgreSQL's answer for a box that holds fewer places than asked (as a map's view most often does): all of
    /// them in one read by the GiST index, sorted by their exact distances; `nil` when the box holds more, or crosses
    /// the antimeridian, and the search goes by rounds.
    private func everyPlaceInBox(
        _ query: PlaceQuery, search: NearestSearch, excluding: Set<String>, on connection: Pool.Connection
    ) throws -> [NearestSearch.Found<PlaceCandidate>]? {
        guard dialect == .postgreSQL, let box = query.box, !box.crossesAntimeridian, let rectangle = box.parts.first
        else { return nil }
        let most = search.count + excluding.count
        let rows = try connection.fetchAll(
            "\(sql: dialect.placesInside(rectangle, areaID: query.areaID)) LIMIT \(most + 1)")
        guard rows.count <= most else { return nil }
        return search.answer(
            fromEvery: try rows.map { try PlaceCandidate($0) }, excluding: excluding, key: PlaceCandidate.key)
    }

    /// A first guess of the distance of the query's last place, so that most searches take one round.
    ///
    /// PostgreSQL's GiST index gives the nearest places by `<->` (in degrees, not metres, and blind to the
    /// antimeridian, so only a guess): the farthest of them, by its exact distance, is far enough to hold that
    /// many. SQLite's R*Tree has no such order, so there the guess comes from how densely the area's places lie.
    private func firstRadius(
        _ query: PlaceQuery, origin: Coordinate, extent: Bounds, catalog: Catalog, on connection: Pool.Connection
    ) throws -> Double {
        let count = query.limit + 1
        let start = query.after.flatMap { key -> Double? in
            if case .distance(let meters, _) = key { meters } else { nil }
        }
        guard dialect == .postgreSQL, start == nil, query.box?.crossesAntimeridian != true else {
            let places = query.areaID.map { catalog.placeCount(inArea: $0) } ?? catalog.totalPlaceCount
            let area = max(extent.areaSquareMeters, 1)
            let radius = (Double(count) * area / (Double(max(places, 1)) * .pi)).squareRoot() * 1.5
            return ((start ?? 0) * (start ?? 0) + radius * radius).squareRoot()
        }
        let point: SQL = "point(\(origin.longitude), \(origin.latitude))"
        let area: SQL = query.areaID.map { "AND area_id = \($0)" } ?? ""
        let inBox: SQL =
            query.box.map { box in
                "AND point(longitude, latitude) <@ box(point(\(box.west), \(box.south)), point(\(box.east), \(box.north)))"
            } ?? ""
        let rows = try connection.fetchAll(
            """
            SELECT id, latitude, longitude FROM places WHERE archived_at IS NULL \(sql: area) \(sql: inBox)
            ORDER BY point(longitude, latitude) <-> \(sql: point) LIMIT \(count + query.excluding.count)
            """)
        var distances: [Double] = []
        for row in rows {
            guard let id = try? row.value(named: "id", as: Place.ID.self), !query.excluding.contains(id),
                let coordinate = try? Coordinate(
                    latitude: row.value(named: "latitude"), longitude: row.value(named: "longitude"))
            else { continue }
            distances.append(origin.distance(to: coordinate))
        }
        return distances.prefix(count).max() ?? GeodesicDisc.longestGeodesicMeters
    }

    /// SQLite's search in its R*Tree's own order (``NearestSearch/runInOrder(excluding:fetch:key:lowerBound:)``, by
    /// `grubmap_nearest`); `nil` on PostgreSQL, whose rectangles take a first radius from its GiST index.
    private func nearestInOrder(
        _ query: PlaceQuery, search: NearestSearch, excluding: Set<String>, on connection: Pool.Connection
    ) throws -> [NearestSearch.Found<PlaceCandidate>]? {
        guard dialect == .sqlite else { return nil }
        let origin = search.origin
        // Inside the rectangle holding every place asked for, so a search for more than an area has ends there.
        let extent = search.extent ?? .world
        return try search.runInOrder(
            excluding: excluding,
            fetch: { limit in
                try rtreeCandidates(query, origin: origin, extent: extent, limit: limit, on: connection)
            },
            key: PlaceCandidate.key
        ) { candidate in
            let box = candidate.order
            return GeodesicDisc.lowerBoundMeters(
                fromLatitude: origin.latitude, longitude: origin.longitude, south: box.south, north: box.north,
                west: box.west, east: box.east)
        }
    }

    /// SQLite's first `limit` places (of the area, when given) meeting the query's box and inside `extent`, nearest
    /// first to `origin` by the R*Tree's lower bound (`grubmap_nearest`), each with its rectangle in the tree
    /// (south, north, west, east).
    private func rtreeCandidates(
        _ query: PlaceQuery, origin: Coordinate, extent: Bounds, limit: Int, on connection: Pool.Connection
    ) throws -> [PlaceCandidate] {
        let box = query.box
        let area: SQL = query.areaID.map { "AND p.area_id = \($0)" } ?? ""
        let rows = try connection.fetchAll(
            """
            SELECT \(sql: StoreRows.placeColumnsOfP), r.min_latitude, r.max_latitude, r.min_longitude,
                r.max_longitude
            FROM places_rtree AS r CROSS JOIN places AS p ON p.rowid = r.id
            WHERE r.id MATCH grubmap_nearest(\(origin.latitude), \(origin.longitude), \(box?.south ?? -90),
                \(box?.north ?? 90), \(box?.west ?? -180), \(box?.east ?? 180), \(extent.southWest.latitude),
                \(extent.northEast.latitude), \(extent.southWest.longitude), \(extent.northEast.longitude))
                AND p.archived_at IS NULL \(sql: area)
            LIMIT \(limit)
            """)
        return try rows.map { row in
            try PlaceCandidate(
                row,
                order: PlaceCandidate.Rectangle(
                    south: row.value(named: "min_latitude", expectedAt: 12),
                    north: row.value(named: "max_latitude", expectedAt: 13),
                    west: row.value(named: "min_longitude", expectedAt: 14),
                    east: row.value(named: "max_longitude", expectedAt: 15)))
        }
    }

    /// Every place (of the area, when given) inside the rectangles, each once.
    private func candidates(in rectangles: [Bounds], areaID: Area.ID?, on connection: Pool.Connection) throws
        -> [PlaceCandidate]
    {
        var seen = Set<String>()
        var candidates: [PlaceCandidate] = []
        for rectangle in rectangles {
            for row in try connection.fetchAll(dialect.placesInside(rectangle, areaID: areaID)) {
                let candidate = try PlaceCandidate(row)
                if seen.insert(candidate.id).inserted { candidates.append(candidate) }
            }
        }
        return candidates
    }
}

/// A candidate row of a nearest-first search, with its id and coordinate read; the rest is decoded only if it is
/// among the answers.
struct PlaceCandidate {
    let row: Row
    let id: String
    let coordinate: Coordinate
    /// SQLite's R*Tree rectangle of the row, which it ordered the rows by (``SQLStore/nearestInOrder``); zero
    /// otherwise.
    let order: Rectangle

    /// A rectangle as the R*Tree keeps it.
    struct Rectangle {
        var south = 0.0
        var north = 0.0
        var west = 0.0
        var east = 0.0
    }

    /// What a nearest search orders it by: its id and point.
    static func key(_ candidate: PlaceCandidate) -> (id: String, coordinate: Coordinate) {
        (candidate.id, candidate.coordinate)
    }

    /// Reads a row of ``StoreRows/placeColumns`` (`id` column 0, `latitude` 4, `longitude` 5).
    init(_ row: Row, order: Rectangle = Rectangle()) throws {
        do {
            id = try row.value(at: 0, as: String.self)
            coordinate = try Coordinate(latitude: row.value(at: 4), longitude: row.value(at: 5))
        } catch {
            // A row that cannot be placed fails the query with the error naming it, as reading it would.
            _ = try StoreRows.place(from: row)
            throw error
        }
        self.row = row
        self.order = order
    }
}

extension SQLDialect {
    /// Every place (of the area, when given) whose point lies inside the rectangle (edges included), through the
    /// spatial index, with ``StoreRows/placeColumns`` in order (so `id` is column 0, `latitude` 4, `longitude` 5).
    func placesInside(_ rectangle: Bounds, areaID: Area.ID?) -> SQL {
        let (south, west) = (rectangle.southWest.latitude, rectangle.southWest.longitude)
        let (north, east) = (rectangle.northEast.latitude, rectangle.northEast.longitude)
        switch self {
        case .sqlite:
            // CROSS JOIN keeps the R*Tree as the outer loop: SQLite might otherwise walk a big area's places by
            // `area_id` and look each up in the tree.
            let area: SQL = areaID.map { "AND p.area_id = \($0)" } ?? ""
            return """
                SELECT \(sql: StoreRows.placeColumnsOfP) FROM places_rtree AS r CROSS JOIN places AS p
                ON p.rowid = r.id
                WHERE r.max_latitude >= \(south) AND r.min_latitude <= \(north)
                AND r.max_longitude >= \(west) AND r.min_longitude <= \(east) AND p.archived_at IS NULL \(sql: area)
                """
        case .postgreSQL:
            let area: SQL = areaID.map { "AND area_id = \($0)" } ?? ""
            return """
                SELECT \(sql: StoreRows.placeColumns) FROM places
                WHERE point(longitude, latitude) <@ box(point(\(west), \(south)), point(\(east), \(north)))
                    AND archived_at IS NULL \(sql: area)
                """
        }
    }
}

extension Bounds {
    /// The rectangle's area on a sphere of the Earth's mean radius, in square metres: enough for a density.
    var areaSquareMeters: Double {
        let radius = 6_371_008.8
        let south = southWest.latitude * .pi / 180
        let north = northEast.latitude * .pi / 180
        let width = (northEast.longitude - southWest.longitude) * .pi / 180
        return radius * radius * width * (sin(north) - sin(south))
    }
}
