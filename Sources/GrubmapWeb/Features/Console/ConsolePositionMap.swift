import Foundation
import GrubmapCore

/// The console's position picker: the area drawn by the server as SVG in Web Mercator (the center, a scale bar,
/// optionally an operator's XYZ tiles underneath) on which a click picks a place's position. It is the area map as it
/// was before the area page's map (``AreaMap``) drew basemaps, clusters and views; the pins are drawn for the places
/// given (none on the place form).
///
/// Pins are drawn, and so reached by the keyboard, from north to south and then west to east: the order a person
/// reads the map in, and the one where each pin's point overlaps the pins above it, as on paper maps.
struct ConsolePositionMap {
    let strings: CheckInStrings
    let area: Area
    let places: [ListedPlace]
    let presence: [Place.ID: PlacePresence]
    let position: Coordinate?
    let units: DistanceUnit
    /// An XYZ tile URL template with `{z}`, `{x}` and `{y}`, or `nil` for a clean offline map.
    let tileURL: String?
    let language: Language
    /// Set on the console's place form: the map then picks a position instead of showing places.
    var picker: Picker? = nil

    /// What the console's place form needs of the map: its name and help, and the position its fields hold (marked).
    /// The drawing carries its projection as data attributes, so the script turns a click into a coordinate.
    struct Picker {
        let label: String
        let help: String
        let coordinate: Coordinate?
    }

    /// The drawing's width in SVG units; the height follows the area's shape.
    static let width = 1000.0

    private var origin: (x: Double, y: Double) {
        WebMercator.project(
            try! Coordinate(latitude: area.bounds.northEast.latitude, longitude: area.bounds.southWest.longitude))
    }

    private var span: (x: Double, y: Double) {
        let southEast = WebMercator.project(
            try! Coordinate(latitude: area.bounds.southWest.latitude, longitude: area.bounds.northEast.longitude))
        return (max(southEast.x - origin.x, 1e-9), max(southEast.y - origin.y, 1e-9))
    }

    private var height: Double { min(max(Self.width * span.y / span.x, 400), 1400) }

    /// A coordinate's point in the drawing.
    func point(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        let projected = WebMercator.project(coordinate)
        let scale = min(Self.width / span.x, height / span.y)
        let offsetX = (Self.width - span.x * scale) / 2
        let offsetY = (height - span.y * scale) / 2
        return (offsetX + (projected.x - origin.x) * scale, offsetY + (projected.y - origin.y) * scale)
    }

    var node: Node {
        let height = self.height
        return el(
            .svg,
            attributes: [
                Attribute("xmlns", "http://www.w3.org/2000/svg"),
                Attribute("viewBox", "0 0 \(Int(Self.width)) \(Int(height))"), .class("map"),
                Attribute("role", "group"),
                .ariaLabel(picker?.label ?? strings.mapLabel(area.name.text(in: language))),
                Attribute("aria-describedby", "map-help"),
            ] + projectionAttributes
        ) {
            // `desc`, unlike `title`, shows no tooltip; `Tag` has no case for it, and the public `element` takes any name.
            element("desc", [.id("map-help")]) { picker?.help ?? strings.mapHelp(places.count) }
            el(.rect, .class("map-ground"), Attribute("width", "100%"), Attribute("height", "100%"))
            if let tileURL { tiles(tileURL) } else { grid(height: height) }
            centerMarker
            for listed in readingOrder { pin(listed) }
            if let position, area.bounds.contains(position) { me(position) }
            scaleBar(height: height)
            if let picker { picked(picker.coordinate) }
        }
    }

    /// For a picker: a drawing point (x, y) is the Web Mercator point origin + ((x, y) − offset) / scale.
    private var projectionAttributes: [Attribute] {
        guard picker != nil else { return [] }
        let scale = min(Self.width / span.x, height / span.y)
        return [
            Attribute("data-map-picker", nil), Attribute("data-origin-x", "\(origin.x)"),
            Attribute("data-origin-y", "\(origin.y)"), Attribute("data-scale", "\(scale)"),
            Attribute("data-offset-x", "\((Self.width - span.x * scale) / 2)"),
            Attribute("data-offset-y", "\((height - span.y * scale) / 2)"),
        ]
    }

    /// The picked position's marker; hidden until there is one (the script moves it).
    private func picked(_ coordinate: Coordinate?) -> Node {
        let at = coordinate.map(point) ?? (x: 0, y: 0)
        return el(
            .g,
            attributes: [
                .class("pin map-picked"),
                Attribute("transform", "translate(\(format(at.x)) \(format(at.y))) scale(1.6)"), .ariaHidden(),
            ] + (coordinate == nil ? [Attribute("display", "none")] : [])
        ) {
            el(.path, Attribute("d", "M0 0c-4-9-14-15-14-25a14 14 0 0 1 28 0c0 10-10 16-14 25z"))
            el(.circle, Attribute("cy", "-25"), Attribute("r", "5"))
        }
    }

    private func format(_ value: Double) -> String { FixedPoint.text(value, digits: 1) }

    private func grid(height: Double) -> Node {
        el(.g, .class("map-grid"), .ariaHidden()) {
            for step in stride(from: 100.0, to: Self.width, by: 100) {
                el(
                    .line, Attribute("x1", format(step)), Attribute("y1", "0"), Attribute("x2", format(step)),
                    Attribute("y2", format(height)))
            }
            for step in stride(from: 100.0, to: height, by: 100) {
                el(
                    .line, Attribute("x1", "0"), Attribute("y1", format(step)), Attribute("x2", format(Self.width)),
                    Attribute("y2", format(step)))
            }
        }
    }

    /// The tiles covering the drawing at the zoom whose pixels are closest to the drawing's units.
    private func tiles(_ template: String) -> Node {
        let scale = min(Self.width / span.x, height / span.y)
        let zoom = min(max(Int(log2(scale / 256).rounded()), 0), 19)
        let count = Double(1 << zoom)
        let topLeft = (
            x: origin.x - (Self.width - span.x * scale) / 2 / scale, y: origin.y - (height - span.y * scale) / 2 / scale
        )
        let first = (x: Int(floor(topLeft.x * count)), y: Int(floor(topLeft.y * count)))
        let last = (
            x: Int(floor((topLeft.x + Self.width / scale) * count)), y: Int(floor((topLeft.y + height / scale) * count))
        )
        let size = scale / count
        return el(.g, .class("map-tiles"), .ariaHidden()) {
            for tileY in max(first.y, 0)...min(last.y, Int(count) - 1) {
                for tileX in first.x...last.x {
                    let wrapped = ((tileX % Int(count)) + Int(count)) % Int(count)
                    let url = template.replacingOccurrences(of: "{z}", with: "\(zoom)")
                        .replacingOccurrences(of: "{x}", with: "\(wrapped)").replacingOccurrences(
                            of: "{y}", with: "\(tileY)")
                    el(
                        .image, Attribute("href", url),
                        Attribute("x", format((Double(tileX) / count - topLeft.x) * scale)),
                        Attribute("y", format((Double(tileY) / count - topLeft.y) * scale)),
                        Attribute("width", format(size + 0.5)), Attribute("height", format(size + 0.5)))
                }
            }
        }
    }

    private var centerMarker: Node {
        let center = point(area.center)
        return el(
            .g, .class("map-center"),
            Attribute("transform", "translate(\(format(center.x)) \(format(center.y))) scale(1.6)"),
            Attribute("role", "img"), .ariaLabel(strings.mapCenter(area.name.text(in: language)))
        ) {
            el(
                .rect, Attribute("x", "-9"), Attribute("y", "-9"), Attribute("width", "18"), Attribute("height", "18"),
                Attribute("rx", "4"), Attribute("transform", "rotate(45)"))
        }
    }

    /// The places from north to south, then west to east.
    private var readingOrder: [ListedPlace] {
        places.map { (listed: $0, at: point($0.place.coordinate)) }
            .sorted { ($0.at.y, $0.at.x) < ($1.at.y, $1.at.x) }.map(\.listed)
    }

    private func pin(_ listed: ListedPlace) -> Node {
        let place = listed.place
        let at = point(place.coordinate)
        let count = presence[place.id]?.count ?? 0
        var label = strings.pinLabel(place.name.text(in: language), count)
        if let meters = listed.distanceMeters { label += ", " + DistanceFormat.text(meters: meters, unit: units) }
        return el(
            .a, Attribute("href", Paths.place(place.id)), .class(count > 0 ? "pin busy" : "pin"),
            Attribute("transform", "translate(\(format(at.x)) \(format(at.y))) scale(1.6)"), .ariaLabel(label)
        ) {
            el(.title) { label }
            // A ring drawn only while the pin has the keyboard's focus (the style sheet shows it).
            el(.circle, .class("focus-ring"), Attribute("cy", "-22"), Attribute("r", "22"))
            el(.path, Attribute("d", "M0 0c-4-9-14-15-14-25a14 14 0 0 1 28 0c0 10-10 16-14 25z"))
            if count > 0 {
                el(.text, Attribute("y", "-20"), Attribute("text-anchor", "middle")) {
                    PlacePresence(count: count, newest: []).badge
                }
            } else {
                el(.circle, Attribute("cy", "-25"), Attribute("r", "5"))
            }
        }
    }

    private func me(_ position: Coordinate) -> Node {
        let at = point(position)
        return el(
            .g, .class("map-me"), Attribute("transform", "translate(\(format(at.x)) \(format(at.y))) scale(1.6)"),
            Attribute("role", "img"), .ariaLabel(strings.youAreHere)
        ) {
            el(.circle, Attribute("r", "18"), .class("halo"))
            el(.circle, Attribute("r", "8"))
        }
    }

    /// A bar of a round length about a fifth of the drawing wide, in the person's units.
    private func scaleBar(height: Double) -> Node {
        let scale = min(Self.width / span.x, height / span.y)
        let metersPerDrawingUnit = WebMercator.metersPerUnit(atLatitude: area.center.latitude) / scale
        let target = Self.width / 5 * metersPerDrawingUnit
        let feet = 0.3048
        let mile = DistanceUnit.metersPerMile
        let candidates: [(meters: Double, label: String)] =
            switch units {
            case .kilometers:
                [10, 20, 50, 100, 200, 500].map { ($0, "\(Int($0)) m") }
                    + [1, 2, 5, 10, 20].map { ($0 * 1000, "\(Int($0)) km") }
            case .miles:
                [50, 100, 200, 500, 1000, 2000].map { ($0 * feet, "\(Int($0)) ft") }
                    + [(0.5 * mile, "½ mi")] + [1, 2, 5, 10].map { ($0 * mile, "\(Int($0)) mi") }
            }
        let chosen = candidates.last { $0.meters <= target } ?? candidates[0]
        let barWidth = chosen.meters / metersPerDrawingUnit
        let label = chosen.label
        let y = height - 36
        return el(.g, .class("map-scale"), Attribute("role", "img"), .ariaLabel(strings.scaleLabel(label))) {
            el(
                .rect, Attribute("x", "20"), Attribute("y", format(y - 36)), Attribute("width", format(barWidth + 36)),
                Attribute("height", "60"), Attribute("rx", "10"), .class("scale-back"))
            el(.path, Attribute("d", "M38 \(format(y))v12h\(format(barWidth))v-12"))
            el(.text, Attribute("x", "38"), Attribute("y", format(y - 8))) { label }
        }
    }
}
