import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapImaging
import GrubmapStore

/// The profile others see: `/profile` to make or edit it (with a picture), `/avatars/{id}` to show pictures, and
/// `/api/v1/me/profile`. Saving a profile is a stored change: it makes the visitor's session if they have none.
struct ProfileFeature: RouteCollection {
    let profiles: any ProfileStore
    let checkIns: any CheckInStore

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.profile, .page, .optional, profilePage)
        routes.add(.post, Paths.profile, .page, .required, saveProfile)
        routes.add(.get, Paths.avatar, .page, .none, avatar)
        routes.add(.get, Paths.API.profile, .api, .optional, apiProfile)
        routes.add(.put, Paths.API.profile, .api, .required, apiSaveProfile)
    }

    /// `GET /profile`.
    func profilePage(_ context: VisitorContext) throws -> Response {
        let profile = try context.visitor.session.flatMap { try profiles.profile(sessionToken: $0.token) }
        let draft = profile.map {
            ProfileDraft(firstName: $0.firstName, lastName: $0.lastName, company: $0.company, bio: $0.bio)
        }
        let query = context.request.query
        let page = try view(
            context, profile: profile, draft: draft, next: query["next"], isSaved: query["saved"] == "1")
        return .html(page.render())
    }

    /// `POST /profile` (multipart, for the picture): saves every field or none, showing problems next to the
    /// fields with what was typed kept.
    func saveProfile(_ context: SessionContext) throws -> Response {
        let request = context.request
        let form = try request.decodeForm(ProfileForm.self, code: "invalid_profile")
        let draft = ProfileDraft(
            firstName: form.firstName ?? "", lastName: form.lastName ?? "", company: form.company ?? "",
            bio: form.bio ?? "")
        var problems = draft.problems
        var avatar = form.removeAvatar ? AvatarChange.remove : .keep
        if let upload = request.formParts.first(where: { $0.name == "avatar" && $0.filename != nil }),
            !upload.data.isEmpty
        {
            do throws(AvatarError) {
                avatar = .replace(try AvatarMaker.make(from: upload.data))
            } catch {
                problems["avatar"] = error.description
            }
        }
        let existing = try profiles.profile(sessionToken: context.session.token)
        let next = Request.localPath(form.next)
        guard problems.isEmpty else {
            let page = try view(context.parent, profile: existing, draft: draft.clipped, next: next, problems: problems)
            return .html(page.render(), status: .unprocessableContent)
        }
        try store(draft.normalized, avatar: avatar, existing: existing, context: context)
        // Back where the person was going (the place they wanted to check in at), which says the profile is saved.
        guard let next else { return .redirect(to: Paths.profile(query: [("saved", "1")])) }
        return .redirect(to: Request.adding(("checked", CheckInChange.profileSaved.rawValue), to: next))
    }

    /// `GET /avatars/{id}`: a picture Grubmap made from an upload (one stored before pictures were made anew is made
    /// now, and one that cannot be is not shown).
    func avatar(_ context: RequestContext, id: Profile.ID) throws -> Response {
        guard let stored = try profiles.avatar(profileID: id),
            let avatar = AvatarMaker.made(stored.bytes) ? stored : try? AvatarMaker.make(from: stored.bytes)
        else {
            throw HTTPError.notFound("There is no picture here.")
        }
        var response = Response(status: .ok, headers: ["Content-Type": avatar.type.rawValue], body: avatar.bytes)
        response.headers["Cache-Control"] = "no-cache"
        response.headers["Content-Security-Policy"] = "default-src 'none'"
        return response
    }

    /// `GET /api/v1/me/profile`.
    func apiProfile(_ context: VisitorContext) throws -> Response {
        guard let session = context.visitor.session, let profile = try profiles.profile(sessionToken: session.token)
        else {
            throw HTTPError.notFound("You have no profile yet; PUT one.")
        }
        return .json(API.ProfileBody(profile))
    }

    /// `PUT /api/v1/me/profile` with `{"firstName", "lastName", "company"?, "bio"?}`; 400 names a bad field.
    func apiSaveProfile(_ context: SessionContext) throws -> Response {
        let body = try context.request.decodeJSON(API.ProfileRequest.self, code: "invalid_profile")
        let draft = ProfileDraft(
            firstName: body.firstName ?? "", lastName: body.lastName ?? "", company: body.company ?? "",
            bio: body.bio ?? "")
        if let (field, problem) = draft.problems.sorted(by: { $0.key < $1.key }).first {
            throw HTTPError.badRequest("\(field): \(problem).", code: "invalid_profile", field: field)
        }
        let existing = try profiles.profile(sessionToken: context.session.token)
        let saved = try store(draft.normalized, avatar: .keep, existing: existing, context: context)
        return .json(API.ProfileBody(saved))
    }

    @discardableResult
    private func store(_ draft: ProfileDraft, avatar: AvatarChange, existing: Profile?, context: SessionContext) throws
        -> Profile
    {
        let id = try existing?.id ?? Profile.ID(Hex.encode(context.environment.randomBytes(12)))
        let profile = Profile(
            id: id, firstName: draft.firstName, lastName: draft.lastName, company: draft.company, bio: draft.bio)
        try profiles.saveProfile(profile, sessionToken: context.session.token, avatar: avatar)
        return try profiles.profile(id: id) ?? profile
    }

    private func view(
        _ context: VisitorContext, profile: Profile?, draft: ProfileDraft?, next: String?, isSaved: Bool = false,
        problems: [String: String] = [:]
    ) throws -> ProfilePage {
        var checkIn: (place: Place, until: Date)?
        if let profile, let active = try checkIns.checkIn(profileID: profile.id, activeAt: context.now),
            let place = try context.places.place(id: active.placeID)
        {
            checkIn = (place, active.expiresAt)
        }
        let timeZone =
            try checkIn.flatMap { try context.catalog.area($0.place.areaID) }
            .flatMap { TimeZone(identifier: $0.timeZone) } ?? .current
        return ProfilePage(
            strings: context.strings, checkInStrings: CheckInStrings.forLanguage(context.language), profile: profile,
            draft: draft ?? ProfileDraft(firstName: "", lastName: ""), problems: problems,
            csrfToken: context.visitor.csrfToken, next: Request.localPath(next), isSaved: isSaved, checkIn: checkIn,
            timeZone: timeZone, areas: try context.headerAreas(),
            justCheckedOut: context.request.query["checked"] == CheckInChange.checkedOut.rawValue)
    }

    /// The profile form's text fields (the picture is a file part).
    private struct ProfileForm: Decodable {
        let firstName: String?
        let lastName: String?
        let company: String?
        let bio: String?
        let next: String?
        let removeAvatar: Bool

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            firstName = try container.decodeIfPresent(String.self, forKey: .firstName)
            lastName = try container.decodeIfPresent(String.self, forKey: .lastName)
            company = try container.decodeIfPresent(String.self, forKey: .company)
            bio = try container.decodeIfPresent(String.self, forKey: .bio)
            next = try container.decodeIfPresent(String.self, forKey: .next)
            removeAvatar = try container.decodeIfPresent(Bool.self, forKey: .removeAvatar) ?? false
        }

        private enum CodingKeys: String, CodingKey {
            case firstName, lastName, company, bio, next, removeAvatar
        }
    }
}

/// Bytes as lowercase hexadecimal, two digits each.
enum Hex {
    static func encode(_ bytes: [UInt8]) -> String {
        bytes.map { byte in String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16) }.joined()
    }
}
