import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Everything an area page and its map are rendered from, and the key the page is kept under (``CachedPage``):
/// the area at a catalog version, and what the reader brings (their language, bookmarks, position, units, whether
/// the area is the one `/` opens for them), the minute and the address.
struct AreaPageInput: CachedPage {
    let area: Area.ID
    let catalogVersion: Int64
    let language: Language
    let bookmarks: [Place.ID]
    let position: PersonPosition?
    /// Whether the area is the one the reader (or the operator) chose for `/`.
    let isDefault: Bool
    let units: DistanceUnit
    /// Minutes since 1970: what opening hours are decided by.
    let minute: Int
    /// The address (the list's order and page, the map's view, the filter, a notice).
    let address: PageAddress
    /// Whether the page is the service worker's offline copy (``OfflineCopies``), which shows no faces.
    let isOfflineCopy: Bool

    /// The same for every reader: the catalog at ``catalogVersion``, the store and the feature's other parts, and
    /// the moment the page is read at.
    struct Sources {
        let feature: AreaFeature
        let pages: PageSources
    }

    /// Everything the page and the map read.
    struct Reading {
        let area: Area
        let presence: [Place.ID: PlacePresence]
        /// Check-ins and line reports by place for the badges; `nil` on an offline copy, whose figures would be stale.
        let live: LiveSnapshot?
        let onlyOpenNow: Bool
        let basemap: StoredBasemap?
        /// The area's walking graph, when the position is known and near its streets.
        let walkingGraph: RoutingGraph?
        let map: AreaMap
    }

    /// What the map shows (and the page around it reads): the places of its view, who is checked in, the basemap.
    func reading(from sources: Sources) throws -> Reading {
        let feature = sources.feature
        let catalog = sources.pages.catalog
        let now = sources.pages.now
        guard let area = try catalog.area(self.area) else {
            throw HTTPError.notFound("There is no area \"\(self.area)\".")
        }
        let request = try address.request()
        let onlyOpenNow = address.query["open"] == "now"
        var presence = try feature.checkIns.presence(inArea: area.id, at: now, sample: 4)
        // An offline copy counts people but shows no one: it stays on a device another person may use.
        if isOfflineCopy { presence = presence.mapValues { PlacePresence(count: $0.count, newest: []) } }
        let live =
            isOfflineCopy ? nil : LiveSnapshot(counts: try feature.live.busyness(inArea: area.id, at: now), now: now)
        let configuration = feature.configuration
        let basemap = configuration.tileURL == nil ? try feature.basemaps.basemap(areaID: area.id) : nil
        var viewRequest = try MapViewRequest(request)
        let streets = try position.flatMap { _ in try feature.basemaps.routingGraph(areaID: area.id, mode: .walk) }
        let walk = try viewRequest.walk.map {
            try WalkRoute(to: $0, in: area, from: position?.coordinate, graph: streets, sources: sources.pages)
        }
        // Walks start from a position near the streets only (someone across town is not minutes from here on foot).
        let walkingGraph = streets.flatMap { graph in
            position.map { graph.reaches($0.coordinate) } == true ? graph : nil
        }
        // A route asked for without a view of its own is shown whole.
        if !viewRequest.namesView, let bounds = walk?.bounds { viewRequest.box = bounds }
        let frame = MapFrame(area: area, basemap: basemap?.basemap, height: viewRequest.height ?? MapFrame.height)
        let viewport = frame.viewport(for: viewRequest)
        let view = try feature.mapView(
            area: area, viewport: viewport, selected: viewRequest.place, onlyOpenNow: onlyOpenNow,
            sources: sources.pages)
        var map = AreaMap(
            strings: MapStrings.forLanguage(language), checkInStrings: CheckInStrings.forLanguage(language),
            pageStrings: Strings.forLanguage(language), area: area, places: view.places, presence: presence, now: now,
            position: position, units: units, tileURL: configuration.tileURL, basemap: basemap, frame: frame,
            viewport: viewport, links: MapLinks(area: area.id, query: address.query.pairs), selected: viewRequest.place,
            caches: feature.caches)
        map.capped = view.capped
        map.live = live
        map.walk = walk
        // Minutes on foot to the places drawn as pins (a cluster says none), and to the open card's.
        let pins =
            view.places.groups.filter { $0.places.count == 1 }.map(\.places[0].place)
            + view.places.places.filter { $0.place.id == viewRequest.place }.map(\.place)
        map.walkingMinutes = WalkingMinutes.from(position?.coordinate, to: pins, graph: walkingGraph)
        return Reading(
            area: area, presence: presence, live: live, onlyOpenNow: onlyOpenNow, basemap: basemap,
            walkingGraph: walkingGraph, map: map)
    }

    func render(csrfToken: String, from sources: Sources) throws -> [UInt8] {
        let feature = sources.feature
        let catalog = sources.pages.catalog
        let reading = try reading(from: sources)
        let area = reading.area
        let id = area.id
        let query = address.query
        let menuStrings = MenuStrings.forLanguage(language)
        let mapStrings = MapStrings.forLanguage(language)
        let list = try listPage(reading: reading, sources: sources)
        let listed = list.places
        let openStates = AreaFeature.openStates(listed.map(\.place), area: area, at: sources.pages.now)
        // "Open now" keeps the open places of this page of the list.
        let places = reading.onlyOpenNow ? listed.filter { AreaFeature.isOpen(openStates[$0.place.id]) } : listed
        var page = AreaPage(
            strings: Strings.forLanguage(language), area: area, areas: try catalog.allAreas(), places: places,
            position: position, order: list.order, units: units,
            locatesOnLoad: query["locate"] == "1", presence: reading.presence, openStates: openStates,
            onlyOpenNow: reading.onlyOpenNow, map: reading.map,
            showsMap: query["view"] == "map" || query["place"] != nil)
        page.placeCount = catalog.placeCount(inArea: id)
        page.walkingMinutes =
            list.walkingMinutes
            ?? WalkingMinutes.from(position?.coordinate, to: places.map(\.place), graph: reading.walkingGraph)
        page.offersWalkingOrder = reading.walkingGraph != nil
        if let live = reading.live {
            page.live = live
            page.liveEvents = LiveEvents(
                area: area, date: CalendarDate.local(live.now, in: area.clockTimeZone).date, language: language,
                now: live.now)
        }
        page.paging = list.paging
        let returnPath = address.returnPath(dropping: BookmarkNotice.toggle.fields.union(["locate", "positioned"]))
        page.bookmarks = BookmarkContext(
            strings: menuStrings, bookmarks: bookmarks,
            rankWithoutBookmarks: list.ranks,
            form: BookmarkForm(
                csrfToken: csrfToken, returnPath: returnPath,
                notice: try BookmarkNotice.text(
                    for: query, bookmarks: bookmarks, strings: menuStrings,
                    name: { try sources.pages.knownPlace($0)?.name.text(in: language) })))
        if try feature.frontDoor.calendar(of: area, now: sources.pages.now).hasMenus {
            page.tabs = AreaTabs(
                strings: BoardStrings.forLanguage(language), area: id, current: page.showsMap ? .map : .list,
                keptQuery: query.pairs.filter { $0.name != "locate" && !BookmarkNotice.toggle.fields.contains($0.name) }
            )
        }
        page.defaultAreaPicker = DefaultAreaPicker(
            strings: menuStrings, area: area, isDefault: isDefault, csrfToken: csrfToken)
        switch query["positioned"] {
        case "set": page.positionNotice = mapStrings.positionSet
        case "cleared": page.positionNotice = mapStrings.positionCleared
        default: break
        }
        // "I'm at…" offers the first places by name: the list's own when the list shows just those.
        let firstByName =
            try list.firstByName
            ?? feature.sharedPlaces(
                PlaceQuery(areaID: id, order: .name(language), limit: AreaFeature.pageSize), sources: sources.pages
            ).places.map(\.place)
        page.positionPicker = PositionPicker(
            strings: mapStrings, area: area, places: firstByName,
            landmarks: PositionPicker.landmarks(of: reading.basemap?.basemap, language: language),
            position: position, csrfToken: csrfToken, returnPath: returnPath, language: language)
        return page.render()
    }

    /// A page of the area's list: its places in order (before the "open now" filter), where it stands, and what
    /// the order measured on the way.
    private struct ListPage {
        let order: AreaPage.ListOrder
        let places: [ListedPlace]
        let paging: AreaPage.Paging?
        /// Each listed place's rank without bookmarks first.
        let ranks: [Place.ID: Int]
        /// Minutes on foot, when the order measured them.
        var walkingMinutes: [Place.ID: Int]? = nil
        /// The first places by name, when the page lists just those.
        var firstByName: [Place]? = nil
    }

    /// Nearest first once the position is known, unless the reader asked for names or walking time; paged by the
    /// store's cursor, or (by walking time) by the count of places shown before.
    private func listPage(reading: Reading, sources: Sources) throws -> ListPage {
        let query = address.query
        let id = reading.area.id
        if query["sort"] == "walking", let position, let graph = reading.walkingGraph {
            let walking = try WalkingOrder(
                from: position.coordinate, area: id, graph: graph, places: sources.pages.places, bookmarks: bookmarks)
            let shownBefore = min(max(Int(query["shown"] ?? "") ?? 0, 0), walking.places.count)
            let shown = walking.places[shownBefore..<min(shownBefore + AreaFeature.pageSize, walking.places.count)]
            let kept = query.pairs.filter {
                !["shown", "locate"].contains($0.name) && !BookmarkNotice.toggle.fields.contains($0.name)
            }
            let next =
                shownBefore + shown.count < walking.places.count
                ? Paths.area(
                    id, query: kept + [("shown", String(shownBefore + shown.count))], fragment: "places-heading")
                : nil
            return ListPage(
                order: .walking, places: Array(shown),
                paging: next == nil && shownBefore == 0
                    ? nil
                    : AreaPage.Paging(
                        firstIndex: shownBefore + 1, next: next,
                        first: shownBefore == 0 ? nil : Paths.area(id, query: kept)),
                ranks: walking.ranks, walkingMinutes: walking.minutes)
        }
        let near = query["sort"] == "name" ? nil : position?.coordinate
        let placeQuery = PlaceQuery(
            areaID: id, order: near.map { .distance(from: $0) } ?? .name(language), limit: AreaFeature.pageSize)
        let cursor = try PlaceListingParameters(try address.request()).cursor(for: placeQuery)
        let listing = try sources.pages.places.listing(placeQuery, bookmarks: bookmarks, cursor: cursor)
        // By name, distances are still shown when the position is known.
        let listed = listing.places.map { listed in
            ListedPlace(
                place: listed.place,
                distanceMeters: listed.distanceMeters ?? position?.coordinate.distance(to: listed.place.coordinate))
        }
        let order: AreaPage.ListOrder = near == nil ? .name : .distance
        var page = ListPage(
            order: order, places: listed,
            paging: AreaFeature.paging(
                area: reading.area, listing: listing, position: position?.coordinate, order: order, query: query),
            ranks: AreaFeature.ranks(of: listed, in: placeQuery))
        if order == .name && cursor == nil && bookmarks.isEmpty { page.firstByName = listing.places.map(\.place) }
        return page
    }
}

extension AreaPageInput {
    /// The input of the area `id` for the reader of `context`.
    init(_ context: VisitorContext, area id: Area.ID) throws {
        area = id
        catalogVersion = context.catalog.version
        language = context.language
        bookmarks = context.preferences[PreferenceKeys.bookmarks]
        position = try context.request.position()
        isDefault = try context.chosenArea()?.id == id
        units = context.units
        minute = Int(context.now.timeIntervalSince1970 / 60)
        address = PageAddress(context.request)
        isOfflineCopy = context.request.asksForOfflineCopy
    }
}
