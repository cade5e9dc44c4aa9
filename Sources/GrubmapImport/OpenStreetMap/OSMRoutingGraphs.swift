import GrubmapCore

/// The routing graphs of an extract: its ways people may walk and those cars may drive (``RoutingTags``), with a
/// node for every OSM node they pass, so ways are joined where they share a node and nowhere else (a bridge over a
/// road stays apart from it). Ways are taken in id order, so the same file gives the same graphs.
enum OSMRoutingGraphs {
    static func build(_ reader: OSMExtractReader) -> [RoutingGraph] {
        var walk = RoutingGraphBuilder(mode: .walk)
        var drive = RoutingGraphBuilder(mode: .drive)
        for id in reader.ways.keys.sorted() {
            guard let way = reader.ways[id] else { continue }
            let factor = RoutingTags.walking(way.tags)
            let direction = RoutingTags.driving(way.tags)
            guard factor != nil || direction != nil else { continue }
            var previous: (ref: Int64, coordinate: Coordinate)?
            for ref in way.refs {
                guard let coordinate = reader.coordinate(ofNode: ref) else {
                    previous = nil
                    continue
                }
                if let previous {
                    if let factor {
                        let a = walk.node(id: previous.ref, at: previous.coordinate)
                        walk.addSegment(a, walk.node(id: ref, at: coordinate), factor: factor)
                    }
                    if let direction {
                        let a = drive.node(id: previous.ref, at: previous.coordinate)
                        drive.addSegment(a, drive.node(id: ref, at: coordinate), direction: direction)
                    }
                }
                previous = (ref, coordinate)
            }
        }
        return [walk, drive].filter { $0.edgeCount > 0 }.map { $0.build() }
    }
}
