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
    case onboarding
    case finishOnboarding
    case settings
    case saveSettings
    case replayOnboarding
    case asset(String)
    case apiCreateSession
    case apiPreferences
    case apiUpdatePreferences
    case profile
    case saveProfile
    case avatar(Profile.ID)
    case checkIn(Place.ID)
    case checkOut
    case apiProfile
    case apiSaveProfile
    case apiCheckIn
    case apiCheckOut
    case apiPlacesGeoJSON(Area.ID)
    case apiFares
    case apiDistance
    case apiPlaceMenu(Place.ID)
    case bookmark(Place.ID)
    case saveDefaultArea

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
        router.add(.get, "/onboarding", .onboarding)
        router.add(.post, "/onboarding", .finishOnboarding)
        router.add(.get, "/settings", .settings)
        router.add(.post, "/settings", .saveSettings)
        router.add(.post, "/settings/onboarding", .replayOnboarding)
        router.add(.get, "/assets/{name}") { parameters throws(HTTPError) in .asset(parameters["name"] ?? "") }
        router.add(.post, "/api/v1/sessions", .apiCreateSession)
        router.add(.get, "/api/v1/me/preferences", .apiPreferences)
        router.add(.patch, "/api/v1/me/preferences", .apiUpdatePreferences)
        router.add(.get, "/api/v1/fares", .apiFares)
        router.add(.get, "/api/v1/distance", .apiDistance)
        router.add(.get, "/profile", .profile)
        router.add(.post, "/profile", .saveProfile)
        router.add(.get, "/avatars/{id}") { parameters throws(HTTPError) in
            .avatar(try id(parameters["id"], missing: "There is no picture here."))
        }
        router.add(.post, "/places/{id}/checkin") { parameters throws(HTTPError) in
            .checkIn(try placeID(parameters["id"]))
        }
        router.add(.post, "/checkout", .checkOut)
        router.add(.get, "/api/v1/me/profile", .apiProfile)
        router.add(.put, "/api/v1/me/profile", .apiSaveProfile)
        router.add(.post, "/api/v1/me/checkin", .apiCheckIn)
        router.add(.delete, "/api/v1/me/checkin", .apiCheckOut)
        router.add(.get, "/api/v1/areas/{id}/places.geojson") { parameters throws(HTTPError) in
            .apiPlacesGeoJSON(try areaID(parameters["id"]))
        }
        router.add(.get, "/api/v1/places/{id}") { parameters throws(HTTPError) in
            .apiPlace(try placeID(parameters["id"]))
        }
        router.add(.get, "/api/v1/places/{id}/menu") { parameters throws(HTTPError) in
            .apiPlaceMenu(try placeID(parameters["id"]))
        }
        router.add(.post, "/places/{id}/bookmark") { parameters throws(HTTPError) in
            .bookmark(try placeID(parameters["id"]))
        }
        router.add(.post, "/settings/default-area", .saveDefaultArea)
        return router
    }()

    /// Whether answering needs a session, made on the spot for a new visitor: every page (its forms carry the
    /// session's CSRF token) and every change to the person's own data.
    var needsSession: Bool {
        switch self {
        case .home, .area, .place, .onboarding, .finishOnboarding, .settings, .saveSettings, .replayOnboarding,
            .apiUpdatePreferences, .profile, .saveProfile, .checkIn, .checkOut, .apiSaveProfile, .apiCheckIn, .bookmark,
            .saveDefaultArea:
            true
        case .health, .apiAreas, .apiPlaces, .apiPlace, .asset, .apiCreateSession, .apiPreferences, .apiFares,
            .apiDistance, .avatar, .apiProfile, .apiCheckOut, .apiPlacesGeoJSON, .apiPlaceMenu:
            false
        }
    }

    private static func areaID(_ text: String?) throws(HTTPError) -> Area.ID {
        try id(text, missing: "There is no area with that id.")
    }

    private static func placeID(_ text: String?) throws(HTTPError) -> Place.ID {
        try id(text, missing: "There is no place with that id.")
    }

    /// A path segment as an id; one that is not even well formed cannot name anything: 404 with `missing`.
    private static func id<Owner>(_ text: String?, missing: String) throws(HTTPError) -> Slug<Owner> {
        guard let text, let id = try? Slug<Owner>(text) else { throw .notFound(missing) }
        return id
    }
}
