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
        /// Where the pattern's parameters sit in the path, and their names.
        var parameters: [(index: Int, name: String)]
        var make: @Sendable (Parameters) throws(HTTPError) -> Route
    }

    private enum Segment: Equatable, Sendable {
        case literal(String)
        case parameter(String)
    }

    private var entries: [Entry] = []
    /// The patterns as a tree of segments, so a request visits only the patterns that share its first segments
    /// rather than every one (the places API was the 60th of some 90 patterns: scanning them cost a fifth of its
    /// answer).
    private var tree = [Node()]

    /// One position in the tree: the patterns that end here, and where a literal or a parameter leads.
    private struct Node: Sendable {
        var literals: [String: Int] = [:]
        var parameter: Int?
        /// The entries whose pattern ends here, in the order added.
        var ending: [Int] = []
    }

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
        var node = 0
        for segment in segments {
            let next: Int?
            switch segment {
            case .literal(let text): next = tree[node].literals[text]
            case .parameter: next = tree[node].parameter
            }
            if let next {
                node = next
                continue
            }
            tree.append(Node())
            switch segment {
            case .literal(let text): tree[node].literals[text] = tree.count - 1
            case .parameter: tree[node].parameter = tree.count - 1
            }
            node = tree.count - 1
        }
        tree[node].ending.append(entries.count)
        let parameters = segments.enumerated().compactMap { index, segment -> (Int, String)? in
            if case .parameter(let name) = segment { (index, name) } else { nil }
        }
        entries.append(Entry(method: method, parameters: parameters, make: make))
    }

    /// Adds a pattern without parameters.
    public mutating func add(_ method: Method, _ pattern: String, _ route: Route) {
        add(method, pattern) { _ in route }
    }

    /// The route for a request, or ``HTTPError`` 404/405: the first pattern added that matches the path with the
    /// request's method.
    public func route(_ request: Request) throws(HTTPError) -> Route {
        let method = request.method == .head ? Method.get : request.method
        var matching: [Int] = []
        collect(from: 0, request.pathSegments[...], into: &matching)
        if matching.count > 1 { matching.sort() }
        var allowed: [Method] = []
        for index in matching {
            let entry = entries[index]
            if entry.method == method {
                // The tree matched every literal; the parameters are the path's pieces where the pattern has them.
                var parameters = Parameters(minimumCapacity: entry.parameters.count)
                for (index, name) in entry.parameters { parameters[name] = request.pathSegments[index] }
                return try entry.make(parameters)
            }
            if !allowed.contains(entry.method) { allowed.append(entry.method) }
        }
        if allowed.isEmpty { throw .notFound() }
        if allowed.contains(.get) { allowed.append(.head) }
        throw .methodNotAllowed(allowed: allowed)
    }

    /// Every entry whose pattern matches `path` from `node` on: by literal and by parameter both, as either may.
    private func collect(from node: Int, _ path: ArraySlice<String>, into matching: inout [Int]) {
        guard let piece = path.first else {
            matching.append(contentsOf: tree[node].ending)
            return
        }
        if let next = tree[node].literals[piece] { collect(from: next, path.dropFirst(), into: &matching) }
        if let next = tree[node].parameter { collect(from: next, path.dropFirst(), into: &matching) }
    }
}
