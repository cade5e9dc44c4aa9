import GrubmapHTTP

/// Every route: an address, a method, a kind and a session need next to its handler, each added in one line by the
/// feature it belongs to (Hummingbird's `RouteCollection`).
struct RouteTable: Sendable {
    /// A matched route, ready to answer with the request's context.
    struct Match: Sendable {
        let kind: RouteKind
        /// The route's pattern, like `/places/{id}`, for logs and metrics; `nil` when no route matched.
        let pattern: String?
        /// The answer, errors included: every route runs behind its group's chain, which answers them.
        let answer: @Sendable (RequestContext) -> Response
        /// Whether the answer, tried on the network thread, may find it needs the database and decline
        /// (``addKept(_:_:_:_:_:)``).
        var mayDecline = false
        /// Whether the server may keep the answer and send it again while what it read holds (``addKept(_:_:_:)``,
        /// ``AnswerFreshness``).
        var keepsAnswer = false
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
    /// The exact targets of inline routes whose answers never change while the server runs, for the fast lane.
    private(set) var preparedTargets: [String] = []
    /// The routes that take larger bodies than the server's limit, with theirs.
    private(set) var bodyLimits: [ServerConfiguration.BodyLimit] = []
    private var router = Router<Match>()
    /// The routes that answer from memory and never block, also offered to the server's network threads.
    private var inlineRouter = Router<Match>()

    init(groups: RouteGroups) {
        self.groups = groups
    }

    /// Adds a route. The handler's context type follows from `session`: `.none` gets a ``RequestContext``,
    /// `.optional` a ``VisitorContext``, `.required` a ``SessionContext``. `maximumBodyBytes` lets the route take
    /// larger bodies than the server's limit (a photo upload); the server reads it from ``bodyLimits``.
    mutating func add<Parameter: Sendable, Context>(
        _ method: Method, _ path: SitePath<Parameter>, _ kind: RouteKind, _ session: SessionNeed<Context>,
        maximumBodyBytes: Int? = nil, _ handler: @escaping @Sendable (Context, Parameter) throws -> Response
    ) {
        add(method, path, kind, session, maximumBodyBytes: maximumBodyBytes, keepsAnswer: false, handler)
    }

    private mutating func add<Parameter: Sendable, Context>(
        _ method: Method, _ path: SitePath<Parameter>, _ kind: RouteKind, _ session: SessionNeed<Context>,
        maximumBodyBytes: Int?, keepsAnswer: Bool,
        _ handler: @escaping @Sendable (Context, Parameter) throws -> Response
    ) {
        let chain = session.group(groups)
        let pattern = path.pattern
        entries.append(Entry(method: method, pattern: pattern, kind: kind))
        if let maximumBodyBytes {
            bodyLimits.append(.init(method: method.rawValue, pattern: pattern, bytes: maximumBodyBytes))
        }
        router.add(method, pattern) { captures throws(HTTPError) in
            let parameter = try path.parameter(from: captures)
            var match = Match(kind: kind, pattern: pattern) { context in chain(context) { try handler($0, parameter) } }
            match.keepsAnswer = keepsAnswer
            return match
        }
    }

    /// Adds a page or a read of the API whose answer is mostly kept in memory (``RecentCache``): the server's
    /// network thread tries it first and answers it there when everything it reads is kept (the visitor's session,
    /// the catalog, the page); the first read that would go to the database declines (``NetworkThreadAttempt``), and
    /// a worker answers the request from the start, as any other. Either way the server may keep the answer and send
    /// it again to the same request while everything it read holds (``AnswerFreshness``, ``KeptAnswers``).
    mutating func addKept<Parameter: Sendable>(
        _ path: SitePath<Parameter>, _ kind: RouteKind,
        _ handler: @escaping @Sendable (VisitorContext, Parameter) throws -> Response
    ) {
        add(.get, path, kind, .optional, maximumBodyBytes: nil, keepsAnswer: true, handler)
        let chain = groups.optional
        let pattern = path.pattern
        inlineRouter.add(.get, pattern) { captures throws(HTTPError) in
            let parameter = try path.parameter(from: captures)
            var match = Match(kind: kind, pattern: pattern) { context in
                chain(context) { try handler($0, parameter) }
            }
            match.mayDecline = true
            match.keepsAnswer = true
            return match
        }
    }

    /// Adds a route whose address has no parameter.
    mutating func add<Context>(
        _ method: Method, _ path: SitePath<Void>, _ kind: RouteKind, _ session: SessionNeed<Context>,
        maximumBodyBytes: Int? = nil, _ handler: @escaping @Sendable (Context) throws -> Response
    ) {
        add(method, path, kind, session, maximumBodyBytes: maximumBodyBytes) { (context: Context, _: Void) in
            try handler(context)
        }
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
    /// on its network thread, without handing the request to a worker (assets). No session, no visitor. With
    /// `inlineWhen`, only the requests whose parameter it accepts are answered there; a worker answers the others
    /// with the same handler, which may then wait on the database. `prepared` names exact targets whose answers never
    /// change while the server runs (an asset by its version): the server's fast lane answers them from responses made
    /// once (``App/preparedAnswers``).
    mutating func addInline<Parameter: Sendable>(
        _ method: Method, _ path: SitePath<Parameter>, _ kind: RouteKind,
        inlineWhen accepts: (@Sendable (Parameter) -> Bool)? = nil, prepared: [String] = [],
        _ handler: @escaping @Sendable (RequestContext, Parameter) throws -> Response
    ) {
        add(method, path, kind, .none, handler)
        preparedTargets += prepared
        let chain = groups.none
        inlineRouter.add(method, path.pattern) { captures throws(HTTPError) in
            let parameter = try path.parameter(from: captures)
            // Not found here: ``matchInline(_:)`` declines, and the request goes to a worker.
            if let accepts, !accepts(parameter) { throw HTTPError.notFound("") }
            return Match(kind: kind, pattern: path.pattern) { context in chain(context) { try handler($0, parameter) } }
        }
    }

    /// Adds every route of `collection`.
    mutating func add(_ collection: some RouteCollection) {
        collection.addRoutes(to: &self)
    }

    /// The route for a request. A request that cannot be answered (malformed, too large, no route: 404, or 405 with
    /// `Allow`) gets a match without a pattern whose answer is that error, answered as every other is, in the form
    /// its path suggests.
    func match(_ request: Request) -> Match {
        do throws(HTTPError) {
            if let refusal = request.refusal { throw refusal }
            return try router.route(request)
        } catch {
            let chain = groups.none
            return Match(kind: RouteKind.guess(forPath: request.path), pattern: nil) { context in
                chain(context) { _ in throw error }
            }
        }
    }

    /// The inline route for a request, or `nil` when it is not one (or not even well formed).
    func matchInline(_ request: Request) -> Match? {
        guard request.refusal == nil else { return nil }
        return try? inlineRouter.route(request)
    }
}

extension Request {
    /// Why the server refuses this request before looking for its route: what the server found malformed in it, or
    /// a body over its route's limit.
    var refusal: HTTPError? { problem }
}

/// A feature's routes, registered in one place with the dependencies the feature was made with.
protocol RouteCollection: Sendable {
    func addRoutes(to routes: inout RouteTable)
}
