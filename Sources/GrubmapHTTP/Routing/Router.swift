/// Matches a method and a path against patterns like `/areas/{id}` and gives back the value the application added
/// for it (Grubmap's web app adds each route's answer, made from the path's parameters).
///
/// Patterns are tried in the order added; the first with the request's method wins. `HEAD` is answered wherever
/// `GET` is. A path that matches with another method
/// gives 405 with the allowed methods; a path that matches nothing gives 404.
public struct Router<Route: Sendable>: Sendable {
    /// The path parameters of a match, by name.
    public typealias Parameters = [String: String]

    private struct Entry: Sendable {
        var method: Method
        var segments: [Segment]
        var make: @Sendable (Parameters) throws(HTTPError) -> Route
    }

    private enum Segment: Equatable, Sendable {
        case literal(String)
        case parameter(String)
    }

    private var entries: [Entry] = []

    public init() {}

    /// Adds a pattern. Segments in braces capture a whole segment, already percent-decoded; `make` may throw
    /// ``HTTPError`` (say 404 for a malformed id).
    public mutating func add(
        _ method: Method, _ pattern: String, _ make: @escaping @Sendable (Parameters) throws(HTTPError) -> Route
    ) {
        let segments = pattern.split(separator: "/").map { piece -> Segment in
            piece.hasPrefix("{") && piece.hasSuffix("}")
                ? .parameter(String(piece.dropFirst().dropLast())) : .literal(String(piece))
        }
        entries.append(Entry(method: method, segments: segments, make: make))
    }

    /// Adds a pattern without parameters.
    public mutating func add(_ method: Method, _ pattern: String, _ route: Route) {
        add(method, pattern) { _ in route }
    }

    /// The route for a request, or ``HTTPError`` 404/405.
    public func route(_ request: Request) throws(HTTPError) -> Route {
        let method = request.method == .head ? Method.get : request.method
        var allowed: [Method] = []
        for entry in entries {
            guard let parameters = Self.match(entry.segments, request.pathSegments) else { continue }
            if entry.method == method { return try entry.make(parameters) }
            allowed.append(entry.method)
        }
        if allowed.isEmpty { throw .notFound() }
        if allowed.contains(.get) { allowed.append(.head) }
        throw .methodNotAllowed(allowed: allowed)
    }

    private static func match(_ pattern: [Segment], _ path: [String]) -> Parameters? {
        guard pattern.count == path.count else { return nil }
        var parameters: Parameters = [:]
        for (segment, piece) in zip(pattern, path) {
            switch segment {
            case .literal(let text): guard text == piece else { return nil }
            case .parameter(let name): parameters[name] = piece
            }
        }
        return parameters
    }
}
