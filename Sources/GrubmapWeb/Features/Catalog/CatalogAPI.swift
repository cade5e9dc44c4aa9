import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// The catalog in the JSON API: areas, an area's places (bookmarks first for the caller, then nearest or by name),
/// a place with who is there, and an area's places as GeoJSON.
struct CatalogAPI: RouteCollection {
    let checkIns: any CheckInStore
    /// How many of the people checked in at a place its API body lists, newest first (`checkedInCount` counts all).
    static let checkedInListed = 50

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.API.areas, .api, .optional, areas)
        routes.add(.get, Paths.API.places, .api, .optional, places)
        routes.add(.get, Paths.API.placesGeoJSON, .api, .optional, placesGeoJSON)
        routes.add(.get, Paths.API.place, .api, .optional, place)
    }

    func areas(_ context: VisitorContext) throws -> Response {
        .json(
            API.AreaList(areas: try context.catalog.allAreas().map { API.AreaSummary($0, language: context.language) }))
    }

    /// `GET /api/v1/areas/{id}/places[?near=LAT,LON][&bbox=W,S,E,N][&radius=M][&limit=N][&cursor=…]`: a page of
    /// the area's places (see ``PlaceListingParameters``), the caller's bookmarks first.
    func places(_ context: VisitorContext, id: Area.ID) throws -> Response {
        let parameters = try PlaceListingParameters(context.request, allowing: PlaceListingParameters.apiNames)
        _ = try context.area(id)
        let query = parameters.query(area: id, language: context.language)
        let page = try context.places.listing(
            query, bookmarks: context.preferences[PreferenceKeys.bookmarks], cursor: try parameters.cursor(for: query))
        let presence = try checkIns.presence(inArea: id, at: context.now, sample: 0)
        return .json(
            API.PlaceList(
                places: page.places.map { listed in
                    // Distances are the caller's own, from `near`; a box's middle only orders the places.
                    let shown = parameters.near == nil ? ListedPlace(place: listed.place, distanceMeters: nil) : listed
                    return API.PlaceSummary(
                        shown, checkedInCount: presence[listed.place.id]?.count ?? 0, language: context.language)
                }, nextCursor: page.next?.text))
    }

    /// `GET /api/v1/places/{id}`.
    func place(_ context: VisitorContext, id: Place.ID) throws -> Response {
        let place = try context.place(id)
        let people = try checkIns.presence(atPlace: id, at: context.now, newest: Self.checkedInListed)
        return .json(
            API.PlaceDetail(
                place, checkedIn: people.newest.map { API.CheckedInProfile($0.profile, $0.checkIn) },
                checkedInCount: people.count, language: context.language))
    }

    /// `GET /api/v1/areas/{id}/places.geojson`: the area's places as a GeoJSON FeatureCollection.
    func placesGeoJSON(_ context: VisitorContext, id: Area.ID) throws -> Response {
        let area = try context.area(id)
        let data = PlaceGeoJSON.encode(try context.places.places(inArea: id), localLanguage: area.localLanguage)
        return Response(status: .ok, headers: ["Content-Type": "application/geo+json"], body: Array(data))
    }
}
