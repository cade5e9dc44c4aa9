import Foundation

/// How a routing graph is travelled: on foot (every edge both ways, steps slower) or by car (roads by class,
/// `oneway` respected), for fares.
public enum TravelMode: String, Sendable, Hashable, CaseIterable, Codable {
    case walk, drive
}

/// A street network as compact arrays (compressed sparse rows): node coordinates in 1e-7 degrees, each node's
/// outgoing edges with their target, length in centimetres and cost, and the distances to a few landmarks that make
/// exact searches fast (A* with landmarks, ``RoutingSearch``).
///
/// A cost is in centimetres of level walking (or driving): an edge of steps costs ``stepsFactor`` times its length.
/// Costs and lengths are whole numbers, so every search adds them up exactly and two searches that find a shortest
/// path agree to the centimetre. Immutable once made; shared by threads.
public final class RoutingGraph: @unchecked Sendable {  // `let` buffers written only in init, freed in deinit.
    /// How much slower a flight of steps is than level ground.
    public static let stepsFactor = 2.0
    /// The walking speed minutes on foot are reckoned with: 4.8 km/h.
    public static let walkingMetersPerSecond = 4.8 / 3.6
    /// Distances to landmarks that are unreachable.
    static let unreachable = Int32.max

    public let mode: TravelMode
    public let nodeCount: Int
    public let edgeCount: Int
    public let landmarkCount: Int
    /// Whether every edge has a reverse of the same cost (walking graphs): one table of landmark distances serves.
    public let isSymmetric: Bool

    let latitudes: Int32Storage
    let longitudes: Int32Storage
    /// `offsets[v]..<offsets[v + 1]` are the edges leaving `v`.
    let offsets: Int32Storage
    let targets: Int32Storage
    let lengths: Int32Storage
    let costs: Int32Storage
    /// The landmarks' nodes.
    let landmarks: Int32Storage
    /// `landmarkFrom[v * landmarkCount + l]`: the cost from landmark `l` to `v`; `landmarkTo` the cost from `v` to it
    /// (the same table when the graph is symmetric).
    let landmarkFrom: Int32Storage
    let landmarkTo: Int32Storage
    /// The grid of edges points snap to.
    let snapper: EdgeSnapper

    init(
        mode: TravelMode, latitudes: [Int32], longitudes: [Int32], offsets: [Int32], targets: [Int32],
        lengths: [Int32], costs: [Int32], isSymmetric: Bool, landmarks: [Int32], landmarkFrom: [Int32],
        landmarkTo: [Int32]
    ) {
        self.mode = mode
        nodeCount = latitudes.count
        edgeCount = targets.count
        landmarkCount = landmarks.count
        self.isSymmetric = isSymmetric
        self.latitudes = Int32Storage(latitudes)
        self.longitudes = Int32Storage(longitudes)
        self.offsets = Int32Storage(offsets)
        self.targets = Int32Storage(targets)
        self.lengths = Int32Storage(lengths)
        self.costs = Int32Storage(costs)
        self.landmarks = Int32Storage(landmarks)
        self.landmarkFrom = Int32Storage(landmarkFrom)
        self.landmarkTo = isSymmetric ? self.landmarkFrom : Int32Storage(landmarkTo)
        snapper = EdgeSnapper(
            latitudes: self.latitudes, longitudes: self.longitudes, offsets: self.offsets, targets: self.targets)
    }

    /// The coordinate of node `v`.
    public func coordinate(of node: Int) -> Coordinate {
        Coordinate(uncheckedLatitude: Double(latitudes[node]) / 1e7, longitude: Double(longitudes[node]) / 1e7)
    }

    /// The edges leaving `node`, as indexes into the edge arrays.
    public func edges(from node: Int) -> Range<Int> { Int(offsets[node])..<Int(offsets[node + 1]) }
    /// An edge's target node, length in centimetres and cost.
    public func target(ofEdge edge: Int) -> Int { Int(targets[edge]) }
    public func lengthCentimeters(ofEdge edge: Int) -> Int { Int(lengths[edge]) }
    public func cost(ofEdge edge: Int) -> Int { Int(costs[edge]) }

    /// Bytes the graph's arrays hold in memory.
    public var memoryBytes: Int {
        4
            * (2 * nodeCount + nodeCount + 1 + 3 * edgeCount + landmarkCount
                + (isSymmetric ? 1 : 2) * landmarkCount * nodeCount) + snapper.memoryBytes
    }
}

extension Coordinate {
    /// A coordinate from degrees already known to be in range (a graph's own nodes).
    init(uncheckedLatitude latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A fixed array of `Int32` read without bounds checks or copy-on-write in the searches' loops.
final class Int32Storage: @unchecked Sendable {  // Written once in init, then only read.
    let pointer: UnsafeMutablePointer<Int32>
    let count: Int

    init(_ values: [Int32]) {
        count = values.count
        pointer = .allocate(capacity: max(count, 1))
        values.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { pointer.initialize(from: base, count: count) }
        }
    }

    deinit { pointer.deallocate() }

    @inline(__always) subscript(index: Int) -> Int32 { pointer[index] }

    var array: [Int32] { Array(UnsafeBufferPointer(start: pointer, count: count)) }
}
