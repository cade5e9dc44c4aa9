import Foundation
import GrubmapCore
import GrubmapHTTP

/// What every handler knows of its request before anything is read from the database: the request, the app's
/// environment, one instant for the whole request, and how to speak to whoever sent it.
struct RequestContext {
    private(set) var request: Request
    let environment: AppEnvironment
    /// When the request is answered, from the injected clock; every check of the request uses this one instant.
    let now: Date
    /// Page or API: how errors look.
    let kind: RouteKind
    /// The language to speak before the visitor is known: their device cookie's (only a display choice, so read
    /// without its signature, which needs the database), else the browser's, else English.
    let language: Language

    init(request: Request, environment: AppEnvironment, kind: RouteKind) {
        self.request = request
        self.environment = environment
        self.kind = kind
        now = environment.now()
        language =
            DeviceCookie.unverifiedLanguage(in: request)
            ?? request.headers["Accept-Language"].flatMap(Language.preferred(acceptLanguage:)) ?? .english
    }

    /// Every string of the interface in ``language``.
    var strings: Strings { Strings.forLanguage(language) }

    /// The same context for `request` (a middleware's narrower form of it), at the same instant.
    func replacing(_ request: Request) -> RequestContext {
        var context = self
        context.request = request
        return context
    }

    /// The app's settings.
    var configuration: AppConfiguration { environment.configuration }

    /// The client's address: the peer's, or behind proxies named with `--trusted-proxy` the right-most untrusted
    /// address of their forwarding chain (see ``TrustedProxies``). Forwarding headers from any other peer are
    /// ignored, so nothing on the host or beyond can pick the address its limits are counted under.
    var clientAddress: String {
        configuration.trustedProxies.clientAddress(peer: request.remoteAddress, headers: request.headers)
    }

    /// Whether the request came over HTTPS: directly, by `--secure-cookies`, or through a trusted proxy that says so.
    var isSecure: Bool {
        configuration.secureCookies || configuration.trustedProxies.isSecure(request)
    }

    /// Where links sent away from the page point (set-up links, calendar feeds): the address this request came to
    /// (behind a proxy, what it says), as people reach it.
    var baseURL: String {
        let host = request.headers["Host"] ?? "127.0.0.1"
        let safeHost = host.allSatisfy { $0.isLetter || $0.isNumber || ".-:[]".contains($0) } ? host : "127.0.0.1"
        return (isSecure ? "https://" : "http://") + safeHost
    }
}
