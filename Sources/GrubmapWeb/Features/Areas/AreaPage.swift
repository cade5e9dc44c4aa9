import GrubmapCore

/// `/areas/{id}`: the area's places, nearest first once the person's position is known, else by name; by walking
/// time where the area has streets to walk.
struct AreaPage {
    let strings: Strings
    let area: Area
    let areas: [Area]
    let places: [ListedPlace]
    /// Where the person is (or the point they gave), when known.
    let position: PersonPosition?
    let order: ListOrder
    let units: DistanceUnit
    /// Whether the page asks the browser for the position as soon as it loads (right after onboarding).
    let locatesOnLoad: Bool
    /// Who is checked in where.
    let presence: [Place.ID: PlacePresence]
    /// Whether each place with opening hours is open now, on the area's clock.
    let openStates: [Place.ID: OpeningState]
    /// Whether only the places open now are listed and drawn (`?open=now`).
    let onlyOpenNow: Bool
    /// The map of the view the address asks for.
    let map: AreaMap
    /// Whether a phone shows the map rather than the list first (`?view=map`, as every map link has).
    let showsMap: Bool
    /// "Set my position" by hand; `nil` leaves it out.
    var positionPicker: PositionPicker? = nil
    /// Minutes on foot from the person's position to the listed places, where the area has streets to walk.
    var walkingMinutes: [Place.ID: Int] = [:]
    /// Whether the list may be ordered by walking time: the area has streets to walk and the position is known.
    var offersWalkingOrder = false
    /// What setting or clearing the position just did (`?positioned=set` or `cleared`), said at the top.
    var positionNotice: String? = nil
    /// The person's stars on the rows; `nil` leaves them out.
    var bookmarks: BookmarkContext? = nil
    /// "Open Grubmap here" under the area's name; `nil` leaves it out.
    var defaultAreaPicker: DefaultAreaPicker? = nil
    /// Menus · Map · List, for an area with menus; they replace the map-or-list switch.
    var tabs: AreaTabs? = nil
    /// How many places the area has in all; `nil` when ``places`` are all of them.
    var placeCount: Int? = nil
    /// Where this page of the list stands; `nil` for a list on one page.
    var paging: Paging? = nil
    /// Check-ins and line reports for the rows' busyness badges; `nil` leaves them out (an offline copy).
    var live: LiveSnapshot? = nil
    /// The area's live changes, applied in place; `nil` for a page that stays as rendered.
    var liveEvents: LiveEvents? = nil

    /// The list's order: by name, nearest first by straight line, or nearest first on foot (``WalkingOrder``).
    enum ListOrder: Equatable {
        case name, distance, walking
    }

    /// A page of a list longer than one page.
    struct Paging {
        /// The place number of the page's first row, from 1.
        let firstIndex: Int
        /// The next page, when there is one.
        let next: String?
        /// The first page, when this is not it.
        let first: String?
    }

    private var checkInStrings: CheckInStrings { CheckInStrings.forLanguage(strings.language) }
    private var mapStrings: MapStrings { MapStrings.forLanguage(strings.language) }

    func render() -> [UInt8] {
        let language = strings.language
        let name = area.name.text(in: language)
        var layout = Layout(strings: strings, title: name, areas: areas, currentAreaID: area.id)
        layout.live = liveEvents
        return layout.render {
            el(.h1, attributes: area.name.langAttributes(on: language)) { name }
            if let secondary = area.name.local(area.localLanguage, shownIn: language) {
                el(.p, .class("subtitle"), .lang(secondary.language)) { secondary.text }
            }
            if let tabs { tabs.node }
            if let defaultAreaPicker { defaultAreaPicker.node }
            el(.p, .class("meta")) {
                strings.placeCount(placeCount ?? places.count)
                if order == .walking {
                    " · " + WalkStrings.forLanguage(language).walkingTimesFromYou
                } else if let position, order == .distance {
                    " · "
                        + (position.source == .setByHand
                            ? mapStrings.distancesFromSetPosition
                            : position.isPersons
                                ? strings.distancesFromYou
                                : position.coordinate == area.center
                                    ? strings.distancesFrom(name) : strings.distancesFromGivenPoint)
                }
            }
            if let positionNotice {
                el(.p, .class("notice success"), Attribute("role", "status")) { positionNotice }
            }
            LocationPanel(
                strings: strings, locatesOnLoad: locatesOnLoad, hasPosition: position != nil,
                positionPicker: positionPicker
            ).node
            el(.div, .class("toolbar")) {
                el(.span, .class("label"), .id("sort-label")) { strings.sortLabel }
                el(.div, .class("segmented"), Attribute("role", "group"), Attribute("aria-labelledby", "sort-label")) {
                    el(.a, .href(link(order: .name)), Attribute("aria-current", order == .name ? "true" : "false")) {
                        strings.sortedByName
                    }
                    el(
                        .a, .href(link(order: .distance)),
                        Attribute("aria-current", order == .distance ? "true" : "false")
                    ) { strings.sortedByDistance }
                    if offersWalkingOrder {
                        el(
                            .a, .href(link(order: .walking)),
                            Attribute("aria-current", order == .walking ? "true" : "false")
                        ) { WalkStrings.forLanguage(language).byWalkingTime }
                    }
                }
                el(
                    .a, .class("filter-chip"), .href(openNowLink),
                    Attribute("aria-current", onlyOpenNow ? "true" : "false")
                ) { mapStrings.onlyOpenNow }
            }
            explorer
            if let bookmarks {
                bookmarks.form.node
                BookmarkButton.script
            }
        }
    }

    /// The map and the list: side by side on wide screens, one at a time behind a switch on phones (two radio
    /// buttons and CSS, so it works without JavaScript). Each has a heading (seen only by screen readers, the
    /// switch says it to the eye), and the list is the map's text alternative: the same places, in reading order.
    private var explorer: Node {
        el(.div, .class("explore")) {
            // With tabs, the tabs are the controls: the radio buttons only carry the choice for the style sheet.
            let behindTabs: [Attribute] = tabs == nil ? [] : [Attribute("tabindex", "-1"), .ariaHidden()]
            el(
                .input,
                attributes: [.type("radio"), .name("view"), .id("view-list"), .class("view-choice")]
                    + (showsMap ? [] : [Attribute("checked", nil)]) + behindTabs)
            el(
                .input,
                attributes: [.type("radio"), .name("view"), .id("view-map"), .class("view-choice")]
                    + (showsMap ? [Attribute("checked", nil)] : []) + behindTabs)
            if tabs == nil {
                el(.div, .class("segmented view-switch")) {
                    el(.label, Attribute("for", "view-list")) { checkInStrings.showList }
                    el(.label, Attribute("for", "view-map")) { checkInStrings.showMap }
                }
            }
            el(.div, .class("explore-panes")) {
                el(.section, .class("map-pane card"), .id("map"), Attribute("aria-labelledby", "map-heading")) {
                    el(.h2, .id("map-heading"), .class("visually-hidden")) { checkInStrings.showMap }
                    map.node
                }
                el(.section, .class("list-pane"), Attribute("aria-labelledby", "places-heading")) {
                    el(.h2, .id("places-heading"), .class("visually-hidden")) { strings.placesHeading }
                    if places.isEmpty {
                        el(.p, .class("card empty")) { onlyOpenNow ? mapStrings.noneOpen : strings.noPlaces }
                    } else {
                        el(.ul, .class("places")) {
                            let shared = RowShared(
                                mapStrings: mapStrings, checkInStrings: checkInStrings,
                                localLanguage: area.localLanguage)
                            for listed in places { row(listed, shared) }
                        }
                        if let paging, paging.next != nil || paging.first != nil { pager(paging) }
                    }
                }
            }
            el(.script, Attribute("src", Assets.path("map.js")), Attribute("defer", nil))
        }
    }

    /// Which places the list shows, and the links to more and back to the first.
    private func pager(_ paging: Paging) -> Node {
        let areaStrings = AreaStrings.forLanguage(strings.language)
        let last = paging.firstIndex + places.count - 1
        return el(.nav, .class("pager"), .id("pager"), .ariaLabel(areaStrings.pagerLabel)) {
            el(.p, .class("meta")) { areaStrings.showingPlaces(paging.firstIndex, last, placeCount ?? last) }
            el(.div, .class("pager-links")) {
                if let first = paging.first {
                    el(.a, .class("button secondary"), .href(first)) { areaStrings.firstPlaces }
                }
                if let next = paging.next {
                    el(.a, .class("button"), .href(next), Attribute("rel", "next")) { areaStrings.morePlaces }
                }
            }
        }
    }

    /// The page in the other order. Without a known position, "by distance" measures from the area's center.
    private func link(order: ListOrder) -> String {
        let filter: [(String, String)] = onlyOpenNow ? [("open", "now")] : []
        switch (order, position) {
        case (.name, _): return Paths.area(area.id, query: [("sort", "name")] + givenPosition + filter)
        case (.walking, _): return Paths.area(area.id, query: [("sort", "walking")] + givenPosition + filter)
        case (.distance, nil): return Paths.area(area.id, query: [("near", area.center.description)] + filter)
        case (.distance, _): return Paths.area(area.id, query: givenPosition + filter)
        }
    }

    /// The position the address gave (`near`), which links keep.
    private var givenPosition: [(String, String)] {
        guard let position, position.source == .query else { return [] }
        return [("near", position.coordinate.description)]
    }

    /// The page with the "open now" filter switched, keeping the order.
    private var openNowLink: String {
        var query: [(String, String)] =
            switch order {
            case .name: [("sort", "name")]
            case .walking: [("sort", "walking")]
            case .distance: []
            }
        query += givenPosition
        if !onlyOpenNow { query.append(("open", "now")) }
        return Paths.area(area.id, query: query)
    }

    /// What every row of the list reads, made once for the list rather than once a row: each strings type is a
    /// struct of many strings and closures, copied whole at every use, and the area's local language is worked
    /// out from its locale.
    private struct RowShared {
        let mapStrings: MapStrings
        let checkInStrings: CheckInStrings
        let localLanguage: String
    }

    private func row(_ listed: ListedPlace, _ shared: RowShared) -> Node {
        let place = listed.place
        let language = strings.language
        return el(.li, attributes: bookmarks?.rowAttributes(for: place) ?? []) {
            el(.a, .class("card place"), .href(Paths.place(place.id))) {
                el(.span, attributes: [.class("place-name")] + place.name.langAttributes(on: language)) {
                    place.name.text(in: language)
                }
                if let secondary = place.name.local(shared.localLanguage, shownIn: language) {
                    el(.span, .class("place-alt"), .lang(secondary.language)) { secondary.text }
                }
                el(.span, .class("place-line")) {
                    el(.span, .class("kind")) { strings.kindName(place.kind) }
                    if let meters = listed.distanceMeters {
                        el(.span, .class("distance")) {
                            Icons.distance
                            strings.away(DistanceFormat.text(meters: meters, unit: units))
                        }
                    }
                    if let minutes = walkingMinutes[place.id] {
                        el(.span, .class("walk")) { WalkStrings.forLanguage(language).minutes(minutes) }
                    }
                    if let address = place.address {
                        el(.span, attributes: TextLanguage.attributes(shared.localLanguage, on: language)) { address }
                    }
                }
                if let opening = shared.mapStrings.openingText(openStates[place.id]) {
                    el(.span, .class("open-state " + AreaMap.stateClass(openStates[place.id]!))) { opening }
                }
                if let live { live.badge(place, language: language).node }
                PresenceLine(strings: shared.checkInStrings, presence: presence[place.id] ?? .empty, place: place.id)
                    .node
            }
            if let bookmarks { bookmarks.button(for: place) }
        }
    }
}
