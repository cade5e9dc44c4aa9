import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// How busy a place usually is, in the JSON API: its check-ins and line reports per weekday and hour of the last 8
/// weeks on its area's clock, and what that says about now.
struct PopularTimesAPI: RouteCollection {
    let live: any LiveStore

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.API.popularTimes, .api, .optional, popularTimes)
    }

    /// `GET /api/v1/places/{id}/popular-times`: 200 with the 7 days of 24 levels (0…100, a share of the place's
    /// busiest hour), `now` when anything is counted, and `sample`; 404 for an unknown place.
    func popularTimes(_ context: VisitorContext, id: Place.ID) throws -> Response {
        let place = try context.place(id)
        let timeZone = try context.area(place.areaID).clockTimeZone
        let times = try live.popularTimes(placeID: id, at: context.now, in: timeZone)
        return .json(API.PopularTimesBody(placeID: id, timeZone: timeZone, times: times, at: context.now))
    }
}

extension LiveStore {
    /// The place's counters of the 8 weeks up to the one holding `instant` on a clock in `timeZone`.
    func popularTimes(placeID: Place.ID, at instant: Date, in timeZone: TimeZone) throws -> PopularTimes {
        let week = PopularTimes.Bucket(instant: instant, timeZone: timeZone).week
        return try popularTimes(placeID: placeID, weeks: PopularTimes.window(endingAt: week))
    }
}
