import GrubmapAPI
import GrubmapHTTP
import GrubmapStore

/// `GET /healthz`: 200 when the database answers, else 503; never cached. Touches no session.
struct HealthFeature: RouteCollection {
    let database: any HealthCheck

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.health, .api, .none, health)
    }

    func health(_ context: RequestContext) -> Response {
        var response: Response
        do {
            try database.checkHealth()
            response = .json(API.Health(status: "ok", database: "ok"))
        } catch {
            context.environment.log("health check failed: \(error)")
            response = .json(API.Health(status: "unavailable", database: "down"), status: .serviceUnavailable)
        }
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
