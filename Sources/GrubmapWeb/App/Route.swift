import GrubmapCore
import GrubmapHTTP

/// Every address Grubmap answers. A new page is a new case, and ``App`` must handle it.
enum Route: Equatable, Sendable {
    case home
    case area(Area.ID)
    case place(Place.ID)
    case health
    case apiAreas
    case apiPlaces(Area.ID)
    case apiPlace(Place.ID)

    /// The router from paths to routes. An id that is not even well formed cannot name anything: 404.
    static let router: Router<Route> = {
        var router = Router<Route>()
        router.add(.get, "/", .home)
        router.add(.get, "/healthz", .health)
        router.add(.get, "/areas/{id}") { parameters throws(HTTPError) in .area(try areaID(parameters["id"])) }
        router.add(.get, "/places/{id}") { parameters throws(HTTPError) in .place(try placeID(parameters["id"])) }
        router.add(.get, "/api/v1/areas", .apiAreas)
        router.add(.get, "/api/v1/areas/{id}/places") { parameters throws(HTTPError) in
            .apiPlaces(try areaID(parameters["id"]))
        }
        router.add(.get, "/api/v1/places/{id}") { parameters throws(HTTPError) in
            .apiPlace(try placeID(parameters["id"]))
        }
        return router
    }()

    private static func areaID(_ text: String?) throws(HTTPError) -> Area.ID {
        guard let text, let id = try? Area.ID(text) else { throw .notFound("There is no area with that id.") }
        return id
    }

    private static func placeID(_ text: String?) throws(HTTPError) -> Place.ID {
        guard let text, let id = try? Place.ID(text) else { throw .notFound("There is no place with that id.") }
        return id
    }
}
