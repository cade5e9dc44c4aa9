import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Finds the API key behind an admin API call (`Authorization: Bearer gmk_…`): 401 without a working one, 403 for a
/// change with a read-only key, 429 past the key's changes a minute. Keys never come from cookies, so no CSRF check
/// is needed: a browser never adds this header by itself.
struct APIKeyResolution: RouteMiddleware {
    let store: any APIKeyStore & CatalogStore
    let limiter: RateLimiter

    func handle(_ context: RequestContext, next: (AdminAPIContext) throws -> Response) throws -> Response {
        let request = context.request
        guard let header = request.headers["Authorization"], header.lowercased().hasPrefix("bearer "),
            case let token = String(header.dropFirst(7).trimmingOptionalWhitespace()),
            token.hasPrefix(APIKey.tokenPrefix), Session.isWellFormedToken(String(token.dropFirst(4))),
            let key = try store.apiKey(token: token),
            let area = try store.catalog().area(key.areaID)
        else {
            throw HTTPError(
                .unauthorized, code: "unauthorized",
                message:
                    "Send a working API key as Authorization: Bearer gmk_…; an organiser makes one in the console.",
                headers: ["WWW-Authenticate": "Bearer realm=\"grubmap-admin\""])
        }
        if request.method.mayChange {
            guard key.scope == .write else {
                throw HTTPError(.forbidden, code: "read_only_key", message: "This API key may read, not change.")
            }
            if let wait = limiter.record("api-key " + key.id.rawValue, at: context.now) {
                throw HTTPError(
                    .tooManyRequests, code: "rate_limited", message: "Too many changes this minute with this key.",
                    headers: ["Retry-After": "\(wait)"])
            }
        }
        if key.lastUsedAt.map({ context.now.timeIntervalSince($0) >= 60 }) ?? true {
            try store.touchAPIKey(id: key.id, at: context.now)
        }
        var response = try next(AdminAPIContext(base: context, key: key, area: area, catalog: try store.catalog()))
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
