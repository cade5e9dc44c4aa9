import Testing

@testable import GrubmapCore

/// Routes from door to door: both ends' ways to the street count, and a point beyond the reach of the streets is
/// not routed from (someone across town is not a few minutes from a campus because its nearest street is).
@Suite struct RouteReachTests {
    /// One street along 129.08 east, from 35.230 to 35.240 north.
    static func street() throws -> RoutingGraph {
        var builder = RoutingGraphBuilder(mode: .drive)
        let south = builder.node(id: 1, at: try Coordinate(latitude: 35.23, longitude: 129.08))
        let north = builder.node(id: 2, at: try Coordinate(latitude: 35.24, longitude: 129.08))
        builder.addSegment(south, north)
        return builder.build()
    }

    @Test func doorToDoorCountsTheWaysToAndFromTheStreet() throws {
        let graph = try Self.street()
        // 100 m east of the street, to 50 m west of it, 1 km further north.
        let from = try Coordinate(latitude: 35.231, longitude: 129.0811)
        let to = try Coordinate(latitude: 35.24, longitude: 129.07945)
        let route = try graph.route(from: from, to: to)
        let meters = try #require(graph.doorToDoorMeters(from: from, to: to))
        #expect(abs(route.snapFromMeters - 100) < 2 && abs(route.snapToMeters - 50) < 2)
        #expect(abs(meters - (route.distanceMeters + route.snapFromMeters + route.snapToMeters)) < 0.01)
        #expect(meters > from.distance(to: to))
        #expect(graph.reaches(from) && graph.reaches(to))
    }

    @Test func aPointBeyondTheReachOfTheStreetsIsNotRoutedFrom() throws {
        let graph = try Self.street()
        let onTheStreet = try Coordinate(latitude: 35.235, longitude: 129.08)
        // 16 km to the south-west: its nearest street is this one, which says nothing of the way from there.
        let acrossTown = try Coordinate(latitude: 35.1, longitude: 129.0)
        #expect(!graph.reaches(acrossTown))
        #expect(graph.doorToDoorMeters(from: acrossTown, to: onTheStreet) == nil)
        #expect(graph.doorToDoorMeters(from: onTheStreet, to: acrossTown) == nil)
        // Just inside and just outside the reach, 300 m east of the street.
        let inside = try Coordinate(latitude: 35.235, longitude: 129.08 + 290 / 91_000)
        let outside = try Coordinate(latitude: 35.235, longitude: 129.08 + 310 / 91_000)
        #expect(graph.reaches(inside) && !graph.reaches(outside))
    }
}
