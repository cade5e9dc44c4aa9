import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// Routing graphs stored with the basemap (migration 19), on every database: the same bytes back, another server
/// sees a new import, all or nothing with the basemap.
@Suite("Store: routing graphs")
struct RouteGraphStoreTests {
    static func graph(_ mode: TravelMode, shift: Double = 0) -> RoutingGraph {
        var builder = RoutingGraphBuilder(mode: mode)
        let a = builder.node(id: 1, at: Fixtures.coordinate(35.23, 129.08 + shift))
        let b = builder.node(id: 2, at: Fixtures.coordinate(35.231, 129.08))
        let c = builder.node(id: 3, at: Fixtures.coordinate(35.231, 129.081))
        builder.addSegment(a, b)
        builder.addSegment(b, c, direction: mode == .drive ? .forward : .both)
        return builder.build()
    }

    @Test(arguments: StoreKind.tested)
    func graphsRoundTripAndFollowTheirBasemap(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            let area = Fixtures.busan.id
            try store.save(area: Fixtures.busan, places: [])
            #expect(try store.routingGraph(areaID: area, mode: .walk) == nil)
            let basemap = BasemapStoreTests.basemap
            try store.replaceBasemap(basemap, areaID: area, graphs: [Self.graph(.walk), Self.graph(.drive)])
            #expect(try store.routingGraph(areaID: area, mode: .walk)?.encoded() == Self.graph(.walk).encoded())
            #expect(try store.routingGraph(areaID: area, mode: .drive)?.encoded() == Self.graph(.drive).encoded())
            // Another server sees a re-import at once; a basemap without graphs leaves none.
            let other = try database.openStore()
            #expect(try other.routingGraph(areaID: area, mode: .walk) != nil)
            try store.replaceBasemap(basemap, areaID: area, graphs: [Self.graph(.walk, shift: 0.0005)])
            #expect(
                try other.routingGraph(areaID: area, mode: .walk)?.encoded()
                    == Self.graph(.walk, shift: 0.0005).encoded())
            #expect(try other.routingGraph(areaID: area, mode: .drive) == nil)
            try store.replaceBasemap(basemap, areaID: area)
            #expect(try other.routingGraph(areaID: area, mode: .walk) == nil)
            // An area that does not exist stores nothing.
            #expect(throws: StoreError.unknownArea(id: "nowhere")) {
                try store.replaceBasemap(basemap, areaID: Area.ID("nowhere"), graphs: [Self.graph(.walk)])
            }
        }
    }
}
