/// Something that answers requests: the application, or the application wrapped in middleware.
public typealias Responder = @Sendable (Request) -> Response

/// Wraps a responder to do something before or after it, such as logging.
public protocol Middleware: Sendable {
    /// Answers `request`, usually by calling `next` and adjusting what it gives.
    func respond(to request: Request, next: Responder) -> Response
}

extension Middleware {
    /// This middleware in front of `responder`.
    public func wrapping(_ responder: @escaping Responder) -> Responder {
        { request in self.respond(to: request, next: responder) }
    }
}
