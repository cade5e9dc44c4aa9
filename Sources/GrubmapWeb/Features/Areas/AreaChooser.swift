import GrubmapCore
import GrubmapHTTP

/// `/areas`: the areas to choose from, each a card with its name in the reader's language, its kind (a campus, which
/// opens on today's menus, or a venue, which opens on its map and list) and its number of places. `/` comes here
/// when nothing says which area to open (``VisitorContext/frontArea()``); the area chosen is then remembered by the
/// browser, so the next `/` opens it. `?locate=1` (after the tour) is passed on to the area, which then asks for the
/// person's position.
struct AreaChooserFeature: RouteCollection {
    let frontDoor: AreaFrontDoor

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.areas, .page, .optional, chooser)
    }

    func chooser(_ context: VisitorContext) throws -> Response {
        let language = context.language
        // The areas whose people read the reader's language first (an English reader sees the venue, a Korean one
        // the campuses), then the larger first, then by name.
        let catalog = context.catalog
        let areas = try catalog.allAreas().sorted { first, second in
            let keys = [first, second].map { area in
                (area.localLanguage == language.rawValue ? 0 : 1, -catalog.placeCount(inArea: area.id))
            }
            return keys[0] != keys[1]
                ? keys[0] < keys[1] : first.name.text(in: language) < second.name.text(in: language)
        }
        let query = context.request.query["locate"] == "1" ? [("locate", "1")] : []
        let choices = try areas.map { area in
            let opensOnBoard = try frontDoor.opensOnBoard(area, context: context)
            return AreaChooserPage.Choice(
                area: area, placeCount: context.catalog.placeCount(inArea: area.id), opensOnBoard: opensOnBoard,
                path: opensOnBoard ? Paths.menuBoard(area.id, query: query) : Paths.area(area.id, query: query))
        }
        var page = AreaChooserPage(strings: context.strings, choices: choices)
        if choices.count > 1 {
            // A position found here opens the nearest area through `/`.
            page.location = LocationPanel(
                strings: context.strings, locatesOnLoad: context.request.query["locate"] == "1", hasPosition: false,
                then: Paths.home())
        }
        return .html(page.render(), status: choices.isEmpty ? .notFound : .ok)
    }
}

/// The chooser's page.
struct AreaChooserPage {
    /// An area as a card.
    struct Choice {
        let area: Area
        let placeCount: Int
        let opensOnBoard: Bool
        /// Where the card goes: the area's board or its page.
        let path: String
    }

    let strings: Strings
    let choices: [Choice]
    /// "Use my location", which opens the area nearest the person; `nil` leaves it out.
    var location: LocationPanel? = nil

    func render() -> [UInt8] {
        let language = strings.language
        let areaStrings = AreaStrings.forLanguage(language)
        return Layout(strings: strings, title: areaStrings.chooserTitle, areas: choices.map(\.area)).render {
            el(.h1) { areaStrings.chooserTitle }
            if choices.isEmpty {
                el(.p, .class("card empty")) { areaStrings.noAreas }
            } else {
                el(.p, .class("meta chooser-intro")) { areaStrings.chooserIntro }
                if let location { location.node }
                el(.ul, .class("places area-choices")) {
                    for choice in choices {
                        el(.li) { card(choice, strings: areaStrings) }
                    }
                }
            }
        }
    }

    private func card(_ choice: Choice, strings areaStrings: AreaStrings) -> Node {
        let language = strings.language
        let area = choice.area
        return el(.a, .class("card place area-choice"), .href(choice.path), .data("area", area.id.rawValue)) {
            el(.span, attributes: [.class("place-name")] + area.name.langAttributes(on: language)) {
                area.name.text(in: language)
            }
            if let local = area.name.local(area.localLanguage, shownIn: language) {
                el(.span, .class("place-alt"), .lang(local.language)) { local.text }
            }
            el(.span, .class("place-line")) {
                el(.span, .class("kind")) { choice.opensOnBoard ? areaStrings.campus : areaStrings.venue }
                el(.span) { strings.placeCount(choice.placeCount) }
                el(.span) { choice.opensOnBoard ? areaStrings.opensOnMenus : areaStrings.opensOnMap }
            }
        }
    }
}
