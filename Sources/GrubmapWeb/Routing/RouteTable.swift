import GrubmapHTTP

/// Every route: an address, a method, a kind and a session need next to its handler, each added in one line by the
/// feature it belongs to (Hummingbird's `RouteCollection`).
struct RouteTable: Sendable {
    /// A matched route, ready to answer with the request's context.
    struct Match: Sendable {
        let kind: RouteKind
        /// The route's pattern, like `/places/{id}`, for logs and metrics.
        let pattern: String
        let answer: @Sendable (RequestContext) throws -> Response
    }

    /// A route as the table lists it.
    struct Entry: Sendable, Equatable {
        let method: Method
        let pattern: String
        let kind: RouteKind
    }

    let groups: RouteGroups
    /// Every route, in the order added: what the OpenAPI test compares with the document, and the metrics' series.
    private(set) var entries: [Entry] = []
    /// Every console route behind an operator's scope, for the tests that try each one as another area's operator.
    private(set) var consoleRoutes: [(method: Method, pattern: String)] = []
    /// Every admin API route, for the tests that try each one with another area's key.
    private(set) var adminAPIRoutes: [(method: Method, pattern: String)] = []
    private var router = Router<Match>()
    /// The routes that answer from memory and never block, also offered to the server's network threads.
    private var inlineRouter = Router<Match>()

    init(groups: RouteGroups) {
        self.groups = groups
    }

    /// Adds a route. The handler's context type follows from `session`: `.none` gets a ``RequestContext``,
    /// `.optional` a ``VisitorContext``, `.required` a ``SessionContext``.
    mutating func add<Parameter: Sendable, Context>(
        _ method: Method, _ path: SitePath<Parameter>, _ kind: RouteKind, _ session: SessionNeed<Context>,
        _ handler: @escaping @Sendable (Context, Parameter) throws -> Response
    ) {
        let chain = session.group(groups)
        let pattern = path.pattern
        entries.append(Entry(method: method, pattern: pattern, kind: kind))
        router.add(method, pattern) { captures throws(HTTPError) in
            let parameter = try path.parameter(from: captures)
            return Match(kind: kind, pattern: pattern) { context in
                try chain(context) { inner in try handler(inner, parameter) }
            }
        }
    }

    /// Adds a route whose address has no parameter.
    mutating func add<Context>(
        _ method: Method, _ path: SitePath<Void>, _ kind: RouteKind, _ session: SessionNeed<Context>,
        _ handler: @escaping @Sendable (Context) throws -> Response
    ) {
        add(method, path, kind, session) { (context: Context, _: Void) in try handler(context) }
    }

    /// Adds a console page: the operator's session is checked by the group's middleware, then `scope` narrows the
    /// context to what the address names (an area or a place of the operator's, or admins only), refusing anything
    /// else before the handler runs.
    mutating func add<Parameter: Sendable, Scoped>(
        _ method: Method, _ path: SitePath<Parameter>, _ scope: ConsoleScope<Parameter, Scoped>,
        _ handler: @escaping @Sendable (Scoped) throws -> Response
    ) {
        consoleRoutes.append((method, path.pattern))
        add(method, path, .page, .console) { (context: ConsoleContext, parameter: Parameter) in
            try handler(try scope.resolve(context, parameter))
        }
    }

    /// Adds an admin API route: the key is checked by the group's middleware, then `scope` narrows it to what the
    /// address names in the key's area, refusing anything else before the handler runs.
    mutating func add<Parameter: Sendable, Scoped>(
        _ method: Method, _ path: SitePath<Parameter>, _ scope: AdminAPIScope<Parameter, Scoped>,
        _ handler: @escaping @Sendable (Scoped) throws -> Response
    ) {
        adminAPIRoutes.append((method, path.pattern))
        add(method, path, .api, .apiKey) { (context: AdminAPIContext, parameter: Parameter) in
            try handler(try scope.resolve(context, parameter))
        }
    }

    /// Adds a route that answers from memory, never waiting on the database or anything else: the server answers it
    /// on its network thread, without handing the request to a worker (assets). No session, no visitor.
    mutating func addInline<Parameter: Sendable>(
        _ method: Method, _ path: SitePath<Parameter>, _ kind: RouteKind,
        _ handler: @escaping @Sendable (RequestContext, Parameter) throws -> Response
    ) {
        add(method, path, kind, .none, handler)
        inlineRouter.add(method, path.pattern) { captures throws(HTTPError) in
            let parameter = try path.parameter(from: captures)
            return Match(kind: kind, pattern: path.pattern) { context in try handler(context, parameter) }
        }
    }

    /// Adds every route of `collection`.
    mutating func add(_ collection: some RouteCollection) {
        collection.addRoutes(to: &self)
    }

    /// The route for a request; ``HTTPError`` 404 or 405 (with `Allow`) when there is none.
    func match(_ request: Request) throws(HTTPError) -> Match {
        try router.route(request)
    }

    /// The inline route for a request, or `nil` when it is not one (or not even well formed).
    func matchInline(_ request: Request) -> Match? {
        try? inlineRouter.route(request)
    }
}

/// A feature's routes, registered in one place with the dependencies the feature was made with.
protocol RouteCollection: Sendable {
    func addRoutes(to routes: inout RouteTable)
}
