/// Routing graphs from a basemap's drawn roads (the demo areas' schematic streets): each line's points are nodes,
/// joined where two lines have a point within about a metre of each other.
extension RoutingGraph {
    /// The walking and driving graphs of `features`' roads; a mode with no road is left out.
    public static func graphs(of features: [BasemapFeature]) -> [RoutingGraph] {
        var walk = RoutingGraphBuilder(mode: .walk)
        var drive = RoutingGraphBuilder(mode: .drive)
        for feature in features where feature.kind.isRoad {
            let walks = feature.kind != .motorway
            let drives = ![.pedestrian, .footway].contains(feature.kind)
            for part in feature.parts {
                var previous: (walk: Int32, drive: Int32)?
                for point in part {
                    // A point's id: its coordinate to 1e-5 degrees (about a metre), so touching lines are joined.
                    let id =
                        Int64((point.latitude * 1e5).rounded()) * 100_000_000
                        + Int64((point.longitude * 1e5).rounded())
                    let node = (walk.node(id: id, at: point), drive.node(id: id, at: point))
                    if let previous {
                        if walks { walk.addSegment(previous.walk, node.0) }
                        if drives { drive.addSegment(previous.drive, node.1) }
                    }
                    previous = node
                }
            }
        }
        return [walk, drive].filter { $0.edgeCount > 0 }.map { $0.build() }
    }
}
