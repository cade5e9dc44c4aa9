import GrubmapHTTP

/// Adds the headers every response should carry: no sniffing, no framing, no third-party anything.
struct SecurityHeaders: Middleware {
    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        + "script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    func respond(to request: Request, next: Responder) -> Response {
        var response = next(request)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        if response.headers["Content-Type"]?.hasPrefix("text/html") == true {
            response.headers["Content-Security-Policy"] = Self.contentSecurityPolicy
        }
        if response.headers["Cache-Control"] == nil { response.headers["Cache-Control"] = "no-cache" }
        return response
    }
}
