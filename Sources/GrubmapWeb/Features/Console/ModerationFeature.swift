import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Moderation of an area: everyone checked in now, with hiding a profile's bio and picture (it then shows as
/// initials, and its owner sees the reason), showing it again, and ending a check-in, each with a reason that the
/// audit log keeps. Only people checked in in the area can be moderated from it. A flood of check-ins (hundreds of
/// fresh sessions at one place) is ended at once: everyone at a place, or everyone whose session was made in the
/// last N minutes, with one reason and one audit entry that says how many. Comments under the area's dishes that
/// people flagged come first, each hidden (its author sees the reason) or kept (its flags cleared), with a reason.
struct ModerationFeature: RouteCollection {
    let store: any ConsoleStore & PlaceStore & RatingStore & DishStore & PhotoStore

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.Console.moderation, .area, page)
        routes.add(.post, Paths.Console.moderate, .area, act)
        routes.add(.post, Paths.Console.endCheckIns, .area, endMany)
        routes.add(.post, Paths.Console.moderateComment, .area, moderateComment)
        routes.add(.post, Paths.Console.moderatePhoto, .area, moderatePhoto)
    }

    /// `POST /admin/areas/{id}/moderation/comment` with `comment`, `action` (`hide` or `keep`) and `reason`: a
    /// comment of this area's dishes hidden from everyone but its author, or kept; audited with the reason.
    func moderateComment(_ context: AreaConsoleContext) throws -> Response {
        let form = try context.request.decodeForm(CommentForm.self, code: "invalid_moderation")
        guard let id = Int64(form.comment), let comment = try store.comment(id: id), comment.areaID == context.area.id
        else {
            throw HTTPError.notFound(context.text.noSuchComment)
        }
        let reason = Self.reason(form.reason)
        if let problem = Self.problem(reason, context: context) {
            return .html(
                try view(context, problems: ["comment-\(id)": problem]).render(), status: .unprocessableContent)
        }
        let subject = "comment \(id) by \(comment.author ?? "someone") on dish \(comment.dishID?.description ?? "?")"
        try store.moderateComment(
            id: id, hiddenReason: form.action == .hide ? reason : nil,
            audit: context.console.audit(
                "comment.\(form.action.rawValue)", subject: subject, area: context.area.id,
                before: "\(comment.stars.value)★ \(comment.text) (\(comment.flags) flags)",
                after: form.action == .hide ? "hidden: \(reason)" : "kept: \(reason)"))
        return .redirect(to: Paths.Console.moderation(context.area.id, query: [("done", context.text.aComment)]))
    }

    /// `POST /admin/areas/{id}/moderation/photo` with `photo`, `action` (`hide` or `keep`) and `reason`: a photo of
    /// this area's meals hidden from everyone but its author (its pictures answer 404), or kept; audited.
    func moderatePhoto(_ context: AreaConsoleContext) throws -> Response {
        let form = try context.request.decodeForm(PhotoForm.self, code: "invalid_moderation")
        guard let id = Int64(form.photo), let photo = try store.photo(id: id), photo.areaID == context.area.id else {
            throw HTTPError.notFound(context.text.noSuchPhoto)
        }
        let reason = Self.reason(form.reason)
        if let problem = Self.problem(reason, context: context) {
            return .html(try view(context, problems: ["photo-\(id)": problem]).render(), status: .unprocessableContent)
        }
        try store.moderatePhoto(
            id: id, hiddenReason: form.action == .hide ? reason : nil,
            audit: context.console.audit(
                "photo.\(form.action.rawValue)",
                subject: "photo \(id) by \(photo.author ?? "someone") on dish \(photo.dishID?.description ?? "?")",
                area: context.area.id, before: "\(photo.flags) flags",
                after: form.action == .hide ? "hidden: \(reason)" : "kept: \(reason)"))
        return .redirect(to: Paths.Console.moderation(context.area.id, query: [("done", context.text.aPhoto)]))
    }

    /// What is wrong with a moderation's reason (none, or over 200 characters); `nil` when nothing is.
    private static func problem(_ reason: String, context: AreaConsoleContext) -> String? {
        reason.isEmpty ? context.text.reasonRequired : reason.count > 200 ? context.text.reasonTooLong : nil
    }

    /// `GET /admin/areas/{id}/moderation`.
    func page(_ context: AreaConsoleContext) throws -> Response {
        let query = context.request.query
        let notice =
            query["done"].map { context.text.moderated($0) }
            ?? query["ended"].flatMap(Int.init).map(
                context.text.endedMany)
        return .html(try view(context, notice: notice).render())
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
        let reason = Self.reason(form.reason)
        guard !reason.isEmpty, reason.count <= 200 else {
            let problems = [id.rawValue: reason.isEmpty ? text.reasonRequired : text.reasonTooLong]
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

    /// `POST /admin/areas/{id}/moderation/end-many` with `selection` (`place`, with `place`; or `recent`, with
    /// `minutes` from 1 to 1440) and `reason`: ends every such check-in of the area in one transaction, audited once.
    func endMany(_ context: AreaConsoleContext) throws -> Response {
        let form = try context.request.decodeForm(EndManyForm.self, code: "invalid_moderation")
        let text = context.text
        let prefix = form.selection.rawValue
        var problems: [String: String] = [:]
        let reason = Self.reason(form.reason)
        if reason.isEmpty || reason.count > 200 {
            problems["\(prefix)-reason"] = reason.isEmpty ? text.reasonRequired : text.reasonTooLong
        }
        let selection: CheckInSelection
        let subject: String
        switch form.selection {
        case .place:
            // Only a place of this area; another id is as good as none.
            guard let id = try? Place.ID(form.place ?? ""), try store.place(id: id)?.areaID == context.area.id else {
                throw HTTPError.notFound(text.notCheckedInHere)
            }
            selection = .place(id)
            subject = "everyone at \(id)"
        case .recent:
            let minutes = Int((form.minutes ?? "").trimmingCharacters(in: .whitespaces)) ?? 0
            guard (1...1440).contains(minutes) else {
                problems["recent-minutes"] = text.minutesProblem
                return .html(try view(context, problems: problems).render(), status: .unprocessableContent)
            }
            selection = .sessionsMadeSince(context.now.addingTimeInterval(-60 * Double(minutes)))
            subject = "everyone whose session was made in the last \(minutes) minutes"
        }
        guard problems.isEmpty else {
            return .html(try view(context, problems: problems).render(), status: .unprocessableContent)
        }
        let ended = try store.endCheckIns(inArea: context.area.id, selection, at: context.now) { count in
            context.console.audit(
                "checkin.end-many", subject: subject, area: context.area.id, before: "\(count) checked in",
                after: "ended: \(reason)")
        }
        return .redirect(to: Paths.Console.moderation(context.area.id, query: [("ended", String(ended))]))
    }

    /// A reason as typed, its runs of white space made one space.
    private static func reason(_ text: String?) -> String {
        text?.split(whereSeparator: \.isWhitespace).joined(separator: " ") ?? ""
    }

    private func view(_ context: AreaConsoleContext, problems: [String: String] = [:], notice: String? = nil) throws
        -> ModerationPage
    {
        let checkIns = try store.activeCheckIns(inArea: context.area.id, at: context.now)
        let comments = try store.flaggedComments(inArea: context.area.id)
        let dishes = try store.dishes(inArea: context.area.id)
        var page = ModerationPage(
            text: context.text, area: context.area, areas: try context.console.areas(),
            csrfToken: context.session.csrfToken,
            places: Dictionary(
                try store.places(ids: checkIns.map(\.checkIn.placeID)).map { ($0.id, $0) },
                uniquingKeysWith: { first, _ in first }),
            checkIns: checkIns, problems: problems, notice: notice)
        page.comments = comments
        page.photos = try store.flaggedPhotos(inArea: context.area.id)
        page.dishNames = Dictionary(
            dishes.map { ($0.id, $0.names[context.text.language] ?? $0.names.values.sorted().first ?? "") },
            uniquingKeysWith: { first, _ in first })
        return page
    }

    private struct CommentForm: Decodable {
        let comment: String
        let action: HideOrKeep
        let reason: String?
    }

    private struct PhotoForm: Decodable {
        let photo: String
        let action: HideOrKeep
        let reason: String?
    }

    private enum HideOrKeep: String, Decodable {
        case hide, keep
    }

    private struct ModerationForm: Decodable {
        enum Action: String, Decodable {
            case hide, restore, end
        }

        let profile: String
        let action: Action
        let reason: String?
    }

    private struct EndManyForm: Decodable {
        enum Selection: String, Decodable {
            case place, recent
        }

        let selection: Selection
        let place: String?
        let minutes: String?
        let reason: String?
    }
}

/// `/admin/areas/{id}/moderation`.
struct ModerationPage {
    let text: ConsoleStrings
    let area: Area
    let areas: [Area]
    let csrfToken: String
    /// The places of ``checkIns``, by id.
    let places: [Place.ID: Place]
    let checkIns: [(profile: Profile, checkIn: CheckIn)]
    /// Problems by profile id, or `comment-ID`.
    let problems: [String: String]
    let notice: String?
    /// Comments people flagged, the most flagged first, and the names of their dishes.
    var comments: [RatingComment] = []
    /// Photos people flagged, the most flagged first, each shown to the operator as its thumbnail.
    var photos: [MealPhoto] = []
    var dishNames: [Dish.ID: String] = [:]

    func render() -> [UInt8] {
        let language = text.language
        let title = "\(text.moderation) · \(area.name.text(in: language))"
        let timeZone = area.clockTimeZone
        return ConsoleLayout(text: text, title: title, areas: areas, currentAreaID: area.id, csrfToken: csrfToken)
            .render {
                el(.h1) { title }
                el(.p, .class("meta")) { text.moderationIntro }
                if let notice { el(.p, .class("notice success"), Attribute("role", "status")) { notice } }
                flaggedComments
                flaggedPhotos
                if checkIns.isEmpty { el(.p) { text.nobodyCheckedIn } } else { endMany }
                el(.ul, .class("console-list")) {
                    for (profile, checkIn) in checkIns {
                        let placeName =
                            places[checkIn.placeID]?.name.text(in: language)
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

    /// The comments people flagged, each with its reason field and "Hide" and "Keep".
    private var flaggedComments: Node {
        el(.section, .class("card panel flagged-comments"), Attribute("aria-labelledby", "flagged-comments")) {
            el(.h2, .id("flagged-comments")) { text.flaggedComments }
            if comments.isEmpty {
                el(.p, .class("meta")) { text.noFlaggedComments }
            } else {
                el(.ul, .class("console-list")) {
                    for comment in comments {
                        el(.li, .class("flagged-comment")) {
                            el(.p) { String(repeating: "★", count: comment.stars.value) + " " + comment.text }
                            el(.p, .class("meta")) {
                                text.commentFacts(
                                    author: comment.author,
                                    dish: comment.dishID.flatMap { dishNames[$0] } ?? "",
                                    date: comment.date.description, flags: comment.flags)
                            }
                            commentActions(comment)
                        }
                    }
                }
            }
        }
    }

    /// The photos people flagged, each thumbnail with its facts, its reason field and "Hide" and "Keep".
    private var flaggedPhotos: Node {
        el(.section, .class("card panel flagged-comments"), Attribute("aria-labelledby", "flagged-photos")) {
            el(.h2, .id("flagged-photos")) { text.flaggedPhotos }
            if photos.isEmpty {
                el(.p, .class("meta")) { text.noFlaggedPhotos }
            } else {
                el(.ul, .class("console-list")) {
                    for photo in photos {
                        let dish = photo.dishID.flatMap { dishNames[$0] } ?? ""
                        el(.li, .class("flagged-comment")) {
                            if let picture = PhotoPicture(photo, alt: text.flaggedPhoto(dish), isLazy: false) {
                                picture.node
                            }
                            el(.p, .class("meta")) {
                                text.commentFacts(
                                    author: photo.author, dish: dish, date: photo.date.description, flags: photo.flags)
                            }
                            moderationActions(
                                field: "photo", id: photo.id, action: Paths.Console.moderatePhoto(area.id),
                                hide: text.hidePhoto)
                        }
                    }
                }
            }
        }
    }

    private func commentActions(_ comment: RatingComment) -> Node {
        moderationActions(
            field: "comment", id: comment.id, action: Paths.Console.moderateComment(area.id), hide: text.hideComment)
    }

    /// A flagged comment's or photo's reason field with "Hide" and "Keep", posting its id as `field` to `action`.
    private func moderationActions(field: String, id: Int64, action: String, hide: String) -> Node {
        let key = "\(field)-\(id)"
        return el(.form, .class("moderation-form"), Attribute("method", "post"), Attribute("action", action)) {
            csrfField(csrfToken)
            el(.input, .type("hidden"), .name(field), .value(String(id)))
            ConsoleField(
                name: "reason", label: text.reason, hint: text.reasonHint, problem: problems[key],
                extra: [Attribute("maxlength", "200")], id: "reason-\(key)"
            ).node
            el(.div, .class("console-links")) {
                el(.button, .type("submit"), .name("action"), .value("hide"), .class("button secondary small")) {
                    hide
                }
                el(.button, .type("submit"), .name("action"), .value("keep"), .class("button secondary small")) {
                    text.keepComment
                }
            }
        }
    }

    /// The two ways to end many check-ins at once, each a form of its own with its reason.
    private var endMany: Node {
        let language = text.language
        let counts = Dictionary(checkIns.map { ($0.checkIn.placeID, 1) }, uniquingKeysWith: +)
        let busiest = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return el(.section, .class("card panel end-many"), Attribute("aria-labelledby", "end-many")) {
            el(.h2, .id("end-many")) { text.endManyTitle }
            el(.p, .class("meta")) { text.endManyIntro }
            el(
                .form, .class("moderation-form"), Attribute("method", "post"),
                Attribute("action", Paths.Console.endCheckIns(area.id))
            ) {
                csrfField(csrfToken)
                el(.input, .type("hidden"), .name("selection"), .value("place"))
                el(.div, .class("field")) {
                    el(.label, Attribute("for", "end-place")) { text.everyoneAt }
                    el(.select, .id("end-place"), .name("place")) {
                        for (id, count) in busiest {
                            el(.option, .value(id.rawValue)) {
                                "\(places[id]?.name.text(in: language) ?? id.rawValue) (\(count))"
                            }
                        }
                    }
                }
                reasonField("place")
                el(.div, .class("console-links")) {
                    el(.button, .type("submit"), .class("button secondary small")) { text.endAtPlace }
                }
            }
            el(
                .form, .class("moderation-form"), Attribute("method", "post"),
                Attribute("action", Paths.Console.endCheckIns(area.id))
            ) {
                csrfField(csrfToken)
                el(.input, .type("hidden"), .name("selection"), .value("recent"))
                ConsoleField(
                    name: "minutes", label: text.recentMinutes, value: "10",
                    hint: text.recentMinutesHint, problem: problems["recent-minutes"],
                    extra: [Attribute("inputmode", "numeric"), Attribute("maxlength", "4")],
                    id: "recent-minutes"
                ).node
                reasonField("recent")
                el(.div, .class("console-links")) {
                    el(.button, .type("submit"), .class("button secondary small")) { text.endRecent }
                }
            }
        }
    }

    private func reasonField(_ prefix: String) -> Node {
        ConsoleField(
            name: "reason", label: text.reason, hint: text.reasonHint, problem: problems["\(prefix)-reason"],
            extra: [Attribute("maxlength", "200")], id: "\(prefix)-reason"
        ).node
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
