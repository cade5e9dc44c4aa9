import Foundation

/// A point placed on a graph: the nearest segment, where on it, and how far the point was from it.
public struct GraphSnap: Sendable {
    let segment: EdgeSnapper.Segment
    /// 0 at the segment's first node, 1 at its second.
    public let fraction: Double
    /// The point on the segment.
    public let coordinate: Coordinate
    /// The geodesic from the point given to ``coordinate``, in metres.
    public let distanceMeters: Double
}

/// A route between two points over a graph.
public struct GraphRoute: Sendable {
    /// The route's length in metres (from the first snapped point to the second, along the streets).
    public let distanceMeters: Double
    /// Its cost: centimetres of level walking (steps count ``RoutingGraph/stepsFactor`` times).
    public let cost: Int64
    /// Minutes on foot at ``RoutingGraph/walkingMetersPerSecond``, in seconds.
    public let durationSeconds: Double
    /// How far each point was from the street it was snapped to.
    public let snapFromMeters: Double
    public let snapToMeters: Double
    /// The line walked: the snapped start, the nodes, the snapped end.
    public let coordinates: [Coordinate]
}

/// Why there is no route.
public enum RoutingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The graph has no edge to snap to.
    case emptyGraph
    /// No path joins the two points (they are on islands of streets not joined to each other).
    case noRoute

    public var description: String {
        switch self {
        case .emptyGraph: "the area's routing graph has no streets"
        case .noRoute: "no route joins the two points: they are on streets not connected to each other"
        }
    }
}

extension RoutingGraph {
    /// The nearest point on the graph's segments to `coordinate`, or `nil` for a graph without any.
    public func snap(_ coordinate: Coordinate) -> GraphSnap? {
        guard let (segment, fraction) = snapper.nearest(to: coordinate) else { return nil }
        let a = self.coordinate(of: Int(segment.a))
        let b = self.coordinate(of: Int(segment.b))
        let point = Coordinate(
            uncheckedLatitude: a.latitude + (b.latitude - a.latitude) * fraction,
            longitude: a.longitude + (b.longitude - a.longitude) * fraction)
        return GraphSnap(
            segment: segment, fraction: fraction, coordinate: point, distanceMeters: coordinate.distance(to: point))
    }

    private func part(_ edge: Int32, _ fraction: Double) -> (cost: Int64, length: Int64) {
        (
            Int64((Double(costs[Int(edge)]) * fraction).rounded()),
            Int64((Double(lengths[Int(edge)]) * fraction).rounded())
        )
    }

    /// The nodes a search leaves a snapped point by: the segment's ends it may walk (or drive) to.
    public func sources(of snap: GraphSnap) -> [RouteEnd] {
        var ends: [RouteEnd] = []
        let s = snap.segment
        if s.backward >= 0 {
            let (cost, length) = part(s.backward, snap.fraction)
            ends.append(RouteEnd(node: s.a, cost: cost, lengthCentimeters: length))
        }
        let (cost, length) = part(s.forward, 1 - snap.fraction)
        ends.append(RouteEnd(node: s.b, cost: cost, lengthCentimeters: length))
        return ends
    }

    /// The nodes a search reaches a snapped point from.
    public func targets(of snap: GraphSnap) -> [RouteEnd] {
        var ends: [RouteEnd] = []
        let s = snap.segment
        let (cost, length) = part(s.forward, snap.fraction)
        ends.append(RouteEnd(node: s.a, cost: cost, lengthCentimeters: length))
        if s.backward >= 0 {
            let (cost, length) = part(s.backward, 1 - snap.fraction)
            ends.append(RouteEnd(node: s.b, cost: cost, lengthCentimeters: length))
        }
        return ends
    }

    /// The way from one snapped point to another along their shared segment without reaching a node, if they share
    /// one and it may be travelled that way.
    public func direct(from: GraphSnap, to: GraphSnap) -> (cost: Int64, length: Int64)? {
        guard from.segment.forward == to.segment.forward else { return nil }
        if to.fraction >= from.fraction { return part(from.segment.forward, to.fraction - from.fraction) }
        guard from.segment.backward >= 0 else { return nil }
        return part(from.segment.backward, from.fraction - to.fraction)
    }

    /// Seconds on foot for a cost.
    public static func walkingSeconds(cost: Int64) -> Double {
        Double(cost) / 100 / walkingMetersPerSecond
    }

    /// The shortest route between two points, each snapped to the nearest segment; `search` (made for this graph)
    /// keeps its memory between calls.
    public func route(from: Coordinate, to: Coordinate, search: RoutingSearch? = nil) throws(RoutingError)
        -> GraphRoute
    {
        guard let start = snap(from), let end = snap(to) else { throw .emptyGraph }
        let searching = search ?? RoutingSearch(graph: self)
        var best = searching.shortestPath(from: sources(of: start), to: targets(of: end))
        if let direct = direct(from: start, to: end), direct.cost <= best?.cost ?? Int64.max {
            best = GraphPath(cost: direct.cost, lengthCentimeters: direct.length, nodes: [])
        }
        guard let best else { throw .noRoute }
        var line = [start.coordinate]
        line += best.nodes.map { coordinate(of: Int($0)) }
        line.append(end.coordinate)
        return GraphRoute(
            distanceMeters: Double(best.lengthCentimeters) / 100, cost: best.cost,
            durationSeconds: Self.walkingSeconds(cost: best.cost), snapFromMeters: start.distanceMeters,
            snapToMeters: end.distanceMeters, coordinates: line)
    }

    /// The `k` of `places` cheapest to walk to from `from`, cheapest first, with each one's cost: one search from
    /// the point, stopping when `k` are settled. A place far from every street is reached at its snapped point.
    public func nearest(from: Coordinate, places: [Coordinate], k: Int, search: RoutingSearch? = nil)
        throws(RoutingError) -> [(index: Int, cost: Int64)]
    {
        guard let start = snap(from) else { throw .emptyGraph }
        var attachments = PlaceAttachments()
        var direct: [(place: Int, cost: Int64)] = []
        for (index, place) in places.enumerated() {
            guard let snapped = snap(place) else { continue }
            for end in targets(of: snapped) { attachments.attach(place: index, at: end) }
            if let way = self.direct(from: start, to: snapped) { direct.append((index, way.cost)) }
        }
        let searching = search ?? RoutingSearch(graph: self)
        return searching.nearest(from: sources(of: start), places: attachments, k: k, direct: direct)
            .map { ($0.place, $0.cost) }
    }
}
