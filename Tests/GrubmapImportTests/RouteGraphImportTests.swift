import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

@testable import GrubmapImport

/// `grubmap import basemap` builds the area's walking and driving graphs from the extract and stores them with the
/// basemap: who may go where by the ways' tags, ways joined only where they share a node, rebuilt by a re-import.
@Suite struct RouteGraphImportTests {
    static let area = Fixtures.busan

    /// Streets around a block: a one-way street (1→2) with a detour (1-3-4-2), a footway where feet may not go, a
    /// private service road, a road closed but open on foot, and a footbridge (11-12) over a road (13-14) without a
    /// shared node.
    static var extract: OSMExtract {
        var extract = OSMExtract()
        let nodes: [(Int64, Double, Double)] = [
            (1, 35.230, 129.080), (2, 35.230, 129.085), (3, 35.232, 129.080), (4, 35.232, 129.085),
            (5, 35.228, 129.080), (6, 35.228, 129.085), (7, 35.226, 129.080), (8, 35.226, 129.085),
            (9, 35.234, 129.080), (10, 35.234, 129.085), (11, 35.236, 129.0825), (12, 35.238, 129.0825),
            (13, 35.237, 129.081), (14, 35.237, 129.084),
        ]
        for (id, latitude, longitude) in nodes { extract.node(id, latitude, longitude) }
        extract.way(100, [1, 2], ["highway": "residential", "oneway": "yes"])
        extract.way(101, [1, 3, 4, 2], ["highway": "residential"])
        extract.way(102, [5, 6], ["highway": "footway", "foot": "no"])
        extract.way(103, [7, 8], ["highway": "service", "access": "private"])
        extract.way(104, [9, 10], ["highway": "service", "access": "no", "foot": "yes"])
        extract.way(105, [11, 12], ["highway": "footway", "bridge": "yes"])
        extract.way(106, [13, 14], ["highway": "residential"])
        return extract
    }

    static func point(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Fixtures.coordinate(latitude, longitude)
    }

    func importing(_ xml: String, into store: any Store) throws -> BasemapImporter.Summary {
        try withTemporaryFile(named: "extract.osm", contents: Data(xml.utf8)) { path in
            try BasemapImporter.importExtract(at: path, areaID: Self.area.id, into: store)
        }
    }

    @Test(arguments: StoreKind.tested)
    func theTagsDecideWhoMayGoWhere(kind: StoreKind) throws {
        try kind.withStore { store throws in
            try store.save(area: Self.area, places: [])
            let summary = try importing(Self.extract.xml, into: store)
            #expect(summary.graphEdges[.walk] ?? 0 > 0 && summary.graphEdges[.drive] ?? 0 > 0)
            let walk = try #require(try store.routingGraph(areaID: Self.area.id, mode: .walk))
            let drive = try #require(try store.routingGraph(areaID: Self.area.id, mode: .drive))
            let (one, two) = (Self.point(35.230, 129.080), Self.point(35.230, 129.085))
            // On foot the one-way street goes both ways; by car only its way.
            let east = try walk.route(from: one, to: two)
            let west = try walk.route(from: two, to: one)
            #expect(abs(east.distanceMeters - 455.2) < 1 && west.distanceMeters == east.distanceMeters)
            #expect(try drive.route(from: one, to: two).distanceMeters == east.distanceMeters)
            let back = try drive.route(from: two, to: one)
            #expect(abs(back.distanceMeters - (east.distanceMeters + 2 * 221.8)) < 2)
            // foot=no and private access are not walked: their ends snap to the streets far away.
            #expect(try #require(walk.snap(Self.point(35.228, 129.080))).distanceMeters > 200)
            #expect(try #require(walk.snap(Self.point(35.226, 129.080))).distanceMeters > 400)
            #expect(try #require(drive.snap(Self.point(35.226, 129.080))).distanceMeters > 400)
            // foot=yes opens a road closed to others.
            #expect(try #require(walk.snap(Self.point(35.234, 129.080))).distanceMeters < 0.01)
            // The footbridge crosses the road without a shared node: no way from one to the other.
            #expect(throws: RoutingError.noRoute) {
                try walk.route(from: Self.point(35.236, 129.0825), to: Self.point(35.237, 129.081))
            }
        }
    }

    @Test func aReimportRebuildsTheGraphsAndABasemapWithoutStreetsHasNone() throws {
        try StoreKind.sqlite.withStore { store throws in
            try store.save(area: Self.area, places: [])
            _ = try importing(Self.extract.xml, into: store)
            let first = try #require(try store.routingGraph(areaID: Self.area.id, mode: .walk))
            var more = Self.extract
            more.node(15, 35.240, 129.090)
            more.way(107, [14, 15], ["highway": "footway"])
            _ = try importing(more.xml, into: store)
            let second = try #require(try store.routingGraph(areaID: Self.area.id, mode: .walk))
            #expect(second.edgeCount == first.edgeCount + 2)
            var buildings = OSMExtract()
            for (id, latitude, longitude) in [(1, 35.23, 129.08), (2, 35.23, 129.081), (3, 35.231, 129.081)] {
                buildings.node(Int64(id), latitude, longitude)
            }
            buildings.way(1, [1, 2, 3, 1], ["building": "yes"])
            let summary = try importing(buildings.xml, into: store)
            #expect(summary.graphEdges.isEmpty)
            #expect(try store.routingGraph(areaID: Self.area.id, mode: .walk) == nil)
            #expect(try store.routingGraph(areaID: Self.area.id, mode: .drive) == nil)
        }
    }

    @Test func theDemoAreasGetGraphsOfTheirSchematicStreets() throws {
        try StoreKind.sqlite.withStore { store throws in
            _ = try DemoData.load(into: store)
            try DemoBasemaps.load(into: store)
            let busan = try #require(try store.routingGraph(areaID: Area.ID("pnu-busan"), mode: .walk))
            #expect(busan.edgeCount > 10)
        }
    }

    @Test func aSchematicBasemapStoredWithoutGraphsGetsThem() throws {
        try StoreKind.sqlite.withStore { store throws in
            _ = try DemoData.load(into: store)
            let busan = try Area.ID("pnu-busan")
            try DemoBasemaps.load(into: store)
            let stored = try #require(try store.basemap(areaID: busan))
            try store.replaceBasemap(stored.basemap, areaID: busan)
            #expect(try store.routingGraph(areaID: busan, mode: .walk) == nil)
            #expect(try DemoBasemaps.load(into: store) > 0)
            #expect(try store.routingGraph(areaID: busan, mode: .walk) != nil)
            #expect(try store.basemap(areaID: busan)?.basemap == stored.basemap)
            #expect(try DemoBasemaps.load(into: store) == 0)
        }
    }
}
