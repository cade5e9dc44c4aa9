import Foundation

/// Collects a graph's nodes (by an outside id, such as an OSM node's) and its segments, then builds the compact
/// ``RoutingGraph`` with its landmarks.
public struct RoutingGraphBuilder: Sendable {
    /// Which ways a segment may be travelled.
    public enum Direction: Sendable {
        case both, forward, backward
    }

    public let mode: TravelMode
    private var latitudes: [Int32] = []
    private var longitudes: [Int32] = []
    private var index: [Int64: Int32] = [:]
    private var from: [Int32] = []
    private var to: [Int32] = []
    private var lengths: [Int32] = []
    private var costs: [Int32] = []

    public init(mode: TravelMode) {
        self.mode = mode
    }

    public var nodeCount: Int { latitudes.count }
    public var edgeCount: Int { from.count }

    /// The node with this id, added at `coordinate` the first time it is named.
    public mutating func node(id: Int64, at coordinate: Coordinate) -> Int32 {
        if let existing = index[id] { return existing }
        let node = Int32(latitudes.count)
        latitudes.append(Int32((coordinate.latitude * 1e7).rounded()))
        longitudes.append(Int32((coordinate.longitude * 1e7).rounded()))
        index[id] = node
        return node
    }

    /// Adds a segment between two nodes, its length the geodesic between them and its cost that times `factor`.
    public mutating func addSegment(_ a: Int32, _ b: Int32, factor: Double = 1, direction: Direction = .both) {
        guard a != b else { return }
        let meters = coordinate(a).distance(to: coordinate(b))
        addSegment(
            a, b, lengthCentimeters: Int32(min((meters * 100).rounded(), 1e9)), factor: factor,
            direction: direction)
    }

    /// Adds a segment of a given length (generated graphs, tests).
    public mutating func addSegment(
        _ a: Int32, _ b: Int32, lengthCentimeters length: Int32, factor: Double = 1, direction: Direction = .both
    ) {
        guard a != b else { return }
        let cost = Int32(min((Double(length) * factor).rounded(), 2e9))
        if direction != .backward { append(a, b, length, cost) }
        if direction != .forward { append(b, a, length, cost) }
    }

    private mutating func append(_ a: Int32, _ b: Int32, _ length: Int32, _ cost: Int32) {
        from.append(a)
        to.append(b)
        lengths.append(length)
        costs.append(cost)
    }

    private func coordinate(_ node: Int32) -> Coordinate {
        Coordinate(
            uncheckedLatitude: Double(latitudes[Int(node)]) / 1e7, longitude: Double(longitudes[Int(node)]) / 1e7)
    }

    /// The graph, with `landmarks` landmarks chosen farthest-first (none for a graph of fewer than 2 nodes).
    public func build(landmarks landmarkCount: Int = 12) -> RoutingGraph {
        let n = latitudes.count
        var offsets = [Int32](repeating: 0, count: n + 1)
        for a in from { offsets[Int(a) + 1] += 1 }
        for v in 0..<n { offsets[v + 1] += offsets[v] }
        var next = offsets
        var targets = [Int32](repeating: 0, count: from.count)
        var edgeLengths = targets
        var edgeCosts = targets
        for edge in from.indices {
            let slot = Int(next[Int(from[edge])])
            next[Int(from[edge])] += 1
            targets[slot] = to[edge]
            edgeLengths[slot] = lengths[edge]
            edgeCosts[slot] = costs[edge]
        }
        let symmetric = Self.isSymmetric(offsets: offsets, targets: targets, costs: edgeCosts)
        let chosen = Landmarks.choose(
            count: min(landmarkCount, n), nodeCount: n, offsets: offsets, targets: targets, costs: edgeCosts,
            symmetric: symmetric)
        return RoutingGraph(
            mode: mode, latitudes: latitudes, longitudes: longitudes, offsets: offsets, targets: targets,
            lengths: edgeLengths, costs: edgeCosts, isSymmetric: symmetric, landmarks: chosen.nodes,
            landmarkFrom: chosen.from, landmarkTo: chosen.to)
    }

    /// Whether every edge u→v has an edge v→u of the same cost, so every cost between two nodes is the same both
    /// ways.
    static func isSymmetric(offsets: [Int32], targets: [Int32], costs: [Int32]) -> Bool {
        for u in 0..<(offsets.count - 1) {
            for edge in Int(offsets[u])..<Int(offsets[u + 1]) {
                let v = Int(targets[edge])
                let back = Int(offsets[v])..<Int(offsets[v + 1])
                guard back.contains(where: { targets[$0] == Int32(u) && costs[$0] == costs[edge] }) else {
                    return false
                }
            }
        }
        return true
    }
}
