import GrubmapHTTP

/// Refuses a change that does not prove it comes from Grubmap's own pages: forms carry the visitor's CSRF token in
/// a `csrf` field, scripts in an `X-CSRF-Token` header. Bearer-token requests need neither (browsers never add
/// bearer tokens by themselves); reads pass.
struct CSRFProtection: RouteMiddleware {
    func handle(_ context: VisitorContext, next: (VisitorContext) throws -> Response) throws -> Response {
        let request = context.request
        guard request.method.mayChange, context.visitor.credential != .bearer else { return try next(context) }
        let token = (try? request.formFields())?["csrf"] ?? request.headers["X-CSRF-Token"]
        guard context.visitor.hasCSRFToken(token) else {
            throw HTTPError(
                .forbidden, code: "csrf",
                message: "This form has expired or did not come from Grubmap. Reload the page and try again.")
        }
        return try next(context)
    }
}
