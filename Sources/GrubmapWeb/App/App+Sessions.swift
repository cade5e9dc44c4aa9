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
        if let token = bearerToken(request) {
            credential = .bearer
            session = try validSession(token, now: now)
        } else if let token = request.cookie(Self.sessionCookie) {
            credential = .cookie
            session = try validSession(token, now: now)
        }
        // A bearer header counts as one even when its token is unknown: browsers never add one by themselves.
        if session == nil, credential == .cookie { credential = .none }
        let preferences = try session.map { try environment.store.preferences(sessionToken: $0.token) } ?? Preferences()
        let language =
            preferences[PreferenceKeys.language]
            ?? request.headers["Accept-Language"].flatMap(Language.preferred(acceptLanguage:)) ?? .english
        return Visitor(session: session, credential: credential, preferences: preferences, language: language)
    }

    /// Gives the visitor a session if they have none: a new one, stored now.
    func ensureSession(_ visitor: inout Visitor) throws {
        guard visitor.session == nil else { return }
        let session = Session.make(
            now: environment.now(), lifetime: environment.configuration.sessionLifetime,
            randomBytes: environment.randomBytes)
        try environment.store.createSession(session)
        visitor.session = session
        visitor.isNew = true
    }

    /// Hands a session made during this request to the browser (a cookie) and to API clients (a header).
    func deliverSession(of visitor: Visitor, request: Request, to response: inout Response) {
        guard visitor.isNew, let session = visitor.session else { return }
        var cookie =
            "\(Self.sessionCookie)=\(session.token); Path=/; Max-Age=\(Int(environment.configuration.sessionLifetime)); "
            + "HttpOnly; SameSite=Lax"
        if environment.configuration.secureCookies || request.headers["X-Forwarded-Proto"] == "https" {
            cookie += "; Secure"
        }
        response.headers.add(name: "Set-Cookie", value: cookie)
        if request.path.hasPrefix("/api/") { response.headers[Self.sessionTokenHeader] = session.token }
    }

    private func bearerToken(_ request: Request) -> String? {
        guard let header = request.headers["Authorization"] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }

    /// The stored session for a token, renewed when it is past a day old; `nil` for anything else.
    private func validSession(_ token: String, now: Date) throws -> Session? {
        guard Session.isWellFormedToken(token), var session = try environment.store.session(token: token),
            session.isValid(at: now)
        else { return nil }
        let renewed = now.addingTimeInterval(environment.configuration.sessionLifetime)
        if renewed.timeIntervalSince(session.expiresAt) > 24 * 3600 {
            try environment.store.extendSession(token: token, until: renewed)
            session.expiresAt = renewed
        }
        return session
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
