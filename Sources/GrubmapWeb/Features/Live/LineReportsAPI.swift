import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// "How's the line?" in the JSON API: one tap by someone at a place, counted for 20 minutes, once per person and
/// place every 10 minutes. A person is their session, else their signed device cookie: no profile is needed.
struct LineReportsAPI: RouteCollection {
    let live: any LiveStore
    var policy = LineReportPolicy.standard

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.post, Paths.API.lineReports, .api, .optional, report)
    }

    /// `POST /api/v1/places/{id}/line-reports` with `{"level"}`: 201 with the place's busyness counting the report;
    /// 429 with `Retry-After` when the person reported this place less than 10 minutes ago; 400 `invalid_level`
    /// naming `level`; 403 `device_required` without a session or a device cookie the server signed; 404 for an
    /// unknown place. Nothing is stored unless it answers 201.
    func report(_ context: VisitorContext, id: Place.ID) throws -> Response {
        let place = try context.place(id)
        let body = try context.request.decodeJSON(API.LineReportRequest.self, code: "invalid_level")
        let reporter = try context.visitor.reporterKey()
        let area = try context.area(place.areaID)
        let result: LineReportResult
        do {
            result = try live.reportLine(
                placeID: id, reporter: reporter, level: body.level, at: context.now,
                bucket: PopularTimes.Bucket(instant: context.now, timeZone: area.clockTimeZone), policy: policy)
        } catch StoreError.unknownPlace {
            throw HTTPError.notFound("There is no place \"\(id)\".")
        }
        switch result {
        case .stored:
            let counts = try live.busyness(atPlace: id, at: context.now)
            return .json(
                API.LineReportBody(busyness: API.Busyness(counts.busyness(seats: place.seats))), status: .created)
        case .tooSoon(let seconds):
            throw HTTPError(
                .tooManyRequests, code: "rate_limited",
                message: "You reported this line less than \(policy.intervalSeconds / 60) minutes ago; "
                    + "report it again in \(seconds) seconds.",
                headers: ["Retry-After": "\(seconds)"])
        }
    }
}
