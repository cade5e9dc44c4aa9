import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Grubmap's web application: turns requests into routes and routes into pages and JSON.
public struct App: Sendable {
    public let environment: AppEnvironment
    let rateLimiter: RateLimiter
    let newSessionLimiter: RateLimiter

    public init(environment: AppEnvironment) {
        self.environment = environment
        rateLimiter = RateLimiter(limit: environment.configuration.writesPerMinute)
        newSessionLimiter = RateLimiter(limit: environment.configuration.newSessionsPerMinute)
    }

    /// The application with its middleware, ready for ``HTTPServer``.
    public var responder: Responder {
        SecurityHeaders(imageOrigins: environment.configuration.tileURL.flatMap(Self.origin).map { [$0] } ?? [])
            .wrapping(respond(to:))
    }

    /// `scheme://host[:port]` of a URL template, for the content security policy.
    static func origin(of template: String) -> String? {
        guard let schemeEnd = template.range(of: "://") else { return nil }
        let rest = template[schemeEnd.upperBound...]
        let host = rest.prefix { $0 != "/" }
        return host.isEmpty ? nil : String(template[..<schemeEnd.upperBound]) + host
    }

    /// Answers one request. Never throws: every error becomes a response in the form the caller asked for.
    public func respond(to request: Request) -> Response {
        let browserLanguage = request.headers["Accept-Language"].flatMap(Language.preferred(acceptLanguage:))
        var visitor = Visitor(
            session: nil, credential: .none, preferences: Preferences(), language: browserLanguage ?? .english)
        do {
            visitor = try self.visitor(for: request)
            if request.isBodyTooLarge {
                throw HTTPError(
                    .contentTooLarge, code: "too_large",
                    message: "What you sent is too large. Pictures may be at most 1 MiB.")
            }
            let route = try Route.router.route(request)
            if route.needsSession { try ensureSession(&visitor, request: request) }
            try limitWrites(request, visitor: visitor)
            var response = try handle(route, request: request, visitor: visitor)
            deliverSession(of: visitor, request: request, to: &response)
            return response
        } catch let error as HTTPError {
            var response = render(error, for: request, strings: visitor.strings)
            deliverSession(of: visitor, request: request, to: &response)
            return response
        } catch let error as DatabaseUnavailableError {
            environment.log("database unavailable: \(request.method) \(request.path): \(error.reason)")
            let failure = HTTPError(
                .serviceUnavailable, code: "database_unavailable",
                message: "Grubmap cannot reach its database just now. Try again in a moment.",
                headers: ["Retry-After": "5"])
            return render(failure, for: request, strings: visitor.strings)
        } catch {
            environment.log("error: \(request.method) \(request.path): \(error)")
            let failure = HTTPError(
                .internalServerError, code: "internal_error",
                message: "Grubmap could not answer this request. Try again in a moment.")
            return render(failure, for: request, strings: visitor.strings)
        }
    }

    private func handle(_ route: Route, request: Request, visitor: Visitor) throws -> Response {
        let strings = visitor.strings
        switch route {
        case .home: return try home(visitor: visitor)
        case .area(let id): return try areaPage(id, request: request, visitor: visitor)
        case .place(let id): return try placePage(id, request: request, visitor: visitor)
        case .onboarding: return try onboardingPage(request: request, visitor: visitor)
        case .finishOnboarding: return try finishOnboarding(request: request, visitor: visitor)
        case .settings: return try settingsPage(request: request, visitor: visitor)
        case .saveSettings: return try saveSettings(request: request, visitor: visitor)
        case .replayOnboarding: return try replayOnboarding(request: request, visitor: visitor)
        case .asset(let name): return try asset(name, request: request)
        case .health: return health()
        case .apiAreas: return try apiAreas(language: strings.language)
        case .apiPlaces(let id):
            return try apiPlaces(
                id, request: request, language: strings.language,
                bookmarks: visitor.preferences[PreferenceKeys.bookmarks])
        case .apiPlace(let id): return try apiPlace(id, language: strings.language)
        case .apiCreateSession: return try apiCreateSession(request: request)
        case .apiPreferences: return try apiPreferences(visitor: visitor)
        case .apiUpdatePreferences: return try apiUpdatePreferences(request: request, visitor: visitor)
        case .profile: return try profilePage(request: request, visitor: visitor)
        case .saveProfile: return try saveProfile(request: request, visitor: visitor)
        case .avatar(let id): return try avatarImage(id)
        case .checkIn(let id): return try checkInForm(id, request: request, visitor: visitor)
        case .checkOut: return try checkOutForm(request: request, visitor: visitor)
        case .apiProfile: return try apiProfile(visitor: visitor)
        case .apiSaveProfile: return try apiSaveProfile(request: request, visitor: visitor)
        case .apiCheckIn: return try apiCheckIn(request: request, visitor: visitor)
        case .apiCheckOut: return try apiCheckOut(request: request, visitor: visitor)
        case .apiPlacesGeoJSON(let id): return try apiPlacesGeoJSON(id)
        case .apiFares: return try apiFares(request: request, language: strings.language)
        case .apiDistance: return try apiDistance(request: request)
        case .apiPlaceMenu(let id): return try apiPlaceMenu(id, request: request)
        case .bookmark(let id): return try saveBookmark(id, request: request, visitor: visitor)
        case .saveDefaultArea: return try saveDefaultArea(request: request, visitor: visitor)
        }
    }

    /// An error as JSON for the API, as a page for people.
    func render(_ error: HTTPError, for request: Request, strings: Strings) -> Response {
        var response: Response
        if request.path.hasPrefix("/api/") || request.path == "/healthz" {
            response = .json(
                API.ErrorBody(error: .init(code: error.code, message: error.message)), status: error.status)
        } else {
            response = .html(ErrorPage(strings: strings, error: error).render(), status: error.status)
        }
        for (name, value) in error.headers { response.headers[name] = value }
        return response
    }

    /// Where the person is, as far as this request tells: the `near` query parameter, else the position their
    /// browser shared (the `grubmap_position` cookie, set by the page's script as `LAT%2CLON`). A malformed
    /// `near` is a 400; a malformed cookie is ignored.
    func personPosition(_ request: Request) throws(HTTPError) -> Coordinate? {
        if let near = try nearParameter(request) { return near }
        guard let cookie = request.cookie("grubmap_position")?.removingPercentEncoding else { return nil }
        return try? Coordinate(parsing: cookie)
    }

    /// The `near` query parameter as a coordinate, `nil` when absent; 400 when malformed or out of range.
    func nearParameter(_ request: Request) throws(HTTPError) -> Coordinate? {
        guard request.query["near"] != nil else { return nil }
        return try coordinateParameter("near", in: request)
    }

    func area(_ id: Area.ID) throws -> Area {
        guard let area = try environment.store.area(id: id) else {
            throw HTTPError.notFound("There is no area \"\(id)\".")
        }
        return area
    }

    func place(_ id: Place.ID) throws -> Place {
        guard let place = try environment.store.place(id: id) else {
            throw HTTPError.notFound("There is no place \"\(id)\".")
        }
        return place
    }
}
