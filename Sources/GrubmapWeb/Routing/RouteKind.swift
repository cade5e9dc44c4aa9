/// Whom a route answers: people, who get pages (and error pages), or programs, who get JSON (and JSON errors).
enum RouteKind: Sendable, Equatable {
    case page
    case api

    /// The kind of an address no route matched: the API's own prefix is JSON, everything else a page.
    static func guess(forPath path: String) -> RouteKind {
        Paths.API.contains(path) || path == Paths.health() || path == Paths.metrics() ? .api : .page
    }
}
