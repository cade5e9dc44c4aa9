import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Moderation of an area: everyone checked in now, with hiding a profile's bio and picture (it then shows as
/// initials, and its owner sees the reason), showing it again, and ending a check-in, each with a reason that the
/// audit log keeps. Only people checked in in the area can be moderated from it.
struct ModerationFeature: RouteCollection {
    let store: any ConsoleStore

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.Console.moderation, .area, page)
        routes.add(.post, Paths.Console.moderate, .area, act)
    }

    /// `GET /admin/areas/{id}/moderation`.
    func page(_ context: AreaConsoleContext) throws -> Response {
        let query = context.request.query
        return .html(
            try view(context, notice: query["done"].map { context.text.moderated($0) }).render())
    }

    /// `POST /admin/areas/{id}/moderation/act` with `profile`, `action` (`hide`, `restore` or `end`) and `reason`.
    func act(_ context: AreaConsoleContext) throws -> Response {
        let form = try context.request.decodeForm(ModerationForm.self, code: "invalid_moderation")
        let text = context.text
        guard let id = try? Profile.ID(form.profile),
            let entry = try store.activeCheckIns(inArea: context.area.id, at: context.now).first(where: {
                $0.profile.id == id
            })
        else {
            throw HTTPError.notFound(text.notCheckedInHere)
        }
        let reason = form.reason?.split(whereSeparator: \.isWhitespace).joined(separator: " ") ?? ""
        guard !reason.isEmpty, reason.count <= 200 else {
            let problems = [id.rawValue: reason.isEmpty ? text.reasonRequired : "at most 200 characters"]
            return .html(try view(context, problems: problems).render(), status: .unprocessableContent)
        }
        let profile = entry.profile
        let subject = "\(profile.fullName) (\(profile.id))"
        switch form.action {
        case .hide:
            try store.hideProfile(
                id: id, reason: reason, at: context.now,
                audit: context.console.audit(
                    "profile.hide", subject: subject, area: context.area.id,
                    before: "bio: \(profile.bio)" + (profile.avatarType == nil ? "" : ", picture"),
                    after: "hidden: \(reason)"))
        case .restore:
            try store.restoreProfile(
                id: id,
                audit: context.console.audit(
                    "profile.restore", subject: subject, area: context.area.id,
                    before: profile.hiddenReason.map { "hidden: \($0)" }, after: "shown: \(reason)"))
        case .end:
            try store.endCheckIn(
                profileID: id,
                audit: context.console.audit(
                    "checkin.end", subject: subject, area: context.area.id,
                    before: "checked in at \(entry.checkIn.placeID)", after: "ended: \(reason)"))
        }
        return .redirect(to: Paths.Console.moderation(context.area.id, query: [("done", profile.fullName)]))
    }

    private func view(_ context: AreaConsoleContext, problems: [String: String] = [:], notice: String? = nil) throws
        -> ModerationPage
    {
        ModerationPage(
            text: context.text, area: context.area, areas: try context.console.areas(),
            csrfToken: context.session.csrfToken, catalog: context.catalog,
            checkIns: try store.activeCheckIns(inArea: context.area.id, at: context.now), problems: problems,
            notice: notice)
    }

    private struct ModerationForm: Decodable {
        enum Action: String, Decodable {
            case hide, restore, end
        }

        let profile: String
        let action: Action
        let reason: String?
    }
}

/// `/admin/areas/{id}/moderation`.
struct ModerationPage {
    let text: ConsoleStrings
    let area: Area
    let areas: [Area]
    let csrfToken: String
    let catalog: Catalog
    let checkIns: [(profile: Profile, checkIn: CheckIn)]
    /// Problems by profile id.
    let problems: [String: String]
    let notice: String?

    func render() -> String {
        let language = text.language
        let title = "\(text.moderation) · \(area.name.text(in: language))"
        let timeZone = area.clockTimeZone
        return ConsoleLayout(text: text, title: title, areas: areas, currentAreaID: area.id, csrfToken: csrfToken)
            .render {
                el(.h1) { title }
                el(.p, .class("meta")) { text.moderationIntro }
                if let notice { el(.p, .class("notice success"), Attribute("role", "status")) { notice } }
                if checkIns.isEmpty { el(.p) { text.nobodyCheckedIn } }
                el(.ul, .class("console-list")) {
                    for (profile, checkIn) in checkIns {
                        let placeName =
                            (try? catalog.place(checkIn.placeID))?.name.text(in: language)
                            ?? checkIn.placeID.rawValue
                        el(.li, .class("card console-person")) {
                            el(.div, .class("person-card")) {
                                AvatarView(profile: profile, size: .small).node
                                el(.div) {
                                    el(.strong) { profile.fullName }
                                    if !profile.company.isEmpty {
                                        el(.span, .class("meta")) { " · " + profile.company }
                                    }
                                    if !profile.bio.isEmpty { el(.p) { profile.bio } }
                                    if let reason = profile.hiddenReason {
                                        el(.p, .class("badge")) { text.hiddenBecause(reason) }
                                    }
                                    el(.p, .class("meta")) {
                                        text.checkedInAt(
                                            placeName,
                                            TimeFormat.short(checkIn.expiresAt, timeZone: timeZone, language: language))
                                    }
                                }
                            }
                            actions(profile)
                        }
                    }
                }
            }
    }

    private func actions(_ profile: Profile) -> Node {
        let id = profile.id.rawValue
        let fieldID = "reason-\(id)"
        let problem = problems[id]
        return el(
            .form, .class("moderation-form"), Attribute("method", "post"),
            Attribute("action", Paths.Console.moderate(area.id))
        ) {
            csrfField(csrfToken)
            el(.input, .type("hidden"), .name("profile"), .value(id))
            ConsoleField(
                name: "reason", label: "\(text.reason) (\(profile.fullName))", hint: text.reasonHint, problem: problem,
                extra: [Attribute("maxlength", "200")], id: fieldID
            ).node
            el(.div, .class("console-links")) {
                if profile.isHidden {
                    el(.button, .type("submit"), .name("action"), .value("restore"), .class("button secondary small")) {
                        text.restoreProfile
                    }
                } else {
                    el(.button, .type("submit"), .name("action"), .value("hide"), .class("button secondary small")) {
                        text.hideProfile
                    }
                }
                el(.button, .type("submit"), .name("action"), .value("end"), .class("button secondary small")) {
                    text.endCheckIn
                }
            }
        }
    }
}
