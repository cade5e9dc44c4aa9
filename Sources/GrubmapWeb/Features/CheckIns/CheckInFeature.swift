import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Checking in and out, from the place page's forms and from the API. One check-in per profile: checking in
/// elsewhere moves it; it ends at the policy's limit or when the place closes, whichever is first.
struct CheckInFeature: RouteCollection {
    let checkIns: any CheckInStore
    let policy: CheckInPolicy

    func addRoutes(to routes: inout RouteTable) {
        // The check-in's one write finds the profile by the session's token: the session kept will do.
        routes.add(.post, Paths.checkIn, .page, .requiredKept, checkInForm)
        routes.add(.post, Paths.checkOut, .page, .optional, checkOutForm)
        routes.add(.post, Paths.API.checkIn, .api, .requiredKept, apiCheckIn)
        routes.add(.delete, Paths.API.checkIn, .api, .optional, apiCheckOut)
    }

    /// `POST /places/{id}/checkin`: checks the person in here (moving any check-in elsewhere), or sends them to
    /// make a profile first.
    func checkInForm(_ context: SessionContext, id: Place.ID) throws -> Response {
        guard try checkIn(at: try context.place(id), context: context) != nil else {
            return .redirect(to: Paths.profile(query: [("next", Paths.place(id))]))
        }
        return .redirect(
            to: Paths.place(id, query: [("checked", CheckInChange.checkedIn.rawValue)], fragment: WhosHere.statusID))
    }

    /// `POST /checkout`: ends the person's check-in and goes back where the form said.
    func checkOutForm(_ context: VisitorContext) throws -> Response {
        let form = try context.request.decodeForm(CheckOutForm.self)
        _ = try checkOut(context)
        return .redirect(to: Request.localPath(form.next) ?? Paths.profile())
    }

    /// `POST /api/v1/me/checkin` with `{"placeId"}`.
    func apiCheckIn(_ context: SessionContext) throws -> Response {
        let body = try context.request.decodeJSON(API.CheckInRequest.self, code: "invalid_check_in")
        guard let id = try? Place.ID(body.placeId), let place = try context.parent.knownPlace(id) else {
            throw HTTPError.notFound("placeId: there is no place \"\(body.placeId.prefix(64))\".")
        }
        guard let checkIn = try checkIn(at: place, context: context) else {
            throw HTTPError(
                .conflict, code: "profile_required",
                message: "Make a profile (PUT \(Paths.API.profile())) before checking in.")
        }
        return .json(API.CheckInBody(checkIn), status: .created)
    }

    /// `DELETE /api/v1/me/checkin`.
    func apiCheckOut(_ context: VisitorContext) throws -> Response {
        .json(API.CheckOutBody(checkedOut: try checkOut(context)))
    }

    /// Checks the session's profile in at `place` until the policy's end: one store call, which finds the profile
    /// as it writes. `nil` when the session has no profile yet (nothing is stored).
    private func checkIn(at place: Place, context: SessionContext) throws -> CheckIn? {
        let area = try context.parent.area(place.areaID)
        let timeZone = area.clockTimeZone
        let expiry = policy.expiry(checkingInAt: context.now, to: place, timeZone: timeZone)
        return try checkIns.checkIn(
            sessionToken: context.session.token, at: place.id, from: context.now, until: expiry,
            bucket: PopularTimes.Bucket(instant: context.now, timeZone: timeZone))
    }

    /// Ends the visitor's check-in, if they have a profile with one; whether there was one.
    private func checkOut(_ context: VisitorContext) throws -> Bool {
        guard let session = context.visitor.session else { return false }
        return try checkIns.checkOut(sessionToken: session.token)
    }

    private struct CheckOutForm: Decodable {
        let next: String?
    }
}
