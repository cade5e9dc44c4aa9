import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Finds the visitor behind a page or API request and reads the catalog once for it; after the handler, hands the
/// browser the cookies the visitor needs, on an error's answer too (passed on as an ``EditedFailure`` with the
/// visitor's language, for the error answers to render).
///
/// The session comes from a bearer token or the session cookie; an unknown, expired or malformed one is treated as
/// none (a new visitor, never an error). Without a session, preferences come from the signed device cookie, and
/// nothing is stored: a first visit costs the database one session lookup at most and one catalog read.
///
/// A returning visitor's session and preferences are read once and kept for ``RecentCache``'s lifetime
/// (``AppCaches/sessions``), so a page and the requests its script makes read them once; a request that may change
/// them reads them afresh and drops what was kept once answered, so the person's next request sees their change
/// (unless its route says its write checks the session itself, ``SessionReading/keptForWritesThatCheckIt``).
struct VisitorResolution: RouteMiddleware {
    /// How a request that may change something reads the visitor's session.
    enum SessionReading: Sendable {
        /// Afresh from the database, and what was kept is dropped once answered: the request may change the session
        /// or its preferences.
        case afreshForChanges
        /// From what is kept, like a read: the route's write finds the session's profile again by its token, and
        /// changes neither the session nor its preferences (``SessionNeed/requiredKept``).
        case keptForWritesThatCheckIt
    }

    static let sessionCookie = "grubmap_session"
    /// The response header that hands an API client the token of a session made for it.
    static let sessionTokenHeader = "Grubmap-Session-Token"
    /// A device cookie older than this is issued anew on the next page, so a returning browser keeps it.
    static let deviceRefreshAge: TimeInterval = 30 * 24 * 3600

    let store: any CatalogStore & SessionStore
    let signers: SignerCache
    let caches: AppCaches
    let sessionReading: SessionReading

    func handle(_ context: RequestContext, next: (VisitorContext) throws -> Response) throws -> Response {
        let request = context.request
        let environment = context.environment
        let signer = try signers.signer(store: store, randomBytes: environment.randomBytes)
        var credential = Visitor.Credential.none
        var found: (session: Session, preferences: Preferences, renewed: Bool)?
        if let token = Self.bearerToken(request) {
            // A bearer header counts as one even when its token is unknown: browsers never add one by themselves.
            credential = .bearer
            found = try validSession(token, context: context)
        } else if let token = request.cookie(Self.sessionCookie), let valid = try validSession(token, context: context)
        {
            credential = .cookie
            found = valid
        }
        let known = DeviceCookie.read(from: request, signer: signer, now: context.now)
        let device = known ?? .fresh(now: context.now, randomBytes: environment.randomBytes)
        let preferences = found?.preferences ?? device.preferences
        // An offline copy (``OfflineCopies``) carries no token: it is kept on the device for whoever opens it next.
        let csrfToken =
            request.asksForOfflineCopy ? "" : found?.session.csrfToken ?? signer.signature(of: device.id, for: .csrf)
        let visitor = Visitor(
            session: found?.session, credential: credential, device: device, deviceIsKnown: known != nil,
            preferences: preferences, language: preferences[PreferenceKeys.language] ?? context.language,
            browserUnits: request.headers["Accept-Language"].flatMap(DistanceUnit.customary(acceptLanguage:))
                ?? .kilometers,
            csrfToken: csrfToken)
        let cookies = VisitorCookies()
        if let found, found.renewed, credential == .cookie { cookies.session = (found.session, false) }
        defer {
            // Once the change is stored, so the person's next request reads it.
            if let session = found?.session, request.method.mayChange, sessionReading == .afreshForChanges {
                caches.sessions.remove(session.token)
            }
        }
        let inner = VisitorContext(
            base: context, catalog: try caches.catalog.catalog(from: store, now: context.now), visitor: visitor,
            cookies: cookies)

        do {
            var response = try next(inner)
            if !request.asksForOfflineCopy { deliver(cookies, for: inner, signer: signer, to: &response.headers) }
            return response
        } catch {
            // Answered in the visitor's language, with the cookies of a session made before the failure.
            var headers = Headers()
            if !request.asksForOfflineCopy { deliver(cookies, for: inner, signer: signer, to: &headers) }
            throw EditedFailure(underlying: error, strings: inner.strings, headers: headers)
        }
    }

    /// Adds the cookies the visitor needs: on pages, a device cookie that mirrors the device's preferences (made
    /// now, changed, or getting old) and remembers the area the page opened; a session made or renewed by this
    /// request, as a cookie and, when new, as a header for API clients; and the key of the pages the service worker
    /// may keep (``OfflineKey``), in a header on every page and as a cookie whenever it is not the one the browser
    /// sent or a session cookie goes with it.
    private func deliver(
        _ cookies: VisitorCookies, for context: VisitorContext, signer: CookieSigner, to headers: inout Headers
    ) {
        let visitor = context.visitor
        var device = cookies.device
        if device == nil, context.kind == .page {
            let mirror = visitor.device.with(visitor.preferences, at: context.now)
            if !visitor.deviceIsKnown || mirror.preferences != visitor.device.preferences
                || context.now.timeIntervalSince(visitor.device.issuedAt) > Self.deviceRefreshAge
            {
                device = mirror
            }
        }
        if let area = cookies.openedArea, Self.isNavigation(context.request),
            (device ?? visitor.device).lastArea != area
        {
            device = (device ?? visitor.device.with(visitor.preferences, at: context.now)).opening(
                area, at: context.now)
        }
        if let device {
            headers.add(name: "Set-Cookie", value: device.header(signer: signer, secure: context.isSecure))
        }
        deliverOfflineKey(cookies, for: context, signer: signer, to: &headers)
        guard let (session, isNew) = cookies.session else { return }
        if isNew || visitor.credential == .cookie {
            let maxAge = max(0, Int(session.expiresAt.timeIntervalSince(context.now)))
            headers.add(
                name: "Set-Cookie",
                value: "\(Self.sessionCookie)=\(session.token); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax"
                    + (context.isSecure ? "; Secure" : ""))
        }
        if isNew, context.kind == .api { headers[Self.sessionTokenHeader] = session.token }
    }

    /// Whether the person opened the page (a navigation), rather than a script fetching it: the service worker keeps
    /// boards for offline use, which must not count as the area last opened. Browsers say so in `Sec-Fetch-Mode`;
    /// a request without it (an older browser, a test) counts as a navigation.
    static func isNavigation(_ request: Request) -> Bool {
        request.headers["Sec-Fetch-Mode"].map { $0 == "navigate" } ?? true
    }

    /// The ``OfflineKey`` of the device and the session the browser holds after this response.
    private func deliverOfflineKey(
        _ cookies: VisitorCookies, for context: VisitorContext, signer: CookieSigner, to headers: inout Headers
    ) {
        let visitor = context.visitor
        guard visitor.credential != .bearer else { return }
        let session = cookies.session?.session ?? visitor.session
        let sessionCookieGoes = cookies.session.map { $0.isNew || visitor.credential == .cookie } ?? false
        guard context.kind == .page || sessionCookieGoes else { return }
        let key = OfflineKey(deviceID: visitor.device.id, sessionToken: session?.token, signer: signer)
        if context.kind == .page { headers[OfflineKey.header] = key.value }
        guard sessionCookieGoes || context.request.cookie(OfflineKey.cookieName) != key.value else { return }
        let maxAge = session.map { Int($0.expiresAt.timeIntervalSince(context.now)) } ?? Int(DeviceCookie.lifetime)
        headers.add(
            name: "Set-Cookie", value: key.cookieHeader(maxAgeSeconds: max(0, maxAge), secure: context.isSecure))
    }

    private static func bearerToken(_ request: Request) -> String? {
        guard let header = request.headers["Authorization"] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1].trimmingOptionalWhitespace())
    }

    /// The stored session for a token, its preferences, and whether its expiry was moved on now (at most once a
    /// day); `nil` for anything else. Reads kept ones for `GET` and `HEAD`, and for writes that check the session
    /// themselves.
    private func validSession(_ token: String, context: RequestContext) throws -> (
        session: Session, preferences: Preferences, renewed: Bool
    )? {
        guard Session.isWellFormedToken(token) else { return nil }
        let read = { () throws -> StoredVisitor? in
            try store.sessionAndPreferences(token: token).map(StoredVisitor.init)
        }
        let stored =
            context.request.method.mayChange && sessionReading == .afreshForChanges
            ? try read() : try caches.sessions.value(for: token, now: context.now, makeIfAny: read)
        guard var session = stored?.session, let preferences = stored?.preferences, session.isValid(at: context.now)
        else { return nil }
        let renewed = context.now.addingTimeInterval(context.configuration.sessionLifetime)
        guard renewed.timeIntervalSince(session.expiresAt) > 24 * 3600 else { return (session, preferences, false) }
        try store.extendSession(token: token, until: renewed)
        session.expiresAt = renewed
        caches.sessions.update(token) { $0 = StoredVisitor(session: session, preferences: preferences) }
        return (session, preferences, true)
    }
}
