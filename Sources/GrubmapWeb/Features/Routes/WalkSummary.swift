import GrubmapCore
import GrubmapStore

/// A walk as pages show it: whole metres and minutes on foot (at least one), from the area's walking graph.
struct WalkSummary: Hashable, Sendable {
    let meters: Int
    let minutes: Int

    /// The walk from `from` to `to` over the area's streets; `nil` when the area has none, `from` is beyond
    /// ``RoutingGraph/reachMeters`` of them, or no route joins them.
    init?(from: Coordinate, to: Coordinate, area: Area.ID, basemaps: any BasemapStore) throws {
        guard let graph = try basemaps.routingGraph(areaID: area, mode: .walk), graph.reaches(from),
            let route = try? graph.route(from: from, to: to)
        else { return nil }
        meters = Int(route.distanceMeters.rounded())
        minutes = max(1, Int((route.durationSeconds / 60).rounded(.up)))
    }
}
