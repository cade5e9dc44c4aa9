import Testing

@testable import GrubmapCore

/// A* with landmarks answers what plain Dijkstra answers on random grids and scattered graphs (one-way edges, steps,
/// ends with costs and islands included), the same cost, and the same length where cost is length; snapping, k
/// nearest places, the stored bytes and the tag rules.
@Suite struct RouteGraphTests {

    /// A random street grid near Busan: `side`² nodes, most neighbours joined, some one way (driving), some steps
    /// (unless `steps` is false), and a few nodes left as islands of their own.
    static func grid(side: Int, seed: UInt64, mode: TravelMode, steps: Bool = true) throws -> RoutingGraph {
        var random = SplitMix64(seed: seed)
        var builder = RoutingGraphBuilder(mode: mode)
        var nodes: [Int32] = []
        for row in 0..<side {
            for column in 0..<side {
                let coordinate = try Coordinate(
                    latitude: 35.23 + Double(row) * 0.0009 + Double(random.below(100)) * 1e-6,
                    longitude: 129.08 + Double(column) * 0.0011 + Double(random.below(100)) * 1e-6)
                nodes.append(builder.node(id: Int64(row * side + column), at: coordinate))
            }
        }
        for row in 0..<side {
            for column in 0..<side {
                let here = nodes[row * side + column]
                for (dr, dc) in [(0, 1), (1, 0), (1, 1)] where row + dr < side && column + dc < side {
                    guard random.below(10) < (dr + dc == 2 ? 2 : 8) else { continue }
                    let there = nodes[(row + dr) * side + column + dc]
                    let factor = steps && random.below(10) == 0 ? RoutingGraph.stepsFactor : 1
                    let direction: RoutingGraphBuilder.Direction =
                        mode == .drive && random.below(4) == 0 ? (random.below(2) == 0 ? .forward : .backward) : .both
                    builder.addSegment(here, there, factor: factor, direction: direction)
                }
            }
        }
        return builder.build(landmarks: 8)
    }

    /// A random graph that is no grid: `count` nodes scattered over about 2 km, each joined to a few random nodes near
    /// it, some one way when driving; the nodes joined to none are islands, and so are some small clusters.
    static func scattered(count: Int, seed: UInt64, mode: TravelMode) throws -> RoutingGraph {
        var random = SplitMix64(seed: seed)
        var builder = RoutingGraphBuilder(mode: mode)
        var nodes: [Int32] = []
        for index in 0..<count {
            let coordinate = try Coordinate(
                latitude: 35.1 + random.between(0, 0.018), longitude: 129.0 + random.between(0, 0.022))
            nodes.append(builder.node(id: Int64(index), at: coordinate))
        }
        for index in 0..<count where random.below(20) != 0 {
            for _ in 0..<(1 + random.below(3)) {
                let other = min(count - 1, max(0, index + random.below(41) - 20))
                let direction: RoutingGraphBuilder.Direction =
                    mode == .drive && random.below(3) == 0 ? (random.below(2) == 0 ? .forward : .backward) : .both
                builder.addSegment(nodes[index], nodes[other], direction: direction)
            }
        }
        return builder.build()
    }

    /// Checks `fast` against Dijkstra's answer between the same ends: the same cost, the same length when every
    /// edge's cost is its length (otherwise paths of one cost may differ in length), and a real path: its edges join
    /// one end to the other and their costs and lengths add up to what it says.
    static func expectSame(
        _ fast: GraphPath?, _ reference: GraphPath?, graph: RoutingGraph, from: [RouteEnd], to: [RouteEnd],
        level: Bool
    ) {
        #expect(fast?.cost == reference?.cost)
        if level { #expect(fast?.lengthCentimeters == reference?.lengthCentimeters) }
        guard let fast, let first = fast.nodes.first, let last = fast.nodes.last else { return }
        let start = from.filter { $0.node == first }.min { $0.cost < $1.cost }
        let end = to.filter { $0.node == last }.min { $0.cost < $1.cost }
        guard let start, let end else {
            Issue.record("the path does not join the ends")
            return
        }
        var cost = start.cost + end.cost
        var length = start.lengthCentimeters + end.lengthCentimeters
        for (u, v) in zip(fast.nodes, fast.nodes.dropFirst()) {
            let edge = graph.edges(from: Int(u)).filter { graph.target(ofEdge: $0) == Int(v) }
                .min { graph.cost(ofEdge: $0) < graph.cost(ofEdge: $1) }
            guard let edge else {
                Issue.record("no edge \(u) → \(v)")
                return
            }
            cost += Int64(graph.cost(ofEdge: edge))
            length += Int64(graph.lengthCentimeters(ofEdge: edge))
        }
        #expect(cost == fast.cost)
        #expect(length == fast.lengthCentimeters)
    }

    @Test(arguments: [
        (TravelMode.walk, UInt64(1), true), (.walk, 2, true), (.walk, 5, false), (.drive, 3, true), (.drive, 4, true),
        (.drive, 6, false),
    ])
    func landmarksFindWhatDijkstraFinds(mode: TravelMode, seed: UInt64, steps: Bool) throws {
        let graph = try Self.grid(side: 30, seed: seed, mode: mode, steps: steps)
        #expect(graph.isSymmetric == (mode == .walk))
        let search = RoutingSearch(graph: graph)
        var random = SplitMix64(seed: seed &* 77)
        var found = 0
        for _ in 0..<300 {
            let from = [RouteEnd(node: Int32(random.below(graph.nodeCount)))]
            let to = [RouteEnd(node: Int32(random.below(graph.nodeCount)))]
            let fast = search.shortestPath(from: from, to: to)
            let reference = graph.referenceDijkstra(from: from, to: to).path
            Self.expectSame(fast, reference, graph: graph, from: from, to: to, level: !steps)
            if let fast {
                found += 1
                #expect(fast.nodes.first == from[0].node && fast.nodes.last == to[0].node)
            }
        }
        #expect(found > 200)
    }

    @Test(arguments: [(TravelMode.walk, UInt64(11)), (.walk, 12), (.drive, 13), (.drive, 14)])
    func landmarksFindWhatDijkstraFindsOnScatteredGraphs(mode: TravelMode, seed: UInt64) throws {
        let graph = try Self.scattered(count: 600, seed: seed, mode: mode)
        let search = RoutingSearch(graph: graph)
        var random = SplitMix64(seed: seed &* 31)
        var found = 0
        for _ in 0..<300 {
            // Several ends a side, each with its own cost and length, as a snapped point has.
            func ends() -> [RouteEnd] {
                (0..<(1 + random.below(3))).map { _ in
                    let extra = Int64(random.below(5_000))
                    return RouteEnd(node: Int32(random.below(graph.nodeCount)), cost: extra, lengthCentimeters: extra)
                }
            }
            let from = ends()
            let to = ends()
            let fast = search.shortestPath(from: from, to: to)
            let reference = graph.referenceDijkstra(from: from, to: to).path
            Self.expectSame(fast, reference, graph: graph, from: from, to: to, level: true)
            if fast != nil { found += 1 }
        }
        #expect(found > 150)
    }

    @Test(arguments: TravelMode.allCases)
    func islandsHaveNoPathBetweenThem(mode: TravelMode) throws {
        var builder = RoutingGraphBuilder(mode: mode)
        var nodes: [Int32] = []
        for index in 0..<20 {
            let coordinate = try Coordinate(
                latitude: 35.0 + Double(index % 10) * 0.001, longitude: 129.0 + Double(index / 10) * 0.01)
            nodes.append(builder.node(id: Int64(index), at: coordinate))
        }
        // Two lines of ten nodes, not joined; by car the second is one way.
        for index in 0..<9 {
            builder.addSegment(nodes[index], nodes[index + 1])
            builder.addSegment(nodes[10 + index], nodes[11 + index], direction: mode == .drive ? .forward : .both)
        }
        let graph = builder.build()
        let search = RoutingSearch(graph: graph)
        for a in 0..<20 {
            for b in 0..<20 {
                let from = [RouteEnd(node: Int32(a))]
                let to = [RouteEnd(node: Int32(b))]
                let fast = search.shortestPath(from: from, to: to)
                let joined = a / 10 == b / 10 && (mode == .walk || a < 10 || a <= b)
                #expect((fast != nil) == joined)
                #expect(fast?.cost == graph.referenceDijkstra(from: from, to: to).path?.cost)
            }
        }
    }

    @Test func snappedEndsAndTwoEndsAgreeWithDijkstra() throws {
        let graph = try Self.grid(side: 20, seed: 9, mode: .walk)
        let search = RoutingSearch(graph: graph)
        var random = SplitMix64(seed: 5)
        for _ in 0..<100 {
            let a = try Coordinate(
                latitude: 35.23 + Double(random.below(18_000)) * 1e-6,
                longitude: 129.08 + Double(random.below(22_000)) * 1e-6)
            let b = try Coordinate(
                latitude: 35.23 + Double(random.below(18_000)) * 1e-6,
                longitude: 129.08 + Double(random.below(22_000)) * 1e-6)
            guard let from = graph.snap(a), let to = graph.snap(b) else { Issue.record("no snap"); return }
            let fast = search.shortestPath(from: graph.sources(of: from), to: graph.targets(of: to))
            let reference = graph.referenceDijkstra(from: graph.sources(of: from), to: graph.targets(of: to)).path
            #expect(fast?.cost == reference?.cost)
            #expect(from.distanceMeters < 120)
        }
    }

    @Test func aPointFarFromEveryStreetSnapsAndSaysHowFar() throws {
        let graph = try Self.grid(side: 5, seed: 1, mode: .walk)
        let far = try Coordinate(latitude: 35.25, longitude: 129.08)  // about 1.8 km north of the grid
        let snap = try #require(graph.snap(far))
        #expect(snap.distanceMeters > 1_750 && snap.distanceMeters < 1_900)
        let route = try graph.route(from: far, to: graph.coordinate(of: 0))
        #expect(route.snapFromMeters == snap.distanceMeters)
        #expect(route.coordinates.first == snap.coordinate)
    }

    @Test func theSamePointTwiceIsZeroMetres() throws {
        let graph = try Self.grid(side: 5, seed: 1, mode: .walk)
        let point = try Coordinate(latitude: 35.2312, longitude: 129.0815)
        let route = try graph.route(from: point, to: point)
        #expect(route.distanceMeters == 0 && route.durationSeconds == 0)
    }

    @Test func anIslandHasNoRoute() throws {
        var builder = RoutingGraphBuilder(mode: .walk)
        let a = builder.node(id: 1, at: try Coordinate(latitude: 35.0, longitude: 129.0))
        let b = builder.node(id: 2, at: try Coordinate(latitude: 35.001, longitude: 129.0))
        let c = builder.node(id: 3, at: try Coordinate(latitude: 35.01, longitude: 129.0))
        let d = builder.node(id: 4, at: try Coordinate(latitude: 35.011, longitude: 129.0))
        builder.addSegment(a, b)
        builder.addSegment(c, d)
        let graph = builder.build()
        #expect(throws: RoutingError.noRoute) {
            try graph.route(from: graph.coordinate(of: 0), to: graph.coordinate(of: 3))
        }
        let route = try graph.route(from: graph.coordinate(of: 0), to: graph.coordinate(of: 1))
        #expect(abs(route.distanceMeters - 110.9) < 0.5)
        #expect(abs(route.durationSeconds - route.distanceMeters / RoutingGraph.walkingMetersPerSecond) < 0.01)
    }

    @Test func stepsAreSlowerButNoLonger() throws {
        var builder = RoutingGraphBuilder(mode: .walk)
        let a = builder.node(id: 1, at: try Coordinate(latitude: 35.0, longitude: 129.0))
        let b = builder.node(id: 2, at: try Coordinate(latitude: 35.001, longitude: 129.0))
        builder.addSegment(a, b, factor: RoutingGraph.stepsFactor)
        let graph = builder.build()
        let route = try graph.route(from: graph.coordinate(of: 0), to: graph.coordinate(of: 1))
        #expect(abs(route.durationSeconds - 2 * route.distanceMeters / RoutingGraph.walkingMetersPerSecond) < 0.02)
    }

    @Test func theNearestPlacesAreThoseOfTheCheapestRoutes() throws {
        let graph = try Self.grid(side: 25, seed: 12, mode: .walk)
        var random = SplitMix64(seed: 3)
        func point() throws -> Coordinate {
            try Coordinate(
                latitude: 35.23 + Double(random.below(21_600)) * 1e-6,
                longitude: 129.08 + Double(random.below(26_400)) * 1e-6)
        }
        let places = try (0..<200).map { _ in try point() }
        for _ in 0..<10 {
            let from = try point()
            let nearest = try graph.nearest(from: from, places: places, k: 10)
            let every = places.indices.compactMap { index in
                (try? graph.route(from: from, to: places[index])).map { (index, $0.cost) }
            }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            #expect(nearest.map(\.cost) == every.prefix(10).map(\.1))
        }
    }

    @Test func theBytesGiveTheSameGraph() throws {
        for mode in TravelMode.allCases {
            let graph = try Self.grid(side: 12, seed: 4, mode: mode)
            let copy = try RoutingGraph(decoding: graph.encoded())
            #expect(copy.encoded() == graph.encoded())
            #expect(copy.mode == mode && copy.nodeCount == graph.nodeCount && copy.edgeCount == graph.edgeCount)
            var bytes = graph.encoded()
            bytes.removeLast()
            #expect(throws: RoutingGraphDecodingError.self) { try RoutingGraph(decoding: bytes) }
        }
    }

    @Test func tagsDecideWhoMayGo() {
        #expect(RoutingTags.walking(["highway": "footway"]) == 1)
        #expect(RoutingTags.walking(["highway": "steps"]) == RoutingGraph.stepsFactor)
        #expect(RoutingTags.walking(["highway": "footway", "foot": "no"]) == nil)
        #expect(RoutingTags.walking(["highway": "service", "access": "private"]) == nil)
        #expect(RoutingTags.walking(["highway": "service", "access": "no", "foot": "yes"]) == 1)
        #expect(RoutingTags.walking(["highway": "motorway"]) == nil)
        #expect(RoutingTags.walking(["building": "yes"]) == nil)
        #expect(RoutingTags.driving(["highway": "footway"]) == nil)
        #expect(RoutingTags.driving(["highway": "residential"]) == .both)
        #expect(RoutingTags.driving(["highway": "residential", "oneway": "yes"]) == .forward)
        #expect(RoutingTags.driving(["highway": "residential", "oneway": "-1"]) == .backward)
        #expect(RoutingTags.driving(["highway": "residential", "oneway": "true"]) == .forward)
        #expect(RoutingTags.driving(["highway": "service", "access": "private"]) == nil)
        #expect(RoutingTags.walking(["highway": "residential", "oneway": "yes"]) == 1)
    }
}
