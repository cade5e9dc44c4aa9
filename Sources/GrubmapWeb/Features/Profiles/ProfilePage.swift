import Foundation
import GrubmapCore

/// `/profile`: make or edit the profile others see, and the person's current check-in.
struct ProfilePage {
    let strings: Strings
    let checkInStrings: CheckInStrings
    let profile: Profile?
    /// What the fields show: the saved profile, or what was typed when saving failed.
    let draft: ProfileDraft
    /// Problems by field name; nothing was saved when there are any.
    let problems: [String: String]
    let csrfToken: String
    /// Where to go after saving (the place the person wanted to check in at).
    let next: String?
    let isSaved: Bool
    let checkIn: (place: Place, until: Date)?
    let timeZone: TimeZone
    let areas: [Area]
    /// Whether the person just checked out from this page (`?checked=out`), said where the focus lands.
    var justCheckedOut = false

    /// The fields in the order the form shows them, with their labels, for the summary of problems.
    private var fieldLabels: [(name: String, label: String)] {
        [
            ("avatar", checkInStrings.avatar), ("firstName", checkInStrings.firstName),
            ("lastName", checkInStrings.lastName), ("company", checkInStrings.company), ("bio", checkInStrings.bio),
        ]
    }

    func render() -> [UInt8] {
        let text = checkInStrings
        return Layout(strings: strings, title: text.profile, areas: areas).render {
            el(.h1) { text.profile }
            el(.p, .class("meta")) { text.profileIntro }
            if isSaved {
                el(.p, .class("notice success"), Attribute("role", "status"), .data("flash", "")) { text.profileSaved }
            }
            if let reason = profile?.hiddenReason {
                el(.p, .class("notice error"), .id("profile-hidden")) { text.profileHidden(reason) }
            }
            if !problems.isEmpty {
                ErrorSummary(
                    title: text.fixTheFields,
                    items: fieldLabels.compactMap { field in
                        problemText(field.name).map {
                            // English problems already name their field ("First name is required").
                            (field.name, $0.hasPrefix(field.label) ? $0 : "\(field.label): \($0)")
                        }
                    }
                ).node
            }
            el(
                .form, Attribute("method", "post"), Attribute("action", Paths.profile()),
                Attribute("enctype", "multipart/form-data"), .class("card panel profile-form"),
                Attribute("novalidate", nil)
            ) {
                el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
                if let next { el(.input, .type("hidden"), .name("next"), .value(next)) }
                el(.div, .class("profile-head")) {
                    if let profile {
                        AvatarView(profile: profile, size: .large).node
                    } else {
                        el(.span, .class("avatar initials large"), .ariaHidden()) { "?" }
                    }
                    el(.div, .class("field")) {
                        el(.label, Attribute("for", "avatar")) { text.avatar }
                        el(
                            .input,
                            attributes: [
                                .type("file"), .id("avatar"), .name("avatar"),
                                Attribute("accept", "image/png,image/jpeg,image/webp"),
                            ] + description("avatar", hints: ["avatar-hint"]))
                        el(.small, .id("avatar-hint"), .class("hint")) { text.avatarHint }
                        problem("avatar")
                        if profile?.avatarType != nil {
                            el(.label, .class("check")) {
                                el(.input, .type("checkbox"), .name("removeAvatar"))
                                text.removeAvatar
                            }
                        }
                    }
                }
                el(.div, .class("two-columns")) {
                    field(
                        "firstName", label: text.firstName, value: draft.firstName,
                        limit: ProfileDraft.nameLimit.characters)
                    field(
                        "lastName", label: text.lastName, value: draft.lastName,
                        limit: ProfileDraft.nameLimit.characters)
                }
                field("company", label: text.company, value: draft.company, limit: ProfileDraft.companyLimit.characters)
                bioField
                el(.div, .class("sheet-foot")) {
                    el(.button, .type("submit"), .class("button")) { text.saveProfile }
                }
            }
            if profile != nil { checkInPanel }
        }
    }

    /// The problem with a field, in the page's language.
    private func problemText(_ name: String) -> String? {
        guard let message = problems[name] else { return nil }
        return strings.language == .english ? message : checkInStrings.fieldProblem(name, message)
    }

    private func problem(_ name: String) -> Node {
        guard let message = problemText(name) else { return .fragment([]) }
        return el(.p, .id("\(name)-problem"), .class("problem")) { message }
    }

    /// `aria-describedby` with the ids of a field's hint and problem that are on the page, and `aria-invalid` when
    /// it has a problem.
    private func description(_ name: String, hints: [String] = []) -> [Attribute] {
        let ids = hints + (problems[name] == nil ? [] : ["\(name)-problem"])
        return (ids.isEmpty ? [] : [Attribute("aria-describedby", ids.joined(separator: " "))])
            + (problems[name] == nil ? [] : [Attribute("aria-invalid", "true")])
    }

    private func field(_ name: String, label: String, value: String, limit: ClosedRange<Int>) -> Node {
        el(.div, .class("field")) {
            el(.label, Attribute("for", name)) { label }
            el(
                .input,
                attributes: [
                    .type("text"), .id(name), .name(name), .value(value), Attribute("maxlength", "\(limit.upperBound)"),
                    Attribute("autocomplete", Self.autocomplete[name] ?? "off"),
                ] + (limit.lowerBound > 0 ? [Attribute("required", nil)] : []) + description(name))
            problem(name)
        }
    }

    /// What browsers may fill each field with (WCAG 1.3.5, identify input purpose).
    private static let autocomplete = ["firstName": "given-name", "lastName": "family-name", "company": "organization"]

    private var bioField: Node {
        let limit = ProfileDraft.bioLimit.characters.upperBound
        return el(.div, .class("field")) {
            el(.label, Attribute("for", "bio")) { checkInStrings.bio }
            el(
                .textarea,
                attributes: [
                    .id("bio"), .name("bio"), Attribute("rows", "3"), Attribute("maxlength", "\(limit)"),
                    Attribute("data-counter", "bio-left"),
                ] + description("bio", hints: ["bio-left"])
            ) { draft.bio }
            // Not a live region: app.js reads the count out once typing pauses, not at every key.
            el(
                .span, .id("bio-left"), .class("hint counter"),
                Attribute("data-limit", "\(limit)"), Attribute("data-template-one", checkInStrings.charactersLeft(1)),
                Attribute("data-template", checkInStrings.charactersLeft(999_999))
            ) { checkInStrings.charactersLeft(max(limit - draft.bio.count, 0)) }
            problem("bio")
        }
    }

    private var checkInPanel: Node {
        el(.section, .class("card panel"), Attribute("aria-labelledby", "your-check-in")) {
            el(.h2, .id("your-check-in")) { checkInStrings.yourCheckIn }
            if let checkIn {
                el(.p, .id(WhosHere.statusID)) {
                    el(
                        .a,
                        attributes: [.href(Paths.place(checkIn.place.id))]
                            + checkIn.place.name.langAttributes(on: strings.language)
                    ) {
                        checkIn.place.name.text(in: strings.language)
                    }
                    " · "
                        + checkInStrings.untilTime(
                            TimeFormat.short(checkIn.until, timeZone: timeZone, language: strings.language))
                }
                el(.form, Attribute("method", "post"), Attribute("action", Paths.checkOut())) {
                    el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
                    el(
                        .input, .type("hidden"), .name("next"),
                        .value(
                            Paths.profile(
                                query: [("checked", CheckInChange.checkedOut.rawValue)], fragment: WhosHere.statusID)))
                    el(.button, .type("submit"), .class("button secondary")) { checkInStrings.checkOut }
                }
            } else if justCheckedOut {
                el(.p, attributes: [.class("meta")] + CheckInChange.statusAttributes(focused: true)) {
                    checkInStrings.checkedOut + " " + checkInStrings.notCheckedIn
                }
            } else {
                el(.p, .class("meta")) { checkInStrings.notCheckedIn }
            }
        }
    }
}

/// Times of day as people read them in their language, in a given time zone.
enum TimeFormat {
    static func short(_ date: Date, timeZone: TimeZone, language: Language) -> String {
        var style = Date.FormatStyle(date: .omitted, time: .shortened)
        style.timeZone = timeZone
        style.locale = Locale(identifier: language == .korean ? "ko_KR" : "en_US")
        return date.formatted(style)
    }
}
