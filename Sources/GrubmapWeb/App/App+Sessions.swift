import Foundation
import GrubmapCore
import GrubmapHTTP

extension App {
    /// The session cookie's name.
    static let sessionCookie = "grubmap_session"
    /// The response header that hands an API client the token of a session made for it.
    static let sessionTokenHeader = "Grubmap-Session-Token"

    /// Finds the request's session from its bearer token or cookie. An unknown, expired or malformed token is
    /// treated as no token at all: the person is a new visitor, never an error.
    func visitor(for request: Request) throws -> Visitor {
        var credential = Visitor.Credential.none
        var session: Session?
        let now = environment.now()
        var renewed = false
        if let token = bearerToken(request) {
            credential = .bearer
            (session, renewed) = try validSession(token, now: now)
        } else if let token = request.cookie(Self.sessionCookie) {
            credential = .cookie
            (session, renewed) = try validSession(token, now: now)
        }
        // A bearer header counts as one even when its token is unknown: browsers never add one by themselves.
        if session == nil, credential == .cookie { credential = .none }
        let preferences = try session.map { try environment.store.preferences(sessionToken: $0.token) } ?? Preferences()
        let language =
            preferences[PreferenceKeys.language]
            ?? request.headers["Accept-Language"].flatMap(Language.preferred(acceptLanguage:)) ?? .english
        var visitor = Visitor(session: session, credential: credential, preferences: preferences, language: language)
        visitor.isRenewed = renewed
        return visitor
    }

    /// How long a session lasts until its browser or client comes back with it; the first return extends it to
    /// the configured lifetime. Visitors that never return (crawlers, probes) leave nothing behind for long.
    static let firstVisitLifetime: TimeInterval = 24 * 3600

    /// Gives the visitor a session if they have none: a new one, stored now; 429 when the client's address has
    /// started too many in the last minute.
    func ensureSession(_ visitor: inout Visitor, request: Request) throws {
        guard visitor.session == nil else { return }
        let session = try newSession(request: request, lifetime: Self.firstVisitLifetime)
        visitor.session = session
        visitor.isNew = true
    }

    /// Makes and stores a session, counting it against the client's address.
    func newSession(request: Request, lifetime: TimeInterval) throws -> Session {
        if let wait = newSessionLimiter.record("address " + clientAddress(request), at: environment.now()) {
            throw HTTPError(
                .tooManyRequests, code: "rate_limited",
                message: "Too many new visitors from your address. Wait a moment and try again.",
                headers: ["Retry-After": "\(wait)"])
        }
        let session = Session.make(now: environment.now(), lifetime: lifetime, randomBytes: environment.randomBytes)
        try environment.store.createSession(session)
        return session
    }

    /// The client's address: the peer's, or behind a proxy on this machine the one the proxy saw (the last
    /// `X-Forwarded-For` entry, which the proxy itself appended).
    func clientAddress(_ request: Request) -> String {
        let isLoopback = request.remoteAddress == "127.0.0.1" || request.remoteAddress == "::1"
        if isLoopback, let forwarded = request.headers["X-Forwarded-For"]?.split(separator: ",").last {
            return forwarded.trimmingCharacters(in: .whitespaces)
        }
        return request.remoteAddress
    }

    /// Hands a session made during this request to the browser (a cookie) and to API clients (a header).
    func deliverSession(of visitor: Visitor, request: Request, to response: inout Response) {
        guard let session = visitor.session,
            visitor.isNew || (visitor.isRenewed && visitor.credential == .cookie)
        else { return }
        let maxAge = max(0, Int(session.expiresAt.timeIntervalSince(environment.now())))
        var cookie =
            "\(Self.sessionCookie)=\(session.token); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax"
        if environment.configuration.secureCookies || request.headers["X-Forwarded-Proto"] == "https" {
            cookie += "; Secure"
        }
        response.headers.add(name: "Set-Cookie", value: cookie)
        if visitor.isNew, request.path.hasPrefix("/api/") { response.headers[Self.sessionTokenHeader] = session.token }
    }

    private func bearerToken(_ request: Request) -> String? {
        guard let header = request.headers["Authorization"] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }

    /// The stored session for a token, and whether its expiry was moved on (at most once a day); `nil` for
    /// anything else.
    private func validSession(_ token: String, now: Date) throws -> (Session?, renewed: Bool) {
        guard Session.isWellFormedToken(token), var session = try environment.store.session(token: token),
            session.isValid(at: now)
        else { return (nil, false) }
        let renewed = now.addingTimeInterval(environment.configuration.sessionLifetime)
        guard renewed.timeIntervalSince(session.expiresAt) > 24 * 3600 else { return (session, false) }
        try environment.store.extendSession(token: token, until: renewed)
        session.expiresAt = renewed
        return (session, true)
    }

    /// Refuses a state-changing request that does not prove it comes from Grubmap's own pages: forms carry the
    /// session's CSRF token in a `csrf` field, scripts in an `X-CSRF-Token` header. Bearer-token requests need
    /// neither (browsers never add bearer tokens by themselves).
    func requireCSRF(_ visitor: Visitor, request: Request, formToken: String?) throws(HTTPError) {
        if visitor.credential == .bearer { return }
        let token = formToken ?? request.headers["X-CSRF-Token"]
        guard visitor.hasCSRFToken(token) else {
            throw HTTPError(
                .forbidden, code: "csrf",
                message: "This form has expired or did not come from Grubmap. Reload the page and try again.")
        }
    }
}
