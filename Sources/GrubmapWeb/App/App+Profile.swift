import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

extension App {
    /// Refuses a session's write past its per-minute allowance with 429 and `Retry-After`.
    func limitWrites(_ request: Request, visitor: Visitor) throws(HTTPError) {
        guard request.method != .get, request.method != .head, let token = visitor.session?.token else { return }
        if let wait = rateLimiter.record(token, at: environment.now()) {
            throw HTTPError(
                .tooManyRequests, code: "rate_limited",
                message: CheckInStrings.forLanguage(visitor.language).tooManyChanges,
                headers: ["Retry-After": "\(wait)"])
        }
    }

    /// `GET /profile`.
    func profilePage(request: Request, visitor: Visitor) throws -> Response {
        let profile = try environment.store.profile(sessionToken: visitor.session!.token)
        let draft = profile.map {
            ProfileDraft(firstName: $0.firstName, lastName: $0.lastName, company: $0.company, bio: $0.bio)
        }
        return .html(
            try profileView(
                visitor: visitor, profile: profile, draft: draft, next: request.query["next"],
                isSaved: request.query["saved"] == "1"
            ).render())
    }

    /// `POST /profile` (multipart, for the picture): saves every field or none, showing problems next to the
    /// fields with what was typed kept.
    func saveProfile(request: Request, visitor: Visitor) throws -> Response {
        let form = try request.formFields()
        try requireCSRF(visitor, request: request, formToken: form["csrf"])
        let draft = ProfileDraft(
            firstName: form["firstName"] ?? "", lastName: form["lastName"] ?? "", company: form["company"] ?? "",
            bio: form["bio"] ?? "")
        var problems = draft.problems
        var avatar = AvatarChange.keep
        if form["removeAvatar"] == "on" { avatar = .remove }
        if let upload = request.formParts.first(where: { $0.name == "avatar" && $0.filename != nil }),
            !upload.data.isEmpty
        {
            do throws(AvatarError) {
                avatar = .replace(try Avatar(bytes: upload.data))
            } catch {
                problems["avatar"] = error.description
            }
        }
        let existing = try environment.store.profile(sessionToken: visitor.session!.token)
        let next = Self.localPath(form["next"])
        guard problems.isEmpty else {
            let page = try profileView(
                visitor: visitor, profile: existing, draft: draft, next: next, problems: problems)
            return .html(page.render(), status: .unprocessableContent)
        }
        try store(draft.normalized, avatar: avatar, existing: existing, session: visitor.session!)
        return .redirect(to: next ?? "/profile?saved=1")
    }

    private func store(_ draft: ProfileDraft, avatar: AvatarChange, existing: Profile?, session: Session) throws {
        let id = try existing?.id ?? Profile.ID(Self.hex(environment.randomBytes(12)))
        let profile = Profile(
            id: id, firstName: draft.firstName, lastName: draft.lastName, company: draft.company, bio: draft.bio)
        try environment.store.saveProfile(profile, sessionToken: session.token, avatar: avatar)
    }

    private func profileView(
        visitor: Visitor, profile: Profile?, draft: ProfileDraft?, next: String?, isSaved: Bool = false,
        problems: [String: String] = [:]
    ) throws -> ProfilePage {
        let now = environment.now()
        var checkIn: (place: Place, until: Date)?
        if let profile, let active = try environment.store.checkIn(profileID: profile.id, activeAt: now),
            let place = try environment.store.place(id: active.placeID)
        {
            checkIn = (place, active.expiresAt)
        }
        let timeZone =
            try checkIn.flatMap { try environment.store.area(id: $0.place.areaID) }
            .flatMap { TimeZone(identifier: $0.timeZone) } ?? .current
        return ProfilePage(
            strings: visitor.strings, checkInStrings: CheckInStrings.forLanguage(visitor.language), profile: profile,
            draft: draft ?? ProfileDraft(firstName: "", lastName: ""), problems: problems,
            csrfToken: visitor.session?.csrfToken ?? "", next: Self.localPath(next), isSaved: isSaved,
            checkIn: checkIn, timeZone: timeZone, areas: try environment.store.areas())
    }

    /// `GET /avatars/{id}`: an uploaded picture, served with the type its bytes proved.
    func avatarImage(_ id: Profile.ID) throws -> Response {
        guard let avatar = try environment.store.avatar(profileID: id) else {
            throw HTTPError.notFound("There is no picture here.")
        }
        var response = Response(status: .ok, headers: ["Content-Type": avatar.type.rawValue], body: avatar.bytes)
        response.headers["Cache-Control"] = "no-cache"
        response.headers["Content-Security-Policy"] = "default-src 'none'"
        return response
    }

    /// `GET /api/v1/me/profile`.
    func apiProfile(visitor: Visitor) throws -> Response {
        guard let token = visitor.session?.token, let profile = try environment.store.profile(sessionToken: token)
        else {
            throw HTTPError.notFound("You have no profile yet; PUT one.")
        }
        return .json(API.ProfileBody(profile))
    }

    /// `PUT /api/v1/me/profile` with `{"firstName", "lastName", "company"?, "bio"?}`; 400 names a bad field.
    func apiSaveProfile(request: Request, visitor: Visitor) throws -> Response {
        try requireCSRF(visitor, request: request, formToken: nil)
        let object = try jsonObject(request)
        var fields: [String: String] = [:]
        for (name, value) in object {
            guard ["firstName", "lastName", "company", "bio"].contains(name) else {
                throw HTTPError.badRequest("\(name): is not a profile field.", code: "invalid_profile")
            }
            guard let text = value as? String else {
                throw HTTPError.badRequest("\(name): must be text.", code: "invalid_profile")
            }
            fields[name] = text
        }
        let draft = ProfileDraft(
            firstName: fields["firstName"] ?? "", lastName: fields["lastName"] ?? "", company: fields["company"] ?? "",
            bio: fields["bio"] ?? "")
        if let (field, problem) = draft.problems.sorted(by: { $0.key < $1.key }).first {
            throw HTTPError.badRequest("\(field): \(problem).", code: "invalid_profile")
        }
        let existing = try environment.store.profile(sessionToken: visitor.session!.token)
        try store(draft.normalized, avatar: .keep, existing: existing, session: visitor.session!)
        return try apiProfile(visitor: visitor)
    }

    /// The body as a JSON object; 415 for another type, 400 for anything but an object.
    func jsonObject(_ request: Request) throws(HTTPError) -> [String: Any] {
        let type = request.headers["Content-Type"]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        guard type?.lowercased() == "application/json" else {
            throw HTTPError(.unsupportedMediaType, code: "unsupported_media_type", message: "Send JSON.")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any] else {
            throw .badRequest("The body must be a JSON object.", code: "invalid_json")
        }
        return object
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16) }.joined()
    }
}
