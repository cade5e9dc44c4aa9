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
        let viewRequest = try MapViewRequest(request)
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
        return Reading(area: area, presence: presence, live: live, onlyOpenNow: onlyOpenNow, basemap: basemap, map: map)
    }

    func render(csrfToken: String, from sources: Sources) throws -> [UInt8] {
        let feature = sources.feature
        let catalog = sources.pages.catalog
        let reading = try reading(from: sources)
        let area = reading.area
        let id = area.id
        let request = try address.request()
        let query = address.query
        let menuStrings = MenuStrings.forLanguage(language)
        let mapStrings = MapStrings.forLanguage(language)
        // Nearest first once the position is known, unless the reader asked for names.
        let near = query["sort"] == "name" ? nil : position?.coordinate
        let order: PlaceOrder = near == nil ? .name : .distance
        let placeQuery = PlaceQuery(
            areaID: id, order: near.map { .distance(from: $0) } ?? .name(language), limit: AreaFeature.pageSize)
        let cursor = try PlaceListingParameters(request).cursor(for: placeQuery)
        let listing = try sources.pages.places.listing(placeQuery, bookmarks: bookmarks, cursor: cursor)
        // By name, distances are still shown when the position is known.
        let listed = listing.places.map { listed in
            ListedPlace(
                place: listed.place,
                distanceMeters: listed.distanceMeters ?? position?.coordinate.distance(to: listed.place.coordinate))
        }
        let openStates = AreaFeature.openStates(listed.map(\.place), area: area, at: sources.pages.now)
        // "Open now" keeps the open places of this page of the list.
        let places = reading.onlyOpenNow ? listed.filter { AreaFeature.isOpen(openStates[$0.place.id]) } : listed
        var page = AreaPage(
            strings: Strings.forLanguage(language), area: area, areas: try catalog.allAreas(), places: places,
            position: position, order: order, units: units,
            locatesOnLoad: query["locate"] == "1", presence: reading.presence, openStates: openStates,
            onlyOpenNow: reading.onlyOpenNow, map: reading.map,
            showsMap: query["view"] == "map" || query["place"] != nil)
        page.placeCount = catalog.placeCount(inArea: id)
        if let from = position?.coordinate, !places.isEmpty,
            let graph = try feature.basemaps.routingGraph(areaID: id, mode: .walk),
            let walks = try? graph.nearest(from: from, places: places.map(\.place.coordinate), k: places.count)
        {
            // One search from the position to every listed place (``RoutingGraph/nearest(from:places:k:search:)``).
            for walk in walks {
                let minutes = max(1, Int((RoutingGraph.walkingSeconds(cost: walk.cost) / 60).rounded(.up)))
                page.walkingMinutes[places[walk.index].place.id] = minutes
            }
        }
        if let live = reading.live {
            page.live = live
            page.liveEvents = LiveEvents(
                area: area, date: CalendarDate.local(live.now, in: area.clockTimeZone).date, language: language,
                now: live.now)
        }
        page.paging = AreaFeature.paging(
            area: area, listing: listing, position: position?.coordinate, order: order, query: query)
        let returnPath = address.returnPath(dropping: BookmarkNotice.toggle.fields.union(["locate", "positioned"]))
        page.bookmarks = BookmarkContext(
            strings: menuStrings, bookmarks: bookmarks,
            rankWithoutBookmarks: AreaFeature.ranks(of: places, in: placeQuery),
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
            order == .name && cursor == nil && bookmarks.isEmpty
            ? listing.places.map(\.place)
            : try feature.sharedPlaces(
                PlaceQuery(areaID: id, order: .name(language), limit: AreaFeature.pageSize), sources: sources.pages
            ).places.map(\.place)
        page.positionPicker = PositionPicker(
            strings: mapStrings, area: area, places: firstByName,
            landmarks: PositionPicker.landmarks(of: reading.basemap?.basemap, language: language),
            position: position, csrfToken: csrfToken, returnPath: returnPath, language: language)
        return page.render()
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
