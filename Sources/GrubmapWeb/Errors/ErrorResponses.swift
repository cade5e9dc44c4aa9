import GrubmapAPI
import GrubmapHTTP

/// Turns any error into the answer its route's kind calls for: JSON `{"error": {"code", "message"}}` for the API,
/// an error page in the person's language for people. Errors that are not ``HTTPResponseError`` are Grubmap's own
/// faults: logged, and answered 500 without details.
enum ErrorResponses {
    static func response(
        for error: any Error, kind: RouteKind, strings: Strings, request: Request, log: (String) -> Void
    ) -> Response {
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
        switch kind {
        case .api:
            response = .json(
                API.ErrorBody(error: .init(code: failure.code, message: failure.message)), status: failure.status)
        case .page:
            response = .html(ErrorPage(strings: strings, error: failure).render(), status: failure.status)
        }
        for (name, value) in failure.headers { response.headers[name] = value }
        response.failure = logged
        return response
    }

    /// The request as a log line shows it: method and path escaped, so no path can forge a line, and its id.
    private static func line(_ request: Request) -> String {
        AccessLog.escaped(request.method.rawValue) + " " + AccessLog.escaped(request.path)
            + (request.id.isEmpty ? "" : " id=" + AccessLog.escaped(request.id))
    }
}
