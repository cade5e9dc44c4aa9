/// Groups map pins that would overlap into clusters: a bubble with how many places it holds and how many people are
/// checked in at them.
///
/// Agglomerative, closest pair first: while two pins or clusters are closer than `radius`, the closest two merge into
/// one at the middle of all their places. The result depends only on the items (their keys, points and weights),
/// never on their order, and every item is in exactly one cluster, so counts add up. Pins in one cell of a quarter
/// of the radius are merged first: they overlap anyway, and it bounds the work where thousands of places crowd
/// together (each neighbourhood then holds at most a few dozen candidates).
public enum PinClustering {
    /// A pin to place: `key` identifies it (and breaks ties, smaller first), `weight` is what clusters sum (the
    /// people checked in).
    public struct Item: Hashable, Sendable {
        public let key: Int
        public let point: PlanePoint
        public let weight: Int

        public init(key: Int, point: PlanePoint, weight: Int) {
            self.key = key
            self.point = point
            self.weight = weight
        }
    }

    /// A pin or a cluster of pins.
    public struct Cluster: Hashable, Sendable {
        /// The keys of its items, ascending.
        public let keys: [Int]
        /// Where it is drawn: the middle of its items.
        public let point: PlanePoint
        /// The sum of its items' weights.
        public let weight: Int

        /// Whether it is a single pin.
        public var isSingle: Bool { keys.count == 1 }
    }

    /// The clusters of `items` (keys must be unique) such that no two are closer than `radius`, ordered north to
    /// south and then west to east (the order they are drawn and read in).
    public static func cluster(_ items: [Item], radius: Double) -> [Cluster] {
        guard !items.isEmpty else { return [] }
        var groups = premerged(items, cell: max(radius / 4, 1e-9))
        var alive = [Bool](repeating: true, count: groups.count)
        var grid = Grid(cell: max(radius, 1e-9))
        for (index, group) in groups.enumerated() { grid.insert(index, at: group.point) }
        var heap = Heap()
        let radiusSquared = radius * radius
        func pushPairs(of index: Int) {
            let group = groups[index]
            for other in grid.neighbours(of: group.point) where other != index && alive[other] {
                let distance = squaredDistance(group.point, groups[other].point)
                guard distance < radiusSquared else { continue }
                let (first, second) = group.key < groups[other].key ? (index, other) : (other, index)
                heap.push(
                    Pair(
                        distance: distance, firstKey: groups[first].key, secondKey: groups[second].key,
                        first: first, second: second))
            }
        }
        for index in groups.indices { pushPairs(of: index) }
        while let pair = heap.pop() {
            guard alive[pair.first], alive[pair.second] else { continue }
            alive[pair.first] = false
            alive[pair.second] = false
            groups.append(groups[pair.first].merged(with: groups[pair.second]))
            alive.append(true)
            grid.insert(groups.count - 1, at: groups[groups.count - 1].point)
            pushPairs(of: groups.count - 1)
        }
        return groups.indices.filter { alive[$0] }
            .map { Cluster(keys: groups[$0].keys.sorted(), point: groups[$0].point, weight: groups[$0].weight) }
            .sorted { ($0.point.y, $0.point.x, $0.keys[0]) < ($1.point.y, $1.point.x, $1.keys[0]) }
    }

    /// Items sharing a small cell merged into one group each.
    private static func premerged(_ items: [Item], cell: Double) -> [Group] {
        var byCell: [CellKey: Group] = [:]
        for item in items {
            let key = CellKey(item.point, cell: cell)
            let single = Group(keys: [item.key], sumX: item.point.x, sumY: item.point.y, weight: item.weight)
            byCell[key] = byCell[key].map { $0.merged(with: single) } ?? single
        }
        return byCell.values.sorted { $0.key < $1.key }
    }

    private static func squaredDistance(_ a: PlanePoint, _ b: PlanePoint) -> Double {
        (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)
    }

    private struct Group {
        var keys: [Int]
        var sumX: Double
        var sumY: Double
        var weight: Int
        /// The smallest key: the group's name in ties.
        var key: Int { keys.min()! }
        var point: PlanePoint { PlanePoint(x: sumX / Double(keys.count), y: sumY / Double(keys.count)) }

        func merged(with other: Group) -> Group {
            Group(
                keys: keys + other.keys, sumX: sumX + other.sumX, sumY: sumY + other.sumY,
                weight: weight + other.weight)
        }
    }

    private struct CellKey: Hashable {
        let x: Int
        let y: Int

        init(_ point: PlanePoint, cell: Double) {
            x = Int((point.x / cell).rounded(.down))
            y = Int((point.y / cell).rounded(.down))
        }

        init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
    }

    /// Group indices by cell of the radius: a group's neighbours within the radius are in the 3 × 3 cells around it.
    private struct Grid {
        let cell: Double
        var cells: [CellKey: [Int]] = [:]

        init(cell: Double) {
            self.cell = cell
        }

        mutating func insert(_ index: Int, at point: PlanePoint) {
            cells[CellKey(point, cell: cell), default: []].append(index)
        }

        func neighbours(of point: PlanePoint) -> [Int] {
            let center = CellKey(point, cell: cell)
            var found: [Int] = []
            for dy in -1...1 {
                for dx in -1...1 { found += cells[CellKey(x: center.x + dx, y: center.y + dy)] ?? [] }
            }
            return found
        }
    }

    private struct Pair {
        let distance: Double
        let firstKey: Int
        let secondKey: Int
        let first: Int
        let second: Int

        func precedes(_ other: Pair) -> Bool {
            (distance, firstKey, secondKey) < (other.distance, other.firstKey, other.secondKey)
        }
    }

    /// A binary min-heap of pairs, closest first.
    private struct Heap {
        var elements: [Pair] = []

        mutating func push(_ pair: Pair) {
            elements.append(pair)
            var child = elements.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard elements[child].precedes(elements[parent]) else { break }
                elements.swapAt(child, parent)
                child = parent
            }
        }

        mutating func pop() -> Pair? {
            guard !elements.isEmpty else { return nil }
            elements.swapAt(0, elements.count - 1)
            let top = elements.removeLast()
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < elements.count, elements[left].precedes(elements[smallest]) { smallest = left }
                if right < elements.count, elements[right].precedes(elements[smallest]) { smallest = right }
                guard smallest != parent else { break }
                elements.swapAt(parent, smallest)
                parent = smallest
            }
            return top
        }
    }
}
