/// Where a search may start or end: a node, and the cost and length between it and the point (a point snapped onto
/// an edge starts from both of the edge's ends).
public struct RouteEnd: Hashable, Sendable {
    public let node: Int32
    public let cost: Int64
    public let lengthCentimeters: Int64

    public init(node: Int32, cost: Int64 = 0, lengthCentimeters: Int64 = 0) {
        self.node = node
        self.cost = cost
        self.lengthCentimeters = lengthCentimeters
    }
}

/// A shortest path found between ends: its cost and length (the ends' parts included), and its nodes in order.
public struct GraphPath: Hashable, Sendable {
    public let cost: Int64
    public let lengthCentimeters: Int64
    public let nodes: [Int32]
}

/// Exact shortest paths on one ``RoutingGraph`` by A* with landmarks, with its working memory kept between queries,
/// so a query touches only the nodes it visits. Used by one thread at a time.
public final class RoutingSearch {
    public let graph: RoutingGraph
    private let distance: UnsafeMutablePointer<Int64>
    private let estimate: UnsafeMutablePointer<Int64>
    private let parentNode: UnsafeMutablePointer<Int32>
    private let parentEdge: UnsafeMutablePointer<Int32>
    private let stamp: UnsafeMutablePointer<UInt32>
    private var generation: UInt32 = 0
    private var heap = MinHeap()
    /// Nodes taken off the queue by the last query.
    public private(set) var settled = 0

    public init(graph: RoutingGraph) {
        self.graph = graph
        let n = max(graph.nodeCount, 1)
        distance = .allocate(capacity: n)
        estimate = .allocate(capacity: n)
        parentNode = .allocate(capacity: n)
        parentEdge = .allocate(capacity: n)
        stamp = .allocate(capacity: n)
        stamp.initialize(repeating: 0, count: n)
    }

    deinit {
        distance.deallocate()
        estimate.deallocate()
        parentNode.deallocate()
        parentEdge.deallocate()
        stamp.deallocate()
    }

    private func begin() {
        generation &+= 1
        if generation == 0 {
            stamp.update(repeating: 0, count: max(graph.nodeCount, 1))
            generation = 1
        }
        heap.removeAll()
        settled = 0
    }

    /// The cheapest path from any of `sources` to any of `targets`, or `nil` when none is reachable.
    public func shortestPath(from sources: [RouteEnd], to targets: [RouteEnd]) -> GraphPath? {
        begin()
        let g = graph
        let count = g.landmarkCount
        // Each target's landmark costs, read once.
        let targetFrom = targets.map { t in (0..<count).map { g.landmarkFrom[Int(t.node) * count + $0] } }
        let targetTo = targets.map { t in (0..<count).map { g.landmarkTo[Int(t.node) * count + $0] } }
        let infinity = RoutingGraph.unreachable
        func heuristic(_ v: Int) -> Int64 {
            var best = Int64.max
            let base = v * count
            for (index, target) in targets.enumerated() {
                var bound: Int64 = 0
                for l in 0..<count {
                    let fromV = g.landmarkFrom[base + l]
                    let fromT = targetFrom[index][l]
                    if fromV != infinity, fromT != infinity { bound = max(bound, Int64(fromT) - Int64(fromV)) }
                    let toV = g.landmarkTo[base + l]
                    let toT = targetTo[index][l]
                    if toV != infinity, toT != infinity { bound = max(bound, Int64(toV) - Int64(toT)) }
                }
                best = min(best, bound + target.cost)
            }
            return best
        }
        for (index, source) in sources.enumerated() {
            let v = Int(source.node)
            if stamp[v] == generation, distance[v] <= source.cost { continue }
            if stamp[v] != generation { estimate[v] = heuristic(v) }
            stamp[v] = generation
            distance[v] = source.cost
            parentNode[v] = -1
            parentEdge[v] = Int32(-1 - index)
            heap.push(source.cost + estimate[v], Int32(v))
        }
        var best = Int64.max
        var bestTarget = -1
        while let (key, node) = heap.pop() {
            let u = Int(node)
            let g0 = distance[u]
            guard key == g0 + estimate[u] else { continue }
            if key >= best { break }
            settled += 1
            for (index, target) in targets.enumerated() where Int(target.node) == u && g0 + target.cost < best {
                best = g0 + target.cost
                bestTarget = index
            }
            let end = Int(g.offsets[u + 1])
            var edge = Int(g.offsets[u])
            while edge < end {
                let v = Int(g.targets[edge])
                let next = g0 + Int64(g.costs[edge])
                if stamp[v] != generation {
                    stamp[v] = generation
                    estimate[v] = heuristic(v)
                    distance[v] = next
                    parentNode[v] = Int32(u)
                    parentEdge[v] = Int32(edge)
                    if estimate[v] != Int64.max { heap.push(next + estimate[v], Int32(v)) }
                } else if next < distance[v] {
                    distance[v] = next
                    parentNode[v] = Int32(u)
                    parentEdge[v] = Int32(edge)
                    heap.push(next + estimate[v], Int32(v))
                }
                edge += 1
            }
        }
        guard bestTarget >= 0 else { return nil }
        return path(to: targets[bestTarget], cost: best, sources: sources)
    }

    private func path(to target: RouteEnd, cost: Int64, sources: [RouteEnd]) -> GraphPath {
        var nodes: [Int32] = []
        var length = target.lengthCentimeters
        var v = Int(target.node)
        while true {
            nodes.append(Int32(v))
            let edge = Int(parentEdge[v])
            if edge < 0 {
                length += sources[-1 - edge].lengthCentimeters
                break
            }
            length += Int64(graph.lengths[edge])
            v = Int(parentNode[v])
        }
        return GraphPath(cost: cost, lengthCentimeters: length, nodes: nodes.reversed())
    }

    /// The `k` cheapest of `places` to reach from `sources`, cheapest first (ties by place): one Dijkstra that
    /// stops once `k` places are settled. `places` attaches each place to nodes with the cost and length from each
    /// node to it; `direct` gives places reachable without a node (on the sources' own edge).
    public func nearest(
        from sources: [RouteEnd], places: PlaceAttachments, k: Int, direct: [(place: Int, cost: Int64)] = []
    ) -> [(place: Int, cost: Int64)] {
        begin()
        guard k > 0 else { return [] }
        var best: [Int: Int64] = [:]
        for (place, cost) in direct where cost < best[place] ?? Int64.max { best[place] = cost }
        var kth = Int64.max
        func refresh() {
            if best.count >= k { kth = best.values.sorted()[k - 1] }
        }
        refresh()
        let g = graph
        for (index, source) in sources.enumerated() {
            let v = Int(source.node)
            if stamp[v] == generation, distance[v] <= source.cost { continue }
            stamp[v] = generation
            distance[v] = source.cost
            parentEdge[v] = Int32(-1 - index)
            heap.push(source.cost, Int32(v))
        }
        while let (key, node) = heap.pop() {
            let u = Int(node)
            guard key == distance[u] else { continue }
            if key >= kth { break }
            settled += 1
            var changed = false
            for entry in places.entries(at: u) where key + entry.cost < best[entry.place] ?? Int64.max {
                best[entry.place] = key + entry.cost
                changed = true
            }
            if changed { refresh() }
            for edge in Int(g.offsets[u])..<Int(g.offsets[u + 1]) {
                let v = Int(g.targets[edge])
                let next = key + Int64(g.costs[edge])
                if stamp[v] != generation || next < distance[v] {
                    stamp[v] = generation
                    distance[v] = next
                    heap.push(next, Int32(v))
                }
            }
        }
        return best.map { (place: $0.key, cost: $0.value) }.sorted { ($0.cost, $0.place) < ($1.cost, $1.place) }
            .prefix(k).map { $0 }
    }
}

/// Places attached to a graph's nodes: for each node, the places reachable from it along one edge and the cost.
public struct PlaceAttachments: Sendable {
    public struct Entry: Hashable, Sendable {
        public let place: Int
        public let cost: Int64
    }

    private var byNode: [Int32: [Entry]] = [:]

    public init() {}

    public mutating func attach(place: Int, at end: RouteEnd) {
        byNode[end.node, default: []].append(Entry(place: place, cost: end.cost))
    }

    func entries(at node: Int) -> [Entry] { byNode[Int32(node)] ?? [] }
}

extension RoutingGraph {
    /// Plain Dijkstra, the reference every faster search must agree with: fresh arrays, no landmarks, stopping
    /// when the cheapest target is settled. Returns the path and the nodes it settled.
    public func referenceDijkstra(from sources: [RouteEnd], to targets: [RouteEnd]) -> (
        path: GraphPath?, settled: Int
    ) {
        var distance = [Int64](repeating: Int64.max, count: nodeCount)
        var parent = [Int32](repeating: -1, count: nodeCount)
        var parentEdge = [Int32](repeating: -1, count: nodeCount)
        var heap = MinHeap()
        for (index, source) in sources.enumerated() where source.cost < distance[Int(source.node)] {
            distance[Int(source.node)] = source.cost
            parentEdge[Int(source.node)] = Int32(-1 - index)
            heap.push(source.cost, source.node)
        }
        var best = Int64.max
        var bestTarget = -1
        var settled = 0
        while let (key, node) = heap.pop() {
            let u = Int(node)
            guard key == distance[u] else { continue }
            if key >= best { break }
            settled += 1
            for (index, target) in targets.enumerated() where Int(target.node) == u && key + target.cost < best {
                best = key + target.cost
                bestTarget = index
            }
            for edge in edges(from: u) {
                let v = target(ofEdge: edge)
                let next = key + Int64(cost(ofEdge: edge))
                if next < distance[v] {
                    distance[v] = next
                    parent[v] = Int32(u)
                    parentEdge[v] = Int32(edge)
                    heap.push(next, Int32(v))
                }
            }
        }
        guard bestTarget >= 0 else { return (nil, settled) }
        var nodes: [Int32] = []
        var length = targets[bestTarget].lengthCentimeters
        var v = Int(targets[bestTarget].node)
        while true {
            nodes.append(Int32(v))
            let edge = Int(parentEdge[v])
            if edge < 0 {
                length += sources[-1 - edge].lengthCentimeters
                break
            }
            length += Int64(lengthCentimeters(ofEdge: edge))
            v = Int(parent[v])
        }
        return (GraphPath(cost: best, lengthCentimeters: length, nodes: nodes.reversed()), settled)
    }
}
