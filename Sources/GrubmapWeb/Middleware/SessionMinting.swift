import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Gives a change that must be stored a session: the visitor's own, or one made now. A new session keeps the
/// visitor's CSRF token (so the page's other forms stay valid) and the device's preferences.
struct SessionMinting: RouteMiddleware {
    let sessions: SessionFactory

    func handle(_ context: VisitorContext, next: (SessionContext) throws -> Response) throws -> Response {
        if let session = context.visitor.session { return try next(SessionContext(parent: context, session: session)) }
        let visitor = context.visitor
        let session = try sessions.make(
            for: context.base, csrfToken: visitor.csrfToken, preferences: visitor.preferences,
            lifetime: SessionFactory.firstVisitLifetime)
        context.cookies.session = (session, true)
        let withSession = Visitor(
            session: session, credential: visitor.credential, device: visitor.device,
            deviceIsKnown: visitor.deviceIsKnown, preferences: visitor.preferences, language: visitor.language,
            browserUnits: visitor.browserUnits,
            csrfToken: visitor.csrfToken)
        let parent = VisitorContext(
            base: context.base, catalog: context.catalog, visitor: withSession, cookies: context.cookies)
        return try next(SessionContext(parent: parent, session: session))
    }
}

/// Makes and stores sessions, at most a burst per client address and then a steady rate, so a crowd behind one
/// address gets in while no client can fill the database with sessions.
struct SessionFactory: Sendable {
    /// How long a session lasts until its browser or client comes back with it; the first return extends it to
    /// the configured lifetime. Visitors that never return leave nothing behind for long.
    static let firstVisitLifetime: TimeInterval = 24 * 3600

    let store: any SessionStore
    let limiter: TokenBucket
    /// Sessions made so far, for `/metrics`.
    let created: Counter

    /// A new stored session for the context's client, with `preferences` copied into it; 429 with `Retry-After`
    /// when the address has used its allowance.
    func make(for context: RequestContext, csrfToken: String?, preferences: Preferences, lifetime: TimeInterval)
        throws -> Session
    {
        if let wait = limiter.take(context.clientAddress, at: context.now) {
            throw HTTPError(
                .tooManyRequests, code: "rate_limited",
                message: "Too many new visitors from your address. Wait a moment and try again.",
                headers: ["Retry-After": "\(wait)"])
        }
        let random = context.environment.randomBytes
        var session = Session.make(now: context.now, lifetime: lifetime, randomBytes: random)
        if let csrfToken {
            session = Session(
                token: session.token, csrfToken: csrfToken, createdAt: session.createdAt, expiresAt: session.expiresAt)
        }
        try store.createSession(session)
        created.increment()
        if !preferences.storage.isEmpty {
            try store.updatePreferences(sessionToken: session.token) { $0 = preferences }
        }
        return session
    }
}
