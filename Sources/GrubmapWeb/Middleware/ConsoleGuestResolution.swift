import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP

/// The sign-in and set-up pages' context: nobody is signed in yet, but their forms still prove they came from
/// Grubmap (a forged sign-in would put someone in the attacker's account).
struct ConsoleGuestContext {
    let base: RequestContext
    /// The token this browser's console forms carry.
    let csrfToken: String

    var text: ConsoleStrings { ConsoleStrings.forLanguage(base.language) }
}

/// Gives the console's guest pages a CSRF token by double submission: a random token in a `SameSite=Strict`,
/// `HttpOnly` cookie scoped to `/admin`, which each form repeats in a hidden field. Another site can make a browser
/// send the cookie (not with `Strict`, in fact) but can neither read nor set it, so it cannot fill in the field.
struct ConsoleGuestResolution: RouteMiddleware {
    static let cookie = "grubmap_console_csrf"

    func handle(_ context: RequestContext, next: (ConsoleGuestContext) throws -> Response) throws -> Response {
        let request = context.request
        let text = ConsoleStrings.forLanguage(context.language)
        let stored = request.cookie(Self.cookie).flatMap { Session.isWellFormedToken($0) ? $0 : nil }
        if request.method.mayChange {
            let sent = (try? request.formFields())?["csrf"]
            guard let stored, let sent, Digest.constantTimeEqual(Array(stored.utf8), Array(sent.utf8)) else {
                throw HTTPError(.forbidden, code: "csrf", message: text.formExpired)
            }
        }
        let token = stored ?? Base64URL.encode(context.environment.randomBytes(32))
        let cookie =
            stored == nil
            ? "\(Self.cookie)=\(token); Path=\(Paths.Console.home()); HttpOnly; SameSite=Strict"
                + (context.isSecure ? "; Secure" : "") : nil
        var response = try next(ConsoleGuestContext(base: context, csrfToken: token))
        if let cookie { response.headers.add(name: "Set-Cookie", value: cookie) }
        return ConsoleResponses.noStore(response)
    }
}
