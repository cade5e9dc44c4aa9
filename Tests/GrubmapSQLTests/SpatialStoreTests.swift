import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// Nearest first, in a box, within a radius and by name, on every database: through the spatial and name indexes,
/// the same pages as a full scan computing every distance, at the antimeridian and the poles, with places on top
/// of each other (ties by id), and whoever wrote the places.
@Suite("Store: places by location and by name")
struct SpatialStoreTests {
    static let origins: [(Double, Double)] = [
        (37.55, 126.98), (37.6, 127.1), (-16.8, 179.999), (-16.8, -179.7), (89.9, 45), (-89.95, 0), (0, 0),
        (51.5, -0.1),
    ]

    /// Saves the synthetic places of two areas and returns the first area's.
    func seed(_ store: any Store, count: Int = 1200) throws -> [Place] {
        let places = SyntheticPlaces.places(count, in: SyntheticPlaces.world)
        try store.save(area: SyntheticPlaces.world, places: places)
        try store.save(
            area: SyntheticPlaces.other, places: SyntheticPlaces.places(300, in: SyntheticPlaces.other, prefix: "o"))
        return places
    }

    func expectSame(
        _ found: PlaceResults, _ expected: [ListedPlace], _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(found.places.map(\.place.id) == expected.map(\.place.id), "\(label)", sourceLocation: sourceLocation)
        #expect(
            found.places.map(\.distanceMeters) == expected.map(\.distanceMeters), "\(label)",
            sourceLocation: sourceLocation)
    }

    /// Every page of `query`'s answer, each asked after the last one's key, put together.
    func everyPage(of query: PlaceQuery, in store: any Store) throws -> [ListedPlace] {
        var query = query
        var paged: [ListedPlace] = []
        while true {
            let page = try store.places(matching: query)
            paged += page.places
            guard let next = page.next else { return paged }
            query.after = next
        }
    }

    @Test(arguments: StoreKind.tested)
    func nearestFirstEqualsAFullScan(kind: StoreKind) throws {
        try kind.withStore { store throws in
            let places = try seed(store)
            for (latitude, longitude) in Self.origins {
                let origin = Fixtures.coordinate(latitude, longitude)
                for limit in [1, 10, 51] {
                    let query = PlaceQuery(
                        areaID: SyntheticPlaces.world.id, order: .distance(from: origin), limit: limit)
                    let found = try store.places(matching: query)
                    expectSame(found, SyntheticPlaces.scan(places, query), "\(origin) k=\(limit)")
                    #expect(found.places.first?.place.areaID == SyntheticPlaces.world.id)
                    #expect(found.next == found.places.last.map(query.sortKey(of:)))
                }
            }
            // Across every area, as `grubmap nearby` without --area asks.
            let all =
                try store.places(inArea: SyntheticPlaces.world.id) + store.places(inArea: SyntheticPlaces.other.id)
            let everywhere = PlaceQuery(
                areaID: nil, order: .distance(from: Fixtures.coordinate(37.55, 126.98)), limit: 40)
            expectSame(try store.places(matching: everywhere), SyntheticPlaces.scan(all, everywhere), "every area")
        }
    }

    /// An area of few places lying on a big one's ground (a venue inside a city, on one host): nearest first, in a
    /// box, within a radius, leaving places out and page after page, the same as a full scan of its own places,
    /// both when its places are read whole (no more than twice what is asked) and when the spatial index, which
    /// holds the big area's places too, is asked.
    @Test(arguments: StoreKind.tested)
    func aSmallAreaOnABigOnesGroundAnswersAsAFullScan(kind: StoreKind) throws {
        try kind.withStore { store throws in
            _ = try seed(store)
            let venue = Area(
                id: try Area.ID("synthetic-venue"), name: LocalizedText("Synthetic venue"),
                center: Fixtures.coordinate(37.55, 126.98), bounds: .world, timeZone: "UTC", currency: "USD",
                locale: "en-US")
            let places = SyntheticPlaces.places(40, in: venue, prefix: "v", seed: 7)
            try store.save(area: venue, places: places)
            for (latitude, longitude) in Self.origins {
                let origin = Fixtures.coordinate(latitude, longitude)
                let box = try GeoBox(
                    west: max(longitude - 30, -180), south: max(latitude - 30, -90), east: min(longitude + 30, 180),
                    north: min(latitude + 30, 90))
                // 5 and 10 ask the index; 19 (with one left out), 20 and 60 read the venue whole.
                for (limit, excluding) in [(5, []), (10, [places[3].id]), (19, [places[0].id]), (20, []), (60, [])] {
                    let excluded = Set(excluding)
                    let queries = [
                        PlaceQuery(areaID: venue.id, order: .distance(from: origin), limit: limit, excluding: excluded),
                        PlaceQuery(
                            areaID: venue.id, order: .distance(from: origin), radiusMeters: 3_000_000, limit: limit),
                        PlaceQuery(areaID: venue.id, order: .distance(from: origin), box: box, limit: limit),
                    ]
                    for query in queries {
                        let found = try store.places(matching: query)
                        expectSame(found, SyntheticPlaces.scan(places, query), "\(origin) k=\(limit) \(query)")
                        var longer = query
                        longer.limit += 1
                        let more = SyntheticPlaces.scan(places, longer).count > limit
                        #expect(found.next == (more ? found.places.last.map(query.sortKey(of:)) : nil))
                    }
                }
                let paged = try everyPage(
                    of: PlaceQuery(areaID: venue.id, order: .distance(from: origin), limit: 15), in: store)
                let everything = PlaceQuery(areaID: venue.id, order: .distance(from: origin), limit: 100)
                #expect(paged.map(\.place.id) == SyntheticPlaces.scan(places, everything).map(\.place.id))
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func pagesFollowEachOtherWithoutGapsOrRepeats(kind: StoreKind) throws {
        try kind.withStore { store throws in
            let places = try seed(store, count: 600)
            for (latitude, longitude) in [(37.55, 126.98), (-16.8, 180.0), (90.0, 0.0)] {
                let query = PlaceQuery(
                    areaID: SyntheticPlaces.world.id, order: .distance(from: Fixtures.coordinate(latitude, longitude)),
                    limit: 97, excluding: [places[0].id, places[5].id])
                let everything = SyntheticPlaces.scan(
                    places,
                    PlaceQuery(
                        areaID: query.areaID, order: query.order, limit: 10_000, excluding: query.excluding))
                let paged = try everyPage(of: query, in: store)
                #expect(paged.map(\.place.id) == everything.map(\.place.id))
                #expect(paged.count == places.count - 2)
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func archivedPlacesLeaveEveryAnswerAndTheCountUntilRestored(kind: StoreKind) throws {
        try kind.withStore { store throws in
            let places = try seed(store, count: 200)
            let area = SyntheticPlaces.world.id
            let gone = places[17]
            let audit = AuditEntry(
                at: Date(timeIntervalSince1970: 1_800_000_000), actor: "cli", actorName: "command line",
                areaID: area, action: "place.archive", subject: gone.id.rawValue, before: nil, after: "archived")
            _ = try store.archivePlace(id: gone.id, at: Date(timeIntervalSince1970: 1_800_000_000), audit: audit)
            let rest = places.filter { $0.id != gone.id }
            let near = PlaceQuery(areaID: area, order: .distance(from: gone.coordinate), limit: 30)
            expectSame(try store.places(matching: near), SyntheticPlaces.scan(rest, near), "archived, nearest")
            let byName = PlaceQuery(areaID: area, order: .name(.english), limit: 500)
            #expect(!(try store.places(matching: byName).places.map(\.place.id).contains(gone.id)))
            #expect(try store.place(id: gone.id) == nil)
            #expect(try store.places(inArea: area).count == 199)
            #expect(try store.catalog().placeCount(inArea: area) == 199)
            try store.restorePlace(id: gone.id, audit: audit)
            expectSame(try store.places(matching: near), SyntheticPlaces.scan(places, near), "restored, nearest")
            #expect(try store.catalog().placeCount(inArea: area) == 200)
        }
    }

    @Test(arguments: StoreKind.tested)
    func boxesAndRadiiEqualAFullScan(kind: StoreKind) throws {
        try kind.withStore { store throws in
            let places = try seed(store)
            let boxes = [
                try GeoBox(parsing: "126.95,37.52,127.0,37.57"),  // a street-level view of the city
                try GeoBox(parsing: "179.7,-17.2,-179.7,-16.5"),  // across the antimeridian
                try GeoBox(parsing: "-180,89.5,180,90"),  // the north polar cap
                try GeoBox(parsing: "10,10,11,11"),  // nothing there
            ]
            for box in boxes {
                let query = PlaceQuery(
                    areaID: SyntheticPlaces.world.id, order: .distance(from: box.center), box: box, limit: 500)
                expectSame(try store.places(matching: query), SyntheticPlaces.scan(places, query), "box \(box)")
                let fromElsewhere = PlaceQuery(
                    areaID: SyntheticPlaces.world.id, order: .distance(from: Fixtures.coordinate(0, 0)), box: box,
                    limit: 7)
                expectSame(
                    try store.places(matching: fromElsewhere), SyntheticPlaces.scan(places, fromElsewhere),
                    "box \(box) from 0,0")
                // Paged through, with the box's two nearest places shown apart (as bookmarks are): five at a time
                // (more than a page holds: searched by rounds), and all but three at a time (a page and its
                // bookmarks hold the whole box: read whole); each page the scan's.
                let inBox = SyntheticPlaces.scan(places, query)
                for limit in [5, max(inBox.count - 3, 1)] {
                    var paged = PlaceQuery(
                        areaID: SyntheticPlaces.world.id, order: .distance(from: box.center), box: box, limit: limit)
                    paged.excluding = Set(inBox.prefix(2).map(\.place.id))
                    for page in 0..<4 {
                        let found = try store.places(matching: paged)
                        expectSame(found, SyntheticPlaces.scan(places, paged), "box \(box), \(limit) a page, \(page)")
                        guard let next = found.next else { break }
                        paged.after = next
                    }
                }
            }
            for (latitude, longitude) in Self.origins {
                for radius in [50.0, 2_000, 80_000, 1_500_000] {
                    let query = PlaceQuery(
                        areaID: SyntheticPlaces.world.id,
                        order: .distance(from: Fixtures.coordinate(latitude, longitude)),
                        radiusMeters: radius, limit: 300)
                    let found = try store.places(matching: query)
                    expectSame(found, SyntheticPlaces.scan(places, query), "\(latitude),\(longitude) r=\(radius)")
                    #expect(found.places.allSatisfy { ($0.distanceMeters ?? .infinity) <= radius })
                }
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func byNameEqualsTheSortKeysInEachLanguage(kind: StoreKind) throws {
        try kind.withStore { store throws in
            let places = try seed(store, count: 500)
            for language in Language.allCases {
                let query = PlaceQuery(areaID: SyntheticPlaces.world.id, order: .name(language), limit: 61)
                let everything = SyntheticPlaces.scan(
                    places, PlaceQuery(areaID: query.areaID, order: query.order, limit: 10_000))
                let paged = try everyPage(of: query, in: store)
                #expect(paged.map(\.place.id) == everything.map(\.place.id), "\(language)")
                #expect(paged.allSatisfy { $0.distanceMeters == nil })
            }
        }
    }

    /// The indexes are the database's: places written by hand in SQL, moved, renamed and deleted, are found where
    /// they are now, and the catalog's counts follow.
    @Test(arguments: StoreKind.tested)
    func theIndexesFollowEveryWriter(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            var places = try seed(store, count: 300)
            let seoul = Fixtures.coordinate(37.55, 126.98)
            try database.execute(
                """
                INSERT INTO places (id, area_id, name, kind, latitude, longitude)
                VALUES ('by-hand', 'synthetic-world', '{"en":"aaa by hand"}', 'cafe', 37.55, 126.98);
                UPDATE places SET latitude = 37.5501, longitude = 126.9801 WHERE id = '\(places[10].id)';
                UPDATE places SET name = '{"en":"AAAA first"}' WHERE id = '\(places[20].id)';
                DELETE FROM places WHERE id = '\(places[30].id)';
                """)
            places[10].coordinate = Fixtures.coordinate(37.5501, 126.9801)
            places[20].name = LocalizedText("AAAA first")
            places.remove(at: 30)
            places.append(
                Place(
                    id: try Place.ID("by-hand"), areaID: SyntheticPlaces.world.id, name: LocalizedText("aaa by hand"),
                    kind: .cafe, coordinate: seoul))
            let nearest = PlaceQuery(areaID: SyntheticPlaces.world.id, order: .distance(from: seoul), limit: 5)
            let found = try store.places(matching: nearest)
            expectSame(found, SyntheticPlaces.scan(places, nearest), "after writes by hand")
            #expect(found.places.prefix(2).map(\.place.id.rawValue).contains("by-hand"))
            let byName = PlaceQuery(areaID: SyntheticPlaces.world.id, order: .name(.english), limit: 3)
            expectSame(try store.places(matching: byName), SyntheticPlaces.scan(places, byName), "names by hand")
            #expect(try store.catalog().placeCount(inArea: SyntheticPlaces.world.id) == places.count)
            try database.execute("UPDATE places SET area_id = 'synthetic-other' WHERE id = 'by-hand'")
            #expect(try store.catalog().placeCount(inArea: SyntheticPlaces.world.id) == places.count - 1)
            #expect(try store.catalog().placeCount(inArea: SyntheticPlaces.other.id) == 301)
        }
    }

    /// A database with places from before the indexes gets them when it is migrated.
    @Test(arguments: StoreKind.tested)
    func migratingIndexesThePlacesThereAre(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let connection = try database.connect()
            try Migrator(migrations: Schema.migrations.filter { $0.version <= 6 }).migrate(connection)
            let places = SyntheticPlaces.places(200, in: SyntheticPlaces.world)
            try connection.execute(
                """
                INSERT INTO areas (id, name, center_latitude, center_longitude, south, west, north, east, time_zone,
                    currency, locale)
                VALUES ('synthetic-world', '{"en":"Synthetic world"}', 37.55, 126.98, -90, -180, 90, 180, 'UTC', 'USD',
                    'en-US')
                """)
            for place in places {
                try connection.execute(
                    """
                    INSERT INTO places (id, area_id, name, kind, latitude, longitude)
                    VALUES (\(place.id), \(place.areaID), \(place.name.jsonText), \(place.kind.rawValue),
                        \(place.coordinate.latitude), \(place.coordinate.longitude))
                    """)
            }
            let store = try database.openStore()
            #expect(try store.catalog().placeCount(inArea: SyntheticPlaces.world.id) == 200)
            let query = PlaceQuery(
                areaID: SyntheticPlaces.world.id, order: .distance(from: Fixtures.coordinate(-16.8, 180)), limit: 20)
            expectSame(try store.places(matching: query), SyntheticPlaces.scan(places, query), "after migrating")
        }
    }

    /// SQLite's R*Tree is keyed by each place's rowid, which VACUUM keeps (SQLite documents that it "may" change
    /// rowids of tables without an INTEGER PRIMARY KEY; this checks that it does not, in the SQLite Grubmap uses).
    @Test func vacuumKeepsTheIndexRight() throws {
        try StoreKind.sqlite.withDatabase { database throws in
            let store = try database.openStore()
            let places = try seed(store, count: 400)
            try database.execute(
                "DELETE FROM places WHERE id IN ('\(places[1].id)', '\(places[2].id)', '\(places[3].id)')")
            try database.execute("VACUUM")
            let kept = Array(places.dropFirst(4)) + [places[0]]
            for (latitude, longitude) in Self.origins {
                let query = PlaceQuery(
                    areaID: SyntheticPlaces.world.id, order: .distance(from: Fixtures.coordinate(latitude, longitude)),
                    limit: 15)
                expectSame(try store.places(matching: query), SyntheticPlaces.scan(kept, query), "after VACUUM")
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func placesByIDAndByAreaInPages(kind: StoreKind) throws {
        try kind.withStore { store throws in
            let places = try seed(store, count: 250)
            let ids = [places[7].id, try Place.ID("missing"), places[3].id, places[7].id]
            #expect(try store.places(ids: ids).map(\.id) == [places[7].id, places[3].id])
            #expect(try store.places(ids: []).isEmpty)
            let many = places.map(\.id) + places.map(\.id)
            #expect(try store.places(ids: many).map(\.id) == places.map(\.id))
            var paged: [Place] = []
            while true {
                let page = try store.places(inArea: SyntheticPlaces.world.id, after: paged.last?.id, limit: 64)
                paged += page
                if page.count < 64 { break }
            }
            #expect(paged.map(\.id) == places.map(\.id).sorted())
            #expect(paged == places.sorted { $0.id < $1.id })
        }
    }

    @Test(arguments: StoreKind.tested)
    func queriesThatCannotBeAnsweredAreRefused(kind: StoreKind) throws {
        try kind.withStore { store throws in
            _ = try seed(store, count: 10)
            let origin = Fixtures.coordinate(0, 0)
            for query in [
                PlaceQuery(areaID: SyntheticPlaces.world.id, order: .distance(from: origin), limit: 0),
                PlaceQuery(areaID: SyntheticPlaces.world.id, order: .distance(from: origin), limit: 1001),
                PlaceQuery(areaID: SyntheticPlaces.world.id, order: .name(.english), radiusMeters: 10, limit: 5),
                PlaceQuery(
                    areaID: SyntheticPlaces.world.id, order: .distance(from: origin), radiusMeters: -1, limit: 5),
                PlaceQuery(
                    areaID: SyntheticPlaces.world.id, order: .name(.english), limit: 5,
                    after: .distance(meters: 1, id: try Place.ID("x"))),
                PlaceQuery(areaID: nil, order: .name(.english), limit: 5),
            ] {
                #expect(throws: StoreError.self) { try store.places(matching: query) }
            }
            let empty = PlaceQuery(areaID: try Area.ID("nowhere"), order: .distance(from: origin), limit: 5)
            #expect(try store.places(matching: empty).places.isEmpty)
        }
    }
}
