import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// An error that knows the HTTP answer it becomes, as Hummingbird's `HTTPResponseError`: handlers throw domain
/// errors as they are, and this file is the one place that says what each means in HTTP.
protocol HTTPResponseError: Error {
    var httpError: HTTPError { get }
}

extension HTTPError: HTTPResponseError {
    var httpError: HTTPError { self }
}

extension DatabaseUnavailableError: HTTPResponseError {
    var httpError: HTTPError {
        HTTPError(
            .serviceUnavailable, code: "database_unavailable",
            message: "Grubmap cannot reach its database just now. Try again in a moment.",
            headers: ["Retry-After": "5"])
    }
}

extension PreferenceError: HTTPResponseError {
    var httpError: HTTPError { HTTPError(.badRequest, code: "invalid_preference", message: description, field: field) }
}

extension FareTripError: HTTPResponseError {
    var httpError: HTTPError {
        let message = "\(parameter): \(description)."
        let code =
            switch self {
            case .unknownArea, .unknownPlace: "not_found"
            case .areaMismatch: "area_mismatch"
            case .noAreaContains: "area_required"
            case .noFareSchedule: "no_fare_schedule"
            }
        return HTTPError(isNotFound ? .notFound : .badRequest, code: code, message: message, field: parameter)
    }
}
