import Testing

@testable import GrubmapCore

/// The rectangles around a geodesic disc hold every point of it, and the search through them answers what a full
/// scan does, at the antimeridian and the poles too.
@Suite struct NearestSearchTests {

    /// Centers where rectangles are hardest to get right: the antimeridian, the poles, the equator, anywhere.
    static let centers: [(Double, Double)] = [
        (0, 179.999), (0, -180), (-16.5, 179.9), (89.99, 30), (-89.9, -100), (90, 0), (-90, 0), (0, 0),
        (37.5665, 126.978), (64.1, -21.9), (71, 179.5),
    ]

    @Test(arguments: centers.indices)
    func theRectanglesHoldEveryPointOfTheDisc(index: Int) throws {
        let (latitude, longitude) = Self.centers[index]
        let center = try Coordinate(latitude: latitude, longitude: longitude)
        var random = SplitMix64(seed: UInt64(index) + 1)
        for scale in [10.0, 1_000, 100_000, 3_000_000, 15_000_000] {
            // Points scattered around the center; the disc's radius is one of their distances, so some lie exactly
            // on its edge.
            var points: [Coordinate] = []
            for _ in 0..<300 {
                let spread = scale / 111_000 * 1.5
                let pointLatitude = min(90, max(-90, latitude + random.between(-spread, spread)))
                var pointLongitude = (longitude + random.between(-spread, spread) * 3 + 180)
                    .truncatingRemainder(dividingBy: 360)
                if pointLongitude < 0 { pointLongitude += 360 }
                pointLongitude -= 180
                points.append(try Coordinate(latitude: pointLatitude, longitude: pointLongitude))
            }
            let distances = points.map { center.distance(to: $0) }
            for radius in distances.prefix(20) {
                let disc = GeodesicDisc(center: center, radiusMeters: radius)
                let boxes = disc.boundingBoxes
                for (point, distance) in zip(points, distances) where distance <= radius {
                    #expect(
                        boxes.contains { $0.contains(point) },
                        "\(point) at \(distance) m from \(center) is outside \(boxes) for radius \(radius)")
                }
            }
        }
    }

    @Test func discsTooLargeToBoundTakeTheWorld() throws {
        let center = try Coordinate(latitude: 10, longitude: 20)
        #expect(GeodesicDisc(center: center, radiusMeters: 10_100_000).boundingBoxes == [.world])
        #expect(GeodesicDisc(center: center, radiusMeters: 20_003_932).coversEarth)
        let polar = GeodesicDisc(center: try Coordinate(latitude: 89.5, longitude: 0), radiusMeters: 100_000)
        #expect(polar.boundingBoxes.count == 1 && polar.boundingBoxes[0].southWest.longitude == -180)
    }

    /// Places with their ids, for a search over memory.
    struct Spot: Hashable {
        let id: String
        let coordinate: Coordinate
    }

    static func spots(count: Int, seed: UInt64) throws -> [Spot] {
        var random = SplitMix64(seed: seed)
        var spots: [Spot] = []
        for index in 0..<count {
            let coordinate: Coordinate
            switch index % 5 {
            case 0:  // a city
                coordinate = try Coordinate(
                    latitude: 37.5 + random.between(-0.1, 0.1), longitude: 127 + random.between(-0.1, 0.1))
            case 1:  // across the antimeridian
                coordinate = try Coordinate(
                    latitude: -17 + random.between(-1, 1),
                    longitude: (180 + random.between(-1, 1) + 540).truncatingRemainder(dividingBy: 360) - 180)
            case 2:  // near the north pole
                coordinate = try Coordinate(latitude: random.between(89, 90), longitude: random.between(-180, 180))
            case 3:  // on top of another one
                coordinate = spots[max(0, index - 3)].coordinate
            default:  // anywhere
                coordinate = try Coordinate(latitude: random.between(-90, 90), longitude: random.between(-180, 180))
            }
            spots.append(Spot(id: String(format: "p%05d", (index * 7919) % count), coordinate: coordinate))
        }
        return spots
    }

    /// What a full scan gives: every distance, sorted, ties by id.
    static func scan(_ spots: [Spot], from origin: Coordinate, where keep: (Spot, Double) -> Bool) -> [(String, Double)]
    {
        spots.map { ($0, origin.distance(to: $0.coordinate)) }.filter { keep($0.0, $0.1) }
            .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }.map { ($0.0.id, $0.1) }
    }

    @Test(arguments: [(37.52, 127.03), (-17.2, 179.99), (89.7, 10), (0, 0), (-60, -60)])
    func theSearchAnswersWhatAScanDoes(latitude: Double, longitude: Double) throws {
        let spots = try Self.spots(count: 2000, seed: 7)
        let origin = try Coordinate(latitude: latitude, longitude: longitude)
        var rounds = 0
        func search(_ search: NearestSearch, excluding: Set<String> = []) -> [(String, Double)] {
            search.run(firstRadiusMeters: 50, excluding: excluding) { rectangles in
                rounds += 1
                return spots.filter { spot in rectangles.contains { $0.contains(spot.coordinate) } }
            } key: {
                ($0.id, $0.coordinate)
            }.map { ($0.id, $0.distanceMeters) }
        }
        for count in [1, 10, 51] {
            let expected = Self.scan(spots, from: origin) { _, _ in true }.prefix(count)
            let found = search(NearestSearch(origin: origin, count: count))
            #expect(found.map(\.0) == expected.map(\.0))
            #expect(found.map(\.1) == expected.map(\.1))
        }
        // Page by page, each after the last of the one before, the pages add up to the scan.
        let all = Self.scan(spots, from: origin) { _, _ in true }
        var paged: [(String, Double)] = []
        while paged.count < 300 {
            let page = search(NearestSearch(origin: origin, count: 37, after: paged.last.map { ($0.1, $0.0) }))
            paged += page
        }
        #expect(paged.map(\.0) == all.prefix(paged.count).map(\.0))
        // Within a radius, inside a box crossing the antimeridian, without some ids.
        let box = try GeoBox(west: 170, south: -30, east: -170, north: 90)
        let excluded: Set<String> = Set(all.prefix(3).map(\.0))
        let radius = 2_000_000.0
        let limited = search(
            NearestSearch(origin: origin, count: 25, maximumMeters: radius, box: box), excluding: excluded)
        let expected = Self.scan(spots, from: origin) { spot, distance in
            distance <= radius && box.contains(spot.coordinate) && !excluded.contains(spot.id)
        }
        #expect(limited.map(\.0) == expected.prefix(25).map(\.0))
    }

    @Test(arguments: centers.indices)
    func theLowerBoundIsNeverMoreThanADistanceInTheRectangle(index: Int) throws {
        let (latitude, longitude) = Self.centers[index]
        let center = try Coordinate(latitude: latitude, longitude: longitude)
        var random = SplitMix64(seed: UInt64(index) + 11)
        for scale in [0.0001, 0.01, 1, 30, 170] {
            for _ in 0..<200 {
                let south = max(-90, min(90, latitude + random.between(-scale, scale)))
                let north = min(90, south + random.between(0, scale))
                let west = max(-180, min(180, longitude + random.between(-scale, scale) * 2))
                let east = min(180, west + random.between(0, scale) * 2)
                let bound = GeodesicDisc.lowerBoundMeters(
                    fromLatitude: latitude, longitude: longitude, south: south, north: north, west: west, east: east)
                // Its corners, edges' middles and points inside are all at least that far.
                for (pointLatitude, pointLongitude) in [
                    (south, west), (north, east), (south, east), (north, west), ((south + north) / 2, west),
                    (random.between(south, north), random.between(west, east)),
                    (min(max(latitude, south), north), min(max(longitude, west), east)),
                ] {
                    let point = try Coordinate(latitude: pointLatitude, longitude: pointLongitude)
                    #expect(bound <= center.distance(to: point), "\(point) from \(center)")
                }
                // A rectangle inside it has a bound at least as large (what lets an R*Tree order by it).
                let inner = GeodesicDisc.lowerBoundMeters(
                    fromLatitude: latitude, longitude: longitude, south: (south * 3 + north) / 4, north: north,
                    west: west, east: (west + east * 3) / 4)
                #expect(inner >= bound * (1 - 1e-12) - 1e-6)
            }
        }
        // Nearly exact nearby: within half a percent of the distance to a point 300 m away.
        let near = try Coordinate(latitude: 37.5665 + 0.0027, longitude: 126.978)
        let bound = GeodesicDisc.lowerBoundMeters(
            fromLatitude: 37.5665, longitude: 126.978, south: near.latitude, north: near.latitude,
            west: near.longitude, east: near.longitude)
        let distance = try Coordinate(latitude: 37.5665, longitude: 126.978).distance(to: near)
        #expect(bound <= distance && bound > distance * 0.995)
    }

    @Test(arguments: [(37.52, 127.03), (-17.2, 179.99), (89.7, 10), (0, 0), (-60, -60)])
    func theSearchInAnIndexsOrderAnswersWhatAScanDoes(latitude: Double, longitude: Double) throws {
        let spots = try Self.spots(count: 2000, seed: 7)
        let origin = try Coordinate(latitude: latitude, longitude: longitude)
        // An index of the spots' points that gives them by their lower bound, as SQLite's R*Tree does.
        func bound(_ spot: Spot) -> Double {
            GeodesicDisc.lowerBoundMeters(
                fromLatitude: latitude, longitude: longitude, south: spot.coordinate.latitude,
                north: spot.coordinate.latitude, west: spot.coordinate.longitude, east: spot.coordinate.longitude)
        }
        let ordered = spots.sorted { bound($0) < bound($1) }
        var fetched = 0
        func search(_ search: NearestSearch, excluding: Set<String> = []) -> [(String, Double)] {
            search.runInOrder(excluding: excluding) { limit in
                fetched += min(limit, ordered.count)
                return Array(ordered.prefix(limit))
            } key: {
                ($0.id, $0.coordinate)
            } lowerBound: {
                bound($0)
            }.map { ($0.id, $0.distanceMeters) }
        }
        for count in [1, 10, 51] {
            let expected = Self.scan(spots, from: origin) { _, _ in true }.prefix(count)
            let found = search(NearestSearch(origin: origin, count: count))
            #expect(found.map(\.0) == expected.map(\.0))
            #expect(found.map(\.1) == expected.map(\.1))
        }
        let all = Self.scan(spots, from: origin) { _, _ in true }
        var paged: [(String, Double)] = []
        while paged.count < 300 {
            paged += search(NearestSearch(origin: origin, count: 37, after: paged.last.map { ($0.1, $0.0) }))
        }
        #expect(paged.map(\.0) == all.prefix(paged.count).map(\.0))
        let box = try GeoBox(west: 170, south: -30, east: -170, north: 90)
        let excluded: Set<String> = Set(all.prefix(3).map(\.0))
        let radius = 2_000_000.0
        let limited = search(
            NearestSearch(origin: origin, count: 25, maximumMeters: radius, box: box), excluding: excluded)
        let expected = Self.scan(spots, from: origin) { spot, distance in
            distance <= radius && box.contains(spot.coordinate) && !excluded.contains(spot.id)
        }
        #expect(limited.map(\.0) == expected.prefix(25).map(\.0))
        // Ten nearest read a few dozen rows, not the 2,000.
        fetched = 0
        _ = search(NearestSearch(origin: origin, count: 10))
        #expect(fetched < 100)
    }

    @Test func anExtentThatIsCoveredEndsTheSearchAtOnce() throws {
        let spots = try Self.spots(count: 50, seed: 3).filter {
            $0.coordinate.latitude > 37 && $0.coordinate.latitude < 38
        }
        let extent = try Bounds(enclosing: spots.map(\.coordinate), margin: 0)
        let origin = try Coordinate(latitude: 37.5, longitude: 127)
        var rounds = 0
        let found = NearestSearch(origin: origin, count: 100, extent: extent).run(firstRadiusMeters: 50_000) {
            rectangles in
            rounds += 1
            return spots.filter { spot in rectangles.contains { $0.contains(spot.coordinate) } }
        } key: {
            ($0.id, $0.coordinate)
        }
        #expect(found.count == spots.count)
        #expect(rounds == 1)
    }

    /// A view holding fewer places than asked for is answered once the rectangles hold the view, not after growing
    /// the disc to the area's edge; the same places as a scan of the box, nearest first.
    @Test func aBoxThatIsCoveredEndsTheSearch() throws {
        let spots = try Self.spots(count: 2000, seed: 5)
        let box = try GeoBox(west: 126.99, south: 37.49, east: 127.01, north: 37.51)
        let origin = try Coordinate(latitude: 37.5, longitude: 127)
        var rounds = 0
        let found = NearestSearch(origin: origin, count: 500, box: box).run(firstRadiusMeters: 500) { rectangles in
            rounds += 1
            return spots.filter { spot in rectangles.contains { $0.contains(spot.coordinate) } }
        } key: {
            ($0.id, $0.coordinate)
        }
        let inBox = spots.filter { box.contains($0.coordinate) }
        #expect(!inBox.isEmpty && inBox.count < 500)
        #expect(Set(found.map(\.id)) == Set(inBox.map(\.id)))
        #expect(found.map(\.distanceMeters) == found.map(\.distanceMeters).sorted())
        #expect(rounds <= 3)
    }

    @Test func boxesParseCrossTheAntimeridianAndRefuseMistakes() throws {
        let box = try GeoBox(parsing: "170, -20, -170, -10")
        #expect(box.crossesAntimeridian)
        #expect(box.parts.count == 2)
        #expect(box.contains(try Coordinate(latitude: -15, longitude: 179.5)))
        #expect(box.contains(try Coordinate(latitude: -15, longitude: -175)))
        #expect(!box.contains(try Coordinate(latitude: -15, longitude: 0)))
        #expect(box.center == (try Coordinate(latitude: -15, longitude: 180)))
        #expect(throws: GeoBoxError.southOfNorth(south: 10, north: 5)) { try GeoBox(parsing: "0,10,1,5") }
        #expect(throws: GeoBoxError.malformed("1,2,3")) { try GeoBox(parsing: "1,2,3") }
        #expect(throws: GeoBoxError.outOfRange("west", 181, 180)) { try GeoBox(parsing: "181,0,1,1") }
        #expect(throws: GeoBoxError.notFinite("north")) { try GeoBox(parsing: "0,0,1,nan") }
    }
}
