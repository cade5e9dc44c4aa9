import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Checking in and out, from the place page's forms and from the API. One check-in per profile: checking in
/// elsewhere moves it; it ends at the policy's limit or when the place closes, whichever is first.
struct CheckInFeature: RouteCollection {
    let profiles: any ProfileStore
    let checkIns: any CheckInStore
    let policy: CheckInPolicy

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.post, Paths.checkIn, .page, .required, checkInForm)
        routes.add(.post, Paths.checkOut, .page, .optional, checkOutForm)
        routes.add(.post, Paths.API.checkIn, .api, .required, apiCheckIn)
        routes.add(.delete, Paths.API.checkIn, .api, .optional, apiCheckOut)
    }

    /// `POST /places/{id}/checkin`: checks the person in here (moving any check-in elsewhere), or sends them to
    /// make a profile first.
    func checkInForm(_ context: SessionContext, id: Place.ID) throws -> Response {
        let place = try context.place(id)
        guard let profile = try profiles.profile(sessionToken: context.session.token) else {
            return .redirect(to: Paths.profile(query: [("next", Paths.place(id))]))
        }
        try checkIn(profile, at: place, context: context.parent)
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
        guard let id = try? Place.ID(body.placeId), let place = try context.places.place(id: id) else {
            throw HTTPError.notFound("placeId: there is no place \"\(body.placeId.prefix(64))\".")
        }
        guard let profile = try profiles.profile(sessionToken: context.session.token) else {
            throw HTTPError(
                .conflict, code: "profile_required",
                message: "Make a profile (PUT \(Paths.API.profile())) before checking in.")
        }
        return .json(API.CheckInBody(try checkIn(profile, at: place, context: context.parent)), status: .created)
    }

    /// `DELETE /api/v1/me/checkin`.
    func apiCheckOut(_ context: VisitorContext) throws -> Response {
        .json(API.CheckOutBody(checkedOut: try checkOut(context)))
    }

    @discardableResult
    private func checkIn(_ profile: Profile, at place: Place, context: VisitorContext) throws -> CheckIn {
        let area = try context.area(place.areaID)
        let expiry = policy.expiry(
            checkingInAt: context.now, to: place, timeZone: TimeZone(identifier: area.timeZone) ?? .gmt)
        let checkIn = CheckIn(profileID: profile.id, placeID: place.id, startedAt: context.now, expiresAt: expiry)
        try checkIns.checkIn(checkIn)
        return checkIn
    }

    /// Ends the visitor's check-in, if they have a profile with one; whether there was one.
    private func checkOut(_ context: VisitorContext) throws -> Bool {
        guard let session = context.visitor.session, let profile = try profiles.profile(sessionToken: session.token)
        else { return false }
        return try checkIns.checkOut(profileID: profile.id)
    }

    private struct CheckOutForm: Decodable {
        let next: String?
    }
}
