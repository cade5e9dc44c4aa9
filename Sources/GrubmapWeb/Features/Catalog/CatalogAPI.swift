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

    /// `GET /api/v1/areas/{id}/places[?near=LAT,LON]`.
    func places(_ context: VisitorContext, id: Area.ID) throws -> Response {
        let origin = try context.request.near()
        _ = try context.area(id)
        let places = Place.listing(
            try context.catalog.places(inArea: id), from: origin, language: context.language,
            bookmarks: context.preferences[PreferenceKeys.bookmarks])
        let presence = try checkIns.presence(inArea: id, at: context.now, sample: 0)
        return .json(
            API.PlaceList(
                places: places.map {
                    API.PlaceSummary($0, checkedInCount: presence[$0.place.id]?.count ?? 0, language: context.language)
                }))
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
        let data = PlaceGeoJSON.encode(try context.catalog.places(inArea: id), localLanguage: area.localLanguage)
        return Response(status: .ok, headers: ["Content-Type": "application/geo+json"], body: Array(data))
    }
}
