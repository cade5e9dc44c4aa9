import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import GrubmapTestTiers
import Testing

@testable import GrubmapImport

/// `grubmap import basemap`: generated extracts in, basemaps out; broken files change nothing.
@Suite struct BasemapImportTests {
    static let area = Fixtures.busan
    /// The area's coverage: 35.22125…35.24225 north, 129.07025…129.09525 east.
    static let coverage = Basemap.coverage(of: area.bounds)

    /// A store of `kind` with the Busan area, and its database.
    func withStore<T>(_ kind: StoreKind = .sqlite, _ body: (any Store) throws -> T) throws -> T {
        try kind.withStore { store throws in
            try store.save(area: Self.area, places: [Fixtures.geumjeongHall])
            return try body(store)
        }
    }

    func importing(_ xml: String, named name: String = "extract.osm", into store: any Store) throws
        -> BasemapImporter.Summary
    {
        try withTemporaryFile(named: name, contents: Data(xml.utf8)) { path in
            try BasemapImporter.importExtract(at: path, areaID: Self.area.id, into: store)
        }
    }

    /// Every kind of feature the basemap keeps, and some it does not.
    static var everyKind: OSMExtract {
        var extract = OSMExtract()
        let roads: [(String, String)] = [
            ("motorway", "경부고속도로"), ("trunk_link", ""), ("primary", "중앙대로"), ("secondary", "부산대학로"),
            ("tertiary", "금정로"), ("residential", "장전로"), ("service", ""), ("pedestrian", "젊음의거리"),
            ("footway", ""), ("steps", ""),
        ]
        for (index, road) in roads.enumerated() {
            let base = Int64(100 + index * 2)
            let latitude = 35.225 + Double(index) * 0.001
            extract.node(base, latitude, 129.075)
            extract.node(base + 1, latitude, 129.080)
            var tags = ["highway": road.0]
            if !road.1.isEmpty { tags["name"] = road.1 }
            if road.0 == "secondary" { tags["name:en"] = "Busandaehak-ro" }
            extract.way(Int64(1000 + index), [base, base + 1], tags)
        }
        // A building large enough for its name (about 90 m by 90 m) and a small one.
        extract.node(200, 35.2300, 129.0850)
        extract.node(201, 35.2300, 129.0860)
        extract.node(202, 35.2308, 129.0860)
        extract.node(203, 35.2308, 129.0850)
        extract.way(2000, [200, 201, 202, 203, 200], ["building": "university", "name": "금정회관"])
        extract.node(210, 35.2320, 129.0850)
        extract.node(211, 35.2320, 129.0851)
        extract.node(212, 35.2321, 129.0851)
        extract.way(2001, [210, 211, 212, 210], ["building": "yes", "name": "경비실"])
        // A park, a pond, a stream, a railway, a subway in a tunnel (left out), a road area (left out).
        extract.node(220, 35.2330, 129.0800)
        extract.node(221, 35.2330, 129.0820)
        extract.node(222, 35.2345, 129.0820)
        extract.way(2002, [220, 221, 222, 220], ["leisure": "park", "name": "넉넉한 터"])
        extract.way(2003, [220, 222, 221, 220], ["natural": "water"])
        extract.way(2004, [220, 221], ["waterway": "stream", "name": "온천천"])
        extract.way(2005, [221, 222], ["railway": "rail", "name": "경부선"])
        extract.way(2006, [220, 222], ["railway": "subway", "tunnel": "yes"])
        extract.way(2007, [200, 201, 202, 200], ["highway": "pedestrian", "area": "yes"])
        extract.way(2008, [210, 212], ["barrier": "fence"])
        // Stations: a node and a station building drawn as an area.
        extract.node(230, 35.2297, 129.0893, ["railway": "station", "name": "부산대", "name:en": "Pusan Nat'l Univ."])
        extract.node(231, 35.2350, 129.0700, ["railway": "station"])
        extract.way(2009, [200, 201, 202, 200], ["public_transport": "station", "name": "Bus depot"])
        return extract
    }

    @Test(arguments: StoreKind.tested)
    func everyKeptKindOfFeatureIsImportedWithItsNames(kind: StoreKind) throws {
        try withStore(kind) { store throws in
            let summary = try importing(Self.everyKind.xml, into: store)
            let basemap = try #require(try store.basemap(areaID: Self.area.id)).basemap
            #expect(basemap.source == .openStreetMap)
            #expect(basemap.coverage == Self.coverage)
            let kinds = Dictionary(grouping: basemap.features, by: \.kind).mapValues(\.count)
            #expect(
                kinds == [
                    .motorway: 2, .primary: 1, .secondary: 1, .tertiary: 1, .street: 1, .service: 1, .pedestrian: 1,
                    .footway: 2, .railway: 1, .waterway: 1, .water: 1, .green: 1, .building: 2, .station: 2,
                ])
            #expect(summary.features == basemap.features.count)
            #expect(summary.nodesRead == 32 && summary.waysRead == 20 && summary.relationsRead == 0)
            let named = basemap.features.compactMap(\.name)
            #expect(named.contains { $0.values == ["ko": "부산대학로", "en": "Busandaehak-ro"] })
            #expect(named.contains { $0.values == ["ko": "부산대", "en": "Pusan Nat'l Univ."] })
            let buildings = basemap.features.filter { $0.kind == .building }
            #expect(buildings.map { $0.name?.text(in: .korean) } == ["금정회관", nil])
            #expect(
                buildings[0].parts == [
                    [
                        Fixtures.coordinate(35.2300, 129.0850), Fixtures.coordinate(35.2300, 129.0860),
                        Fixtures.coordinate(35.2308, 129.0860), Fixtures.coordinate(35.2308, 129.0850),
                    ]
                ])
            #expect(basemap.features.first { $0.kind == .station && $0.sourceID == "w2009" }?.parts.first?.count == 1)
            #expect(!basemap.features.contains { $0.sourceID == "w2006" || $0.sourceID == "w2007" })
        }
    }

    @Test func theSameFileTwiceGivesTheSameBasemap() throws {
        try withStore { store throws in
            _ = try importing(Self.everyKind.xml, into: store)
            let first = try #require(try store.basemap(areaID: Self.area.id))
            _ = try importing(Self.everyKind.xml, into: store)
            let second = try #require(try store.basemap(areaID: Self.area.id))
            #expect(second.basemap == first.basemap)
            #expect(second.revision != first.revision)
        }
    }

    @Test func aMultipolygonWithAHoleKeepsBothRings() throws {
        var extract = OSMExtract()
        // The outer ring in two ways, the second drawn backwards; the hole is one closed way.
        extract.node(1, 35.230, 129.080)
        extract.node(2, 35.230, 129.086)
        extract.node(3, 35.236, 129.086)
        extract.node(4, 35.236, 129.080)
        extract.node(5, 35.232, 129.082)
        extract.node(6, 35.232, 129.084)
        extract.node(7, 35.234, 129.084)
        extract.way(10, [1, 2, 3])
        extract.way(11, [1, 4, 3])
        extract.way(12, [5, 6, 7, 5])
        extract.relation(
            20, ways: [(10, "outer"), (11, "outer"), (12, "inner")],
            ["type": "multipolygon", "natural": "water", "name": "호수"])
        try withStore { store throws in
            _ = try importing(extract.xml, into: store)
            let features = try #require(try store.basemap(areaID: Self.area.id)).basemap.features
            #expect(features.count == 1)
            let lake = features[0]
            #expect(lake.kind == .water && lake.sourceID == "r20" && lake.name?.text(in: .korean) == "호수")
            #expect(lake.parts.map(\.count).sorted() == [3, 4])
            #expect(
                Set(lake.parts.first { $0.count == 4 } ?? [])
                    == Set([
                        Fixtures.coordinate(35.230, 129.080), Fixtures.coordinate(35.230, 129.086),
                        Fixtures.coordinate(35.236, 129.086), Fixtures.coordinate(35.236, 129.080),
                    ]))
        }
    }

    @Test func waysCrossingTheEdgeAreCutAtIt() throws {
        var extract = OSMExtract()
        // From inside the area to 700 m east of the coverage, and a building straddling its north edge.
        extract.node(1, 35.2300, 129.0800)
        extract.node(2, 35.2300, 129.1030)
        extract.node(3, 35.2410, 129.0800)
        extract.node(4, 35.2410, 129.0810)
        extract.node(5, 35.2440, 129.0810)
        extract.node(6, 35.2440, 129.0800)
        extract.way(10, [1, 2], ["highway": "primary", "name": "중앙대로"])
        extract.way(11, [3, 4, 5, 6, 3], ["building": "yes"])
        try withStore { store throws in
            _ = try importing(extract.xml, into: store)
            let features = try #require(try store.basemap(areaID: Self.area.id)).basemap.features
            let road = try #require(features.first { $0.kind == .primary })
            #expect(road.parts.count == 1 && road.parts[0].count == 2)
            #expect(abs(road.parts[0][1].longitude - Self.coverage.northEast.longitude) < 1e-7)
            let building = try #require(features.first { $0.kind == .building })
            #expect(building.parts[0].allSatisfy { $0.latitude <= Self.coverage.northEast.latitude + 1e-7 })
            #expect(building.parts[0].contains { abs($0.latitude - Self.coverage.northEast.latitude) < 1e-7 })
        }
    }

    @Test func missingNodesSplitLinesAndLeaveAreasOut() throws {
        var extract = OSMExtract()
        extract.node(1, 35.2300, 129.0800)
        extract.node(2, 35.2301, 129.0810)
        extract.node(4, 35.2302, 129.0830)
        extract.node(5, 35.2303, 129.0840)
        extract.node(6, 35.2310, 129.0800)
        extract.node(7, 35.2310, 129.0810)
        // Node 3 is not in the file (an extract cut by a box leaves such ways).
        extract.way(10, [1, 2, 3, 4, 5], ["highway": "residential", "name": "장전로"])
        extract.way(11, [6, 7, 3, 6], ["building": "yes"])
        extract.way(12, [3, 99], ["highway": "footway"])
        try withStore { store throws in
            let summary = try importing(extract.xml, into: store)
            let features = try #require(try store.basemap(areaID: Self.area.id)).basemap.features
            #expect(features.count == 1)
            #expect(features[0].parts.map(\.count) == [2, 2])
            #expect(summary.incomplete == 2)
        }
    }

    @Test(.tags(.slow), .leftOutOfMakeCheck) func oneHundredThousandWaysAreImported() throws {
        var extract = OSMExtract()
        let side = 317
        for row in 0..<side {
            for column in 0..<side {
                extract.node(
                    Int64(row * side + column + 1), 35.2220 + Double(row) * 0.00006, 129.0710 + Double(column) * 0.00007
                )
            }
        }
        var ways = 0
        for row in 0..<side {
            for column in 0..<(side - 1) {
                let first = Int64(row * side + column + 1)
                ways += 1
                extract.way(Int64(ways), [first, first + 1], ["highway": column % 10 == 0 ? "residential" : "footway"])
            }
        }
        #expect(ways == 100_172)
        try withStore { store throws in
            let summary = try importing(extract.xml, into: store)
            #expect(summary.waysRead == 100_172)
            #expect(summary.features == 100_172)
            #expect(try store.basemap(areaID: Self.area.id)?.basemap.features.count == 100_172)
        }
    }

    @Test func aPBFExtractIsReadThroughOsmium() throws {
        guard BasemapImporter.executable(named: "osmium") != nil else {
            Issue.record("osmium-tool is not installed (scripts/install-deps test installs it)")
            return
        }
        try withTemporaryFile(named: "extract.osm", contents: Data(Self.everyKind.xml.utf8)) { path in
            let pbf = path + ".pbf"
            let process = try Process.run(
                URL(fileURLWithPath: "/usr/bin/env"), arguments: ["osmium", "cat", path, "-o", pbf, "-O"])
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            try withStore { store throws in
                _ = try importing(Self.everyKind.xml, into: store)
                let fromXML = try #require(try store.basemap(areaID: Self.area.id)).basemap
                let summary = try BasemapImporter.importExtract(at: pbf, areaID: Self.area.id, into: store)
                #expect(summary.convertedByOsmium)
                let fromPBF = try #require(try store.basemap(areaID: Self.area.id)).basemap
                #expect(fromPBF.features.map(\.sourceID) == fromXML.features.map(\.sourceID))
                #expect(fromPBF.features.map(\.name) == fromXML.features.map(\.name))
            }
        }
    }

    @Test func ringsAreJoinedEndToEnd() {
        let (rings, unclosed) = OSMBasemapBuilder.assembleRings([
            [1, 2, 3], [5, 4, 3], [5, 6, 1], [7, 8, 9, 7], [10, 11],
        ])
        #expect(rings.count == 2)
        #expect(rings.contains([7, 8, 9, 7]))
        #expect(rings.contains { Set($0) == [1, 2, 3, 4, 5, 6] && $0.first == $0.last && $0.count == 7 })
        #expect(unclosed == 1)
    }
}
