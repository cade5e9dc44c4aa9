/// The landmarks of A* with landmarks (ALT, Goldberg and Harrelson 2005): a few nodes far apart, with every node's
/// cost from and to each, whose triangle inequalities bound the cost left to a target from below.
enum Landmarks {
    /// Chooses `count` landmarks farthest-first: the first is the node farthest from node 0, each next the node whose
    /// nearest landmark is farthest; a node no landmark reaches is taken first (a separate island gets its own).
    static func choose(
        count: Int, nodeCount n: Int, offsets: [Int32], targets: [Int32], costs: [Int32], symmetric: Bool
    ) -> (nodes: [Int32], from: [Int32], to: [Int32]) {
        guard count > 0, n > 1 else { return ([], [], []) }
        let reverse = symmetric ? nil : Reverse(offsets: offsets, targets: targets, costs: costs)
        var nodes: [Int32] = []
        var from = [Int32](repeating: RoutingGraph.unreachable, count: n * count)
        var to = symmetric ? [] : from
        var nearest = [Int64](repeating: Int64.max, count: n)
        let start = dijkstraAll(from: 0, offsets: offsets, targets: targets, costs: costs)
        var candidate = farthest(start)
        for l in 0..<count {
            nodes.append(Int32(candidate))
            let forward = dijkstraAll(from: candidate, offsets: offsets, targets: targets, costs: costs)
            for v in 0..<n where forward[v] != Int64.max {
                from[v * count + l] = Int32(min(forward[v], Int64(RoutingGraph.unreachable - 1)))
                nearest[v] = min(nearest[v], forward[v])
            }
            if let reverse {
                let backward = dijkstraAll(
                    from: candidate, offsets: reverse.offsets, targets: reverse.targets, costs: reverse.costs)
                for v in 0..<n where backward[v] != Int64.max {
                    to[v * count + l] = Int32(min(backward[v], Int64(RoutingGraph.unreachable - 1)))
                    nearest[v] = min(nearest[v], backward[v])
                }
            }
            candidate = farthest(nearest)
        }
        return (nodes, from, to)
    }

    /// The node of the largest finite cost; an unreachable one (`Int64.max`) wins.
    private static func farthest(_ costs: [Int64]) -> Int {
        var best = 0
        for v in costs.indices where costs[v] > costs[best] { best = v }
        return best
    }

    /// Every node's cost from `source`, `Int64.max` where it is unreachable.
    static func dijkstraAll(from source: Int, offsets: [Int32], targets: [Int32], costs: [Int32]) -> [Int64] {
        var distance = [Int64](repeating: Int64.max, count: offsets.count - 1)
        var heap = MinHeap()
        distance[source] = 0
        heap.push(0, Int32(source))
        while let (key, node) = heap.pop() {
            let u = Int(node)
            guard key == distance[u] else { continue }
            for edge in Int(offsets[u])..<Int(offsets[u + 1]) {
                let v = Int(targets[edge])
                let next = key + Int64(costs[edge])
                if next < distance[v] {
                    distance[v] = next
                    heap.push(next, Int32(v))
                }
            }
        }
        return distance
    }

    /// The reverse of a graph, for the costs to a landmark.
    struct Reverse {
        var offsets: [Int32]
        var targets: [Int32]
        var costs: [Int32]

        init(offsets forward: [Int32], targets forwardTargets: [Int32], costs forwardCosts: [Int32]) {
            let n = forward.count - 1
            offsets = [Int32](repeating: 0, count: n + 1)
            for target in forwardTargets { offsets[Int(target) + 1] += 1 }
            for v in 0..<n { offsets[v + 1] += offsets[v] }
            var next = offsets
            targets = [Int32](repeating: 0, count: forwardTargets.count)
            costs = targets
            for u in 0..<n {
                for edge in Int(forward[u])..<Int(forward[u + 1]) {
                    let v = Int(forwardTargets[edge])
                    let slot = Int(next[v])
                    next[v] += 1
                    targets[slot] = Int32(u)
                    costs[slot] = forwardCosts[edge]
                }
            }
        }
    }
}

/// A binary min-heap of (cost, node), with repeats: a node pushed again at a lower cost leaves its old entry, which
/// the search skips when it pops.
struct MinHeap {
    private var keys: [Int64] = []
    private var nodes: [Int32] = []

    var isEmpty: Bool { keys.isEmpty }
    var count: Int { keys.count }

    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        nodes.removeAll(keepingCapacity: true)
    }

    mutating func push(_ key: Int64, _ node: Int32) {
        keys.append(key)
        nodes.append(node)
        var child = keys.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard keys[parent] > key else { break }
            keys[child] = keys[parent]
            nodes[child] = nodes[parent]
            child = parent
        }
        keys[child] = key
        nodes[child] = node
    }

    mutating func pop() -> (Int64, Int32)? {
        guard let top = keys.first else { return nil }
        let topNode = nodes[0]
        let lastKey = keys.removeLast()
        let lastNode = nodes.removeLast()
        let count = keys.count
        if count > 0 {
            var parent = 0
            while true {
                var child = 2 * parent + 1
                guard child < count else { break }
                if child + 1 < count, keys[child + 1] < keys[child] { child += 1 }
                guard keys[child] < lastKey else { break }
                keys[parent] = keys[child]
                nodes[parent] = nodes[child]
                parent = child
            }
            keys[parent] = lastKey
            nodes[parent] = lastNode
        }
        return (top, topNode)
    }
}
