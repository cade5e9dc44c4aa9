import GrubmapHTTP
import GrubmapStore

/// A step in front of a group of routes that may hand its handlers a richer context, as Hummingbird's middleware
/// builds a child context: the visitor from the bare request, a session from the visitor.
protocol RouteMiddleware<Input, Output>: Sendable {
    associatedtype Input
    associatedtype Output
    /// Answers by calling `next` with the context it builds (or by not calling it, to refuse the request).
    func handle(_ context: Input, next: (Output) throws -> Response) throws -> Response
}

/// The middleware of a route group, outermost first, ready to run a handler with the context they build.
///
/// Every chain starts at ``answeringErrors``, so the outermost step of every group is the one that turns an error
/// into its answer (``ErrorResponses``): whatever a middleware or a handler throws is answered there, in the form
/// the route's kind calls for, and running a chain never throws.
struct MiddlewareChain<Context>: Sendable {
    private let run: @Sendable (RequestContext, (Context) throws -> Response) throws -> Response

    private init(_ run: @escaping @Sendable (RequestContext, (Context) throws -> Response) throws -> Response) {
        self.run = run
    }

    /// Runs `handler` behind every middleware of the chain; an error thrown on the way becomes its answer.
    func callAsFunction(_ context: RequestContext, _ handler: (Context) throws -> Response) -> Response {
        do {
            return try run(context, handler)
        } catch {
            // Handed to a worker, which answers it from the start: nothing to answer or log here.
            if NetworkThreadAttempt.isDeclined { return Response(status: .serviceUnavailable) }
            return ErrorResponses.response(for: error, context: context)
        }
    }

    /// This chain followed by `middleware`, whose handlers get the context it builds.
    func adding<Next: RouteMiddleware>(_ middleware: Next) -> MiddlewareChain<Next.Output> where Next.Input == Context {
        let run = self.run
        return MiddlewareChain<Next.Output> { context, handler in
            try run(context) { inner in try middleware.handle(inner, next: handler) }
        }
    }
}

extension MiddlewareChain where Context == RequestContext {
    /// Only the error answers: the handler gets the bare request context. Every group starts here.
    static var answeringErrors: MiddlewareChain { MiddlewareChain { context, handler in try handler(context) } }
}

/// The three route groups, by what their handlers need of a session; each route names its group with a
/// ``SessionNeed``, so the handler's context type and the middleware in front of it always agree.
struct RouteGroups: Sendable {
    /// No visitor at all: assets, the health check, avatars.
    let none: MiddlewareChain<RequestContext>
    /// The visitor, with a session when they have one: every page and read of the API, and changes that a device
    /// cookie can hold.
    let optional: MiddlewareChain<VisitorContext>
    /// A session, made now if the visitor has none: changes stored in the database.
    let required: MiddlewareChain<SessionContext>
    /// As ``required``, for a write that finds the session's profile again by its token: the session kept from an
    /// earlier request will do (``VisitorResolution/SessionReading/keptForWritesThatCheckIt``).
    let requiredKept: MiddlewareChain<SessionContext>
    /// The operator console's sign-in and set-up pages: no operator yet, and no visitor either.
    let consoleGuest: MiddlewareChain<ConsoleGuestContext>
    /// The operator console: a signed-in operator, or a redirect to sign in.
    let console: MiddlewareChain<ConsoleContext>
    /// The admin API: a valid API key, or 401.
    let adminAPI: MiddlewareChain<AdminAPIContext>
}

/// What a route's handler needs of a session, which decides its context type and middleware group.
struct SessionNeed<Context>: Sendable {
    let group: @Sendable (RouteGroups) -> MiddlewareChain<Context>
}

extension SessionNeed where Context == RequestContext {
    /// No visitor or session: the handler never touches sessions (nor, for assets, the database).
    static var none: SessionNeed { SessionNeed { $0.none } }
}

extension SessionNeed where Context == VisitorContext {
    /// The visitor, whose session may or may not exist: nothing is stored for a first visit.
    static var optional: SessionNeed { SessionNeed { $0.optional } }
}

extension SessionNeed where Context == ConsoleGuestContext {
    /// Someone signing in to the console or setting up their account.
    static var consoleGuest: SessionNeed { SessionNeed { $0.consoleGuest } }
}

extension SessionNeed where Context == ConsoleContext {
    /// A signed-in operator (console routes add them through a ``ConsoleScope``).
    static var console: SessionNeed { SessionNeed { $0.console } }
}

extension SessionNeed where Context == AdminAPIContext {
    /// A program with an API key (admin API routes add them through an ``AdminAPIScope``).
    static var apiKey: SessionNeed { SessionNeed { $0.adminAPI } }
}

extension SessionNeed where Context == SessionContext {
    /// A stored session, made by this request if the visitor has none yet; the handler's context holds it.
    static var required: SessionNeed { SessionNeed { $0.required } }

    /// As ``required``, for a handler whose one write finds the person's profile by the session's token, so it
    /// stores nothing for a session gone meanwhile and changes nothing of the session or its preferences (a
    /// check-in): the session kept from the last request (``AppCaches/sessions``, at most its lifetime old) will
    /// do, which spares the write the session's read before it.
    static var requiredKept: SessionNeed { SessionNeed { $0.requiredKept } }
}
