import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// `/areas/{id}`: the map and the list of an area's places, bookmarks first, then nearest first once the person's
/// position is known (or by name), each with who is checked in and whether it is open now; `/areas/{id}/map`: the
/// map alone, for the page script to move and zoom it without reloading the page. An area with menus gets the tabs
/// Menus · Map · List, and `?view=map` puts the map in front on a phone.
struct AreaFeature: RouteCollection {
    let checkIns: any CheckInStore
    let basemaps: any BasemapStore
    let frontDoor: AreaFrontDoor
    let configuration: AppConfiguration
    let caches: MapCaches

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.area, .page, .optional, areaPage)
        routes.add(.get, Paths.areaMap, .page, .optional, mapFragment)
    }

    /// Everything the page and the map read for one request.
    private struct Reading {
        let area: Area
        let all: [Place]
        let position: PersonPosition?
        let order: PlaceOrder
        let places: [ListedPlace]
        let presence: [Place.ID: PlacePresence]
        let openStates: [Place.ID: OpeningState]
        let onlyOpenNow: Bool
        let basemap: StoredBasemap?
        let map: AreaMap
    }

    private func read(_ context: VisitorContext, id: Area.ID) throws -> Reading {
        let area = try context.area(id)
        let request = context.request
        let position = try request.position()
        let order: PlaceOrder = request.query["sort"] == "name" || position == nil ? .name : .distance
        let all = try context.catalog.places(inArea: id)
        let openStates = Self.openStates(all, area: area, context: context)
        let onlyOpenNow = request.query["open"] == "now"
        let shown = onlyOpenNow ? all.filter { if case .open = openStates[$0.id] { true } else { false } } : all
        let places = Place.listing(
            shown, from: position?.coordinate, order: order, language: context.language,
            bookmarks: context.preferences[PreferenceKeys.bookmarks])
        let presence = try checkIns.presence(inArea: id, at: context.now, sample: 4)
        let basemap = configuration.tileURL == nil ? try basemaps.basemap(areaID: id) : nil
        let frame = MapFrame(area: area, basemap: basemap?.basemap)
        let viewRequest = try MapViewRequest(request)
        let map = AreaMap(
            strings: MapStrings.forLanguage(context.language),
            checkInStrings: CheckInStrings.forLanguage(context.language), pageStrings: context.strings, area: area,
            places: places, presence: presence, openStates: openStates, position: position,
            units: context.preferences[PreferenceKeys.units], tileURL: configuration.tileURL, basemap: basemap,
            frame: frame, viewport: frame.viewport(for: viewRequest),
            links: MapLinks(area: id, query: request.query.pairs), selected: viewRequest.place, caches: caches)
        return Reading(
            area: area, all: all, position: position, order: order, places: places, presence: presence,
            openStates: openStates, onlyOpenNow: onlyOpenNow, basemap: basemap, map: map)
    }

    /// Whether each place with opening hours is open at this moment on the area's clock.
    static func openStates(_ places: [Place], area: Area, context: VisitorContext) -> [Place.ID: OpeningState] {
        var states: [Place.ID: OpeningState] = [:]
        for place in places {
            if let state = place.openingHours.state(at: context.now, in: area.clockTimeZone) {
                states[place.id] = state
            }
        }
        return states
    }

    func areaPage(_ context: VisitorContext, id: Area.ID) throws -> Response {
        let reading = try read(context, id: id)
        let request = context.request
        let area = reading.area
        let bookmarks = context.preferences[PreferenceKeys.bookmarks]
        var page = AreaPage(
            strings: context.strings, area: area, areas: try context.headerAreas(), places: reading.places,
            position: reading.position, order: reading.order, units: context.preferences[PreferenceKeys.units],
            locatesOnLoad: request.query["locate"] == "1", presence: reading.presence, openStates: reading.openStates,
            onlyOpenNow: reading.onlyOpenNow, map: reading.map,
            showsMap: request.query["view"] == "map" || request.query["place"] != nil)
        let plain = Place.listing(
            reading.places.map(\.place), from: reading.position?.coordinate, order: reading.order,
            language: context.language)
        page.bookmarks = BookmarkContext(
            strings: MenuStrings.forLanguage(context.language), csrfToken: context.visitor.csrfToken,
            bookmarks: bookmarks,
            rankWithoutBookmarks: Dictionary(
                uniqueKeysWithValues: plain.enumerated().map { ($0.element.place.id, $0.offset) }),
            returnPath: request.returnPath(dropping: ["locate", "positioned"]))
        if try frontDoor.calendar(of: area, context: context).hasMenus {
            page.tabs = AreaTabs(
                strings: BoardStrings.forLanguage(context.language), area: id, current: page.showsMap ? .map : .list,
                keptQuery: request.query.pairs.filter { $0.name != "locate" })
        }
        page.defaultAreaPicker = DefaultAreaPicker(
            strings: MenuStrings.forLanguage(context.language), area: area,
            isDefault: try context.defaultArea().id == area.id, csrfToken: context.visitor.csrfToken)
        let mapStrings = MapStrings.forLanguage(context.language)
        switch request.query["positioned"] {
        case "set": page.positionNotice = mapStrings.positionSet
        case "cleared": page.positionNotice = mapStrings.positionCleared
        default: break
        }
        page.positionPicker = PositionPicker(
            strings: MapStrings.forLanguage(context.language), area: area, places: reading.all,
            landmarks: PositionPicker.landmarks(of: reading.basemap?.basemap, language: context.language),
            position: reading.position, csrfToken: context.visitor.csrfToken,
            returnPath: request.returnPath(dropping: ["locate", "positioned"]), language: context.language)
        return .html(page.render())
    }

    /// The map of the view the query asks for, without the page around it.
    func mapFragment(_ context: VisitorContext, id: Area.ID) throws -> Response {
        .html(try read(context, id: id).map.node.render())
    }
}
