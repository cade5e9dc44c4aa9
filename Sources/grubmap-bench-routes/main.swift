// Times walking routes on a generated city of about 10^6 edges (issue 33): the graph's build (geodesic lengths and
// landmarks) and its peak memory, A* with landmarks beside plain Dijkstra on the same random pairs (the same costs and
// lengths asserted), and k = 10 nearest of 10^5 places in one search beside a route to each place. `--osm FILE` also
// writes the city as OSM XML for Routino (scripts/bench-routes runs its router on the same pairs). Release builds only.
import Foundation
import GrubmapCore

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func peakMegabytes() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss / 1024
}

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let side = Int(option("--side") ?? "") ?? 500
let pairs = Int(option("--pairs") ?? "") ?? 100
let placeCount = Int(option("--places") ?? "") ?? 100_000
let osmPath = option("--osm")
let pairsPath = option("--pairs-out")

// A city of side × side junctions about 20 m apart, jittered, 95% of the streets between neighbours kept.
var random = SplitMix64(seed: 33)
var builder = RoutingGraphBuilder(mode: .walk)
var coordinates: [Coordinate] = []
var segments: [(Int32, Int32)] = []
let buildSeconds = try seconds {
    for row in 0..<side {
        for column in 0..<side {
            let coordinate = try Coordinate(
                latitude: 35.2 + Double(row) * 0.00018 + Double(random.below(60)) * 1e-6,
                longitude: 129.0 + Double(column) * 0.00022 + Double(random.below(60)) * 1e-6)
            coordinates.append(coordinate)
            _ = builder.node(id: Int64(row * side + column), at: coordinate)
        }
    }
    for row in 0..<side {
        for column in 0..<side {
            let here = Int32(row * side + column)
            if column + 1 < side, random.below(100) < 95 { segments.append((here, here + 1)) }
            if row + 1 < side, random.below(100) < 95 { segments.append((here, here + Int32(side))) }
        }
    }
    for (a, b) in segments { builder.addSegment(a, b) }
}
var graph: RoutingGraph!
let landmarkSeconds = seconds { graph = builder.build(landmarks: 16) }
builder = RoutingGraphBuilder(mode: .walk)
print(
    String(
        format:
            "graph: %d nodes, %d edges; built in %.2f s (%.2f s reading and measuring, %.2f s CSR and 16 landmarks); "
            + "%d MB in memory; peak resident %d MB", graph.nodeCount, graph.edgeCount, buildSeconds + landmarkSeconds,
        buildSeconds, landmarkSeconds, graph.memoryBytes / 1_000_000, peakMegabytes()))

// Random pairs: A* with landmarks beside Dijkstra, the same costs and lengths.
let search = RoutingSearch(graph: graph)
let queries = (0..<pairs).map { _ in
    (coordinates[random.below(coordinates.count)], coordinates[random.below(coordinates.count)])
}
var fastCosts: [Int64?] = []
var fastLengths: [Int64?] = []
var fastSettled = 0
let fastSeconds = seconds {
    for (from, to) in queries {
        let start = graph.snap(from)!
        let end = graph.snap(to)!
        let path = search.shortestPath(from: graph.sources(of: start), to: graph.targets(of: end))
        fastCosts.append(path?.cost)
        fastLengths.append(path?.lengthCentimeters)
        fastSettled += search.settled
    }
}
var slowCosts: [Int64?] = []
var slowLengths: [Int64?] = []
var slowSettled = 0
let slowSeconds = seconds {
    for (from, to) in queries {
        let start = graph.snap(from)!
        let end = graph.snap(to)!
        let answer = graph.referenceDijkstra(from: graph.sources(of: start), to: graph.targets(of: end))
        slowCosts.append(answer.path?.cost)
        slowLengths.append(answer.path?.lengthCentimeters)
        slowSettled += answer.settled
    }
}
// Every street here is level (cost = length), so equal costs must come with equal lengths: both are checked.
precondition(fastCosts == slowCosts && fastLengths == slowLengths, "A* with landmarks and Dijkstra disagree")
print(
    String(
        format: "route, %d random pairs: A* with landmarks %.3f ms a query (%d nodes settled), Dijkstra %.3f ms "
            + "(%d settled): %.1fx faster, the same %d lengths to the centimetre",
        pairs, fastSeconds * 1000 / Double(pairs), fastSettled / pairs, slowSeconds * 1000 / Double(pairs),
        slowSettled / pairs, slowSeconds / fastSeconds, fastCosts.count))
if let pairsPath {
    var lines = ""
    for ((from, to), cost) in zip(queries, fastCosts) {
        lines += "\(from.latitude) \(from.longitude) \(to.latitude) \(to.longitude) \(cost.map { String($0) } ?? "-")\n"
    }
    try lines.write(toFile: pairsPath, atomically: true, encoding: .utf8)
}

// k = 10 nearest of 10^5 places: one search beside a route to each place (a sample, scaled to every place).
let places = (0..<placeCount).map { _ in coordinates[random.below(coordinates.count)] }
var nearest: [(index: Int, cost: Int64)] = []
let origin = coordinates[coordinates.count / 2 + side / 2]
let oneSearch = try seconds { nearest = try graph.nearest(from: origin, places: places, k: 10, search: search) }
let sample = min(placeCount, 500)
var sampled: [(Int, Int64)] = []
let sampleSeconds = seconds {
    for index in 0..<sample {
        if let route = try? graph.route(from: origin, to: places[index], search: search) {
            sampled.append((index, route.cost))
        }
    }
}
let eachSeconds = sampleSeconds / Double(sample) * Double(placeCount)
// The sample's own nearest must be no nearer than the ten found among all.
let tenth = nearest.last?.cost ?? 0
precondition(sampled.filter { $0.1 < tenth }.allSatisfy { s in nearest.contains { $0.index == s.0 } })
print(
    String(
        format: "k=10 nearest of %d places: one search %.1f ms (attaching the places included); a route to each "
            + "place %.1f s (%d routes timed, scaled): %.0fx", placeCount, oneSearch * 1000, eachSeconds, sample,
        eachSeconds / oneSearch))

// The city as OSM XML, each street between two junctions a footway, for Routino.
if let osmPath {
    FileManager.default.createFile(atPath: osmPath, contents: nil)
    let file = FileHandle(forWritingAtPath: osmPath)!
    var text = "<?xml version='1.0' encoding='UTF-8'?>\n<osm version='0.6' generator='grubmap-bench-routes'>\n"
    for (index, coordinate) in coordinates.enumerated() {
        text += "<node id='\(index + 1)' version='1' lat='\(coordinate.latitude)' lon='\(coordinate.longitude)'/>\n"
        if text.utf8.count > 1 << 20 {
            file.write(Data(text.utf8))
            text = ""
        }
    }
    for (index, (a, b)) in segments.enumerated() {
        text +=
            "<way id='\(index + 1)' version='1'><nd ref='\(a + 1)'/><nd ref='\(b + 1)'/>"
            + "<tag k='highway' v='footway'/></way>\n"
        if text.utf8.count > 1 << 20 {
            file.write(Data(text.utf8))
            text = ""
        }
    }
    text += "</osm>\n"
    file.write(Data(text.utf8))
    try file.close()
    print("wrote \(osmPath)")
}
