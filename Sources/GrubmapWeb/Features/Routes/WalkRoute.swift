import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// The walk the area's map draws for `?walk=PLACE` (the place page's "Walk there"): from the person's position to
/// the place over the area's streets, as a line under the pins, with its minutes and length said above the map.
/// The field stays in every link of the map, so the line stays while the person pans and zooms; "Hide the route"
/// drops it.
struct WalkRoute {
    let place: Place
    let outcome: Outcome

    enum Outcome {
        /// The route from the position, which is where it starts (the route itself starts on the nearest street).
        case route(GraphRoute, from: Coordinate)
        /// The person's position is not known.
        case needsPosition
        /// The area has no streets to walk.
        case noStreets
        /// The position is this far from the nearest street, beyond ``RoutingGraph/reachMeters``.
        case tooFar(meters: Double)
        /// No street joins the position to the place.
        case noRoute
    }

    /// The walk to the place `id` of `area` from `position`; 400 naming `walk` when it is not a place of the area.
    /// `graph` is the area's walking graph, read when the position is known.
    init(
        to id: Place.ID, in area: Area, from position: Coordinate?, graph: RoutingGraph?, sources: PageSources
    ) throws {
        guard let place = try sources.knownPlace(id), place.areaID == area.id else {
            throw HTTPError.badRequest(
                "walk: \"\(id)\" is not a place of \(area.id); give the id of the place to walk to.",
                code: "invalid_parameter", field: "walk")
        }
        self.place = place
        guard let position else {
            outcome = .needsPosition
            return
        }
        guard let graph else {
            outcome = .noStreets
            return
        }
        if let snap = graph.snap(position), snap.distanceMeters > RoutingGraph.reachMeters {
            outcome = .tooFar(meters: snap.distanceMeters)
            return
        }
        do {
            outcome = .route(try graph.route(from: position, to: place.coordinate), from: position)
        } catch {
            outcome = .noRoute
        }
    }

    /// The route's own box with a margin, for a view that shows all of it; `nil` without a route.
    var bounds: Bounds? {
        guard case .route(let route, let start) = outcome else { return nil }
        return try? Bounds(enclosing: [start] + route.coordinates + [place.coordinate], margin: 0.15)
    }

    /// The route's line in `viewport`'s pixels, a casing under it, under the pins; dotted from the position to the
    /// street and from the street to the place.
    func line(in viewport: MapViewport, label: String) -> Node {
        guard case .route(let route, let start) = outcome, let first = route.coordinates.first,
            let last = route.coordinates.last
        else { return .fragment([]) }
        func path(_ coordinates: [Coordinate]) -> String {
            "M"
                + coordinates.map {
                    let point = viewport.point($0)
                    return "\(BasemapDrawing.format(point.x)) \(BasemapDrawing.format(point.y))"
                }.joined(separator: " L")
        }
        let streets = path(route.coordinates)
        return el(.g, .class("map-route"), Attribute("role", "img"), .ariaLabel(label)) {
            el(.path, .class("casing"), Attribute("d", streets))
            el(.path, .class("line"), Attribute("d", streets))
            el(.path, .class("snap"), Attribute("d", path([start, first]) + " " + path([last, place.coordinate])))
        }
    }

    /// What the map says above it: the route's minutes and length, or why there is none, and "Hide the route".
    func note(strings: WalkStrings, language: Language, units: DistanceUnit, hideLink: String) -> Node {
        let name = place.name.text(in: language)
        return el(.p, .class("meta map-note map-route-note"), Attribute("role", "status")) {
            switch outcome {
            case .route(let route, _):
                el(.span) { strings.route(to: name) }
                " "
                el(.span, .class("figures")) {
                    strings.figures(
                        minutes: max(1, Int((route.durationSeconds / 60).rounded(.up))),
                        distance: DistanceFormat.text(meters: route.distanceMeters, unit: units))
                }
            case .needsPosition: el(.span) { strings.needsPosition(name) }
            case .noStreets: el(.span) { strings.noStreets }
            case .tooFar(let meters):
                el(.span) {
                    strings.tooFar(
                        DistanceFormat.text(meters: meters, unit: units),
                        reach: DistanceFormat.text(meters: RoutingGraph.reachMeters, unit: units))
                }
            case .noRoute: el(.span) { strings.noRoute(name) }
            }
            " "
            el(.a, .href(hideLink)) { strings.hideRoute }
        }
    }
}
