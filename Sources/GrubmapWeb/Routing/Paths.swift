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
    /// The areas to choose from, where `/` goes when nothing says which area to open.
    static let areas = SitePath("/areas")
    static let area = SitePath<Area.ID>("/areas/{id}", missing: "There is no area with that id.")
    static let menuBoard = SitePath<Area.ID>("/areas/{id}/menus", missing: "There is no area with that id.")
    /// The area's map alone, for the page script: the same view as the page with the same query.
    static let areaMap = SitePath<Area.ID>("/areas/{id}/map", missing: "There is no area with that id.")
    /// The area's live changes, as Server-Sent Events (`text/event-stream`).
    static let events = SitePath<Area.ID>("/areas/{id}/events", missing: "There is no area with that id.")
    /// `POST`: sets or clears the position the person gave by hand.
    static let position = SitePath("/position")
    static let place = SitePath<Place.ID>("/places/{id}", missing: "There is no place with that id.")
    static let bookmark = SitePath<Place.ID>("/places/{id}/bookmark", missing: "There is no place with that id.")
    static let checkIn = SitePath<Place.ID>("/places/{id}/checkin", missing: "There is no place with that id.")
    /// The place page's "Sold out?" button of a meal of today.
    static let soldOutReport = SitePath<Place.ID>(
        "/places/{id}/sold-out-report", missing: "There is no place with that id.")
    /// The place page's "How's the line?": four submit buttons of one form.
    static let lineReport = SitePath<Place.ID>(
        "/places/{id}/line-report", missing: "There is no place with that id.")
    static let dish = SitePath<Dish.ID>(serial: "/dishes/{id}", missing: "There is no dish with that id.")
    /// Rating a meal of the dish: `?placeId=&date=` name the place and day it was served.
    static let rating = SitePath<Dish.ID>(serial: "/dishes/{id}/rating", missing: "There is no dish with that id.")
    /// `POST` with `comment`: a visitor flags a comment under the dish for the area's operators.
    static let commentFlag = SitePath<Dish.ID>(
        serial: "/dishes/{id}/comment-flag", missing: "There is no dish with that id.")
    /// The dish page's "Suggest a name" form.
    static let dishNameSuggestion = SitePath<Dish.ID>(
        serial: "/dishes/{id}/name-suggestions", missing: "There is no dish with that id.")
    /// The bell beside a meal: `POST` with `followed` (`1` or `0`) follows the dish or stops.
    static let follow = SitePath<Dish.ID>(serial: "/dishes/{id}/follow", missing: "There is no dish with that id.")
    /// The dishes the person follows, and their calendar feed.
    static let followedDishes = SitePath("/settings/dishes")
    /// `POST`: makes, revokes or sets up the person's calendar feed.
    static let calendarSettings = SitePath("/settings/calendar")
    /// A person's private calendar feed, `TOKEN.ics`: read by calendar apps, which bring no session.
    static let calendar = SitePath(text: "/calendar/{token}")
    static let checkOut = SitePath("/checkout")
    static let profile = SitePath("/profile")
    static let avatar = SitePath<Profile.ID>("/avatars/{id}", missing: "There is no picture here.")
    /// A meal photo as Grubmap made it (at most 1,280 pixels on its longest side), and its thumbnail (320).
    static let photo = SitePath<Serial<MealPhoto>>(serialFile: "/photos/{id}.jpg", missing: "There is no photo here.")
    static let photoThumbnail = SitePath<Serial<MealPhoto>>(
        serial: "/photos/{id}/thumbnail.jpg", missing: "There is no photo here.")
    /// `POST` with `photo`: a visitor flags a photo of the dish for the area's operators.
    static let photoFlag = SitePath<Dish.ID>(
        serial: "/dishes/{id}/photo-flag", missing: "There is no dish with that id.")
    /// The rating page's "Add a photo" form (multipart, with `placeId` and `date`).
    static let photoUpload = SitePath<Dish.ID>(serial: "/dishes/{id}/photo", missing: "There is no dish with that id.")
    static let asset = SitePath(text: "/assets/{name}")
    static let health = SitePath("/healthz")
    static let metrics = SitePath("/metrics")
    /// The web app manifest and the service worker, which must be served from the root to control every page.
    static let manifest = SitePath("/manifest.webmanifest")
    static let serviceWorker = SitePath("/service-worker.js")
    /// What the service worker shows for a page it has not kept when there is no network.
    static let offline = SitePath("/offline")

    /// The operator console. Set-up links carry their token in the query (`?token=`), never in the path, so access
    /// logs, which write paths only, never hold one.
    enum Console {
        static let home = SitePath("/admin")
        static let signIn = SitePath("/admin/sign-in")
        static let signOut = SitePath("/admin/sign-out")
        static let signOutEverywhere = SitePath("/admin/sign-out-everywhere")
        static let setup = SitePath("/admin/setup")
        static let account = SitePath("/admin/account")
        static let secondFactor = SitePath("/admin/account/second-factor")
        static let places = SitePath<Area.ID>("/admin/areas/{id}/places", missing: "There is no area with that id.")
        static let pushHour = SitePath<Area.ID>(
            "/admin/areas/{id}/push-hour", missing: "There is no area with that id.")
        static let newPlace = SitePath<Area.ID>(
            "/admin/areas/{id}/places/new", missing: "There is no area with that id.")
        /// The id a new place of the area would get from `?name=`, as JSON `{"id"}` (empty when the name gives none).
        static let newPlaceID = SitePath<Area.ID>(
            "/admin/areas/{id}/places/new/id", missing: "There is no area with that id.")
        static let place = SitePath<Place.ID>("/admin/places/{id}", missing: "There is no place with that id.")
        static let archivePlace = SitePath<Place.ID>(
            "/admin/places/{id}/archive", missing: "There is no place with that id.")
        static let restorePlace = SitePath<Place.ID>(
            "/admin/places/{id}/restore", missing: "There is no place with that id.")
        /// A place's dated exceptions to its hours: add one (date, closed or hours, note), or remove one by `date`.
        static let hoursException = SitePath<Place.ID>(
            "/admin/places/{id}/exceptions", missing: "There is no place with that id.")
        static let removeHoursException = SitePath<Place.ID>(
            "/admin/places/{id}/exceptions/remove", missing: "There is no place with that id.")
        /// A place's menus for a week (`?week=YYYY-MM-DD`, any day of it; this week by default), and the week's form
        /// sent to it.
        static let menus = SitePath<Place.ID>("/admin/places/{id}/menus", missing: "There is no place with that id.")
        /// One day (`?date=YYYY-MM-DD`): its week's form, at the day.
        static let menuDay = SitePath<Place.ID>(
            "/admin/places/{id}/menus/day", missing: "There is no place with that id.")
        /// Marks a meal of today sold out (`soldOut=1`) or clears it (`0`).
        static let soldOut = SitePath<Place.ID>(
            "/admin/places/{id}/menus/sold-out", missing: "There is no place with that id.")
        /// Copies a day's or a week's menus to another day or week.
        static let copyMenus = SitePath<Place.ID>(
            "/admin/places/{id}/menus/copy", missing: "There is no place with that id.")

        /// A place's OpenMensa feed: set its URL or remove it, and fetch it now.
        static let feed = SitePath<Place.ID>("/admin/places/{id}/feed", missing: "There is no place with that id.")
        static let fetchFeed = SitePath<Place.ID>(
            "/admin/places/{id}/feed/fetch", missing: "There is no place with that id.")
        /// The operators an admin manages: the list and the form to add one.
        static let operators = SitePath("/admin/operators")
        static let operatorAccount = SitePath<Operator.ID>(
            "/admin/operators/{id}", missing: "There is no operator with that id.")
        static let resetOperator = SitePath<Operator.ID>(
            "/admin/operators/{id}/reset", missing: "There is no operator with that id.")
        static let removeOperator = SitePath<Operator.ID>(
            "/admin/operators/{id}/remove", missing: "There is no operator with that id.")
        /// An area's API keys (admins): the list, making one, revoking one (`key` field).
        static let apiKeys = SitePath<Area.ID>("/admin/areas/{id}/api-keys", missing: "There is no area with that id.")
        static let revokeAPIKey = SitePath<Area.ID>(
            "/admin/areas/{id}/api-keys/revoke", missing: "There is no area with that id.")
        /// Who is checked in where in an area, with hiding a profile and ending a check-in.
        static let moderation = SitePath<Area.ID>(
            "/admin/areas/{id}/moderation", missing: "There is no area with that id.")
        static let moderate = SitePath<Area.ID>(
            "/admin/areas/{id}/moderation/act", missing: "There is no area with that id.")
        /// Ends many of an area's check-ins at once: all at a place, or all of sessions made lately.
        static let endCheckIns = SitePath<Area.ID>(
            "/admin/areas/{id}/moderation/end-many", missing: "There is no area with that id.")
        /// Hides or keeps a comment people flagged.
        static let moderateComment = SitePath<Area.ID>(
            "/admin/areas/{id}/moderation/comment", missing: "There is no area with that id.")
        /// Hides or keeps a photo people flagged.
        static let moderatePhoto = SitePath<Area.ID>(
            "/admin/areas/{id}/moderation/photo", missing: "There is no area with that id.")
        /// An area's audit log (`?action=…` to filter, `?before=N` for older entries).
        static let audit = SitePath<Area.ID>("/admin/areas/{id}/audit", missing: "There is no area with that id.")
        /// An area's dishes: their names, merging and splitting them.
        static let dishes = SitePath<Area.ID>("/admin/areas/{id}/dishes", missing: "There is no area with that id.")
        static let dishNames = SitePath<Dish.ID>(
            serial: "/admin/dishes/{id}/names", missing: "There is no dish with that id.")
        static let mergeDish = SitePath<Dish.ID>(
            serial: "/admin/dishes/{id}/merge", missing: "There is no dish with that id.")
        static let splitDish = SitePath<Dish.ID>(
            serial: "/admin/dishes/{id}/split", missing: "There is no dish with that id.")
        /// The names visitors suggested for an area's dishes, waiting for an operator; approving or rejecting one.
        static let nameSuggestions = SitePath<Area.ID>(
            "/admin/areas/{id}/name-suggestions", missing: "There is no area with that id.")
        static let approveNameSuggestion = SitePath<NameSuggestion.ID>(
            serial: "/admin/name-suggestions/{id}/approve", missing: "There is no name suggestion with that id.")
        static let rejectNameSuggestion = SitePath<NameSuggestion.ID>(
            serial: "/admin/name-suggestions/{id}/reject", missing: "There is no name suggestion with that id.")

        /// Whether `path` is the console's, whose pages never share a visitor's cookies or caches.
        static func contains(_ path: String) -> Bool { path == "/admin" || path.hasPrefix("/admin/") }
    }

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
        static let soldOutReports = SitePath<Place.ID>(
            "/api/v1/places/{id}/menu/sold-out-reports", missing: "There is no place with that id.")
        static let lineReports = SitePath<Place.ID>(
            "/api/v1/places/{id}/line-reports", missing: "There is no place with that id.")
        static let popularTimes = SitePath<Place.ID>(
            "/api/v1/places/{id}/popular-times", missing: "There is no place with that id.")
        static let dish = SitePath<Dish.ID>(serial: "/api/v1/dishes/{id}", missing: "There is no dish with that id.")
        static let dishNameSuggestions = SitePath<Dish.ID>(
            serial: "/api/v1/dishes/{id}/name-suggestions", missing: "There is no dish with that id.")
        static let fares = SitePath("/api/v1/fares")
        static let distance = SitePath("/api/v1/distance")
        static let walkingRoute = SitePath("/api/v1/routes/walk")
        static let sessions = SitePath("/api/v1/sessions")
        static let preferences = SitePath("/api/v1/me/preferences")
        static let profile = SitePath("/api/v1/me/profile")
        static let checkIn = SitePath("/api/v1/me/checkin")
        static let ratings = SitePath("/api/v1/me/ratings")
        static let followedDishes = SitePath("/api/v1/me/followed-dishes")
        static let followedDish = SitePath<Dish.ID>(
            serial: "/api/v1/me/followed-dishes/{id}", missing: "There is no dish with that id.")
        static let calendar = SitePath("/api/v1/me/calendar")
        static let pushKey = SitePath("/api/v1/push/key")
        static let pushSubscriptions = SitePath("/api/v1/me/push-subscriptions")
        static let photos = SitePath("/api/v1/me/photos")
        /// The OpenAPI document of everything above.
        static let openAPI = SitePath("/api/v1/openapi.json")

        /// The admin API, for organisers' scripts with an API key of one area.
        enum Admin {
            static let places = SitePath<Area.ID>(
                "/api/v1/admin/areas/{id}/places", missing: "There is no area with that id.")
            static let place = SitePath<Place.ID>(
                "/api/v1/admin/places/{id}", missing: "There is no place with that id.")
            static let archive = SitePath<Place.ID>(
                "/api/v1/admin/places/{id}/archive", missing: "There is no place with that id.")
            static let restore = SitePath<Place.ID>(
                "/api/v1/admin/places/{id}/restore", missing: "There is no place with that id.")
            static let menu = SitePath<Place.ID>(
                "/api/v1/admin/places/{id}/menu", missing: "There is no place with that id.")
            static let soldOut = SitePath<Place.ID>(
                "/api/v1/admin/places/{id}/menu/sold-out", missing: "There is no place with that id.")
            static let dishes = SitePath<Area.ID>(
                "/api/v1/admin/areas/{id}/dishes", missing: "There is no area with that id.")
            static let dishNames = SitePath<Dish.ID>(
                serial: "/api/v1/admin/dishes/{id}/names", missing: "There is no dish with that id.")
            static let mergeDish = SitePath<Dish.ID>(
                serial: "/api/v1/admin/dishes/{id}/merge", missing: "There is no dish with that id.")
            static let splitDish = SitePath<Dish.ID>(
                serial: "/api/v1/admin/dishes/{id}/split", missing: "There is no dish with that id.")
            static let nameSuggestions = SitePath<Area.ID>(
                "/api/v1/admin/areas/{id}/name-suggestions", missing: "There is no area with that id.")
            static let approveNameSuggestion = SitePath<NameSuggestion.ID>(
                serial: "/api/v1/admin/name-suggestions/{id}/approve",
                missing: "There is no name suggestion with that id.")
            static let rejectNameSuggestion = SitePath<NameSuggestion.ID>(
                serial: "/api/v1/admin/name-suggestions/{id}/reject",
                missing: "There is no name suggestion with that id.")
        }

        /// Whether `path` is the API's, so an error there is JSON rather than a page.
        static func contains(_ path: String) -> Bool { path.hasPrefix("/api/") }
    }
}
