import Foundation
import GrubmapCore

/// "Set my position": for a person whose browser shares no position (denied, unavailable, no JavaScript). They
/// tap the map where they are (with the script), pick "I'm at …" from the area's landmarks (its middle first) and
/// places, or type degrees; each posts to `/position`. A position set by hand is said as such, with a button that
/// clears it.
struct PositionPicker {
    let strings: MapStrings
    let area: Area
    /// The area's places, to be at.
    let places: [Place]
    /// Named stations, buildings, parks and water of the basemap.
    let landmarks: [Landmark]
    let position: PersonPosition?
    let csrfToken: String
    /// Where the forms come back to.
    let returnPath: String
    let language: Language

    /// A named point of the basemap a person can say they are at.
    struct Landmark: Hashable {
        let name: LocalizedText
        let coordinate: Coordinate
    }

    /// The basemap's named stations, buildings, parks and water, by name, at most 60.
    static func landmarks(of basemap: Basemap?, language: Language) -> [Landmark] {
        guard let basemap else { return [] }
        var seen = Set<String>()
        var landmarks: [Landmark] = []
        for feature in basemap.features where feature.kind == .station || feature.kind.shape == .polygon {
            guard let name = feature.name, let ring = feature.parts.first, !ring.isEmpty,
                seen.insert(name.text(in: language)).inserted
            else { continue }
            let latitude = ring.reduce(0) { $0 + $1.latitude } / Double(ring.count)
            let longitude = ring.reduce(0) { $0 + $1.longitude } / Double(ring.count)
            guard let middle = try? Coordinate(latitude: latitude, longitude: longitude) else { continue }
            landmarks.append(Landmark(name: name, coordinate: middle))
        }
        return Array(landmarks.sorted { $0.name.text(in: language) < $1.name.text(in: language) }.prefix(60))
    }

    var node: Node {
        fragment {
            if position?.source == .setByHand { current }
            element("details", [.class("set-position")]) {
                element("summary") { strings.setPosition }
                el(.p, .class("hint")) { strings.setPositionIntro }
                el(
                    .button, .type("button"), .class("button secondary"), .data("action", "pick-on-map"),
                    Attribute("hidden", nil)
                ) { strings.tapTheMap }
                form(classes: "position-tap", attributes: [.data("tap-form", ""), Attribute("hidden", nil)]) {
                    el(.input, .type("hidden"), .name("position"), .value(""))
                }
                form(classes: "position-form") {
                    el(.label, Attribute("for", "position-at")) { strings.imAt }
                    el(.div, .class("position-row")) {
                        // It starts at the area's landmark (its middle, the venue): where a visitor most often is.
                        el(.select, .id("position-at"), .name("position")) {
                            element("optgroup", [Attribute("label", strings.landmarksGroup)]) {
                                option(
                                    LocalizedText(strings.areaCenter(area.name.text(in: language)), language: language),
                                    area.center, selected: true)
                                for landmark in landmarks { option(landmark.name, landmark.coordinate) }
                            }
                            element("optgroup", [Attribute("label", strings.placesGroup)]) {
                                for place in places.sorted(by: {
                                    $0.name.text(in: language) < $1.name.text(in: language)
                                }) {
                                    option(place.name, place.coordinate)
                                }
                            }
                        }
                        el(.button, .type("submit"), .class("button")) { strings.useThis }
                    }
                }
                element("details", [.class("position-advanced")]) {
                    element("summary") { strings.coordinates }
                    form(classes: "position-typed") {
                        el(.label, Attribute("for", "position-typed")) { strings.coordinatesLabel }
                        el(.div, .class("position-row")) {
                            el(
                                .input, .type("text"), .name("position"), .id("position-typed"),
                                Attribute("inputmode", "decimal"), Attribute("autocomplete", "off"),
                                Attribute("required", nil), Attribute("aria-describedby", "position-typed-hint"))
                            el(.button, .type("submit"), .class("button secondary")) { strings.useThis }
                        }
                        el(.small, .class("hint"), .id("position-typed-hint")) { strings.coordinatesHint }
                    }
                }
            }
        }
    }

    /// "Your position is set by you, near …" and the button that clears it.
    private var current: Node {
        form(classes: "position-current") {
            el(.input, .type("hidden"), .name("clear"), .value("1"))
            el(.p) {
                if let near = nearestName { strings.setNear(near) } else { strings.yourSetPosition }
            }
            el(.button, .type("submit"), .class("button secondary")) { strings.clearPosition }
        }
    }

    /// The name of the place or landmark nearest the position set by hand.
    private var nearestName: String? {
        guard let position else { return nil }
        let candidates = places.map { ($0.name, $0.coordinate) } + landmarks.map { ($0.name, $0.coordinate) }
        return candidates.min { a, b in
            Geodesic.wgs84.inverse(from: position.coordinate, to: a.1).distanceMeters
                < Geodesic.wgs84.inverse(from: position.coordinate, to: b.1).distanceMeters
        }?.0.text(in: language)
    }

    private func option(_ name: LocalizedText, _ coordinate: Coordinate, selected: Bool = false) -> Node {
        let shown = name.shown(in: language)
        let lang: [Attribute] = shown.language == language.rawValue ? [] : [.lang(shown.language)]
        let chosen: [Attribute] = selected ? [Attribute("selected", nil)] : []
        return el(.option, attributes: [.value(Self.format(coordinate))] + lang + chosen) { shown.text }
    }

    static func format(_ coordinate: Coordinate) -> String {
        FixedPoint.text(coordinate, digits: 6)
    }

    private func form(classes: String, attributes: [Attribute] = [], @NodeBuilder _ content: () -> [Node]) -> Node {
        el(
            .form,
            attributes: [.class(classes), Attribute("method", "post"), Attribute("action", Paths.position())]
                + attributes
        ) {
            el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
            el(.input, .type("hidden"), .name("return"), .value(returnPath))
            content()
        }
    }
}
