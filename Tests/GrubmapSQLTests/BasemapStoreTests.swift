import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import GrubmapTestTiers
import Testing

/// Basemaps, on every database (see ``StoreKind``).
@Suite("Store: basemaps")
struct BasemapStoreTests {
    static func point(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Fixtures.coordinate(latitude, longitude)
    }

    /// Every shape and kind, names in two languages and none, a polygon with a hole, a line in two parts.
    static let basemap = Basemap(
        source: .openStreetMap, note: "test extract",
        coverage: try! Bounds(southWest: point(35.2200, 129.0700), northEast: point(35.2450, 129.0950)),
        features: [
            BasemapFeature(
                kind: .green, name: LocalizedText("Park"),
                parts: [
                    [point(35.23, 129.08), point(35.23, 129.09), point(35.24, 129.09), point(35.24, 129.08)],
                    [point(35.232, 129.082), point(35.232, 129.084), point(35.234, 129.084)],
                ], sourceID: "r7"),
            BasemapFeature(
                kind: .primary, name: try! LocalizedText(["ko": "부산대학로", "en": "Busandaehak-ro"]),
                parts: [
                    [point(35.2311111, 129.0811111), point(35.2322222, 129.0833333)], [point(35.2399999, -0.0000001)],
                ],
                sourceID: "w42"),
            BasemapFeature(kind: .footway, parts: [[point(35.2301, 129.0801), point(35.2302, 129.0802)]]),
            BasemapFeature(
                kind: .station, name: LocalizedText("부산대역", language: .korean),
                parts: [[point(35.2297, 129.0893)]], sourceID: "n9"),
        ])

    @Test(arguments: StoreKind.tested)
    func aBasemapRoundTripsExactlyAndAnotherServerSeesIt(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            try store.save(area: Fixtures.busan, places: [])
            #expect(try store.basemap(areaID: Fixtures.busan.id) == nil)
            try store.replaceBasemap(Self.basemap, areaID: Fixtures.busan.id)
            let stored = try #require(try store.basemap(areaID: Fixtures.busan.id))
            #expect(stored.basemap == Self.basemap)
            let other = try database.openStore()
            #expect(try other.basemap(areaID: Fixtures.busan.id) == stored)

            // A new import replaces every feature and moves the revision; the other server notices.
            var smaller = Self.basemap
            smaller.source = .schematic
            smaller.features = [Self.basemap.features[2]]
            try store.replaceBasemap(smaller, areaID: Fixtures.busan.id)
            let replaced = try #require(try other.basemap(areaID: Fixtures.busan.id))
            #expect(replaced.basemap == smaller)
            #expect(replaced.revision != stored.revision)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aBasemapOfAMissingAreaSavesNothing(kind: StoreKind) throws {
        try kind.withStore { store throws in
            #expect(throws: StoreError.unknownArea(id: "pnu-busan")) {
                try store.replaceBasemap(Self.basemap, areaID: Fixtures.busan.id)
            }
            try store.save(area: Fixtures.busan, places: [])
            #expect(try store.basemap(areaID: Fixtures.busan.id) == nil)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aFailureMidwayKeepsTheBasemapThatWasThere(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            try store.save(area: Fixtures.busan, places: [])
            try store.replaceBasemap(Self.basemap, areaID: Fixtures.busan.id)
            let before = try store.basemap(areaID: Fixtures.busan.id)
            try database.refuseBasemapFeature(sourceID: "boom", message: "no such road")
            var many = Self.basemap
            many.features = (0..<200).map { index in
                BasemapFeature(
                    kind: .street, parts: [[Self.point(35.23, 129.08), Self.point(35.231, 129.081)]],
                    sourceID: index == 150 ? "boom" : "w\(index)")
            }
            let error = #expect(throws: (any Error).self) { try store.replaceBasemap(many, areaID: Fixtures.busan.id) }
            #expect(database.message(of: error)?.contains("no such road") == true)
            #expect(try database.openStore().basemap(areaID: Fixtures.busan.id) == before)
        }
    }

    @Test(arguments: StoreKind.tested)
    func anUnreadableGeometryNamesItsRow(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            try store.save(area: Fixtures.busan, places: [])
            try store.replaceBasemap(Self.basemap, areaID: Fixtures.busan.id)
            // A geometry of a format version no Grubmap wrote.
            let bytes = kind == .sqlite ? "X'0201'" : "'\\x0201'::bytea"
            try database.execute("UPDATE basemap_features SET geometry = \(bytes) WHERE position = 1")
            try database.execute("UPDATE basemaps SET revision = revision + 1")
            let error = #expect(throws: StoreError.self) { try store.basemap(areaID: Fixtures.busan.id) }
            guard case .unreadableRow(let table, let id, let column, _)? = error else {
                Issue.record("expected an unreadable row, got \(String(describing: error))")
                return
            }
            #expect(table == "basemap_features" && id == "pnu-busan #1" && column == "geometry")
        }
    }

    @Test(.tags(.slow), .leftOutOfMakeCheck, arguments: StoreKind.tested)
    func oneHundredThousandFeaturesAreStoredAndReadBack(kind: StoreKind) throws {
        try kind.withStore { store throws in
            try store.save(area: Fixtures.busan, places: [])
            var large = Self.basemap
            large.features = (0..<100_000).map { index in
                // Whole multiples of 1e-7 degrees, which the store keeps exactly.
                func point(_ latitude: Int, _ longitude: Int) -> Coordinate {
                    Self.point(Double(latitude) / 10_000_000, Double(longitude) / 10_000_000)
                }
                let latitude = 352_200_000 + index % 1000 * 200
                let longitude = 1_290_700_000 + index / 1000 * 2000
                return BasemapFeature(
                    kind: .building,
                    parts: [
                        [
                            point(latitude, longitude), point(latitude + 100, longitude),
                            point(latitude + 100, longitude + 100),
                        ]
                    ],
                    sourceID: "w\(index)")
            }
            try store.replaceBasemap(large, areaID: Fixtures.busan.id)
            let stored = try #require(try store.basemap(areaID: Fixtures.busan.id))
            #expect(stored.basemap.features.count == 100_000)
            #expect(stored.basemap.features[99_999] == large.features[99_999])
        }
    }
}
