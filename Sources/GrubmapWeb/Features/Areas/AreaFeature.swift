import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// `/areas/{id}`: the map and the list of an area's places, bookmarks first, then nearest first once the person's
/// position is known (or by name), each with who is checked in and whether it is open now; `/areas/{id}/map`: the
/// map alone, for the page script to move and zoom it without reloading the page. An area with menus gets the tabs
/// Menus · Map · List, and `?view=map` puts the map in front on a phone.
///
/// An area may have a million places, so the page asks the store for what it shows: the list's first
/// ``pageSize`` places (and "More" for the next, by cursor), and the places inside the map's view, at most
/// ``mapLimit`` nearest its middle. Neither grows with the area.
struct AreaFeature: RouteCollection {
    let checkIns: any CheckInStore
    let basemaps: any BasemapStore
    let frontDoor: AreaFrontDoor
    let configuration: AppConfiguration
    let caches: MapCaches
    let pages: AreaPageCache

    /// Places per page of the list, and in the "I'm at…" choice.
    static let pageSize = 50

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.area, .page, .optional, areaPage)
        routes.add(.get, Paths.areaMap, .page, .optional, mapFragment)
    }

    /// Everything the page and the map read for one request.
    private struct Reading {
        let area: Area
        let position: PersonPosition?
        let presence: [Place.ID: PlacePresence]
        let onlyOpenNow: Bool
        let basemap: StoredBasemap?
        let map: AreaMap
    }

    /// The most places the map asks for in its view; when the view holds more, it draws those nearest its middle
    /// and says so under the map.
    static let mapLimit = 500

    private func read(_ context: VisitorContext, id: Area.ID) throws -> Reading {
        let area = try context.area(id)
        let request = context.request
        let position = try request.position()
        let onlyOpenNow = request.query["open"] == "now"
        var presence = try checkIns.presence(inArea: id, at: context.now, sample: 4)
        // An offline copy counts people but shows no one: it stays on a device another person may use.
        if request.asksForOfflineCopy { presence = presence.mapValues { PlacePresence(count: $0.count, newest: []) } }
        let basemap = configuration.tileURL == nil ? try basemaps.basemap(areaID: id) : nil
        let viewRequest = try MapViewRequest(request)
        let frame = MapFrame(area: area, basemap: basemap?.basemap, height: viewRequest.height ?? MapFrame.height)
        let viewport = frame.viewport(for: viewRequest)
        let view = try mapView(
            area: area, viewport: viewport, selected: viewRequest.place, onlyOpenNow: onlyOpenNow, context: context)
        var map = AreaMap(
            strings: MapStrings.forLanguage(context.language),
            checkInStrings: CheckInStrings.forLanguage(context.language), pageStrings: context.strings, area: area,
            places: view.places, presence: presence, now: context.now, position: position,
            units: context.units, tileURL: configuration.tileURL, basemap: basemap,
            frame: frame, viewport: viewport, links: MapLinks(area: id, query: request.query.pairs),
            selected: viewRequest.place, caches: caches)
        map.capped = view.capped
        return Reading(
            area: area, position: position, presence: presence, onlyOpenNow: onlyOpenNow, basemap: basemap, map: map)
    }

    /// What a map view draws: the places of its rectangle, at most ``mapLimit`` nearest its middle, clustered;
    /// made once per cache lifetime and catalog version for everyone who opens the view.
    private func mapView(
        area: Area, viewport: MapViewport, selected: Place.ID?, onlyOpenNow: Bool, context: VisitorContext
    ) throws -> AreaPageCache.MapView {
        let query = PlaceQuery(
            areaID: area.id, order: .distance(from: viewport.center), box: Self.box(around: viewport),
            limit: Self.mapLimit)
        let key = AreaPageCache.MapViewKey(
            query: query, viewport: viewport, catalogVersion: context.catalog.version, selected: selected,
            openNowMinute: onlyOpenNow ? Int(context.now.timeIntervalSince1970 / 60) : nil)
        return try pages.mapViews.value(for: key, now: context.now) {
            let results = try context.places.places(matching: query)
            var inView = results.places.map(\.place)
            // A card asked for by address opens even when its place is not among the view's first.
            if let selected, !inView.contains(where: { $0.id == selected }),
                let place = try context.places.place(id: selected), place.areaID == area.id
            {
                inView.append(place)
            }
            // "Open now" decides for every place of the view; otherwise the map decides for what it draws as pins.
            let shown = inView.filter { place in
                !onlyOpenNow || Self.isOpen(place.openingHours.state(at: context.now, in: area.clockTimeZone))
            }.map { ListedPlace(place: $0, distanceMeters: nil) }
            return AreaPageCache.MapView(
                places: ClusteredPlaces(shown, viewport: viewport, layouts: caches.markerLayouts),
                capped: results.next == nil
                    ? nil
                    : AreaMap.Capped(shown: results.places.count, total: context.catalog.placeCount(inArea: area.id)))
        }
    }

    /// The store's answer to a query that is the same for every reader (the first places by name), read once per
    /// cache lifetime and catalog version.
    private func sharedPlaces(_ query: PlaceQuery, context: VisitorContext) throws -> PlaceResults {
        try pages.shared.value(
            for: AreaPageCache.SharedKey(query: query, catalogVersion: context.catalog.version), now: context.now
        ) { try context.places.places(matching: query) }
    }

    /// The rectangle whose places a view may draw: the view grown by the margin ``MapMarkers`` draws pins from.
    static func box(around viewport: MapViewport) -> GeoBox {
        let margin = MapMarkers.clusterRadius * 2
        let northWest = viewport.coordinate(at: PlanePoint(x: -margin, y: -margin))
        let southEast = viewport.coordinate(
            at: PlanePoint(x: Double(viewport.width) + margin, y: Double(viewport.height) + margin))
        // A view wider than the world takes every longitude; one past its edge wraps (west then lies east of east).
        let wholeWorld = southEast.longitude - northWest.longitude >= 360
        let wrapped = { (longitude: Double) in (longitude + 540).truncatingRemainder(dividingBy: 360) - 180 }
        let box = try? GeoBox(
            west: wholeWorld ? -180 : wrapped(northWest.longitude), south: max(-90, southEast.latitude),
            east: wholeWorld ? 180 : wrapped(southEast.longitude), north: min(90, northWest.latitude))
        return box ?? GeoBox(viewport.bounds)
    }

    private static func isOpen(_ state: OpeningState?) -> Bool {
        if case .open = state { true } else { false }
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

    /// Rendered once per ``AreaPageCache/Key``; the browser remembers it opened the area (``DeviceCookie/lastArea``).
    func areaPage(_ context: VisitorContext, id: Area.ID) throws -> Response {
        let area = try context.area(id)
        context.cookies.openedArea = id
        let request = context.request
        let preferences = context.preferences
        let key = AreaPageCache.Key(
            area: id, catalogVersion: context.catalog.version, language: context.language,
            bookmarks: preferences[PreferenceKeys.bookmarks], position: try request.position(),
            isDefault: try context.chosenArea()?.id == id, units: context.units,
            minute: Int(context.now.timeIntervalSince1970 / 60),
            query: request.query.pairs.map { "\($0.name)=\($0.value)" }, isOfflineCopy: request.asksForOfflineCopy)
        return try pages.pages.value(for: key, now: context.now) {
            PersonalizedPage(try render(context, area: area, csrfToken: PersonalizedPage.csrfPlaceholder))
        }.response(csrfToken: context.visitor.csrfToken)
    }

    private func render(_ context: VisitorContext, area: Area, csrfToken: String) throws -> String {
        let id = area.id
        let reading = try read(context, id: id)
        let request = context.request
        let position = reading.position
        let order: PlaceOrder = request.query["sort"] == "name" || position == nil ? .name : .distance
        let query = PlaceQuery(
            areaID: id, order: order == .distance ? .distance(from: position!.coordinate) : .name(context.language),
            limit: Self.pageSize)
        let cursor = try PlaceListingParameters(request).cursor(for: query)
        let bookmarks = context.preferences[PreferenceKeys.bookmarks]
        let listing = try context.places.listing(query, bookmarks: bookmarks, cursor: cursor)
        // By name, distances are still shown when the position is known.
        let listed = listing.places.map { listed in
            ListedPlace(
                place: listed.place,
                distanceMeters: listed.distanceMeters ?? position?.coordinate.distance(to: listed.place.coordinate))
        }
        let openStates = Self.openStates(listed.map(\.place), area: area, context: context)
        // "Open now" keeps the open places of this page of the list.
        let places = reading.onlyOpenNow ? listed.filter { Self.isOpen(openStates[$0.place.id]) } : listed
        var page = AreaPage(
            strings: context.strings, area: area, areas: try context.headerAreas(), places: places,
            position: position, order: order, units: context.units,
            locatesOnLoad: request.query["locate"] == "1", presence: reading.presence, openStates: openStates,
            onlyOpenNow: reading.onlyOpenNow, map: reading.map,
            showsMap: request.query["view"] == "map" || request.query["place"] != nil)
        page.placeCount = context.catalog.placeCount(inArea: id)
        page.paging = paging(
            area: area, listing: listing, position: position?.coordinate, order: order, request: request)
        page.bookmarks = BookmarkContext(
            strings: MenuStrings.forLanguage(context.language), bookmarks: bookmarks,
            rankWithoutBookmarks: Self.ranks(of: places, in: query),
            form: BookmarkForm(
                csrfToken: csrfToken,
                returnPath: request.returnPath(dropping: BookmarkNotice.fields.union(["locate", "positioned"])),
                notice: try BookmarkNotice.text(
                    for: request, bookmarks: bookmarks, strings: MenuStrings.forLanguage(context.language),
                    name: { try context.knownPlace($0)?.name.text(in: context.language) })))
        if try frontDoor.calendar(of: area, context: context).hasMenus {
            page.tabs = AreaTabs(
                strings: BoardStrings.forLanguage(context.language), area: id, current: page.showsMap ? .map : .list,
                keptQuery: request.query.pairs.filter {
                    $0.name != "locate" && !BookmarkNotice.fields.contains($0.name)
                })
        }
        page.defaultAreaPicker = DefaultAreaPicker(
            strings: MenuStrings.forLanguage(context.language), area: area,
            isDefault: try context.chosenArea()?.id == area.id, csrfToken: csrfToken)
        let mapStrings = MapStrings.forLanguage(context.language)
        switch request.query["positioned"] {
        case "set": page.positionNotice = mapStrings.positionSet
        case "cleared": page.positionNotice = mapStrings.positionCleared
        default: break
        }
        // "I'm at…" offers the first places by name: the list's own when the list shows just those.
        let firstByName =
            order == .name && cursor == nil && bookmarks.isEmpty
            ? listing.places.map(\.place)
            : try sharedPlaces(
                PlaceQuery(areaID: id, order: .name(context.language), limit: Self.pageSize), context: context
            ).places.map(\.place)
        page.positionPicker = PositionPicker(
            strings: MapStrings.forLanguage(context.language), area: area, places: firstByName,
            landmarks: PositionPicker.landmarks(of: reading.basemap?.basemap, language: context.language),
            position: reading.position, csrfToken: csrfToken,
            returnPath: request.returnPath(dropping: BookmarkNotice.fields.union(["locate", "positioned"])),
            language: context.language)
        return page.render()
    }

    /// Where this page of the list stands, and the links to the next page and back to the first.
    private func paging(
        area: Area, listing: PlaceListing.Page, position: Coordinate?, order: PlaceOrder, request: Request
    ) -> AreaPage.Paging {
        // The next page names its point itself, so a position shared meanwhile does not change the order under it.
        var kept = request.query.pairs.filter {
            !["cursor", "locate", "near", "shown"].contains($0.name) && !BookmarkNotice.fields.contains($0.name)
        }
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

    /// The map of the view the query asks for, without the page around it.
    func mapFragment(_ context: VisitorContext, id: Area.ID) throws -> Response {
        .html(try read(context, id: id).map.node.render())
    }
}
