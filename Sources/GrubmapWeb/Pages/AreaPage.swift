import GrubmapCore

/// `/areas/{id}`: the area's places, by name or by distance from a given point.
struct AreaPage {
    let strings: Strings
    let area: Area
    let areas: [Area]
    let places: [ListedPlace]
    /// The point distances are measured from, when the listing is by distance.
    let origin: Coordinate?

    func render() -> String {
        let language = strings.language
        let name = area.name.text(in: language)
        return Layout(strings: strings, title: name, areas: areas, currentAreaID: area.id).render {
            el(.h1) { name }
            if let secondary = area.name.local(area.localLanguage, shownIn: language) {
                el(.p, .class("subtitle"), .lang(secondary.language)) { secondary.text }
            }
            el(.p, .class("meta")) {
                strings.placeCount(places.count)
                if let origin {
                    " · " + (origin == area.center ? strings.distancesFrom(name) : strings.distancesFromGivenPoint)
                }
            }
            el(.div, .class("toolbar")) {
                el(.span, .class("label"), .id("sort-label")) { strings.sortLabel }
                el(.div, .class("segmented"), Attribute("role", "group"), Attribute("aria-labelledby", "sort-label")) {
                    el(.a, .href("/areas/\(area.id)"), Attribute("aria-current", origin == nil ? "true" : "false")) {
                        strings.sortedByName
                    }
                    el(
                        .a, .href("/areas/\(area.id)?near=\((origin ?? area.center).description)"),
                        Attribute("aria-current", origin == nil ? "false" : "true")
                    ) { strings.sortedByDistance }
                }
            }
            if places.isEmpty {
                el(.p, .class("card empty")) { strings.noPlaces }
            } else {
                el(.ul, .class("places"), .ariaLabel(strings.placesHeading)) {
                    for listed in places { row(listed) }
                }
            }
        }
    }

    private func row(_ listed: ListedPlace) -> Node {
        let place = listed.place
        let language = strings.language
        return el(.li) {
            el(.a, .class("card place"), .href("/places/\(place.id)")) {
                el(.span, .class("place-name")) { place.name.text(in: language) }
                if let secondary = place.name.local(area.localLanguage, shownIn: language) {
                    el(.span, .class("place-alt"), .lang(secondary.language)) { secondary.text }
                }
                el(.span, .class("place-line")) {
                    el(.span, .class("kind")) { strings.kindName(place.kind) }
                    if let meters = listed.distanceMeters {
                        el(.span, .class("distance")) {
                            Icons.distance
                            strings.away(strings.distance(meters: meters))
                        }
                    }
                    if let address = place.address { el(.span) { address } }
                }
            }
        }
    }
}
