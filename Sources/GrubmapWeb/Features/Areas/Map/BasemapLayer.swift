import GrubmapCore

/// An area's basemap prepared for one zoom level: every feature drawn at that zoom, projected to world pixels and
/// simplified (Douglas–Peucker, half a pixel), indexed in a grid of 512-pixel cells, and the named roads joined
/// into the lines their labels run along.
///
/// Depends only on the basemap's revision and the zoom, so ``BasemapLayerCache`` keeps it for every view of the
/// area at that zoom. Features too small to see at the zoom (a building under two pixels) and minor ones at far
/// zooms (footways below 15, buildings below 15, service lanes below 14) are left out, which keeps a far view of a
/// large area as small as a near one.
struct BasemapLayer: Sendable {
    /// A feature as drawn at this zoom.
    struct Shape: Sendable {
        let kind: BasemapFeature.Kind
        let name: LocalizedText?
        /// Parts in world pixels: line parts, or rings without their closing point.
        let parts: [[PlanePoint]]
        let box: PlaneRect
    }

    /// A road's name and the joined line it may be written along.
    struct LabelLine: Sendable {
        let kind: BasemapFeature.Kind
        let name: LocalizedText
        let points: [PlanePoint]
        let box: PlaneRect
    }

    let zoom: Int
    let shapes: [Shape]
    let labelLines: [LabelLine]
    private let grid: [Cell: [Int]]
    private let labelGrid: [Cell: [Int]]

    static let cellSize = 512.0
    /// How far from a line a dropped point may lie, in pixels.
    static let tolerance = 0.5

    /// The closest zoom at which a kind is left out; it is drawn from the next one on.
    static func isDrawn(_ kind: BasemapFeature.Kind, atZoom zoom: Int) -> Bool {
        switch kind {
        case .street: zoom >= 13
        case .service, .pedestrian: zoom >= 14
        case .footway, .building: zoom >= 15
        default: true
        }
    }

    /// Whether a road of this kind is named at this zoom.
    static func isNamed(_ kind: BasemapFeature.Kind, atZoom zoom: Int) -> Bool {
        switch kind {
        case .motorway, .primary, .secondary, .tertiary: zoom >= 14
        case .street: zoom >= 15
        case .service, .pedestrian: zoom >= 16
        case .footway, .waterway: zoom >= 17
        default: false
        }
    }

    init(basemap: Basemap, zoom: Int) {
        self.zoom = zoom
        var shapes: [Shape] = []
        for feature in basemap.features where Self.isDrawn(feature.kind, atZoom: zoom) {
            let projected = feature.parts.map { part in part.map { MapViewport.worldPoint($0, zoom: zoom) } }
            var parts: [[PlanePoint]]
            switch feature.kind.shape {
            case .point:
                parts = projected
            case .lines:
                parts = projected.map { Simplification.douglasPeucker($0, tolerance: Self.tolerance) }
                    .filter { $0.count >= 2 }
            case .polygon:
                parts = projected.compactMap { ring -> [PlanePoint]? in
                    guard let box = PlaneRect(enclosing: ring), box.width >= 2 || box.height >= 2 else { return nil }
                    return Simplification.douglasPeucker(ring: ring, tolerance: Self.tolerance)
                }
            }
            guard !parts.isEmpty, let box = PlaneRect(enclosing: parts.joined()) else { continue }
            if feature.kind == .building, box.width < 2, box.height < 2 { continue }
            shapes.append(Shape(kind: feature.kind, name: feature.name, parts: parts, box: box))
        }
        self.shapes = shapes
        grid = Self.index(shapes.map(\.box))
        labelLines = Self.joinNamedRoads(shapes, zoom: zoom)
        labelGrid = Self.index(labelLines.map(\.box))
    }

    /// The indices of the shapes whose boxes meet `rect`, ascending (the basemap's drawing order).
    func shapes(in rect: PlaneRect) -> [Int] { Self.lookup(grid, rect) }

    /// The indices of the label lines whose boxes meet `rect`, ascending.
    func labelLines(in rect: PlaneRect) -> [Int] { Self.lookup(labelGrid, rect) }

    private static func index(_ boxes: [PlaneRect]) -> [Cell: [Int]] {
        var grid: [Cell: [Int]] = [:]
        for (index, box) in boxes.enumerated() {
            for cell in Cell.covering(box) { grid[cell, default: []].append(index) }
        }
        return grid
    }

    private static func lookup(_ grid: [Cell: [Int]], _ rect: PlaneRect) -> [Int] {
        var found = Set<Int>()
        for cell in Cell.covering(rect) { found.formUnion(grid[cell] ?? []) }
        return found.sorted()
    }

    /// Named roads (and rivers) joined end to end where pieces of one name and kind meet, so a street split into
    /// many ways is labelled as one line.
    private static func joinNamedRoads(_ shapes: [Shape], zoom: Int) -> [LabelLine] {
        var groups: [GroupKey: [[PlanePoint]]] = [:]
        var order: [GroupKey] = []
        for shape in shapes where shape.kind.shape == .lines && isNamed(shape.kind, atZoom: zoom) {
            guard let name = shape.name else { continue }
            let key = GroupKey(kind: shape.kind, name: name)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []] += shape.parts
        }
        var lines: [LabelLine] = []
        for key in order {
            for chain in chains(groups[key] ?? []) {
                guard let box = PlaneRect(enclosing: chain) else { continue }
                lines.append(LabelLine(kind: key.kind, name: key.name, points: chain, box: box))
            }
        }
        return lines
    }

    /// Parts joined where one's end is another's start or end (reversing where needed), longest first.
    static func chains(_ parts: [[PlanePoint]]) -> [[PlanePoint]] {
        var used = [Bool](repeating: false, count: parts.count)
        var byEnd: [PlanePoint: [Int]] = [:]
        for (index, part) in parts.enumerated() {
            byEnd[part[0], default: []].append(index)
            byEnd[part[part.count - 1], default: []].append(index)
        }
        // Used parts are dropped from the lists as they are met, so crossings of many pieces stay cheap.
        func next(at point: PlanePoint) -> Int? {
            while let last = byEnd[point]?.last {
                if !used[last] { return last }
                byEnd[point]?.removeLast()
            }
            return nil
        }
        var chains: [[PlanePoint]] = []
        for start in parts.indices where !used[start] {
            used[start] = true
            var chain = parts[start]
            while let index = next(at: chain[chain.count - 1]) {
                used[index] = true
                let part = parts[index]
                chain += (part[0] == chain[chain.count - 1] ? part : part.reversed()).dropFirst()
            }
            while let index = next(at: chain[0]) {
                used[index] = true
                let part = parts[index]
                chain = (part[part.count - 1] == chain[0] ? part : part.reversed()).dropLast() + chain
            }
            chains.append(chain)
        }
        return chains
    }

    private struct GroupKey: Hashable {
        let kind: BasemapFeature.Kind
        let name: LocalizedText
    }

    private struct Cell: Hashable {
        let x: Int
        let y: Int

        static func covering(_ rect: PlaneRect) -> [Cell] {
            let minX = Int((rect.minX / cellSize).rounded(.down))
            let maxX = Int((rect.maxX / cellSize).rounded(.down))
            let minY = Int((rect.minY / cellSize).rounded(.down))
            let maxY = Int((rect.maxY / cellSize).rounded(.down))
            var cells: [Cell] = []
            for y in minY...maxY {
                for x in minX...maxX { cells.append(Cell(x: x, y: y)) }
            }
            return cells
        }
    }
}
