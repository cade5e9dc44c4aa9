import Foundation
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
    /// Line reports and check-ins by place: the busyness badges of the list and the map.
    let live: any LiveStore
    let basemaps: any BasemapStore
    let frontDoor: AreaFrontDoor
    let configuration: AppConfiguration
    let caches: MapCaches
    let pages: AreaPageCache

    /// Places per page of the list, and in the "I'm at…" choice.
    static let pageSize = 50

    func addRoutes(to routes: inout RouteTable) {
        routes.addKept(Paths.area, .page, areaPage)
        routes.addKept(Paths.areaMap, .page, mapFragment)
    }

    /// The most places the map asks for in its view; when the view holds more, it draws those nearest its middle
    /// and says so under the map.
    static let mapLimit = 500

    /// What a map view draws: the places of its rectangle, at most ``mapLimit`` nearest its middle, clustered;
    /// made once per cache lifetime and catalog version for everyone who opens the view.
    func mapView(
        area: Area, viewport: MapViewport, selected: Place.ID?, onlyOpenNow: Bool, sources: PageSources
    ) throws -> AreaPageCache.MapView {
        let query = PlaceQuery(
            areaID: area.id, order: .distance(from: viewport.center), box: Self.box(around: viewport),
            limit: Self.mapLimit)
        let key = AreaPageCache.MapViewKey(
            query: query, viewport: viewport, catalogVersion: sources.catalog.version, selected: selected,
            openNowMinute: onlyOpenNow ? Int(sources.now.timeIntervalSince1970 / 60) : nil)
        return try pages.mapViews.value(for: key, now: sources.now) {
            let results = try sources.places.places(matching: query)
            var inView = results.places.map(\.place)
            // A card asked for by address opens even when its place is not among the view's first.
            if let selected, !inView.contains(where: { $0.id == selected }),
                let place = try sources.places.place(id: selected), place.areaID == area.id
            {
                inView.append(place)
            }
            // "Open now" decides for every place of the view; otherwise the map decides for what it draws as pins.
            let shown = inView.filter { place in
                !onlyOpenNow || Self.isOpen(place.openingHours.state(at: sources.now, in: area.clockTimeZone))
            }.map { ListedPlace(place: $0, distanceMeters: nil) }
            return AreaPageCache.MapView(
                places: ClusteredPlaces(shown, viewport: viewport, layouts: caches.markerLayouts),
                capped: results.next == nil
                    ? nil
                    : AreaMap.Capped(shown: results.places.count, total: sources.catalog.placeCount(inArea: area.id)))
        }
    }

    /// The store's answer to a query that is the same for every reader (the first places by name), read once per
    /// cache lifetime and catalog version.
    func sharedPlaces(_ query: PlaceQuery, sources: PageSources) throws -> PlaceResults {
        try pages.shared.value(
            for: AreaPageCache.SharedKey(query: query, catalogVersion: sources.catalog.version), now: sources.now
        ) { try sources.places.places(matching: query) }
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

    static func isOpen(_ state: OpeningState?) -> Bool {
        if case .open = state { true } else { false }
    }

    /// Whether each place with opening hours is open at `now` on the area's clock.
    static func openStates(_ places: [Place], area: Area, at now: Date) -> [Place.ID: OpeningState] {
        var states: [Place.ID: OpeningState] = [:]
        for place in places {
            if let state = place.openingHours.state(at: now, in: area.clockTimeZone) {
                states[place.id] = state
            }
        }
        return states
    }

    /// Rendered once per ``AreaPageInput``; the browser remembers it opened the area (``DeviceCookie/lastArea``).
    func areaPage(_ context: VisitorContext, id: Area.ID) throws -> Response {
        _ = try context.area(id)  // 404 before the browser remembers an area that is not there
        context.cookies.openedArea = id
        return try pages.pages.response(
            for: try AreaPageInput(context, area: id), csrfToken: context.visitor.csrfToken, now: context.now,
            sources: sources(context))
    }

    /// What the area's pages read besides their input, the same for every reader.
    private func sources(_ context: VisitorContext) -> AreaPageInput.Sources {
        AreaPageInput.Sources(feature: self, pages: PageSources(context))
    }

    /// Where this page of the list stands, and the links to the next page and back to the first.
    static func paging(
        area: Area, listing: PlaceListing.Page, position: Coordinate?, order: AreaPage.ListOrder, query: QueryFields
    ) -> AreaPage.Paging {
        // The next page names its point itself, so a position shared meanwhile does not change the order under it.
        var kept = query.pairs.filter {
            !["cursor", "locate", "near", "shown"].contains($0.name) && !BookmarkNotice.toggle.fields.contains($0.name)
        }
        if let position, order == .distance { kept.append(("near", position.description)) }
        let shownBefore = Int(query["shown"] ?? "").map { max(0, $0) } ?? 0
        // The next page opens at its list, not at the top of the page above the map.
        let next = listing.next.map { cursor in
            Paths.area(
                area.id,
                query: kept + [("cursor", cursor.text), ("shown", String(shownBefore + listing.places.count))],
                fragment: "places-heading")
        }
        let first = query["cursor"] == nil ? nil : Paths.area(area.id, query: kept)
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
        .html(try AreaPageInput(context, area: id).reading(from: sources(context)).map.node.render())
    }
}
