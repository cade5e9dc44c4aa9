import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Grubmap's web application. It only composes: the middleware of each route group, and each feature's routes
/// with the dependencies it needs. How a request flows is in docs/architecture.md.
public struct App: Sendable {
    public let environment: AppEnvironment
    let routes: RouteTable
    /// Requests by route, method and status, and their latency: record into it (``AccessLog``) and `/metrics`
    /// shows it.
    public let metrics: RequestMetrics
    private let securityHeaders: SecurityHeaders
    private let compression = ResponseCompression()
    private let conditionalRequests = ConditionalRequests()
    /// The short-lived caches, and the count of this server's changes that keeps them right.
    let caches: AppCaches
    /// Sends each area's live changes to its open event streams.
    let live: LiveHub
    /// Drops what the caches keep whenever the store tells of a change, another server's included.
    private let cacheWatch: LiveWatch?

    public init(environment: AppEnvironment) {
        self.environment = environment
        let store = environment.store
        let configuration = environment.configuration
        let caches = AppCaches(lifetime: configuration.cacheLifetime)
        self.caches = caches
        // A change committed through another server (heard through the database), or by another process on the same
        // SQLite file, drops the kept pages as this server's own writes do: the next page shows it.
        cacheWatch = (store as? any LiveChangeFeed)?.watch(
            { [writes = caches.writes] _ in writes.record() },
            mayHaveMissed: { [writes = caches.writes] in writes.record() })
        let sessionsCreated = Counter()
        let sessions = SessionFactory(
            store: store,
            limiter: TokenBucket(
                capacity: configuration.newSessionsBurst, perMinute: configuration.newSessionsPerMinute),
            created: sessionsCreated)
        // One signer cache and one write limit for both ways of reading the session.
        let signers = SignerCache()
        let writeLimits = WriteLimits(limiter: RateLimiter(limit: configuration.writesPerMinute))
        let visitors = { (reading: VisitorResolution.SessionReading) in
            MiddlewareChain.answeringErrors
                .adding(OfflineCopies())
                .adding(VisitorResolution(store: store, signers: signers, caches: caches, sessionReading: reading))
                .adding(CSRFProtection())
                .adding(writeLimits)
        }
        let console = MiddlewareChain.answeringErrors.adding(
            OperatorResolution(store: store, limiter: RateLimiter(limit: configuration.consoleWritesPerMinute)))
        var routes = RouteTable(
            groups: RouteGroups(
                none: .answeringErrors, optional: visitors(.afreshForChanges),
                required: visitors(.afreshForChanges).adding(SessionMinting(sessions: sessions)),
                requiredKept: visitors(.keptForWritesThatCheckIt).adding(SessionMinting(sessions: sessions)),
                consoleGuest: MiddlewareChain.answeringErrors.adding(ConsoleGuestResolution()), console: console,
                adminAPI: MiddlewareChain.answeringErrors.adding(
                    APIKeyResolution(store: store, limiter: RateLimiter(limit: configuration.consoleWritesPerMinute)))))
        let preferences = PreferenceWriter(store: store)
        // The area maps' basemap layers, which the console's position picker draws from too.
        let mapCaches = MapCaches()
        routes.add(AssetsFeature())
        routes.add(HealthFeature(database: store))
        let frontDoor = AreaFrontDoor(menus: store, caches: caches)
        routes.add(OnboardingFeature(configuration: configuration, preferences: preferences, frontDoor: frontDoor))
        routes.add(AreaChooserFeature(frontDoor: frontDoor))
        routes.add(SettingsFeature(preferences: preferences, sessions: sessions, configuration: configuration))
        routes.add(
            AreaFeature(
                checkIns: store, live: store, basemaps: store, frontDoor: frontDoor, configuration: configuration,
                caches: mapCaches, pages: caches.areaPages))
        routes.add(PositionFeature())
        routes.add(
            MenuBoardFeature(
                menus: store, soldOut: store, dishes: store, ratings: store, photos: store, live: store,
                preferences: preferences, cache: caches.boards, followedDishes: caches.followedDishes, basemaps: store))
        routes.add(
            PlaceFeature(
                menus: store, soldOut: store, dishes: store, ratings: store, checkIns: store, profiles: store,
                live: store, basemaps: store, cache: caches.placePages, followedDishes: caches.followedDishes))
        routes.add(
            MenuFeature(menus: store, soldOut: store, dishes: store, ratings: store, preferences: preferences))
        routes.add(SoldOutFeature(menus: store, soldOut: store))
        routes.add(DishesFeature(dishes: store, ratings: store, suggestions: store, photos: store))
        routes.add(RatingsFeature(menus: store, dishes: store, profiles: store, ratings: store, photos: store))
        routes.add(PhotosFeature(menus: store, dishes: store, profiles: store, ratings: store, photos: store))
        routes.add(FollowingFeature(dishes: store, menus: store, feeds: store, preferences: preferences))
        routes.add(
            PushFeature(
                push: store, keys: PushKeys(store: store, contact: configuration.pushContact),
                allowList: configuration.outboundAllowList, subscribed: environment.pushSubscribed))
        routes.add(ProfileFeature(profiles: store, checkIns: store))
        routes.add(CheckInFeature(checkIns: store, policy: configuration.checkInPolicy))
        routes.add(FareFeature(basemaps: store))
        routes.add(RouteFeature(basemaps: store))
        routes.add(CatalogAPI(checkIns: store, live: store, cache: caches.placeLists, basemaps: store))
        routes.add(LineReportsAPI(live: store))
        routes.add(PopularTimesAPI(live: store))
        routes.add(LineReportFormFeature(live: store))
        routes.add(SignInFeature(store: store, hasher: configuration.passwordHasher))
        routes.add(ConsoleHomeFeature(store: store, suggestions: store))
        routes.add(
            PlacesConsoleFeature(
                store: store, scope: ConsolePlaceScope(store: store), tileURL: configuration.tileURL, caches: mapCaches)
        )
        routes.add(MenusConsoleFeature(store: store, scope: ConsolePlaceScope(store: store)))
        routes.add(PushHourConsoleFeature(push: store))
        routes.add(
            FeedsConsoleFeature(
                store: store, runner: environment.feeds, feedsPerArea: environment.configuration.feedsPerArea,
                scope: ConsolePlaceScope(store: store)))
        routes.add(ModerationFeature(store: store))
        routes.add(DishesConsoleFeature(dishes: store, scope: ConsoleDishScope(dishes: store)))
        routes.add(
            NameSuggestionsConsoleFeature(suggestions: store, scope: ConsoleNameSuggestionScope(suggestions: store)))
        routes.add(AccountFeature(store: store))
        routes.add(OperatorsFeature(store: store, scope: ManagedOperatorScope(store: store)))
        routes.add(APIKeysFeature(store: store))
        routes.add(AdminAPIFeature(store: store, scope: AdminPlaceScope(store: store)))
        routes.add(AdminDishesAPI(dishes: store, scope: AdminDishScope(dishes: store)))
        routes.add(
            AdminNameSuggestionsAPI(suggestions: store, scope: AdminNameSuggestionScope(suggestions: store)))
        routes.add(AuditFeature(store: store))
        let live = LiveHub(
            reader: .store(store), feed: store as? any LiveChangeFeed, now: environment.now, log: environment.log)
        self.live = live
        routes.add(LiveFeature(hub: live))
        routes.add(OpenAPIFeature())
        routes.add(InstallableAppFeature())
        // Made from the routes above, and itself a route: the metrics' series include /metrics.
        let metrics = RequestMetrics(
            routes: routes.entries.map { ($0.method.rawValue, $0.pattern) }
                + (configuration.metricsAccess == .off ? [] : [(Method.get.rawValue, Paths.metrics.pattern)]))
        routes.add(
            MetricsFeature(
                access: configuration.metricsAccess, requests: metrics, sessionsCreated: sessionsCreated,
                checkIns: store, database: store as? any StoreMonitoring, live: live, push: environment.pushMetrics))
        self.metrics = metrics
        self.routes = routes
        securityHeaders = SecurityHeaders(imageOrigins: configuration.tileURL.flatMap(Self.origin).map { [$0] } ?? [])
    }

    /// The routes that take larger bodies than ``ServerConfiguration/maximumBodyBytes`` (photo uploads), for the
    /// server's ``ServerConfiguration/bodyLimits``.
    public var bodyLimits: [ServerConfiguration.BodyLimit] { routes.bodyLimits }

    /// The application with its outer middleware, ready for ``HTTPServer``.
    public var responder: Responder {
        compression.wrapping(conditionalRequests.wrapping(securityHeaders.wrapping(respond(to:))))
    }

    /// The answers the app gives from memory on the server's network threads (assets, and kept pages when all they
    /// read is kept), with the same outer middleware; `nil` for every request that must go to a worker.
    public var inlineResponder: InlineResponder {
        { request in
            guard let match = routes.matchInline(request) else { return nil }
            let answer: Responder = { request in
                var response = AnswerFreshness.stamping(
                    request, isKept: match.keepsAnswer, caches: caches, now: environment.now()
                ) { match.answer(RequestContext(request: request, environment: environment, kind: match.kind)) }
                response.route = match.pattern
                return response
            }
            let respond = compression.wrapping(conditionalRequests.wrapping(securityHeaders.wrapping(answer)))
            guard match.mayDecline else { return respond(request) }
            let attempt = NetworkThreadAttempt()
            let response = NetworkThreadAttempt.$current.withValue(attempt) { respond(request) }
            return attempt.declined ? nil : response
        }
    }

    /// The fast lane's answers (``PreparedAnswers``): each target inline routes prepare (the assets, the manifest, the
    /// service worker, the OpenAPI document) in the four forms ``inlineResponder`` gives it, so the lane sends the
    /// pipeline's own bytes. A target the pipeline does not answer `200` with an `ETag`, or answers differently by
    /// anything but `Accept-Encoding` (a `Vary` naming more, a cookie), is left to it.
    public var preparedAnswers: [String: PreparedAnswer] {
        let respond = inlineResponder
        var answers: [String: PreparedAnswer] = [:]
        for target in routes.preparedTargets {
            func answer(_ headers: Headers) -> Response? {
                respond(Request.lenient(method: .get, target: target, headers: headers))
            }
            guard let plain = answer([:]), plain.status == .ok, let plainTag = plain.headers["ETag"],
                plain.headers["Set-Cookie"] == nil, [nil, "Accept-Encoding"].contains(plain.headers["Vary"]),
                let gzipped = answer(["Accept-Encoding": "gzip"]), let gzippedTag = gzipped.headers["ETag"],
                let plainNotModified = answer(["If-None-Match": plainTag]),
                let gzippedNotModified = answer(["Accept-Encoding": "gzip", "If-None-Match": gzippedTag])
            else { continue }
            answers[target] = PreparedAnswer(
                plain: plain, plainNotModified: plainNotModified, gzipped: gzipped,
                gzippedNotModified: gzippedNotModified)
        }
        return answers
    }

    /// How the server's fast lane keeps the answers of kept routes and sends them again (``KeptAnswers``): while
    /// this server counts no change and what each was made from is trusted (``AnswerFreshness``).
    public var keptAnswers: KeptAnswers {
        KeptAnswers(changes: { [writes = caches.writes] in writes.generation }, now: environment.now)
    }

    /// Answers one request. Never throws: every error is answered by its route group's chain, in the form its
    /// route's kind calls for.
    public func respond(to request: Request) -> Response {
        let match = routes.match(request)
        var response = AnswerFreshness.stamping(
            request, isKept: match.keepsAnswer, caches: caches, now: environment.now()
        ) { match.answer(RequestContext(request: request, environment: environment, kind: match.kind)) }
        // Once the change is stored: the caches keep nothing read before it.
        if match.pattern != nil, request.method.mayChange { caches.writes.record() }
        response.route = match.pattern
        return response
    }

    /// `scheme://host[:port]` of a URL template, for the content security policy.
    static func origin(of template: String) -> String? {
        guard let schemeEnd = template.range(of: "://") else { return nil }
        let rest = template[schemeEnd.upperBound...]
        let host = rest.prefix { $0 != "/" }
        return host.isEmpty ? nil : String(template[..<schemeEnd.upperBound]) + host
    }
}
