import Foundation
import GrubmapCore
import GrubmapStore

/// The console's position picker: the area's map at the true shape of its bounds in Web Mercator, over its basemap
/// (or the operator's XYZ tiles), with the area's other places as pins with their names, and a marker where the
/// place is, once there is a position.
///
/// Each drawing lies under a transparent image button of the same size. Without a script a click on it sends the
/// whole form with where it was clicked (`pick-narrow.x`, `pick-narrow.y`), and the server sets the position and
/// shows the form again, unsaved; `console.js` does the same at once in the page. Since an image button sends CSS
/// pixels, each drawing is shown at the size its ``Layout`` says: one below the console's desktop width, one from it
/// on (the style sheet shows one), the narrow one scrolling sideways on a screen narrower still.
struct ConsolePositionMap {
    /// A size the map is drawn and shown at.
    enum Variant: String, CaseIterable, Sendable {
        case narrow, wide

        /// The box the map fits in, in CSS pixels.
        var box: (width: Double, height: Double) { self == .narrow ? (320, 420) : (640, 560) }

        /// The name of its image button: a click comes back as `pick-narrow.x` and `pick-narrow.y`.
        var fieldName: String { "pick-\(rawValue)" }
    }

    /// How a variant draws the area: a view of whole pixels at a zoom that covers the area's bounds, and the size
    /// in CSS pixels it is shown at (the view's shape, fitted in the variant's box).
    struct Layout: Equatable, Sendable {
        let viewport: MapViewport
        let displayWidth: Int
        let displayHeight: Int

        init(bounds: Bounds, variant: Variant) {
            let northWest = WebMercator.project(bounds.northWest)
            let southEast = WebMercator.project(bounds.southEast)
            let span = (x: max(southEast.x - northWest.x, 1e-9), y: max(southEast.y - northWest.y, 1e-9))
            let box = variant.box
            // The zoom at which the drawing's own pixels are nearest the shown ones, so its lines and street names
            // show at about their size.
            let fitted = min(box.width / span.x, box.height / span.y) / MapViewport.tileSize
            let zoom = min(max(Int(log2(fitted).rounded()), MapViewport.minimumZoom), MapViewport.maximumZoom)
            let size = MapViewport.tileSize * Double(1 << zoom)
            let originX = Int((northWest.x * size).rounded(.down))
            let originY = Int((northWest.y * size).rounded(.down))
            viewport = MapViewport(
                zoom: zoom, originX: originX, originY: originY,
                width: Int((southEast.x * size).rounded(.up)) - originX,
                height: Int((southEast.y * size).rounded(.up)) - originY)
            let aspect = Double(viewport.height) / Double(viewport.width)
            if box.width * aspect <= box.height {
                displayWidth = Int(box.width)
                displayHeight = max(Int((box.width * aspect).rounded()), 1)
            } else {
                displayHeight = Int(box.height)
                displayWidth = max(Int((box.height / aspect).rounded()), 1)
            }
        }

        /// The coordinate under a click at (`x`, `y`) CSS pixels of the shown map, or `nil` outside it.
        func coordinate(x: Double, y: Double) -> Coordinate? {
            guard (0...Double(displayWidth)).contains(x), (0...Double(displayHeight)).contains(y) else { return nil }
            let world = PlanePoint(
                x: Double(viewport.originX) + x / Double(displayWidth) * Double(viewport.width),
                y: Double(viewport.originY) + y / Double(displayHeight) * Double(viewport.height))
            return MapViewport.coordinate(atWorld: world, zoom: viewport.zoom)
        }

        /// A coordinate's point in the drawing's pixels.
        func point(_ coordinate: Coordinate) -> PlanePoint {
            let world = MapViewport.worldPoint(coordinate, zoom: viewport.zoom)
            return PlanePoint(x: world.x - Double(viewport.originX), y: world.y - Double(viewport.originY))
        }
    }

    let area: Area
    /// The area's places other than the one being edited.
    let places: [Place]
    let basemap: StoredBasemap?
    /// An XYZ tile URL template with `{z}`, `{x}` and `{y}`, drawn instead of the basemap.
    let tileURL: String?
    let caches: MapCaches
    let language: Language
    /// The position the form holds, marked.
    let picked: Coordinate?
    /// The image button's text: what the map is and what a click does.
    let label: String
    /// "Position set to", before the coordinates a script announces.
    let pickedText: String
    let mapStrings: MapStrings

    /// Pixels of a place's name; the style sheet draws them at this size.
    static let nameSize = 13.0

    var node: Node {
        el(.div, .class("map-picker"), .data("picker", ""), .data("picked", pickedText)) {
            for variant in Variant.allCases {
                drawing(variant)
            }
            attribution
        }
    }

    private func drawing(_ variant: Variant) -> Node {
        let layout = Layout(bounds: area.bounds, variant: variant)
        let view = layout.viewport
        let pins = places.map { (place: $0, at: layout.point($0.coordinate)) }.filter {
            $0.at.x >= 0 && $0.at.y >= 0 && $0.at.x <= Double(view.width) && $0.at.y <= Double(view.height)
        }
        let labels = placeLabels(pins, in: view)
        let obstacles =
            pins.map { PlaneRect(minX: $0.at.x - 8, minY: $0.at.y - 8, maxX: $0.at.x + 8, maxY: $0.at.y + 8) }
            + labels.map(\.box)
        return el(.div, .class("picker-frame picker-\(variant.rawValue)")) {
            el(
                .svg, Attribute("xmlns", "http://www.w3.org/2000/svg"),
                Attribute("viewBox", "0 0 \(view.width) \(view.height)"), Attribute("preserveAspectRatio", "none"),
                Attribute("width", String(layout.displayWidth)), Attribute("height", String(layout.displayHeight)),
                .class("map picker-drawing"), .ariaHidden(), .data("zoom", String(view.zoom)),
                .data("origin-x", String(view.originX)), .data("origin-y", String(view.originY)),
                .data("width", String(view.width)), .data("height", String(view.height))
            ) {
                el(
                    .rect, .class("map-ground"), Attribute("width", String(view.width)),
                    Attribute("height", String(view.height)))
                if let tileURL {
                    tiles(tileURL, view: view)
                } else if let basemap {
                    basemapDrawing(basemap, view: view, obstacles: obstacles)
                }
                el(.g, .class("picker-places")) {
                    for pin in pins {
                        el(
                            .circle, .class("picker-pin"), Attribute("cx", format(pin.at.x)),
                            Attribute("cy", format(pin.at.y)), Attribute("r", "6"))
                    }
                    for label in labels {
                        el(
                            .text,
                            attributes: [
                                .class("picker-name"), Attribute("x", format(label.x)), Attribute("y", format(label.y)),
                                Attribute("text-anchor", label.anchor),
                            ] + label.lang
                        ) { label.text }
                    }
                }
                marker(layout)
            }
            el(
                .input, .type("image"), .name(variant.fieldName), Attribute("src", Self.transparentPixel),
                Attribute("alt", label), Attribute("width", String(layout.displayWidth)),
                Attribute("height", String(layout.displayHeight)), .class("picker-target"),
                // The typed fields are the keyboard's way; Enter in them still saves (see the feature).
                Attribute("tabindex", "-1"))
        }
    }

    /// A GIF of one transparent pixel: the image button shows nothing over the drawing.
    static let transparentPixel = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"

    private struct NameLabel {
        let text: String
        let lang: [Attribute]
        let x: Double
        let y: Double
        let anchor: String
        let box: PlaneRect
    }

    /// Each place's name beside its pin (right, left, above or below, whichever is free first), none over another.
    private func placeLabels(_ pins: [(place: Place, at: PlanePoint)], in view: MapViewport) -> [NameLabel] {
        var placement = LabelPlacement(
            bounds: PlaneRect(minX: 2, minY: 2, maxX: Double(view.width) - 2, maxY: Double(view.height) - 2), cell: 24)
        for pin in pins {
            placement.block(PlaneRect(minX: pin.at.x - 7, minY: pin.at.y - 7, maxX: pin.at.x + 7, maxY: pin.at.y + 7))
        }
        var labels: [NameLabel] = []
        let height = Self.nameSize
        for pin in pins.sorted(by: { ($0.at.y, $0.at.x) < ($1.at.y, $1.at.x) }) {
            let text = pin.place.name.text(in: language)
            // Bold letters run wider than the estimate's regular ones.
            let width = TextMetrics.estimatedWidth(of: text, fontSize: Self.nameSize) * 1.15
            let (x, y) = (pin.at.x, pin.at.y)
            let beside = (minY: y - height / 2 - 1, maxY: y + height / 2 + 1, baseline: y + height * 0.35)
            let above = (minY: y - 9 - height, maxY: y - 9, baseline: y - 11)
            let below = (minY: y + 9, maxY: y + 9 + height, baseline: y + 9 + height * 0.85)
            // Right, left, then above and below: centred, or reaching right or left from the pin near an edge.
            var candidates: [(box: PlaneRect, x: Double, y: Double, anchor: String)] = [
                (
                    PlaneRect(minX: x + 9, minY: beside.minY, maxX: x + 9 + width, maxY: beside.maxY), x + 9,
                    beside.baseline, "start"
                ),
                (
                    PlaneRect(minX: x - 9 - width, minY: beside.minY, maxX: x - 9, maxY: beside.maxY), x - 9,
                    beside.baseline, "end"
                ),
            ]
            for row in [above, below] {
                candidates += [
                    (
                        PlaneRect(minX: x - width / 2, minY: row.minY, maxX: x + width / 2, maxY: row.maxY), x,
                        row.baseline, "middle"
                    ),
                    (
                        PlaneRect(minX: x - 6, minY: row.minY, maxX: x - 6 + width, maxY: row.maxY), x - 6,
                        row.baseline, "start"
                    ),
                    (
                        PlaneRect(minX: x + 6 - width, minY: row.minY, maxX: x + 6, maxY: row.maxY), x + 6,
                        row.baseline, "end"
                    ),
                ]
            }
            guard let chosen = candidates.first(where: { placement.place(box: $0.box) }) else { continue }
            labels.append(
                NameLabel(
                    text: text, lang: pin.place.name.langAttributes(on: language), x: chosen.x, y: chosen.y,
                    anchor: chosen.anchor, box: chosen.box))
        }
        return labels
    }

    /// The place's position: a pin drawn at its size whatever the drawing's, hidden until there is one.
    private func marker(_ layout: Layout) -> Node {
        let at = picked.map(layout.point) ?? PlanePoint(x: 0, y: 0)
        let inside =
            at.x >= 0 && at.y >= 0 && at.x <= Double(layout.viewport.width) && at.y <= Double(layout.viewport.height)
        return el(
            .g,
            attributes: [.class("map-picked"), Attribute("transform", "translate(\(format(at.x)) \(format(at.y)))")]
                + (picked != nil && inside ? [] : [Attribute("display", "none")])
        ) {
            el(.path, Attribute("d", "M0 0c-6-13-20-21-20-36a20 20 0 0 1 40 0c0 15-14 23-20 36z"))
            el(.circle, Attribute("cy", "-36"), Attribute("r", "7"))
        }
    }

    private func basemapDrawing(_ stored: StoredBasemap, view: MapViewport, obstacles: [PlaneRect]) -> Node {
        let layerKey = MapCaches.LayerKey(area: area.id, revision: stored.revision, zoom: view.zoom)
        let layer = caches.layers.value(for: layerKey) { BasemapLayer(basemap: stored.basemap, zoom: view.zoom) }
        return BasemapDrawing(layer: layer, viewport: view, language: language, obstacles: obstacles).node
    }

    /// The operator's tiles covering the view at its zoom.
    private func tiles(_ template: String, view: MapViewport) -> Node {
        let size = Int(MapViewport.tileSize)
        let count = 1 << view.zoom
        let first = (
            x: Int((Double(view.originX) / Double(size)).rounded(.down)),
            y: Int((Double(view.originY) / Double(size)).rounded(.down))
        )
        let last = (
            x: Int((Double(view.originX + view.width) / Double(size)).rounded(.down)),
            y: Int((Double(view.originY + view.height) / Double(size)).rounded(.down))
        )
        return el(.g, .class("map-tiles")) {
            for tileY in max(first.y, 0)...min(max(last.y, first.y), count - 1) {
                for tileX in first.x...max(last.x, first.x) {
                    let wrapped = ((tileX % count) + count) % count
                    let url = template.replacingOccurrences(of: "{z}", with: "\(view.zoom)")
                        .replacingOccurrences(of: "{x}", with: "\(wrapped)").replacingOccurrences(
                            of: "{y}", with: "\(tileY)")
                    el(
                        .image, Attribute("href", url), Attribute("x", String(tileX * size - view.originX)),
                        Attribute("y", String(tileY * size - view.originY)), Attribute("width", String(size)),
                        Attribute("height", String(size)))
                }
            }
        }
    }

    private var attribution: Node {
        switch (tileURL, basemap?.basemap.source) {
        case (nil, .openStreetMap?):
            el(.p, .class("map-attribution picker-attribution")) {
                "© "
                el(.a, .href("https://www.openstreetmap.org/copyright"), .lang("en")) { mapStrings.openStreetMap }
                " " + mapStrings.contributors
            }
        case (nil, .schematic?):
            el(.p, .class("map-attribution picker-attribution")) { mapStrings.schematic }
        default:
            fragment {}
        }
    }

    private func format(_ value: Double) -> String { BasemapDrawing.format(value) }
}
