import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapStore

/// Finds the operator behind a console request, or sends the browser to sign in; checks every change's CSRF token
/// against the operator session's and limits each operator's changes per minute. Console answers are never cached.
///
/// The session cookie (`grubmap_operator`) is separate from visitors' (`grubmap_session`): scoped to `/admin`,
/// `HttpOnly`, `SameSite=Strict`, `Secure` behind HTTPS, and without `Max-Age`, so it goes when the browser closes;
/// the server ends it anyway after 12 idle hours or 7 days (``OperatorSession``).
struct OperatorResolution: RouteMiddleware {
    static let cookie = "grubmap_operator"
    /// A session's last request is written at most this often, not on every page.
    static let touchInterval: TimeInterval = 60

    let store: any OperatorStore & CatalogStore
    let limiter: RateLimiter

    func handle(_ context: RequestContext, next: (ConsoleContext) throws -> Response) throws -> Response {
        let request = context.request
        let text = ConsoleStrings.forLanguage(context.language)
        guard let token = request.cookie(Self.cookie), Session.isWellFormedToken(token),
            let (session, account) = try store.operatorSession(token: token), session.isValid(at: context.now)
        else {
            return ConsoleResponses.noStore(
                .redirect(to: Paths.Console.signIn(query: Self.returnQuery(request))))
        }
        if context.now.timeIntervalSince(session.lastSeenAt) >= Self.touchInterval {
            try store.touchOperatorSession(token: token, at: context.now)
        }
        if request.method.mayChange {
            let sent = (try? request.formFields())?["csrf"] ?? request.headers["X-CSRF-Token"]
            guard let sent, Digest.constantTimeEqual(Array(sent.utf8), Array(session.csrfToken.utf8)) else {
                throw HTTPError(.forbidden, code: "csrf", message: text.formExpired)
            }
            if let wait = limiter.record("operator " + account.id.rawValue, at: context.now) {
                throw HTTPError(
                    .tooManyRequests, code: "rate_limited", message: text.tooManyChanges,
                    headers: ["Retry-After": "\(wait)"])
            }
        }
        let inner = ConsoleContext(base: context, session: session, account: account, catalog: try store.catalog())
        return ConsoleResponses.noStore(try next(inner))
    }

    /// `next=` with the page asked for, so signing in returns there; changes return to the console's home.
    private static func returnQuery(_ request: Request) -> [(String, String)] {
        guard request.method == .get else { return [] }
        let query = request.query.pairs.isEmpty ? "" : "?" + request.query.encoded
        return [("next", request.path + query)]
    }
}

/// What every console answer carries.
enum ConsoleResponses {
    /// Marks an answer as never to be stored by the browser or a proxy: console pages hold what only operators see.
    static func noStore(_ response: Response) -> Response {
        var response = response
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// The operator session cookie for `session`, or one that ends it when `session` is `nil`.
    static func sessionCookie(_ session: OperatorSession?, secure: Bool) -> String {
        let value =
            session.map { "\(OperatorResolution.cookie)=\($0.token)" } ?? "\(OperatorResolution.cookie)=; Max-Age=0"
        return value + "; Path=\(Paths.Console.home()); HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }
}
