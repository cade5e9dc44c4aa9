import GrubmapHTTP

/// Refuses a visitor's change past their per-minute allowance with 429 and `Retry-After`. A visitor is their
/// browser's device (whose first change may make their session), else their session (API clients), else their
/// address.
struct WriteLimits: RouteMiddleware {
    let limiter: RateLimiter

    func handle(_ context: VisitorContext, next: (VisitorContext) throws -> Response) throws -> Response {
        guard context.request.method.mayChange else { return try next(context) }
        let visitor = context.visitor
        let key =
            visitor.deviceIsKnown
            ? "device " + visitor.device.id
            : visitor.session.map { "session " + $0.token } ?? "address " + context.clientAddress
        if let wait = limiter.record(key, at: context.now) {
            throw HTTPError(
                .tooManyRequests, code: "rate_limited",
                message: CheckInStrings.forLanguage(context.language).tooManyChanges,
                headers: ["Retry-After": "\(wait)"])
        }
        return try next(context)
    }
}
