import Foundation
import GrubmapAPI
import GrubmapCore

#if canImport(FoundationNetworking)
    // Linux keeps URLSession in its own module; Apple platforms have it in Foundation.
    import FoundationNetworking
#endif

/// A client of Grubmap's JSON API (`/api/v1`) for apps: async calls over `URLSession` that return the API's own
/// types (``GrubmapAPI``), throw ``GrubmapClientError`` with the server's error code, and keep a bearer session.
///
/// Reads need no session. Before its first change the client makes one (``startSession()``; the server refuses a
/// change that carries neither a bearer token nor a browser's CSRF token), keeps its token, and sends it as
/// `Authorization: Bearer` from then on (also a newer one the server sends in `Grubmap-Session-Token`);
/// ``sessionToken`` lets an app store it (in the keychain) and give it back next launch.
///
/// Foundation only, with nothing Linux-specific outside `#if canImport(FoundationNetworking)`, so the same code
/// builds for iOS and macOS.
public actor GrubmapClient {
    /// The server, like `https://grubmap.example.org/`.
    public let baseURL: URL
    private let session: URLSession
    /// The session's bearer token, once there is one.
    public private(set) var sessionToken: String?
    /// Sent as `Accept-Language`: which language names and messages come in.
    public var language: Language?

    public init(baseURL: URL, sessionToken: String? = nil, language: Language? = nil, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.sessionToken = sessionToken
        self.language = language
        self.session = session
    }

    /// The configuration event streams' own sessions are made with (each needs a delegate of its own).
    var sessionConfiguration: URLSessionConfiguration { session.configuration }

    /// Uses `token` from now on (`nil` forgets the session).
    public func use(sessionToken token: String?) {
        sessionToken = token
    }

    // MARK: Catalog

    /// Every area.
    public func areas() async throws(GrubmapClientError) -> [API.AreaSummary] {
        try await get("api/v1/areas", as: API.AreaList.self).areas
    }

    /// An area's places: bookmarks first, then nearest to `near` (with distances), else by name.
    public func places(inArea area: Area.ID, near: Coordinate? = nil) async throws(GrubmapClientError)
        -> [API.PlaceSummary]
    {
        try await get(
            "api/v1/areas/\(area.rawValue)/places", query: ["near": near.map(Self.text)], as: API.PlaceList.self
        )
        .places
    }

    /// A place with every detail and who is checked in.
    public func place(_ id: Place.ID) async throws(GrubmapClientError) -> API.PlaceDetail {
        try await get("api/v1/places/\(id.rawValue)", as: API.PlaceDetail.self)
    }

    /// How busy a place usually is per weekday (Sunday 0) and hour on its area's clock over the last 8 weeks, 0…100
    /// against its busiest hour, with what that says about now (`now`, left out while nothing is counted) and
    /// whether the figures are the demo's sample (`sample`).
    public func popularTimes(place: Place.ID) async throws(GrubmapClientError) -> API.PopularTimesBody {
        try await get("api/v1/places/\(place.rawValue)/popular-times", as: API.PopularTimesBody.self)
    }

    /// An area's places as GeoJSON (RFC 7946), as the server sends them.
    public func placesGeoJSON(inArea area: Area.ID) async throws(GrubmapClientError) -> Data {
        try await send("GET", "api/v1/areas/\(area.rawValue)/places.geojson", query: [:], body: nil).data
    }

    // MARK: Menus

    /// A place's menu on `date` (today in its area by default). A day the place's hours close is closed
    /// (`closed`, with the hours' `note` and `closedBy`) even when a menu is stored for it.
    public func menu(place: Place.ID, on date: CalendarDate? = nil) async throws(GrubmapClientError) -> API.MenuBody {
        try await get("api/v1/places/\(place.rawValue)/menu", query: ["date": date?.description], as: API.MenuBody.self)
    }

    /// An area's menu board for `date` (today in its area by default), in the board's order for this caller.
    public func menuBoard(area: Area.ID, on date: CalendarDate? = nil, near: Coordinate? = nil)
        async throws(GrubmapClientError) -> API.BoardBody
    {
        try await get(
            "api/v1/areas/\(area.rawValue)/menus", query: ["date": date?.description, "near": near.map(Self.text)],
            as: API.BoardBody.self)
    }

    /// A dish: its names, when and where it was served, and when it is next on a menu. A merged dish's id answers
    /// the dish it went into.
    public func dish(_ id: Dish.ID) async throws(GrubmapClientError) -> API.DishBody {
        try await get("api/v1/dishes/\(id)", query: [:], as: API.DishBody.self)
    }

    /// Suggests a name for a dish in `language`, which waits for an operator; a new suggestion of the caller's for
    /// the same dish and language replaces theirs. 400 `invalid_suggestion`, `same_name` or `too_many_suggestions`
    /// otherwise.
    public func suggestName(_ name: String, in language: Language, dish: Dish.ID) async throws(GrubmapClientError)
        -> API.NameSuggestionBody
    {
        try decode(
            API.NameSuggestionBody.self,
            try await send(
                "POST", "api/v1/dishes/\(dish)/name-suggestions", query: [:],
                body: API.NameSuggestionRequest(language: language, name: name)))
    }

    // MARK: Admin API (the client made with an area's API key as its session token)

    /// Every dish of the key's area that was not merged away, by id, with its keys.
    public func adminDishes(area: Area.ID) async throws(GrubmapClientError) -> [API.AdminDishBody] {
        try await get("api/v1/admin/areas/\(area.rawValue)/dishes", as: API.AdminDishesBody.self).dishes
    }

    /// Sets (a name) or removes (`nil`) the dish's name in each language given; the others stay. 400
    /// `invalid_dish` for an empty or over-long name.
    public func setDishNames(_ names: [Language: String?], dish: Dish.ID) async throws(GrubmapClientError)
        -> API.AdminDishBody
    {
        try decode(
            API.AdminDishBody.self,
            try await send(
                "PUT", "api/v1/admin/dishes/\(dish)/names", query: [:], body: API.DishNamesChange(names: names)))
    }

    /// Merges `dish` into `into`, another dish of the key's area; returns the dish that remains. 400
    /// `merge_into_itself` or `unknown_dish` otherwise.
    public func mergeDish(_ dish: Dish.ID, into: Dish.ID) async throws(GrubmapClientError) -> API.AdminDishBody {
        try decode(
            API.AdminDishBody.self,
            try await send("POST", "api/v1/admin/dishes/\(dish)/merge", query: [:], body: API.DishMerge(into: into)))
    }

    /// Makes `key`, one of the dish's keys but not its only one, a new dish named `names`; returns it. 400
    /// `unknown_key` or `only_key` otherwise.
    public func splitDish(_ dish: Dish.ID, key: String, names: [Language: String] = [:])
        async throws(GrubmapClientError) -> API.AdminDishBody
    {
        try decode(
            API.AdminDishBody.self,
            try await send(
                "POST", "api/v1/admin/dishes/\(dish)/split", query: [:], body: API.DishSplit(key: key, names: names)))
    }

    /// The names suggested for the key's area's dishes that wait for an operator, oldest first.
    public func adminNameSuggestions(area: Area.ID) async throws(GrubmapClientError) -> [API.AdminNameSuggestionBody] {
        try await get("api/v1/admin/areas/\(area.rawValue)/name-suggestions", as: API.AdminNameSuggestionsBody.self)
            .suggestions
    }

    /// Makes a waiting suggestion its dish's name in its language. 409 `suggestion_decided` when it was decided
    /// already.
    public func approveNameSuggestion(_ id: NameSuggestion.ID) async throws(GrubmapClientError)
        -> API.AdminNameSuggestionBody
    {
        try decode(
            API.AdminNameSuggestionBody.self,
            try await send("POST", "api/v1/admin/name-suggestions/\(id)/approve", query: [:], body: nil))
    }

    /// Rejects a waiting suggestion, with an optional reason (at most 200 characters) the audit log keeps.
    public func rejectNameSuggestion(_ id: NameSuggestion.ID, reason: String? = nil) async throws(GrubmapClientError)
        -> API.AdminNameSuggestionBody
    {
        try decode(
            API.AdminNameSuggestionBody.self,
            try await send(
                "POST", "api/v1/admin/name-suggestions/\(id)/reject", query: [:],
                body: API.NameSuggestionRejection(reason: reason)))
    }

    // MARK: Rides

    /// Where a ride goes: a place (priced under its area) or a point.
    public enum Destination: Sendable {
        case place(Place.ID)
        case point(Coordinate)
    }

    /// Ride estimates from `from` to `to`; `area` prices a point that several areas could.
    public func fares(from: Coordinate, to: Destination, area: Area.ID? = nil) async throws(GrubmapClientError)
        -> API.FareEstimateBody
    {
        let destination =
            switch to {
            case .place(let id): id.rawValue
            case .point(let point): Self.text(point)
            }
        return try await get(
            "api/v1/fares", query: ["from": Self.text(from), "to": destination, "area": area?.rawValue],
            as: API.FareEstimateBody.self)
    }

    /// The shortest walk from `from` to `to` over the area's streets; `area` chooses whose streets a point is walked
    /// on. A `404` `no_route` or `no_routing_graph` is thrown as the server's error.
    public func walkingRoute(from: Coordinate, to: Destination, area: Area.ID? = nil) async throws(GrubmapClientError)
        -> API.WalkingRouteBody
    {
        let destination =
            switch to {
            case .place(let id): id.rawValue
            case .point(let point): Self.text(point)
            }
        return try await get(
            "api/v1/routes/walk", query: ["from": Self.text(from), "to": destination, "area": area?.rawValue],
            as: API.WalkingRouteBody.self)
    }

    /// The geodesic between two points.
    public func distance(from: Coordinate, to: Coordinate) async throws(GrubmapClientError) -> API.DistanceBody {
        try await get(
            "api/v1/distance", query: ["from": Self.text(from), "to": Self.text(to)], as: API.DistanceBody.self)
    }

    // MARK: The caller

    /// Makes a session on the server and keeps its token.
    @discardableResult
    public func startSession() async throws(GrubmapClientError) -> API.SessionCreated {
        let created = try decode(
            API.SessionCreated.self, try await send("POST", "api/v1/sessions", query: [:], body: nil))
        sessionToken = created.token
        return created
    }

    public func preferences() async throws(GrubmapClientError) -> API.PreferencesBody {
        try await get("api/v1/me/preferences", as: API.PreferencesBody.self)
    }

    /// Changes the patch's fields, all or none (``GrubmapClientError/api(status:code:message:retryAfterSeconds:)``
    /// with `invalid_preference` names a refused one).
    public func updatePreferences(_ patch: API.PreferencesPatch) async throws(GrubmapClientError) -> API.PreferencesBody
    {
        try decode(
            API.PreferencesBody.self, try await send("PATCH", "api/v1/me/preferences", query: [:], body: patch))
    }

    /// The caller's profile, or `nil` when they have none yet.
    public func profile() async throws(GrubmapClientError) -> API.ProfileBody? {
        do {
            return try await get("api/v1/me/profile", as: API.ProfileBody.self)
        } catch .api(404, _, _, _) {
            return nil
        }
    }

    public func saveProfile(_ profile: API.ProfileRequest) async throws(GrubmapClientError) -> API.ProfileBody {
        try decode(API.ProfileBody.self, try await send("PUT", "api/v1/me/profile", query: [:], body: profile))
    }

    /// Checks in at a place (moving any check-in elsewhere); `profile_required` (409) without a profile.
    public func checkIn(at place: Place.ID) async throws(GrubmapClientError) -> API.CheckInBody {
        try decode(
            API.CheckInBody.self,
            try await send("POST", "api/v1/me/checkin", query: [:], body: API.CheckInRequest(placeId: place.rawValue)))
    }

    /// Reports a meal of today sold out (``API/MenuBody/MealBody/id`` of today's menu): three different people
    /// within 30 minutes mark it; a repeat by the same caller changes nothing. 400 `not_today`, `menu_closed` or
    /// `invalid_meal` otherwise.
    public func reportSoldOut(place: Place.ID, date: CalendarDate, meal: MealID) async throws(GrubmapClientError)
        -> API.SoldOutReportBody
    {
        try decode(
            API.SoldOutReportBody.self,
            try await send(
                "POST", "api/v1/places/\(place.rawValue)/menu/sold-out-reports", query: [:],
                body: API.SoldOutRequest(date: date, mealId: meal)))
    }

    /// Rates a meal (the dish served at `place` on `date`, today or one of the two days before in its area) with 1
    /// to 5 stars and an optional comment of at most 140 characters; sent again, it replaces the caller's rating.
    /// Returns what was stored with the meal's ratings. 409 `profile_required` until the caller has a profile
    /// (``saveProfile(_:)``); 400 `invalid_rating`, `not_rateable` or `not_on_menu` for a rating the server refuses.
    public func rate(
        place: Place.ID, date: CalendarDate, dish: Dish.ID, stars: Int, comment: String? = nil
    ) async throws(GrubmapClientError) -> API.RatingResultBody {
        try decode(
            API.RatingResultBody.self,
            try await send(
                "PUT", "api/v1/me/ratings", query: [:],
                body: API.RatingRequest(placeId: place, date: date, dishId: dish, stars: stars, comment: comment)))
    }

    /// Follows a dish: the board's strip, the calendar feed and push messages say when it is served. Following one
    /// already followed changes nothing; 400 `too_many_followed` past 100 dishes; 404 for an unknown dish.
    public func follow(dish: Dish.ID) async throws(GrubmapClientError) {
        _ = try await send("PUT", "api/v1/me/followed-dishes/\(dish)", query: [:], body: nil)
    }

    /// Stops following a dish, under whichever id it was followed.
    public func unfollow(dish: Dish.ID) async throws(GrubmapClientError) {
        _ = try await send("DELETE", "api/v1/me/followed-dishes/\(dish)", query: [:], body: nil)
    }

    /// The dishes the caller follows, in the order followed, each with its next serving.
    public func followedDishes() async throws(GrubmapClientError) -> [API.FollowedDishBody] {
        try await get("api/v1/me/followed-dishes", as: API.FollowedDishesBody.self).dishes
    }

    /// The address of the caller's private calendar feed (made on the first call), which calendar apps subscribe to
    /// without a session.
    public func calendarFeed() async throws(GrubmapClientError) -> URL {
        let body = try decode(
            API.CalendarFeedBody.self, try await send("GET", "api/v1/me/calendar", query: [:], body: nil))
        guard let url = URL(string: body.url) else {
            throw .unexpectedBody(status: 200, reason: "not a URL: \(body.url)")
        }
        return url
    }

    /// Revokes the calendar feed: its address answers 404 from now on, and ``calendarFeed()`` makes a new one.
    public func revokeCalendarFeed() async throws(GrubmapClientError) {
        _ = try await send("DELETE", "api/v1/me/calendar", query: [:], body: nil)
    }

    /// Adds a photo of a meal the caller rated (``rate(place:date:dish:stars:comment:)``): `image` is a JPEG, PNG or
    /// WebP of at most 15 MiB sent as it is, with its `contentType` (`image/jpeg`, `image/png` or `image/webp`).
    /// The server keeps a JPEG of it of at most 1,280 pixels and a thumbnail, without metadata, and returns their
    /// addresses (relative to ``baseURL``); a second photo of the meal replaces the first. 409 `not_rated` or
    /// `profile_required`, 400 `invalid_image`, 413 `too_many_pixels`, 415 `unsupported_media_type` otherwise.
    public func uploadPhoto(
        _ image: Data, contentType: String, place: Place.ID, date: CalendarDate, dish: Dish.ID
    ) async throws(GrubmapClientError) -> API.UploadedPhotoBody {
        try decode(
            API.UploadedPhotoBody.self,
            try await send(
                "POST", "api/v1/me/photos",
                query: ["placeId": place.rawValue, "date": date.description, "dishId": dish.description], body: nil,
                media: (image, contentType)))
    }

    /// Reports how long the line at a place is now, as the caller sees it; returns the place's busyness with the
    /// report counted. A second report within 10 minutes is refused with 429 `rate_limited` and
    /// `retryAfterSeconds` (``GrubmapClientError/api(status:code:message:retryAfterSeconds:)``); a caller needs a
    /// session, which the client makes first.
    public func reportLine(place: Place.ID, level: LineLevel) async throws(GrubmapClientError) -> API.Busyness {
        try decode(
            API.LineReportBody.self,
            try await send(
                "POST", "api/v1/places/\(place.rawValue)/line-reports", query: [:],
                body: API.LineReportRequest(level: level))
        )
        .busyness
    }

    /// Ends the caller's check-in; whether there was one.
    @discardableResult
    public func checkOut() async throws(GrubmapClientError) -> Bool {
        try decode(API.CheckOutBody.self, try await send("DELETE", "api/v1/me/checkin", query: [:], body: nil))
            .checkedOut
    }

    /// The server's VAPID public key (base64url), for a browser's `pushManager.subscribe`.
    public func pushKey() async throws(GrubmapClientError) -> String {
        try decode(API.PushKeyBody.self, try await send("GET", "api/v1/push/key", query: [:], body: nil)).publicKey
    }

    /// Sends the caller a push message on a day a dish they follow is served, at `subscription.endpoint`; a
    /// subscription with the same endpoint is replaced. Refused with 400 naming the field for an endpoint that is not
    /// `https` or not public, or keys of the wrong length.
    @discardableResult
    public func subscribeToPush(_ subscription: API.PushSubscriptionRequest) async throws(GrubmapClientError)
        -> API.PushSubscriptionBody
    {
        try decode(
            API.PushSubscriptionBody.self,
            try await send("POST", "api/v1/me/push-subscriptions", query: [:], body: subscription))
    }

    /// The endpoints the caller's session is subscribed at, oldest first.
    public func pushSubscriptions() async throws(GrubmapClientError) -> [String] {
        try decode(
            API.PushSubscriptionsBody.self,
            try await send("GET", "api/v1/me/push-subscriptions", query: [:], body: nil)
        ).endpoints
    }

    /// Stops push messages to the caller's subscription at `endpoint`; `subscribed` is `false` after.
    @discardableResult
    public func unsubscribeFromPush(endpoint: String) async throws(GrubmapClientError) -> API.PushSubscriptionBody {
        try decode(
            API.PushSubscriptionBody.self,
            try await send("DELETE", "api/v1/me/push-subscriptions", query: ["endpoint": endpoint], body: nil))
    }

    /// Whether the server and its database answer (a 503 is an answer too: `database` says `down`).
    public func health() async throws(GrubmapClientError) -> API.Health {
        let reply = try await send("GET", "healthz", query: [:], body: nil, acceptingStatus: [503])
        return try decode(API.Health.self, reply)
    }

    // MARK: Transport

    private struct Reply {
        let status: Int
        let data: Data
    }

    private func get<Body: Decodable>(_ path: String, query: [String: String?] = [:], as type: Body.Type)
        async throws(GrubmapClientError) -> Body
    {
        try decode(type, try await send("GET", path, query: query, body: nil))
    }

    private func decode<Body: Decodable>(_ type: Body.Type, _ reply: Reply) throws(GrubmapClientError) -> Body {
        do {
            return try API.makeDecoder().decode(type, from: reply.data)
        } catch {
            throw .unexpectedBody(status: reply.status, reason: "\(error)")
        }
    }

    /// Sends a request with `body` as JSON, or `media` as it is with its content type.
    private func send(
        _ method: String, _ path: String, query: [String: String?], body: (any Encodable & Sendable)?,
        media: (bytes: Data, type: String)? = nil, acceptingStatus accepted: Set<Int> = []
    ) async throws(GrubmapClientError) -> Reply {
        if method != "GET", sessionToken == nil, path != "api/v1/sessions" { try await startSession() }
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        let items = query.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
        if !items.isEmpty { components?.queryItems = items.sorted { $0.name < $1.name } }
        guard let url = components?.url else { throw .transport("cannot make a URL of \(baseURL) and \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let language { request.setValue(language.rawValue, forHTTPHeaderField: "Accept-Language") }
        if let sessionToken { request.setValue("Bearer \(sessionToken)", forHTTPHeaderField: "Authorization") }
        if let body {
            do {
                request.httpBody = try JSONEncoder().encode(body)
            } catch {
                throw .transport("cannot encode the body: \(error)")
            }
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let media {
            request.httpBody = media.bytes
            request.setValue(media.type, forHTTPHeaderField: "Content-Type")
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw .transport(error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else { throw .transport("not an HTTP response") }
        if let token = http.value(forHTTPHeaderField: "Grubmap-Session-Token") { sessionToken = token }
        guard (200..<300).contains(http.statusCode) || accepted.contains(http.statusCode) else {
            throw GrubmapClientError(
                status: http.statusCode, body: data, retryAfter: http.value(forHTTPHeaderField: "Retry-After"))
        }
        return Reply(status: http.statusCode, data: data)
    }

    /// `LAT,LON` as the API reads it.
    private static func text(_ coordinate: Coordinate) -> String {
        "\(coordinate.latitude),\(coordinate.longitude)"
    }
}
