import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// `/areas/{id}`: the map and the list of an area's places, bookmarks first, then nearest first once the person's
/// position is known (or by name), each with who is checked in. An area with menus gets the tabs Menus · Map · List,
/// and `?view=map` puts the map in front on a phone.
///
/// An area may have a million places, so the page asks the store for what it shows: the list's first
/// ``pageSize`` places (and "More" for the next, by cursor), and the map's pins, the ``pageSize`` places inside its
/// view nearest the person (or the view's middle). Neither grows with the area.
struct AreaFeature: RouteCollection {
    let checkIns: any CheckInStore
    let frontDoor: AreaFrontDoor
    let configuration: AppConfiguration

    /// Places per page of the list, and the most pins the map shows.
    static let pageSize = 50

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.area, .page, .optional, areaPage)
    }

    func areaPage(_ context: VisitorContext, id: Area.ID) throws -> Response {
        let area = try context.area(id)
        let request = context.request
        let position = try request.personPosition()
        let cookiePosition = request.cookiePosition()
        let order: PlaceOrder = request.query["sort"] == "name" || position == nil ? .name : .distance
        let query = PlaceQuery(
            areaID: id, order: order == .distance ? .distance(from: position!) : .name(context.language),
            limit: Self.pageSize)
        let cursor = try PlaceListingParameters(request).cursor(for: query)
        let bookmarks = context.preferences[PreferenceKeys.bookmarks]
        let listing = try context.places.listing(query, bookmarks: bookmarks, cursor: cursor)
        // By name, distances are still shown when the position is known.
        let places = listing.places.map { listed in
            ListedPlace(
                place: listed.place,
                distanceMeters: listed.distanceMeters ?? position?.distance(to: listed.place.coordinate))
        }
        let total = context.catalog.placeCount(inArea: id)
        var page = AreaPage(
            strings: context.strings, area: area, areas: try context.headerAreas(), places: places,
            position: position, isPersonsPosition: position != nil && position == cookiePosition, order: order,
            units: context.preferences[PreferenceKeys.units], locatesOnLoad: request.query["locate"] == "1",
            presence: try checkIns.presence(inArea: id, at: context.now, sample: 4), tileURL: configuration.tileURL)
        page.placeCount = total
        page.pins = try pins(in: area, position: position, total: total, context: context)
        page.paging = paging(area: area, listing: listing, position: position, order: order, request: request)
        page.bookmarks = BookmarkContext(
            strings: MenuStrings.forLanguage(context.language), csrfToken: context.visitor.csrfToken,
            bookmarks: bookmarks, rankWithoutBookmarks: Self.ranks(of: places, in: query),
            returnPath: request.returnPath(dropping: ["locate"]))
        page.showsMap = request.query["view"] == "map"
        if try frontDoor.calendar(of: area, context: context).hasMenus {
            page.tabs = AreaTabs(
                strings: BoardStrings.forLanguage(context.language), area: id, current: page.showsMap ? .map : .list,
                keptQuery: request.query.pairs.filter { $0.name != "locate" })
        }
        page.defaultAreaPicker = DefaultAreaPicker(
            strings: MenuStrings.forLanguage(context.language), area: area,
            isDefault: try context.defaultArea().id == area.id, csrfToken: context.visitor.csrfToken)
        return .html(page.render())
    }

    /// The map's pins: the places inside the area's rectangle nearest the person when they are in it, else
    /// nearest its middle, at most ``pageSize``; labelled with the person's distances when known. When there are
    /// more, the map shows the pinned ones' rectangle (with the person), rather than a whole city.
    private func pins(in area: Area, position: Coordinate?, total: Int, context: VisitorContext) throws -> AreaMap.Pins
    {
        let view = GeoBox(area.bounds)
        let nearYou = position.map(view.contains) ?? false
        let origin = nearYou ? position! : view.center
        let results = try context.places.places(
            matching: PlaceQuery(areaID: area.id, order: .distance(from: origin), box: view, limit: Self.pageSize))
        var pins = AreaMap.Pins(
            places: results.places.map { listed in
                ListedPlace(place: listed.place, distanceMeters: position?.distance(to: listed.place.coordinate))
            },
            capped: results.next != nil, nearYou: nearYou, total: total)
        if pins.capped {
            let shown = results.places.map(\.place.coordinate) + (nearYou ? [origin] : [])
            pins.view = try? Bounds(enclosing: shown, margin: 0.12, minimumSpanDegrees: 0.004)
        }
        return pins
    }

    /// Where this page of the list stands, and the links to the next page and back to the first.
    private func paging(
        area: Area, listing: PlaceListing.Page, position: Coordinate?, order: PlaceOrder, request: Request
    ) -> AreaPage.Paging {
        // The next page names its point itself, so a position shared meanwhile does not change the order under it.
        var kept = request.query.pairs.filter { !["cursor", "locate", "near", "shown"].contains($0.name) }
        if let position, order == .distance { kept.append(("near", position.description)) }
        let shownBefore = Int(request.query["shown"] ?? "").map { max(0, $0) } ?? 0
        // The next page opens at its list, not at the top of the page above the map.
        let next = listing.next.map { cursor in
            Paths.area(
                area.id,
                query: kept + [("cursor", cursor.text), ("shown", String(shownBefore + listing.places.count))],
                fragment: "places-heading")
        }
        let first = request.query["cursor"] == nil ? nil : Paths.area(area.id, query: kept)
        return AreaPage.Paging(firstIndex: shownBefore + 1, next: next, first: first)
    }

    /// Each place's position in the list without bookmarks, among the places on the page: where the script puts a
    /// row back when its star is taken off.
    static func ranks(of places: [ListedPlace], in query: PlaceQuery) -> [Place.ID: Int] {
        let ordered = places.sorted { query.sortKey(of: $0) < query.sortKey(of: $1) }
        return Dictionary(
            ordered.enumerated().map { ($0.element.place.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }
}
