import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// The catalog in the JSON API: areas, an area's places (bookmarks first for the caller, then nearest or by name),
/// a place with who is there, and an area's places as GeoJSON.
struct CatalogAPI: RouteCollection {
    let checkIns: any CheckInStore
    let live: any LiveStore
    let cache: PlaceListCache
    /// Where the areas' walking graphs are read, for `order=walking`.
    let basemaps: any BasemapStore
    /// How many of the people checked in at a place its API body lists, newest first (`checkedInCount` counts all).
    static let checkedInListed = 50

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.API.areas, .api, .optional, areas)
        routes.addKept(Paths.API.places, .api, places)
        routes.add(.get, Paths.API.placesGeoJSON, .api, .optional, placesGeoJSON)
        routes.add(.get, Paths.API.place, .api, .optional, place)
    }

    func areas(_ context: VisitorContext) throws -> Response {
        .json(
            API.AreaList(areas: try context.catalog.allAreas().map { API.AreaSummary($0, language: context.language) }))
    }

    /// `GET /api/v1/areas/{id}/places[?near=LAT,LON][&bbox=W,S,E,N][&radius=M][&limit=N][&cursor=…]`: a page of
    /// the area's places (see ``PlaceListingParameters``), the caller's bookmarks first. The first page in name
    /// order comes from ``PlaceListCache``.
    func places(_ context: VisitorContext, id: Area.ID) throws -> Response {
        if context.request.query["order"] != nil { return try placesByWalking(context, id: id) }
        let parameters = try PlaceListingParameters(context.request, allowing: PlaceListingParameters.apiNames)
        _ = try context.area(id)
        let query = parameters.query(area: id, language: context.language)
        let bookmarks = context.preferences[PreferenceKeys.bookmarks]
        if parameters.isFirstPageByName,
            let response = try firstPage(context, area: id, query: query, bookmarks: bookmarks)
        {
            return response
        }
        let page = try context.places.listing(query, bookmarks: bookmarks, cursor: try parameters.cursor(for: query))
        let live = try live.busyness(inArea: id, at: context.now)
        return .json(
            API.PlaceList(
                places: page.places.map { listed in
                    // Distances are the caller's own, from `near`; a box's middle only orders the places.
                    let shown = parameters.near == nil ? ListedPlace(place: listed.place, distanceMeters: nil) : listed
                    return API.PlaceSummary(shown, live: live[listed.place.id] ?? .none, language: context.language)
                }, nextCursor: page.next?.text))
    }

    /// The first page by name from ``PlaceListCache``, the caller's bookmarks first; `nil` when the kept places
    /// cannot tell it (see ``PlaceListing/firstPage(of:admitted:first:)``).
    private func firstPage(_ context: VisitorContext, area: Area.ID, query: PlaceQuery, bookmarks: [Place.ID]) throws
        -> Response?
    {
        let key = PlaceListCache.Key(
            area: area, language: context.language, limit: query.limit, catalogVersion: context.catalog.version)
        let sources = PageSources(context)
        let entry = try cache.answers.value(for: key, now: context.now) { try listEntry(key, from: sources) }
        var admitted: [ListedPlace] = []
        if !bookmarks.isEmpty {
            for place in try context.places.places(ids: bookmarks) where query.admits(place).admitted {
                admitted.append(ListedPlace(place: place, distanceMeters: nil))
            }
        }
        guard !admitted.isEmpty else { return entry.plain.response(to: context.request) }
        guard let page = PlaceListing.firstPage(of: query, admitted: admitted, first: entry.first) else { return nil }
        // The bytes `JSONEncoder` gives the whole list (keys sorted), from each place's own.
        var body = Array("{".utf8)
        if let next = page.next { body += Array("\"nextCursor\":".utf8) + (try Response.jsonBytes(next.text)) + [0x2C] }
        body += Array("\"places\":[".utf8)
        for (index, listed) in page.places.enumerated() {
            if index > 0 { body.append(0x2C) }
            body +=
                try entry.encoded[listed.place.id]
                ?? Response.jsonBytes(
                    API.PlaceSummary(listed, live: entry.live[listed.place.id] ?? .none, language: context.language))
        }
        body += Array("]}".utf8)
        return Response(status: .ok, headers: ["Content-Type": "application/json"], body: body)
    }

    /// The answer kept for `key`, made from it and what every caller shares, never from a caller's context.
    private func listEntry(_ key: PlaceListCache.Key, from sources: PageSources) throws -> PlaceListCache.Entry {
        let query = key.query
        let first = try sources.places.places(matching: query)
        let live = try live.busyness(inArea: key.area, at: sources.now)
        let summaries = first.places.map {
            API.PlaceSummary($0, live: live[$0.place.id] ?? .none, language: key.language)
        }
        var encoded: [Place.ID: [UInt8]] = [:]
        for summary in summaries { encoded[summary.id] = try Response.jsonBytes(summary) }
        let next = PlaceListing.firstPage(of: query, admitted: [], first: first)?.next
        let whole = try Response.jsonBytes(API.PlaceList(places: summaries, nextCursor: next?.text))
        return PlaceListCache.Entry(
            first: first, encoded: encoded, live: live, plain: PreparedBody(whole, contentType: "application/json"))
    }

    /// `GET /api/v1/areas/{id}/places?order=walking&near=LAT,LON[&limit=N]`: the `limit` places (50 unless said,
    /// at most 500) nearest `near` on foot over the area's streets, nearest first, each with its `walkingSeconds`;
    /// one search from the point (``RoutingGraph/nearest(from:places:k:search:)``), one page, no bookmarks first.
    private func placesByWalking(_ context: VisitorContext, id: Area.ID) throws -> Response {
        let query = context.request.query
        guard query["order"] == "walking" else {
            throw HTTPError.badRequest(
                "order: \"\(query["order"]?.prefix(32) ?? "")\" is not an order; use order=walking with near.",
                code: "invalid_order", field: "order")
        }
        for (name, _) in query.pairs where !["order", "near", "limit"].contains(name) {
            throw HTTPError.badRequest(
                "\(name.prefix(64)): not a parameter with order=walking; use near and limit.",
                code: "contradictory_parameters", field: String(name.prefix(64)))
        }
        guard let near = try context.request.near() else {
            throw HTTPError.badRequest(
                "near: missing; order=walking needs the point to walk from, like near=35.2335,129.0818.",
                code: "missing_parameter", field: "near")
        }
        var limit = 50
        if let text = query["limit"] {
            guard let number = Int(text), (1...500).contains(number) else {
                throw HTTPError.badRequest(
                    "limit: \"\(text.prefix(16))\" is not a whole number from 1 to 500.", code: "invalid_limit",
                    field: "limit")
            }
            limit = number
        }
        _ = try context.area(id)
        guard let graph = try basemaps.routingGraph(areaID: id, mode: .walk) else {
            throw HTTPError(
                .notFound, code: "no_routing_graph",
                message: "order: the area \"\(id)\" has no streets to walk yet; its operator imports them with "
                    + "grubmap import basemap.", field: "order")
        }
        var all: [Place] = []
        while true {
            let page = try context.places.places(inArea: id, after: all.last?.id, limit: PlaceQuery.maximumLimit)
            all += page
            if page.count < PlaceQuery.maximumLimit { break }
        }
        let nearest = try graph.nearest(from: near, places: all.map(\.coordinate), k: limit)
        let live = try live.busyness(inArea: id, at: context.now)
        return .json(
            API.PlaceList(
                places: nearest.map { walk in
                    let place = all[walk.index]
                    var summary = API.PlaceSummary(
                        ListedPlace(place: place, distanceMeters: near.distance(to: place.coordinate)),
                        live: live[place.id] ?? .none, language: context.language)
                    summary.walkingSeconds = Int(RoutingGraph.walkingSeconds(cost: walk.cost).rounded())
                    return summary
                }, nextCursor: nil))
    }

    /// `GET /api/v1/places/{id}`.
    func place(_ context: VisitorContext, id: Place.ID) throws -> Response {
        let place = try context.place(id)
        let people = try checkIns.presence(atPlace: id, at: context.now, newest: Self.checkedInListed)
        return .json(
            API.PlaceDetail(
                place, checkedIn: people.newest.map { API.CheckedInProfile($0.profile, $0.checkIn) },
                checkedInCount: people.count, live: try live.busyness(atPlace: id, at: context.now),
                language: context.language))
    }

    /// `GET /api/v1/areas/{id}/places.geojson`: the area's places as a GeoJSON FeatureCollection.
    func placesGeoJSON(_ context: VisitorContext, id: Area.ID) throws -> Response {
        let area = try context.area(id)
        let data = PlaceGeoJSON.encode(try context.places.places(inArea: id), localLanguage: area.localLanguage)
        return Response(status: .ok, headers: ["Content-Type": "application/geo+json"], body: Array(data))
    }
}
