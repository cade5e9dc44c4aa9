import GrubmapCore
import GrubmapHTTP

extension App {
    /// Whether the person has not yet seen the current onboarding content.
    func needsOnboarding(_ visitor: Visitor) -> Bool {
        (visitor.preferences[PreferenceKeys.seenOnboardingVersion] ?? 0) < environment.configuration.onboarding.version
    }

    /// `GET /onboarding?page=N`: the tour at a page, for replays and for browsers without JavaScript.
    func onboardingPage(request: Request, visitor: Visitor) throws -> Response {
        try onboardingResponse(page: request.query["page"].flatMap { Int($0) } ?? 0, visitor: visitor)
    }

    func onboardingResponse(page: Int, visitor: Visitor) throws -> Response {
        let catalog = environment.configuration.onboarding
        let content = catalog.content(in: visitor.language)
        let style = visitor.preferences[PreferenceKeys.onboardingStyle]
        let interval = environment.configuration.onboardingInterval
        let flow = OnboardingFlow.showing(
            page: page, style: style, pageCount: content.pages.count, interval: interval,
            clock: SystemElapsedClock())
        let seen = visitor.preferences[PreferenceKeys.seenOnboardingVersion]
        let view = OnboardingPage(
            strings: visitor.strings, content: content, isWhatsNew: seen.map { $0 < catalog.version } ?? false,
            flow: flow, csrfToken: visitor.session?.csrfToken ?? "",
            intervalMilliseconds: Int(interval / .milliseconds(1)))
        return .html(view.render())
    }

    /// `POST /onboarding`: Start, Skip or close. Records the content version as seen and opens the person's
    /// default area, which then asks for their position.
    func finishOnboarding(request: Request, visitor: Visitor) throws -> Response {
        let form = try request.formFields()
        try requireCSRF(visitor, request: request, formToken: form["csrf"])
        guard let outcome = form["outcome"].flatMap(OnboardingFlow<SystemElapsedClock>.Outcome.init(rawValue:)) else {
            throw HTTPError.badRequest("outcome: expected started, skipped or closed.", code: "invalid_outcome")
        }
        environment.log("onboarding \(outcome.rawValue)")
        let version = environment.configuration.onboarding.version
        try environment.store.updatePreferences(sessionToken: visitor.session!.token) { preferences in
            try preferences.set(version, for: PreferenceKeys.seenOnboardingVersion)
        }
        return .redirect(to: "/areas/\(try defaultArea(for: visitor).id)?locate=1")
    }

    /// `POST /settings/onboarding`: forgets that the person saw onboarding, so `/` shows it again.
    func replayOnboarding(request: Request, visitor: Visitor) throws -> Response {
        let form = try request.formFields()
        try requireCSRF(visitor, request: request, formToken: form["csrf"])
        try environment.store.updatePreferences(sessionToken: visitor.session!.token) { preferences in
            preferences.reset(PreferenceKeys.seenOnboardingVersion)
        }
        return .redirect(to: "/")
    }
}
