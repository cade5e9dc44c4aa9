import GrubmapCore
import GrubmapHTTP

extension App {
    func apiAreas(language: Language) throws -> Response {
        .json(API.AreaList(areas: try environment.store.areas().map { API.AreaSummary($0, language: language) }))
    }

    /// `bookmarks`: the caller's, listed first in their order.
    func apiPlaces(_ id: Area.ID, request: Request, language: Language, bookmarks: [Place.ID] = []) throws -> Response {
        let origin = try nearParameter(request)
        _ = try area(id)
        let places = Place.listing(
            try environment.store.places(inArea: id), from: origin, language: language, bookmarks: bookmarks)
        let presence = try environment.store.presence(inArea: id, at: environment.now(), sample: 0)
        return .json(
            API.PlaceList(
                places: places.map {
                    API.PlaceSummary($0, checkedInCount: presence[$0.place.id]?.count ?? 0, language: language)
                }))
    }

    func apiPlace(_ id: Place.ID, language: Language) throws -> Response {
        let place = try place(id)
        let people = try environment.store.presence(atPlace: id, at: environment.now())
        return .json(
            API.PlaceDetail(
                place, checkedIn: people.map { API.CheckedInProfile($0.profile, $0.checkIn) }, language: language))
    }

    /// `/healthz`: 200 when the database answers, else 503; never cached.
    func health() -> Response {
        var response: Response
        do {
            try environment.store.checkHealth()
            response = .json(API.Health(status: "ok", database: "ok"))
        } catch {
            environment.log("health check failed: \(error)")
            response = .json(API.Health(status: "unavailable", database: "down"), status: .serviceUnavailable)
        }
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}

extension App {
    /// `GET /api/v1/areas/{id}/places.geojson`: the area's places as a GeoJSON FeatureCollection.
    func apiPlacesGeoJSON(_ id: Area.ID) throws -> Response {
        let area = try area(id)
        let data = PlaceGeoJSON.encode(try environment.store.places(inArea: id), localLanguage: area.localLanguage)
        return Response(status: .ok, headers: ["Content-Type": "application/geo+json"], body: Array(data))
    }
}
