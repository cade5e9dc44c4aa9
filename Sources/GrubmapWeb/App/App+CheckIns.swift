import Foundation
import GrubmapCore
import GrubmapHTTP

extension App {
    /// `POST /places/{id}/checkin`: checks the person in here (moving any check-in elsewhere), or sends them to
    /// make a profile first.
    func checkInForm(_ id: Place.ID, request: Request, visitor: Visitor) throws -> Response {
        let form = try request.formFields()
        try requireCSRF(visitor, request: request, formToken: form["csrf"])
        guard let profile = try environment.store.profile(sessionToken: visitor.session!.token) else {
            return .redirect(to: "/profile?next=/places/\(id)")
        }
        try checkIn(profile, at: try place(id))
        return .redirect(to: "/places/\(id)")
    }

    /// `POST /checkout`: ends the person's check-in and goes back where the form said.
    func checkOutForm(request: Request, visitor: Visitor) throws -> Response {
        let form = try request.formFields()
        try requireCSRF(visitor, request: request, formToken: form["csrf"])
        if let profile = try environment.store.profile(sessionToken: visitor.session!.token) {
            try environment.store.checkOut(profileID: profile.id)
        }
        return .redirect(to: Self.localPath(form["next"]) ?? "/profile")
    }

    /// `POST /api/v1/me/checkin` with `{"placeId"}`.
    func apiCheckIn(request: Request, visitor: Visitor) throws -> Response {
        try requireCSRF(visitor, request: request, formToken: nil)
        let object = try jsonObject(request)
        guard let text = object["placeId"] as? String else {
            throw HTTPError.badRequest("placeId: give the id of the place to check in at.", code: "invalid_check_in")
        }
        guard let id = try? Place.ID(text), let place = try environment.store.place(id: id) else {
            throw HTTPError.notFound("placeId: there is no place \"\(text.prefix(64))\".")
        }
        guard let profile = try environment.store.profile(sessionToken: visitor.session!.token) else {
            throw HTTPError(
                .conflict, code: "profile_required",
                message: "Make a profile (PUT /api/v1/me/profile) before checking in.")
        }
        return .json(API.CheckInBody(try checkIn(profile, at: place)), status: .created)
    }

    /// `DELETE /api/v1/me/checkin`.
    func apiCheckOut(request: Request, visitor: Visitor) throws -> Response {
        try requireCSRF(visitor, request: request, formToken: nil)
        var checkedOut = false
        if let token = visitor.session?.token, let profile = try environment.store.profile(sessionToken: token) {
            checkedOut = try environment.store.checkOut(profileID: profile.id)
        }
        return .json(["checkedOut": checkedOut])
    }

    @discardableResult
    private func checkIn(_ profile: Profile, at place: Place) throws -> CheckIn {
        let area = try area(place.areaID)
        let now = environment.now()
        let expiry = environment.configuration.checkInPolicy.expiry(
            checkingInAt: now, to: place, timeZone: TimeZone(identifier: area.timeZone) ?? .gmt)
        let checkIn = CheckIn(profileID: profile.id, placeID: place.id, startedAt: now, expiresAt: expiry)
        try environment.store.checkIn(checkIn)
        return checkIn
    }
}
