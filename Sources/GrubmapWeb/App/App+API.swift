import GrubmapCore
import GrubmapHTTP

extension App {
    func apiAreas(language: Language) throws -> Response {
        .json(API.AreaList(areas: try environment.store.areas().map { API.AreaSummary($0, language: language) }))
    }

    func apiPlaces(_ id: Area.ID, request: Request, language: Language) throws -> Response {
        let origin = try nearParameter(request)
        _ = try area(id)
        let places = Place.listing(try environment.store.places(inArea: id), from: origin, language: language)
        return .json(API.PlaceList(places: places.map { API.PlaceSummary($0, language: language) }))
    }

    func apiPlace(_ id: Place.ID, language: Language) throws -> Response {
        .json(API.PlaceDetail(try place(id), language: language))
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
