import GrubmapAPI
import GrubmapHTTP

/// Turns any error into the answer its route's kind calls for: JSON `{"error": {"code", "message"}}` for the API,
/// an error page in the person's language for people. Errors that are not ``HTTPResponseError`` are Grubmap's own
/// faults: logged, and answered 500 without details. An error answer is never kept (`Cache-Control: no-store`): a
/// 429 or 503 kept by a browser would outlive its cause.
///
/// It runs in one place, outermost in every route group (``MiddlewareChain``); a middleware with more to say about
/// a failure that passes through it throws it on as an ``EditedFailure``.
enum ErrorResponses {
    static func response(for error: any Error, context: RequestContext) -> Response {
        var strings = context.strings
        var headers = Headers()
        var error = error
        while let edited = error as? EditedFailure {
            strings = edited.strings ?? strings
            for (name, value) in edited.headers { headers.add(name: name, value: value) }
            error = edited.underlying
        }
        let request = context.request
        let log = context.environment.log
        let failure: HTTPError
        var logged: String
        if let known = error as? any HTTPResponseError {
            failure = known.httpError
            logged = "\(failure.code): \(failure.message)"
            if failure.status.code >= 500 {
                logged = "\(failure.code): \(error)"
                log("\(failure.code): \(Self.line(request)): \(error)")
            }
        } else {
            logged = "internal_error: \(error)"
            log("error: \(Self.line(request)): \(error)")
            failure = HTTPError(
                .internalServerError, code: "internal_error",
                message: "Grubmap could not answer this request. Try again in a moment.")
        }
        var response: Response
        switch context.kind {
        case .api:
            response = .json(
                API.ErrorBody(error: .init(code: failure.code, message: failure.message)), status: failure.status)
        case .page:
            response = .html(ErrorPage(strings: strings, error: failure).render(), status: failure.status)
        }
        for (name, value) in failure.headers { response.headers[name] = value }
        for (name, value) in headers { response.headers.add(name: name, value: value) }
        response.headers["Cache-Control"] = "no-store"
        response.failure = logged
        return response
    }

    /// The request as a log line shows it: method and path escaped, so no path can forge a line, and its id.
    private static func line(_ request: Request) -> String {
        AccessLog.escaped(request.method.rawValue) + " " + AccessLog.escaped(request.path)
            + (request.id.isEmpty ? "" : " id=" + AccessLog.escaped(request.id))
    }
}

/// A failure passing out through a middleware that knows more about how to answer it, as Hummingbird's
/// `EditedHTTPError`: the strings of the visitor it happened to (their chosen language, which the bare request does
/// not carry) and headers the answer still needs (the cookies of a session made before the failure).
struct EditedFailure: Error {
    let underlying: any Error
    var strings: Strings?
    var headers: Headers
}
