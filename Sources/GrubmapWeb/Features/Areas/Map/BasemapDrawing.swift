import GrubmapCore

/// Draws one view of a basemap as SVG: areas, waterways, buildings, railways and roads by class (each class one
/// path, its width set for the zoom), station marks, and the names of streets along them, of stations beside them
/// and of large buildings, parks and lakes in them, none over another or over a pin.
///
/// Coordinates are whole pixels of the 400 × 460 view, written as relative moves, which keeps a phone's map of a
/// dense city within tens of kilobytes. The drawing is `aria-hidden`: the pins and the list carry the meaning.
struct BasemapDrawing {
    let layer: BasemapLayer
    let viewport: MapViewport
    let language: Language
    /// Boxes of the view that labels keep off: the pins and clusters, and their names.
    let obstacles: [PlaneRect]
    /// Names of buildings, parks and water not to write (the venue's, written at its mark).
    var unnamed: Set<String> = []

    /// Road label size in pixels; the style sheet draws them at this size.
    static let labelSize = 12.0
    static let areaLabelSize = 11.0

    /// The order kinds are drawn in, bottom first: areas, then lines from the smallest road to the largest.
    static let drawingOrder: [BasemapFeature.Kind] = [
        .green, .water, .waterway, .building, .railway, .footway, .pedestrian, .service, .street, .tertiary,
        .secondary, .primary, .motorway,
    ]

    /// A line's width in pixels at a zoom: the widths at zoom 17, scaled by 2^(¾ × (zoom − 17)) within [0.35, 2.5].
    static func width(of kind: BasemapFeature.Kind, atZoom zoom: Int) -> Double {
        let base: Double =
            switch kind {
            case .motorway: 11
            case .primary: 10
            case .secondary: 9
            case .tertiary: 8
            case .street: 6
            case .pedestrian: 5
            case .service: 4
            case .footway: 1.6
            case .railway: 2
            case .waterway: 3
            default: 0
            }
        let scale = min(max(pow2(0.75 * Double(zoom - 17)), 0.35), 2.5)
        return max((base * scale * 10).rounded() / 10, kind == .footway ? 1 : 0.6)
    }

    private static func pow2(_ exponent: Double) -> Double {
        var result = 1.0
        var remaining = exponent
        while remaining >= 1 {
            result *= 2
            remaining -= 1
        }
        while remaining <= -1 {
            result /= 2
            remaining += 1
        }
        // 2^r for |r| < 1 from its series: close enough for a line width.
        let x = remaining * 0.693_147_180_559_945
        return result * (1 + x + x * x / 2 + x * x * x / 6 + x * x * x * x / 24)
    }

    var node: Node {
        let world = viewport.worldRect
        let indices = layer.shapes(in: world.outsetBy(24))
        var pathsByKind: [BasemapFeature.Kind: PathData] = [:]
        var stations: [(point: PlanePoint, name: LocalizedText?)] = []
        for index in indices {
            let shape = layer.shapes[index]
            switch shape.kind.shape {
            case .point:
                if let point = shape.parts.first?.first.map(local), viewport.rect.contains(point) {
                    stations.append((point, shape.name))
                }
            case .lines:
                let margin = Self.width(of: shape.kind, atZoom: viewport.zoom) / 2 + 2
                let rect = viewport.rect.outsetBy(margin)
                for part in shape.parts {
                    for clipped in Clipping.clip(line: part.map(local), to: rect) {
                        pathsByKind[shape.kind, default: PathData()].add(line: clipped)
                    }
                }
            case .polygon:
                let rect = viewport.rect.outsetBy(4)
                for ring in shape.parts {
                    let clipped = Clipping.clip(ring: ring.map(local), to: rect)
                    if !clipped.isEmpty { pathsByKind[shape.kind, default: PathData()].add(ring: clipped) }
                }
            }
        }
        var placement = LabelPlacement(bounds: viewport.rect.insetBy(3), cell: 24)
        let controls = MapControls.boxes(width: Double(viewport.width), height: Double(viewport.height))
        for obstacle in obstacles + controls { placement.block(obstacle.outsetBy(2)) }
        let stationLabels = stations.compactMap { station in
            station.name.flatMap { placeStationLabel($0, at: station.point, placement: &placement) }
        }
        let roadLabels = placeRoadLabels(placement: &placement)
        let areaLabels = placeAreaLabels(indices, placement: &placement)
        return el(.g, .class("bm"), .ariaHidden()) {
            for kind in Self.drawingOrder {
                if let data = pathsByKind[kind], !data.text.isEmpty {
                    if kind.shape == .polygon {
                        el(.path, .class("bm-\(kind.rawValue)"), Attribute("d", data.text))
                    } else {
                        el(
                            .path, .class("bm-\(kind.rawValue)"), Attribute("d", data.text),
                            Attribute("stroke-width", Self.format(Self.width(of: kind, atZoom: viewport.zoom))))
                    }
                }
            }
            for station in stations {
                el(
                    .circle, .class("bm-station"), Attribute("cx", Self.format(station.point.x)),
                    Attribute("cy", Self.format(station.point.y)), Attribute("r", "4"))
            }
            if !roadLabels.isEmpty {
                element("defs") {
                    for (index, label) in roadLabels.enumerated() {
                        el(.path, .id("map-label-\(index)"), Attribute("d", label.path))
                    }
                }
            }
            el(.g, .class("bm-labels")) {
                for (index, label) in roadLabels.enumerated() {
                    el(.text, attributes: [.class("bm-road-label")] + label.lang) {
                        element(
                            "textPath",
                            [
                                Attribute("href", "#map-label-\(index)"), Attribute("startOffset", "50%"),
                                Attribute("text-anchor", "middle"),
                            ]
                        ) { label.text }
                    }
                }
                for label in stationLabels + areaLabels {
                    el(
                        .text,
                        attributes: [
                            .class(label.className), Attribute("x", Self.format(label.x)),
                            Attribute("y", Self.format(label.y)), Attribute("text-anchor", label.anchor),
                        ] + label.lang
                    ) { label.text }
                }
            }
        }
    }

    private func local(_ point: PlanePoint) -> PlanePoint {
        PlanePoint(x: point.x - Double(viewport.originX), y: point.y - Double(viewport.originY))
    }

    /// What a name reads in this page's language, with `lang` when that is another language.
    private func shown(_ name: LocalizedText) -> (text: String, lang: [Attribute]) {
        let shown = name.shown(in: language)
        return (shown.text, shown.language == language.rawValue ? [] : [.lang(shown.language)])
    }

    private struct RoadLabel {
        let path: String
        let text: String
        let lang: [Attribute]
    }

    private struct PointLabel {
        let className: String
        let x: Double
        let y: Double
        let anchor: String
        let text: String
        let lang: [Attribute]
    }

    private func placeRoadLabels(placement: inout LabelPlacement) -> [RoadLabel] {
        let rank = Dictionary(uniqueKeysWithValues: Self.drawingOrder.reversed().enumerated().map { ($1, $0) })
        let inset = viewport.rect.insetBy(3)
        let candidates = layer.labelLines(in: viewport.worldRect).map { layer.labelLines[$0] }
            .map { line in (line: line, parts: Clipping.clip(line: line.points.map(local), to: inset)) }
            .filter { !$0.parts.isEmpty }
            .sorted { a, b in
                let (rankA, rankB) = (rank[a.line.kind] ?? 99, rank[b.line.kind] ?? 99)
                if rankA != rankB { return rankA < rankB }
                let (lengthA, lengthB) = (Self.length(a.parts), Self.length(b.parts))
                return lengthA != lengthB
                    ? lengthA > lengthB : a.line.name.values.description < b.line.name.values.description
            }
        var labels: [RoadLabel] = []
        for candidate in candidates {
            let (text, lang) = shown(candidate.line.name)
            let width = TextMetrics.estimatedWidth(of: text, fontSize: Self.labelSize)
            var placedForLine = 0
            for part in candidate.parts.sorted(by: { Self.length([$0]) > Self.length([$1]) }) where placedForLine < 2 {
                let paths = placement.place(
                    along: part, textWidth: width, textHeight: Self.labelSize, spacing: 280, limit: 2 - placedForLine)
                for path in paths {
                    var data = PathData()
                    data.add(absolute: path)
                    labels.append(RoadLabel(path: data.text, text: text, lang: lang))
                }
                placedForLine += paths.count
            }
        }
        return labels
    }

    private func placeStationLabel(_ name: LocalizedText, at point: PlanePoint, placement: inout LabelPlacement)
        -> PointLabel?
    {
        let (text, lang) = shown(name)
        let width = TextMetrics.estimatedWidth(of: text, fontSize: Self.areaLabelSize)
        let height = Self.areaLabelSize + 2
        let right = PlaneRect(
            minX: point.x + 6, minY: point.y - height / 2, maxX: point.x + 8 + width, maxY: point.y + height / 2)
        if placement.place(box: right) {
            return PointLabel(
                className: "bm-station-label", x: point.x + 7, y: point.y + 4, anchor: "start", text: text, lang: lang)
        }
        let left = PlaneRect(
            minX: point.x - 8 - width, minY: point.y - height / 2, maxX: point.x - 6, maxY: point.y + height / 2)
        if placement.place(box: left) {
            return PointLabel(
                className: "bm-station-label", x: point.x - 7, y: point.y + 4, anchor: "end", text: text, lang: lang)
        }
        return nil
    }

    /// Names of buildings, parks and lakes large enough on screen to hold them, largest first, in the middle of the
    /// part that shows.
    private func placeAreaLabels(_ indices: [Int], placement: inout LabelPlacement) -> [PointLabel] {
        let view = viewport.rect
        var named: [(shape: BasemapLayer.Shape, visible: PlaneRect)] = []
        for index in indices {
            let shape = layer.shapes[index]
            guard shape.kind.shape == .polygon, shape.name != nil else { continue }
            let left = max(shape.box.minX - Double(viewport.originX), view.minX)
            let top = max(shape.box.minY - Double(viewport.originY), view.minY)
            let right = min(shape.box.maxX - Double(viewport.originX), view.maxX)
            let bottom = min(shape.box.maxY - Double(viewport.originY), view.maxY)
            guard right > left, bottom > top else { continue }
            named.append((shape, PlaneRect(minX: left, minY: top, maxX: right, maxY: bottom)))
        }
        named.sort { $0.visible.width * $0.visible.height > $1.visible.width * $1.visible.height }
        var labels: [PointLabel] = []
        for (shape, visible) in named {
            let (text, lang) = shown(shape.name!)
            guard !unnamed.contains(text) else { continue }
            let width = TextMetrics.estimatedWidth(of: text, fontSize: Self.areaLabelSize)
            let height = Self.areaLabelSize + 3
            guard visible.width >= width + 10, visible.height >= height + 6 else { continue }
            let center = visible.center
            let box = PlaneRect(
                minX: center.x - width / 2, minY: center.y - height / 2, maxX: center.x + width / 2,
                maxY: center.y + height / 2)
            guard placement.place(box: box) else { continue }
            labels.append(
                PointLabel(
                    className: "bm-area-label bm-\(shape.kind.rawValue)-label", x: center.x, y: center.y + 4,
                    anchor: "middle", text: text, lang: lang))
        }
        return labels
    }

    private static func length(_ parts: [[PlanePoint]]) -> Double {
        parts.reduce(0) { total, part in
            total + zip(part, part.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
        }
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// SVG path data in whole pixels: an absolute move to each part's start, then relative lines, repeats dropped.
struct PathData {
    private(set) var text = ""

    mutating func add(line points: [PlanePoint]) {
        append(points, close: false)
    }

    mutating func add(ring points: [PlanePoint]) {
        append(points, close: true)
    }

    /// A line as absolute points (for a label's path, read by `textPath`).
    mutating func add(absolute points: [PlanePoint]) {
        for (index, point) in points.enumerated() {
            text += (index == 0 ? "M" : "L") + BasemapDrawing.format(point.x) + " " + BasemapDrawing.format(point.y)
        }
    }

    private mutating func append(_ points: [PlanePoint], close: Bool) {
        guard let first = points.first else { return }
        var x = Int(first.x.rounded())
        var y = Int(first.y.rounded())
        var body = ""
        var count = 0
        for point in points.dropFirst() {
            let nextX = Int(point.x.rounded())
            let nextY = Int(point.y.rounded())
            guard nextX != x || nextY != y else { continue }
            body += (count == 0 ? "l" : " ") + String(nextX - x) + (nextY - y < 0 ? "" : " ") + String(nextY - y)
            x = nextX
            y = nextY
            count += 1
        }
        guard count >= (close ? 2 : 1) else { return }
        text += "M" + String(Int(first.x.rounded())) + " " + String(Int(first.y.rounded())) + body + (close ? "z" : "")
    }
}
