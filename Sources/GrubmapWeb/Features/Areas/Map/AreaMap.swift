import Foundation
import GrubmapCore
import GrubmapStore

/// The area's map: one view of it drawn on the server as SVG, in Web Mercator at a zoom level, over the area's
/// basemap (or an operator's XYZ tiles), with its places as pins or clusters, the person's position, a scale bar,
/// zoom and pan controls, the attribution, and a place's card.
///
/// Everything is a link to another server-drawn view, so it all works without JavaScript; `map.js` only makes it
/// smooth (drag, pinch, wheel, keys, a card without a reload, a position set by a tap). Pins, clusters and controls
/// are drawn, and so reached by the keyboard, from north to south and then west to east: the order a person reads
/// the map in.
struct AreaMap {
    let strings: MapStrings
    let checkInStrings: CheckInStrings
    let pageStrings: Strings
    let area: Area
    /// The places the map may show (after the "open now" filter) and their pins and clusters; their distances from
    /// ``position`` are measured as they are drawn.
    let places: ClusteredPlaces
    let presence: [Place.ID: PlacePresence]
    /// The moment opening hours are read at (``openState(of:)``).
    let now: Date
    let position: PersonPosition?
    let units: DistanceUnit
    let tileURL: String?
    let basemap: StoredBasemap?
    let frame: MapFrame
    let viewport: MapViewport
    let links: MapLinks
    /// The place whose card is open.
    let selected: Place.ID?
    let caches: MapCaches
    /// Set when the view holds more places than the map asked the store for (see ``AreaFeature/mapLimit``).
    var capped: Capped? = nil
    /// Check-ins and line reports for the pins' and the card's busyness; `nil` leaves it out (an offline copy).
    var live: LiveSnapshot? = nil
    /// The walking route the address asks for (`walk=`), drawn under the pins and said under the map.
    var walk: WalkRoute? = nil
    /// Minutes on foot from ``position`` to the places drawn, where the area has streets to walk.
    var walkingMinutes: [Place.ID: Int] = [:]

    /// How many places a capped view draws, of how many the area has.
    struct Capped {
        let shown: Int
        let total: Int
    }

    private var language: Language { pageStrings.language }
    private var width: Int { viewport.width }
    private var height: Int { viewport.height }

    var node: Node {
        let markers = MapMarkers(places, presence: presence, viewport: viewport)
        let selectedPlace = selected.flatMap { id in places.places.first { $0.place.id == id } }
        let venuePoint = viewport.point(area.center)
        let venueShows = viewport.rect.outsetBy(12).contains(venuePoint)
        let labels = MapLabels(
            markers: markers.markers, venuePoint: venueShows ? venuePoint : nil, venueNames: venueNames,
            viewport: viewport, language: language, selected: selected)
        return el(
            .div, .class("map-view"), .id("map-view"), .data("zoom", String(viewport.zoom)),
            .data("origin-x", String(viewport.originX)), .data("origin-y", String(viewport.originY)),
            .data("width", String(width)), .data("height", String(height)),
            .data("min-zoom", String(frame.minimumZoom)), .data("max-zoom", String(frame.maximumZoom)),
            .data("fragment", links.fragment(viewport)), .data("page", links.page(viewport)),
            .data("summary", strings.viewSummary(viewport.zoom, markers.placeCount))
        ) {
            // The walk's note above the drawing (in sight on a phone, whose map fills the screen under its top)...
            if let walk {
                walk.note(
                    strings: WalkStrings.forLanguage(language), language: language, units: units,
                    hideLink: links.pageWithoutWalk(viewport))
            }
            // ...the drawing and what lies over it; a note on a capped view goes under it, never over the controls.
            el(.div, .class("map-stage")) {
                el(
                    .svg, Attribute("xmlns", "http://www.w3.org/2000/svg"),
                    Attribute("viewBox", "0 0 \(width) \(height)"),
                    .class("map"), Attribute("role", "group"),
                    .ariaLabel(checkInStrings.mapLabel(area.name.text(in: language))),
                    Attribute("aria-describedby", "map-help")
                ) {
                    // `desc`, unlike `title`, shows no tooltip; `Tag` has no case for it, and the public `element` takes any name.
                    element("desc", [.id("map-help")]) { checkInStrings.mapHelp(markers.placeCount) }
                    el(.g, .class("map-content")) {
                        el(
                            .rect, .class("map-ground"), Attribute("width", String(width)),
                            Attribute("height", String(height)))
                        if let tileURL {
                            tiles(tileURL)
                        } else if let basemap {
                            basemapDrawing(
                                basemap, obstacles: markers.markers.map(\.footprint) + labels.boxes,
                                namesVenue: labels.venue != nil)
                        }
                        if venueShows { venueMarker(at: venuePoint, label: labels.venue) }
                        if let walk {
                            walk.line(
                                in: viewport,
                                label: WalkStrings.forLanguage(language).routeLabel(walk.place.name.text(in: language)))
                        }
                        for marker in markers.markers { self.marker(marker, labels: labels) }
                        if let position { me(position) }
                    }
                    scaleBar
                }
                controls
                attribution
                el(.p, .class("map-pick-banner"), .data("pick-banner", ""), Attribute("hidden", nil)) {
                    el(.span) { strings.tapHint }
                    el(.button, .type("button"), .class("button secondary"), .data("action", "cancel-pick")) {
                        strings.cancel
                    }
                }
                card(selectedPlace)
            }
            if let capped {
                el(.p, .class("meta map-note")) {
                    AreaStrings.forLanguage(language).mapShowsSome(capped.shown, capped.total)
                }
            }
        }
    }

    // MARK: Basemap and tiles

    /// The basemap under the pins, its names kept off `obstacles`; `namesVenue` says the venue's name is on the
    /// map already, so a building of the same name is not named twice.
    private func basemapDrawing(_ stored: StoredBasemap, obstacles: [PlaneRect], namesVenue: Bool) -> Node {
        let layerKey = MapCaches.LayerKey(area: area.id, revision: stored.revision, zoom: viewport.zoom)
        let key = MapCaches.DrawingKey(
            layer: layerKey, originX: viewport.originX, originY: viewport.originY, width: width, height: height,
            language: language, namesVenue: namesVenue,
            obstacles: obstacles.flatMap {
                [Int($0.minX.rounded()), Int($0.minY.rounded()), Int($0.maxX.rounded()), Int($0.maxY.rounded())]
            })
        return caches.drawings.value(for: key) {
            let layer = caches.layers.value(for: layerKey) {
                BasemapLayer(basemap: stored.basemap, zoom: viewport.zoom)
            }
            return BasemapDrawing(
                layer: layer, viewport: viewport, language: language, obstacles: obstacles,
                unnamed: namesVenue ? Set(venueNames.map { $0.text(in: language) }) : []
            ).node
        }
    }

    /// The venue's names, the first that fits drawn at its mark: the area's name, then its short name.
    private var venueNames: [LocalizedText] { [area.name] + (area.shortName.map { [$0] } ?? []) }

    /// The operator's tiles covering the view, at the view's own zoom (a tile's pixels are the drawing's).
    private func tiles(_ template: String) -> Node {
        let size = Int(MapViewport.tileSize)
        let count = 1 << viewport.zoom
        let first = (x: Self.floorDivide(viewport.originX, size), y: Self.floorDivide(viewport.originY, size))
        let last = (
            x: Self.floorDivide(viewport.originX + width - 1, size),
            y: Self.floorDivide(viewport.originY + height - 1, size)
        )
        return el(.g, .class("map-tiles"), .ariaHidden()) {
            for tileY in max(first.y, 0)...max(min(last.y, count - 1), max(first.y, 0)) where tileY < count {
                for tileX in first.x...last.x {
                    let wrapped = ((tileX % count) + count) % count
                    let url = template.replacingOccurrences(of: "{z}", with: "\(viewport.zoom)")
                        .replacingOccurrences(of: "{x}", with: "\(wrapped)")
                        .replacingOccurrences(of: "{y}", with: "\(tileY)")
                    el(
                        .image, Attribute("href", url), Attribute("x", String(tileX * size - viewport.originX)),
                        Attribute("y", String(tileY * size - viewport.originY)), Attribute("width", String(size)),
                        Attribute("height", String(size)))
                }
            }
        }
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    // MARK: Places

    private func format(_ value: Double) -> String { BasemapDrawing.format(value) }

    /// The venue (the area's landmark, at its centre): a blue diamond, with its name beside it where it fits.
    private func venueMarker(at center: PlanePoint, label: MapLabels.Label?) -> Node {
        let radius = MapLabels.venueMarkRadius * 2 / 3
        return el(
            .g, .class("map-center"), Attribute("transform", "translate(\(format(center.x)) \(format(center.y)))"),
            Attribute("role", "img"), .ariaLabel(area.name.text(in: language))
        ) {
            el(
                .rect, Attribute("x", format(-radius)), Attribute("y", format(-radius)),
                Attribute("width", format(radius * 2)), Attribute("height", format(radius * 2)), Attribute("rx", "3"),
                Attribute("transform", "rotate(45)"))
            if let label { text(label, className: "map-center-label", from: center) }
        }
    }

    /// A name placed by ``MapLabels``, drawn in a group translated to `origin`.
    private func text(_ label: MapLabels.Label, className: String, from origin: PlanePoint) -> Node {
        let anchor = label.anchor
        return el(
            .text,
            attributes: [
                .class(className), Attribute("x", format(anchor.x - origin.x)),
                Attribute("y", format(anchor.y - origin.y)), Attribute("text-anchor", anchor.textAnchor),
            ] + (label.language.map { [.lang($0)] } ?? [])
        ) { label.text }
    }

    /// Whether the place is open now on the area's clock, decided only for the pins and the card drawn.
    private func openState(of place: Place) -> OpeningState? {
        place.openingHours.state(at: now, in: area.clockTimeZone)
    }

    /// How far the place is from the person, measured only for the pins and the card drawn: a view of 500 places
    /// draws most of them as clusters.
    private func distanceMeters(of listed: ListedPlace) -> Double? {
        listed.distanceMeters ?? position?.coordinate.distance(to: listed.place.coordinate)
    }

    /// "450 m away · 6 min walk": the distance, and the minutes on foot where the area has streets to walk.
    private func distanceText(of listed: ListedPlace) -> String? {
        guard let meters = distanceMeters(of: listed) else { return nil }
        let away = pageStrings.away(DistanceFormat.text(meters: meters, unit: units))
        guard let minutes = walkingMinutes[listed.place.id] else { return away }
        return away + " · " + WalkStrings.forLanguage(language).minutes(minutes)
    }

    private func marker(_ marker: MapMarkers.Marker, labels: MapLabels) -> Node {
        switch marker {
        case .pin(let listed, let point, let anchor):
            pin(listed, at: point, anchor: anchor, label: labels.pins[listed.place.id])
        case .cluster(let members, let point, let checkIns, let splitZoom):
            cluster(members, at: point, checkIns: checkIns, splitZoom: splitZoom)
        }
    }

    private func pin(_ listed: ListedPlace, at point: PlanePoint, anchor: PlanePoint?, label name: MapLabels.Label?)
        -> Node
    {
        let place = listed.place
        let count = presence[place.id]?.count ?? 0
        // The label's parts after who is here, which the live script keeps when it says a new count and level.
        var rest = ""
        let meters = distanceMeters(of: listed)
        let distance = distanceText(of: listed)
        if let meters { rest += ", " + DistanceFormat.text(meters: meters, unit: units) }
        if let minutes = walkingMinutes[place.id] { rest += ", " + WalkStrings.forLanguage(language).minutes(minutes) }
        let state = openState(of: place)
        let opening = strings.openingText(state)
        if let opening { rest += ", " + opening }
        var label = checkInStrings.pinLabel(place.name.text(in: language), count) + rest
        let busyness = live?.busyness(of: place)
        let level = busyness?.level
        if let level { label += ", " + LiveStrings.forLanguage(language).level(level) }
        let shown = place.name.shown(in: language)
        var attributes: [Attribute] = [
            .href(links.page(viewport, place: place.id)),
            .class(
                ["pin", count > 0 ? "busy" : nil, place.id == selected ? "selected" : nil].compactMap { $0 }
                    .joined(separator: " ")),
            Attribute("transform", "translate(\(format(point.x)) \(format(point.y)))"), .ariaLabel(label),
            .data("place", place.id.rawValue), .data("name", shown.text),
            .data("kind", pageStrings.kindName(place.kind)),
            .data("here", count == 0 ? strings.nobodyHere : strings.peopleHere(count)),
            .data("href", Paths.place(place.id)),
        ]
        if shown.language != language.rawValue { attributes.append(.data("lang", shown.language)) }
        if let distance { attributes.append(.data("distance", distance)) }
        if let opening, let state {
            attributes.append(.data("open", opening))
            attributes.append(.data("open-state", Self.stateClass(state)))
        }
        if let busyness {
            attributes.append(.data("label-rest", rest))
            if let quiet = BusyBadge.quietLevel(seats: place.seats) {
                attributes.append(.data("quiet-level", quiet.code))
            }
            attributes.append(.data("busy-level", level?.code ?? ""))
            if let updatedAt = busyness.updatedAt {
                attributes.append(.data("busy-updated", updatedAt.formatted(.iso8601)))
            }
        }
        return fragment {
            if let anchor {
                el(
                    .line, .class("pin-leader"), Attribute("x1", format(anchor.x)), Attribute("y1", format(anchor.y)),
                    Attribute("x2", format(point.x)), Attribute("y2", format(point.y)))
            }
            el(.a, attributes: attributes) {
                el(.title) { label }
                // A ring drawn only while the pin has the keyboard's focus (the style sheet shows it).
                el(.circle, .class("focus-ring"), Attribute("cy", "-23"), Attribute("r", "17"))
                el(.path, Attribute("d", "M0 0c-4-9-13-14-13-23a13 13 0 0 1 26 0c0 9-9 14-13 23z"))
                if count > 0 {
                    el(.text, .class("pin-count"), Attribute("y", "-19"), Attribute("text-anchor", "middle")) {
                        PlacePresence(count: count, newest: []).badge
                    }
                } else {
                    el(.circle, .class("pin-dot"), Attribute("cy", "-23"), Attribute("r", "4.5"))
                }
                // The line's level, told by the same shapes as the badges (hidden while there is none).
                if busyness != nil {
                    el(
                        .g, .class("pin-busy"), .data("live", "pin-busy"), .data("place", place.id.rawValue),
                        .data("level", level?.code ?? ""), Attribute("transform", "translate(13 -36)")
                    ) {
                        el(.circle, Attribute("r", "9"))
                        el(
                            .svg, Attribute("x", "-6"), Attribute("y", "-6"), Attribute("width", "12"),
                            Attribute("height", "12")
                        ) { element("use", [.href(BusyBadge.icon(level))]) }
                    }
                }
                // Its name, when it fits beside it: part of the link, so the name is tapped like the pin.
                if let name { text(name, className: "pin-label", from: point) }
            }
        }
    }

    private func cluster(_ members: [ListedPlace], at point: PlanePoint, checkIns: Int, splitZoom: Int?) -> Node {
        let label = strings.clusterLabel(members.count, checkIns)
        let target = zoomTarget(for: members, splitZoom: splitZoom)
        return el(
            .a, .href(links.page(target)), .class(checkIns > 0 ? "cluster busy" : "cluster"),
            Attribute("transform", "translate(\(format(point.x)) \(format(point.y)))"), .ariaLabel(label),
            .data("fragment", links.fragment(target)),
            .data("places", members.map(\.place.id.rawValue).joined(separator: " "))
        ) {
            el(.title) { label }
            el(.circle, .class("focus-ring"), Attribute("r", "24"))
            el(.circle, .class("cluster-bubble"), Attribute("r", "19"))
            el(.text, .class("cluster-count"), Attribute("y", "5"), Attribute("text-anchor", "middle")) {
                String(members.count)
            }
            if checkIns > 0 {
                el(.g, .class("cluster-here"), Attribute("transform", "translate(16 -15)")) {
                    el(.circle, Attribute("r", "10"))
                    el(.text, Attribute("y", "4"), Attribute("text-anchor", "middle")) {
                        PlacePresence(count: checkIns, newest: []).badge
                    }
                }
            }
        }
    }

    /// The view a cluster opens: at the smallest zoom that parts it (never skipping a level where it would already
    /// part), centred on its places; places on one spot open at the closest zoom, where their pins are spread.
    private func zoomTarget(for members: [ListedPlace], splitZoom: Int?) -> MapViewport {
        let zoom = min(splitZoom ?? frame.maximumZoom, frame.maximumZoom)
        let points = members.map { member in
            let unit = WebMercator.project(member.place.coordinate)
            return PlanePoint(x: unit.x, y: unit.y)
        }
        let middle = PlaneRect(enclosing: points)?.center ?? PlanePoint(x: 0.5, y: 0.5)
        return MapViewport(
            zoom: zoom, center: WebMercator.coordinate(x: middle.x, y: middle.y), width: width, height: height
        ).keepingCenter(within: frame.limits(atZoom: zoom))
    }

    static func stateClass(_ state: OpeningState) -> String {
        switch state {
        case .open: "open"
        case .closed: "closed"
        }
    }

    private func me(_ position: PersonPosition) -> Node {
        let point = viewport.point(position.coordinate)
        guard viewport.rect.contains(point) else { return .fragment([]) }
        let label = position.source == .setByHand ? strings.yourSetPosition : checkInStrings.youAreHere
        return el(
            .g, .class(position.source == .setByHand ? "map-me set" : "map-me"),
            Attribute("transform", "translate(\(format(point.x)) \(format(point.y)))"), Attribute("role", "img"),
            .ariaLabel(label)
        ) {
            el(.circle, Attribute("r", "13"), .class("halo"))
            el(.circle, Attribute("r", "6"))
        }
    }

    // MARK: Scale, controls, attribution, card

    /// A bar of a round length about a fifth of the view wide, in the person's units.
    private var scaleBar: Node {
        let metersPerPixel = viewport.metersPerPixel
        let target = Double(width) / 5 * metersPerPixel
        let feet = 0.3048
        let mile = DistanceUnit.metersPerMile
        let candidates: [(meters: Double, label: String)] =
            switch units {
            case .kilometers:
                [5, 10, 20, 50, 100, 200, 500].map { ($0, "\(Int($0)) m") }
                    + [1, 2, 5, 10, 20, 50, 100, 200].map { ($0 * 1000, "\(Int($0)) km") }
            case .miles:
                [20, 50, 100, 200, 500, 1000, 2000].map { ($0 * feet, "\(Int($0)) ft") }
                    + [(0.5 * mile, "½ mi")] + [1, 2, 5, 10, 20, 50, 100].map { ($0 * mile, "\(Int($0)) mi") }
            }
        let chosen = candidates.last { $0.meters <= target } ?? candidates[0]
        let barWidth = chosen.meters / metersPerPixel
        let y = Double(height) - 12
        return el(
            .g, .class("map-scale"), Attribute("role", "img"), .ariaLabel(checkInStrings.scaleLabel(chosen.label))
        ) {
            el(
                .rect, Attribute("x", "6"), Attribute("y", format(y - 22)), Attribute("width", format(barWidth + 16)),
                Attribute("height", "28"), Attribute("rx", "6"), .class("scale-back"))
            el(.path, Attribute("d", "M14 \(format(y - 4))v5h\(format(barWidth))v-5"))
            el(.text, Attribute("x", "14"), Attribute("y", format(y - 9))) { chosen.label }
        }
    }

    private var controls: Node {
        let center = PlanePoint(x: Double(width) / 2, y: Double(height) / 2)
        let step = Double(width) / 2
        let zoomIn = viewport.zoom < frame.maximumZoom ? viewport.zoomed(to: viewport.zoom + 1, keeping: center) : nil
        let zoomOut = viewport.zoom > frame.minimumZoom ? viewport.zoomed(to: viewport.zoom - 1, keeping: center) : nil
        let limits = frame.limits(atZoom: viewport.zoom)
        func pan(_ x: Double, _ y: Double) -> MapViewport? {
            let moved = viewport.panned(x: Int(x), y: Int(y)).keepingCenter(within: limits)
            return moved == viewport ? nil : moved
        }
        return el(.nav, .class("map-controls"), .ariaLabel(strings.controlsLabel)) {
            el(.div, .class("map-zoom")) {
                control(zoomIn, "zoom-in", strings.zoomIn) { "+" }
                control(zoomOut, "zoom-out", strings.zoomOut) { "−" }
                control(viewport == frame.home ? nil : frame.home, "home", strings.wholeArea) { Self.homeIcon }
            }
            control(pan(0, -step), "north", strings.moveNorth) { Self.arrow(0) }
            control(pan(step, 0), "east", strings.moveEast) { Self.arrow(90) }
            control(pan(0, step), "south", strings.moveSouth) { Self.arrow(180) }
            control(pan(-step, 0), "west", strings.moveWest) { Self.arrow(270) }
        }
    }

    /// A control: a link to the view it leads to, or a greyed mark (hidden from screen readers) where it cannot go.
    private func control(_ target: MapViewport?, _ name: String, _ label: String, @NodeBuilder _ face: () -> [Node])
        -> Node
    {
        guard let target else {
            return el(.span, .class("map-control map-\(name) disabled"), .ariaHidden()) { face() }
        }
        return el(
            .a, .href(links.page(target)), .class("map-control map-\(name)"), .ariaLabel(label), .title(label),
            .data("action", name), .data("fragment", links.fragment(target))
        ) { face() }
    }

    private static let homeIcon = Node.svg("map-whole-area")

    private static func arrow(_ degrees: Int) -> Node {
        switch degrees {
        case 0: northArrow
        case 90: eastArrow
        case 180: southArrow
        default: westArrow
        }
    }

    private static let northArrow = Node.svg("map-north")
    private static let eastArrow = Node.svg("map-east")
    private static let southArrow = Node.svg("map-south")
    private static let westArrow = Node.svg("map-west")

    /// Whose data the map shows: "© OpenStreetMap contributors" wherever imported data is drawn, "Schematic
    /// streets" over the demo's estimates.
    private var attribution: Node {
        el(.p, .class("map-attribution")) {
            switch (tileURL, basemap?.basemap.source) {
            case (nil, .openStreetMap?):
                "© "
                el(.a, .href("https://www.openstreetmap.org/copyright"), .lang("en")) { strings.openStreetMap }
                " " + strings.contributors
            case (nil, .schematic?):
                el(.span, .title(strings.schematicHint)) { strings.schematic }
            default:
                fragment {}
            }
        }
    }

    /// The card of a pin: filled when the address names a place (without JavaScript), else empty and hidden, for
    /// the script to fill from the pin it was tapped on.
    private func card(_ listed: ListedPlace?) -> Node {
        let place = listed?.place
        let count = place.map { presence[$0.id]?.count ?? 0 } ?? 0
        let shown = place?.name.shown(in: language)
        let nameLang: [Attribute] = shown.map { $0.language == language.rawValue ? [] : [.lang($0.language)] } ?? []
        let state = place.flatMap(openState(of:))
        let opening = strings.openingText(state)
        let openClass = state.map(Self.stateClass) ?? ""
        var attributes: [Attribute] = [
            .class("map-card"), .id("map-card"), Attribute("aria-labelledby", "map-card-name"),
        ]
        if listed == nil { attributes.append(Attribute("hidden", nil)) }
        return el(.section, attributes: attributes) {
            el(
                .a, .href(links.page(viewport)), .class("map-card-close"), .ariaLabel(strings.closeCard),
                .title(strings.closeCard), .data("action", "close-card")
            ) { "×" }
            el(.h3, attributes: [.id("map-card-name"), Attribute("tabindex", "-1"), .data("card", "name")] + nameLang) {
                shown?.text ?? ""
            }
            el(.p, .class("map-card-line")) {
                el(.span, .class("kind"), .data("card", "kind")) { place.map { pageStrings.kindName($0.kind) } ?? "" }
                el(.span, .class("map-card-distance"), .data("card", "distance")) {
                    listed.flatMap(distanceText(of:)) ?? ""
                }
            }
            el(.p, .class("open-state \(openClass)"), .data("card", "open")) { opening ?? "" }
            el(.p, .class("map-card-here"), .data("card", "here")) {
                place == nil ? "" : count == 0 ? strings.nobodyHere : strings.peopleHere(count)
            }
            if let live {
                // Filled by the script from the pin tapped, like the lines above; the badge keeps its line.
                el(.div, .class("map-card-busy"), .data("card", "busy")) {
                    if let place {
                        live.badge(place, language: language).node
                    } else {
                        BusyBadge(
                            strings: LiveStrings.forLanguage(language), place: nil,
                            busyness: LiveCounts.none.busyness(seats: nil), now: live.now
                        ).node
                    }
                }
            }
            el(
                .a, .class("button"), .href(place.map { Paths.place($0.id) } ?? Paths.area(area.id)),
                .data("card", "link")
            ) {
                strings.details
            }
        }
    }
}
