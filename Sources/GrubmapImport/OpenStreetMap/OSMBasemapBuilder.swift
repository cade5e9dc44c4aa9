import Foundation
import GrubmapCore

/// Turns what ``OSMExtractReader`` kept into basemap features cut to the area's coverage: lines split where a node
/// is missing and clipped at the edge, areas from closed ways and multipolygons (outer rings and holes, their
/// member ways joined end to end), stations as points.
///
/// A polygon ring with a missing node, or a multipolygon whose ways do not close into rings, is left out and
/// counted: drawing it would fill the wrong shape. The features come out sorted by kind and then by OpenStreetMap
/// type and id, so the same extract always gives the same basemap.
struct OSMBasemapBuilder {
    let reader: OSMExtractReader
    let coverage: Bounds
    /// The area's language: OpenStreetMap's plain `name` is in it.
    let localLanguage: String

    /// Buildings of at least this footprint keep their names; smaller ones would never have room for them.
    static let namedBuildingSquareMeters = 1_500.0

    struct Result {
        var features: [BasemapFeature] = []
        /// Ways, multipolygon rings and stations left out because a node they need was not in the file.
        var incomplete = 0
    }

    private var rect: PlaneRect {
        PlaneRect(
            minX: coverage.southWest.longitude, minY: coverage.southWest.latitude,
            maxX: coverage.northEast.longitude, maxY: coverage.northEast.latitude)
    }

    func build() -> Result {
        var result = Result()
        var keyed: [(key: SortKey, feature: BasemapFeature)] = []
        func add(_ feature: BasemapFeature?, _ key: SortKey) {
            if let feature { keyed.append((key, feature)) }
        }
        for (id, way) in reader.ways {
            guard let kind = way.kind else { continue }
            let key = SortKey(kind: kind, type: 1, id: id)
            switch kind.shape {
            case .lines:
                let (parts, complete) = lineParts(way.refs)
                if !complete { result.incomplete += 1 }
                let clipped = parts.flatMap { Clipping.clip(line: $0, to: rect) }
                guard !clipped.isEmpty else { continue }
                add(feature(kind, way.tags, clipped.map(coordinates), "w\(id)"), key)
            case .polygon:
                guard let ring = ring(way.refs) else {
                    result.incomplete += 1
                    continue
                }
                add(polygon(kind, way.tags, [ring], "w\(id)"), key)
            case .point:
                let points = way.refs.compactMap(reader.coordinate(ofNode:))
                if points.count < way.refs.count { result.incomplete += 1 }
                add(station(way.tags, points, "w\(id)"), key)
            }
        }
        for relation in reader.relations {
            let key = SortKey(kind: relation.kind, type: 2, id: relation.id)
            let memberWays = relation.members.compactMap { member in reader.ways[member.way]?.refs }
            if memberWays.count < relation.members.count { result.incomplete += 1 }
            let (rings, unclosed) = Self.assembleRings(memberWays)
            result.incomplete += unclosed
            var points: [[PlanePoint]] = []
            for refs in rings {
                if let ring = ring(refs) { points.append(ring) } else { result.incomplete += 1 }
            }
            guard !points.isEmpty else { continue }
            if relation.kind == .station {
                add(station(relation.tags, points.flatMap { $0 }.map(coordinate), "r\(relation.id)"), key)
            } else {
                add(polygon(relation.kind, relation.tags, points, "r\(relation.id)"), key)
            }
        }
        for node in reader.stations {
            add(station(node.tags, [node.coordinate], "n\(node.id)"), SortKey(kind: .station, type: 0, id: node.id))
        }
        result.features = keyed.sorted { $0.key < $1.key }.map(\.feature)
        return result
    }

    /// A way's points as runs between missing nodes, and whether none was missing.
    private func lineParts(_ refs: [Int64]) -> ([[PlanePoint]], Bool) {
        var parts: [[PlanePoint]] = []
        var current: [PlanePoint] = []
        var complete = true
        for ref in refs {
            if let coordinate = reader.coordinate(ofNode: ref) {
                current.append(point(coordinate))
            } else {
                complete = false
                if current.count >= 2 { parts.append(current) }
                current = []
            }
        }
        if current.count >= 2 { parts.append(current) }
        return (parts, complete)
    }

    /// A closed ring's points, or `nil` when a node is missing or it does not close.
    private func ring(_ refs: [Int64]) -> [PlanePoint]? {
        guard refs.count >= 4, refs.first == refs.last else { return nil }
        var points: [PlanePoint] = []
        points.reserveCapacity(refs.count)
        for ref in refs {
            guard let coordinate = reader.coordinate(ofNode: ref) else { return nil }
            points.append(point(coordinate))
        }
        return points
    }

    private func polygon(_ kind: BasemapFeature.Kind, _ tags: [String: String], _ rings: [[PlanePoint]], _ id: String)
        -> BasemapFeature?
    {
        let clipped = rings.map { Clipping.clip(ring: $0, to: rect) }.filter { !$0.isEmpty }
        guard !clipped.isEmpty else { return nil }
        var feature = feature(kind, tags, clipped.map(coordinates), id)
        if kind == .building, Self.squareMeters(of: rings) < Self.namedBuildingSquareMeters { feature.name = nil }
        return feature
    }

    /// A named station at the middle of its points, when that is within the coverage.
    private func station(_ tags: [String: String], _ points: [Coordinate], _ id: String) -> BasemapFeature? {
        guard !points.isEmpty, let name = OSMTags.name(of: tags, localLanguage: localLanguage) else { return nil }
        let latitude = points.reduce(0) { $0 + $1.latitude } / Double(points.count)
        let longitude = points.reduce(0) { $0 + $1.longitude } / Double(points.count)
        guard let middle = try? Coordinate(latitude: latitude, longitude: longitude), coverage.contains(middle)
        else { return nil }
        return BasemapFeature(kind: .station, name: name, parts: [[middle]], sourceID: id)
    }

    private func feature(_ kind: BasemapFeature.Kind, _ tags: [String: String], _ parts: [[Coordinate]], _ id: String)
        -> BasemapFeature
    {
        BasemapFeature(
            kind: kind, name: OSMTags.name(of: tags, localLanguage: localLanguage), parts: parts, sourceID: id)
    }

    private func point(_ coordinate: Coordinate) -> PlanePoint {
        PlanePoint(x: coordinate.longitude, y: coordinate.latitude)
    }

    private func coordinate(_ point: PlanePoint) -> Coordinate {
        // Clipping only moves points towards the coverage, whose coordinates are valid.
        try! Coordinate(latitude: min(max(point.y, -90), 90), longitude: min(max(point.x, -180), 180))
    }

    private func coordinates(_ points: [PlanePoint]) -> [Coordinate] { points.map(coordinate) }

    /// The footprint of rings (outer minus holes, as even-odd filling draws them), in square metres near enough
    /// for deciding whether a name fits: the shoelace formula on locally scaled degrees.
    static func squareMeters(of rings: [[PlanePoint]]) -> Double {
        guard let first = rings.first?.first else { return 0 }
        let metersPerDegree = 111_320.0
        let xScale = metersPerDegree * cos(first.y * .pi / 180)
        var areas: [Double] = []
        for ring in rings {
            var sum = 0.0
            for index in ring.indices {
                let a = ring[index]
                let b = ring[(index + 1) % ring.count]
                sum += (a.x * xScale) * (b.y * metersPerDegree) - (b.x * xScale) * (a.y * metersPerDegree)
            }
            areas.append(abs(sum) / 2)
        }
        // The largest ring is the outside; the others are taken as holes in it.
        let largest = areas.max() ?? 0
        return largest - (areas.reduce(0, +) - largest)
    }

    /// Joins ways (lists of node ids) end to end into closed rings, reversing a way where its end meets another's;
    /// returns the rings and how many chains could not be closed.
    static func assembleRings(_ ways: [[Int64]]) -> (rings: [[Int64]], unclosed: Int) {
        var rings: [[Int64]] = []
        var open: [[Int64]] = []
        for way in ways where way.count >= 2 {
            if way.count >= 4, way.first == way.last { rings.append(way) } else { open.append(way) }
        }
        var used = [Bool](repeating: false, count: open.count)
        var byEnd: [Int64: [Int]] = [:]
        for (index, way) in open.enumerated() {
            byEnd[way[0], default: []].append(index)
            byEnd[way[way.count - 1], default: []].append(index)
        }
        // Used ways are dropped from the lists as they are met, so many ways meeting at one node cost no more
        // than a few.
        func unusedWay(endingAt node: Int64) -> Int? {
            while let last = byEnd[node]?.last {
                if !used[last] { return last }
                byEnd[node]?.removeLast()
            }
            return nil
        }
        var unclosed = 0
        for start in open.indices where !used[start] {
            used[start] = true
            var chain = open[start]
            while chain.first != chain.last {
                guard let next = unusedWay(endingAt: chain[chain.count - 1]) else { break }
                used[next] = true
                let way = open[next]
                chain += (way[0] == chain[chain.count - 1] ? way : way.reversed()).dropFirst()
            }
            if chain.count >= 4, chain.first == chain.last { rings.append(chain) } else { unclosed += 1 }
        }
        return (rings, unclosed)
    }

    /// Kind, then node, way, relation, then id: the features' stored order.
    private struct SortKey: Comparable {
        let kind: BasemapFeature.Kind
        let type: Int
        let id: Int64

        static func < (lhs: SortKey, rhs: SortKey) -> Bool {
            let order = BasemapFeature.Kind.allCases
            return (order.firstIndex(of: lhs.kind)!, lhs.type, lhs.id) < (
                order.firstIndex(of: rhs.kind)!, rhs.type, rhs.id
            )
        }
    }
}
