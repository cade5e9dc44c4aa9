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

    func render() -> String {
        let text = checkInStrings
        return Layout(strings: strings, title: text.profile, areas: areas).render {
            el(.h1) { text.profile }
            el(.p, .class("meta")) { text.profileIntro }
            if isSaved { el(.p, .class("notice success"), Attribute("role", "status")) { text.profileSaved } }
            if !problems.isEmpty { el(.p, .class("notice"), Attribute("role", "alert")) { text.fixTheFields } }
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
                            .input, .type("file"), .id("avatar"), .name("avatar"),
                            Attribute("accept", "image/png,image/jpeg"),
                            Attribute("aria-describedby", "avatar-hint avatar-problem"))
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

    private func problem(_ name: String) -> Node {
        guard let message = problems[name] else { return .fragment([]) }
        return el(.p, .id("\(name)-problem"), .class("problem")) {
            strings.language == .english ? message : checkInStrings.fieldProblem(name, message)
        }
    }

    private func field(_ name: String, label: String, value: String, limit: ClosedRange<Int>) -> Node {
        let invalid: [Attribute] = problems[name] == nil ? [] : [Attribute("aria-invalid", "true")]
        return el(.div, .class("field")) {
            el(.label, Attribute("for", name)) { label }
            el(
                .input,
                attributes: [
                    .type("text"), .id(name), .name(name), .value(value), Attribute("maxlength", "\(limit.upperBound)"),
                    Attribute("aria-describedby", "\(name)-problem"),
                ] + (limit.lowerBound > 0 ? [Attribute("required", nil)] : []) + invalid)
            problem(name)
        }
    }

    private var bioField: Node {
        let limit = ProfileDraft.bioLimit.characters.upperBound
        let invalid: [Attribute] = problems["bio"] == nil ? [] : [Attribute("aria-invalid", "true")]
        return el(.div, .class("field")) {
            el(.label, Attribute("for", "bio")) { checkInStrings.bio }
            el(
                .textarea,
                attributes: [
                    .id("bio"), .name("bio"), Attribute("rows", "3"), Attribute("maxlength", "\(limit)"),
                    Attribute("data-counter", "bio-left"), Attribute("aria-describedby", "bio-left bio-problem"),
                ] + invalid
            ) { draft.bio }
            el(
                .output, .id("bio-left"), .class("hint counter"), Attribute("for", "bio"),
                Attribute("aria-live", "polite"),
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
                el(.p) {
                    el(.a, .href(Paths.place(checkIn.place.id))) { checkIn.place.name.text(in: strings.language) }
                    " · "
                        + checkInStrings.untilTime(
                            TimeFormat.short(checkIn.until, timeZone: timeZone, language: strings.language))
                }
                el(.form, Attribute("method", "post"), Attribute("action", Paths.checkOut())) {
                    el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
                    el(.input, .type("hidden"), .name("next"), .value(Paths.profile()))
                    el(.button, .type("submit"), .class("button secondary")) { checkInStrings.checkOut }
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
