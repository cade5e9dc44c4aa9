import GrubmapHTTP

/// Answers the service worker when it asks for a page as it keeps it for use without a network: a `GET` of a page
/// with `Grubmap-Offline-Copy: 1`. An offline copy is the page as anyone would see it, in this device's display
/// choices (language, units, the price shown first, the diet), and never the person's own parts: a shared phone
/// must not show the next person who used it before.
///
/// The request goes on with the signed device cookie as its only cookie and without a `near` point, so the visitor
/// has no session (no profile, check-in, bookmarks or session CSRF token) and no position; ``VisitorResolution``
/// leaves its CSRF token empty, who's here shows how many people and not who, and the answer sets no cookie and is
/// not kept by the browser's HTTP cache (the worker keeps it itself).
struct OfflineCopies: RouteMiddleware {
    /// The request header the service worker sends.
    static let header = "Grubmap-Offline-Copy"

    func handle(_ context: RequestContext, next: (RequestContext) throws -> Response) throws -> Response {
        guard context.kind == .page, context.request.asksForOfflineCopy else { return try next(context) }
        var request = context.request
        request.headers["Cookie"] = request.cookie(DeviceCookie.name).map { "\(DeviceCookie.name)=\($0)" }
        request.query = QueryFields(request.query.pairs.filter { $0.name != "near" })
        var response = try next(context.replacing(request))
        response.headers["Set-Cookie"] = nil
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}

extension Request {
    /// Whether this is the service worker asking for a page's offline copy (``OfflineCopies``).
    var asksForOfflineCopy: Bool {
        method == .get && headers[OfflineCopies.header] == "1"
    }
}
