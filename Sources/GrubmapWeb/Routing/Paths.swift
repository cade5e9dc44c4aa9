import GrubmapCore

/// Every address Grubmap answers, written once: features register their handlers on these, and pages and redirects
/// print their links from them (`Paths.place(id)`), so no page spells a path by hand.
enum Paths {
    static let home = SitePath("/")
    static let onboarding = SitePath("/onboarding")
    static let settings = SitePath("/settings")
    static let replayOnboarding = SitePath("/settings/onboarding")
    static let defaultArea = SitePath("/settings/default-area")
    static let menuPreferences = SitePath("/settings/menus")
    static let area = SitePath<Area.ID>("/areas/{id}", missing: "There is no area with that id.")
    static let menuBoard = SitePath<Area.ID>("/areas/{id}/menus", missing: "There is no area with that id.")
    static let place = SitePath<Place.ID>("/places/{id}", missing: "There is no place with that id.")
    static let bookmark = SitePath<Place.ID>("/places/{id}/bookmark", missing: "There is no place with that id.")
    static let checkIn = SitePath<Place.ID>("/places/{id}/checkin", missing: "There is no place with that id.")
    static let checkOut = SitePath("/checkout")
    static let profile = SitePath("/profile")
    static let avatar = SitePath<Profile.ID>("/avatars/{id}", missing: "There is no picture here.")
    static let asset = SitePath(text: "/assets/{name}")
    static let health = SitePath("/healthz")
    static let metrics = SitePath("/metrics")
    /// The web app manifest and the service worker, which must be served from the root to control every page.
    static let manifest = SitePath("/manifest.webmanifest")
    static let serviceWorker = SitePath("/service-worker.js")
    /// What the service worker shows for a page it has not kept when there is no network.
    static let offline = SitePath("/offline")

    /// The JSON API, version 1.
    enum API {
        static let areas = SitePath("/api/v1/areas")
        static let places = SitePath<Area.ID>("/api/v1/areas/{id}/places", missing: "There is no area with that id.")
        static let areaMenus = SitePath<Area.ID>(
            "/api/v1/areas/{id}/menus", missing: "There is no area with that id.")
        static let placesGeoJSON = SitePath<Area.ID>(
            "/api/v1/areas/{id}/places.geojson", missing: "There is no area with that id.")
        static let place = SitePath<Place.ID>("/api/v1/places/{id}", missing: "There is no place with that id.")
        static let placeMenu = SitePath<Place.ID>(
            "/api/v1/places/{id}/menu", missing: "There is no place with that id.")
        static let fares = SitePath("/api/v1/fares")
        static let distance = SitePath("/api/v1/distance")
        static let sessions = SitePath("/api/v1/sessions")
        static let preferences = SitePath("/api/v1/me/preferences")
        static let profile = SitePath("/api/v1/me/profile")
        static let checkIn = SitePath("/api/v1/me/checkin")
        /// The OpenAPI document of everything above.
        static let openAPI = SitePath("/api/v1/openapi.json")

        /// Whether `path` is the API's, so an error there is JSON rather than a page.
        static func contains(_ path: String) -> Bool { path.hasPrefix("/api/") }
    }
}
