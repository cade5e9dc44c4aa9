import GrubmapHTTP

/// Adds the headers every response should carry: no sniffing, no framing, no third-party anything.
struct SecurityHeaders: Middleware {
    /// The policy for pages; `imageOrigins` are other origins images may come from (the map's tile server).
    let contentSecurityPolicy: String

    init(imageOrigins: [String] = []) {
        let images = (["'self'", "data:"] + imageOrigins).joined(separator: " ")
        contentSecurityPolicy =
            "default-src 'self'; img-src \(images); style-src 'self'; "
            + "script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    }

    /// Half a year, without subdomains: a LAN demo's name should not bind others.
    static let strictTransportSecurity = "max-age=15552000"

    func respond(to request: Request, next: Responder) -> Response {
        var response = next(request)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        if response.headers["Content-Type"]?.hasPrefix("text/html") == true {
            response.headers["Content-Security-Policy"] = contentSecurityPolicy
        }
        if response.headers["Cache-Control"] == nil { response.headers["Cache-Control"] = "no-cache" }
        // Only over Grubmap's own TLS: a proxy that does TLS sets its own, and over plain HTTP browsers ignore it.
        if request.isTLS { response.headers["Strict-Transport-Security"] = Self.strictTransportSecurity }
        return response
    }
}
