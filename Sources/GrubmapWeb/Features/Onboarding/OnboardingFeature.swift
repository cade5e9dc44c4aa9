import GrubmapCore
import GrubmapHTTP

/// The welcome tour and the front door: `/` shows the tour to a person who has not seen its current version (decided
/// here, so the main page never flashes first), else opens the area ``VisitorContext/frontArea()`` finds for them (a
/// campus's menu board for today, another area's map and list: ``AreaFrontDoor``), or the areas to choose from.
/// Seeing the tour is remembered in the device cookie, or in the session when there is one: finishing it stores
/// nothing in the database.
struct OnboardingFeature: RouteCollection {
    let configuration: AppConfiguration
    let preferences: PreferenceWriter
    let frontDoor: AreaFrontDoor

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.home, .page, .optional, home)
        routes.add(.get, Paths.onboarding, .page, .optional, onboarding)
        routes.add(.post, Paths.onboarding, .page, .optional, finish)
        routes.add(.post, Paths.replayOnboarding, .page, .optional, replay)
    }

    /// `GET /`.
    func home(_ context: VisitorContext) throws -> Response {
        if needsOnboarding(context) { return page(0, context: context) }
        return .redirect(to: try frontDoor.home(for: context), status: .found)
    }

    /// `GET /onboarding?page=N`: the tour at a page, for replays and for browsers without JavaScript.
    func onboarding(_ context: VisitorContext) -> Response {
        page(context.request.query["page"].flatMap { Int($0) } ?? 0, context: context)
    }

    /// `POST /onboarding`: Start, Skip or close. Records the content version as seen and goes where `/` would, which
    /// then asks for their position (the chooser passes the request on to the area chosen).
    func finish(_ context: VisitorContext) throws -> Response {
        let form = try context.request.decodeForm(Finish.self, code: "invalid_outcome")
        context.environment.log("onboarding \(form.outcome.rawValue)")
        try preferences.save(
            PreferenceChanges([PreferenceKeys.seenOnboardingVersion.name: .integer(configuration.onboarding.version)]),
            for: context)
        return .redirect(to: try frontDoor.home(for: context, query: [("locate", "1")]))
    }

    /// `POST /settings/onboarding`: forgets that the person saw the tour, so `/` shows it again.
    func replay(_ context: VisitorContext) throws -> Response {
        try preferences.save(PreferenceChanges([PreferenceKeys.seenOnboardingVersion.name: .null]), for: context)
        return .redirect(to: Paths.home())
    }

    private struct Finish: Decodable {
        let outcome: OnboardingFlow<SystemElapsedClock>.Outcome

        init(from decoder: any Decoder) throws {
            outcome = try decoder.container(keyedBy: CodingKeys.self).decodeChoice(
                OnboardingFlow<SystemElapsedClock>.Outcome.self, forKey: .outcome)
        }

        private enum CodingKeys: String, CodingKey {
            case outcome
        }
    }

    private func needsOnboarding(_ context: VisitorContext) -> Bool {
        (context.preferences[PreferenceKeys.seenOnboardingVersion] ?? 0) < configuration.onboarding.version
    }

    private func page(_ page: Int, context: VisitorContext) -> Response {
        let catalog = configuration.onboarding
        let content = catalog.content(in: context.language)
        let interval = configuration.onboardingInterval
        let flow = OnboardingFlow.showing(
            page: page, style: context.preferences[PreferenceKeys.onboardingStyle], pageCount: content.pages.count,
            interval: interval, clock: SystemElapsedClock())
        let seen = context.preferences[PreferenceKeys.seenOnboardingVersion]
        let view = OnboardingPage(
            strings: context.strings, content: content, isWhatsNew: seen.map { $0 < catalog.version } ?? false,
            flow: flow, csrfToken: context.visitor.csrfToken, intervalMilliseconds: Int(interval / .milliseconds(1)))
        return .html(view.render())
    }
}
