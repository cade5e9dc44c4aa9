import Foundation
import GrubmapCore

/// The place page's check-in panel: who is here (newest first, a card each on tap), and checking in or out.
struct WhosHere {
    let strings: CheckInStrings
    let language: Language
    let place: Place
    /// The newest people here (at most ``shown``) and how many there are in all.
    let people: PlacePeople
    /// The person's own profile, if they made one.
    let me: Profile?
    /// The person's active check-in anywhere, and that place's name.
    let myCheckIn: (checkIn: CheckIn, placeName: String)?
    let csrfToken: String
    let timeZone: TimeZone
    /// What the person just did here (`?checked=in` or `out` after the form's redirect), said where the focus lands.
    var change: CheckInChange? = nil
    /// Whether the page is the service worker's offline copy: how many people, but no one's name and no forms.
    var isOfflineCopy = false

    /// The id of the line that says whether the person is checked in, which the forms' redirects point at.
    static let statusID = "check-in-status"
    /// How many people the panel lists, newest first; the rest are counted ("and 130 more"), so a place's page stays
    /// small however many check in.
    static let shown = 24

    var node: Node {
        // Named for the live script (not on an offline copy): it rewrites the count and fetches the names again.
        let live: [Attribute] =
            isOfflineCopy ? [] : [.data("live", "whos-here"), .data("place", place.id.rawValue)]
        return el(
            .section,
            attributes: [.class("card panel wide whos-here"), Attribute("aria-labelledby", "whos-here")] + live
        ) {
            el(.div, .class("panel-head")) {
                el(.h2, .id("whos-here")) { strings.whosHere }
                el(.span, .class("count-badge"), Attribute("data-count", "\(people.count)")) { "\(people.count)" }
            }
            if isOfflineCopy {
                el(.p, .class("meta")) { count }
                el(.p, .class("meta")) { strings.offlineWhosHere }
            } else {
                // The people, which the live script swaps for the page's newer list, the actions staying as they are.
                el(.div, .class("whos-here-people")) {
                    if people.count == 0 {
                        el(.p, .class("meta")) { strings.nobodyHere }
                    } else {
                        el(.ul, .class("people")) {
                            for (profile, checkIn) in people.newest { person(profile, checkIn) }
                        }
                        if people.more > 0 { el(.p, .class("meta")) { strings.andMoreHere(people.more) } }
                    }
                }
                actions
            }
        }
    }

    /// How many are here, in words.
    private var count: String {
        people.count == 0 ? strings.nobodyHere : strings.pinLabel("", people.count).trimmingCharacters(in: [",", " "])
    }

    private func person(_ profile: Profile, _ checkIn: CheckIn) -> Node {
        el(.li) {
            el(.details, .class("person")) {
                el(.summary) {
                    AvatarView(profile: profile).node
                    el(.span, attributes: [.class("person-name")] + typed(profile.fullName)) { profile.fullName }
                    if !profile.company.isEmpty {
                        el(.span, attributes: [.class("person-company")] + typed(profile.company)) { profile.company }
                    }
                }
                el(.div, .class("person-card")) {
                    AvatarView(profile: profile, size: .large).node
                    el(.div) {
                        el(.strong, attributes: typed(profile.fullName)) { profile.fullName }
                        if !profile.company.isEmpty {
                            el(.p, attributes: [.class("meta")] + typed(profile.company)) { profile.company }
                        }
                        if !profile.publicBio.isEmpty {
                            el(.p, attributes: typed(profile.publicBio)) { profile.publicBio }
                        }
                        el(.p, .class("meta")) {
                            strings.untilTime(
                                TimeFormat.short(checkIn.expiresAt, timeZone: timeZone, language: language))
                        }
                    }
                }
            }
        }
    }

    /// `lang` for what a person typed, when it seems to be in another language than the page's.
    private func typed(_ text: String) -> [Attribute] {
        TextLanguage.attributes(guessedFrom: text, on: language)
    }

    private var actions: Node {
        el(.div, .class("check-in-actions")) {
            if me == nil {
                el(.p, .class("meta")) { strings.makeProfileFirst }
                el(.a, .class("button"), .href(Paths.profile(query: [("next", Paths.place(place.id))]))) {
                    strings.makeProfile
                }
            } else if let mine = myCheckIn, mine.checkIn.placeID == place.id {
                el(.p, attributes: [.class("meta")] + CheckInChange.statusAttributes(focused: change == .checkedIn)) {
                    strings.checkedInHere(
                        TimeFormat.short(mine.checkIn.expiresAt, timeZone: timeZone, language: language))
                }
                form(
                    action: Paths.checkOut(), label: strings.checkOut, style: "button secondary",
                    next: Paths.place(place.id, query: [("checked", "out")], fragment: Self.statusID)
                )
            } else {
                if change == .checkedOut {
                    el(.p, attributes: [.class("meta")] + CheckInChange.statusAttributes(focused: true)) {
                        strings.checkedOut
                    }
                } else if change == .profileSaved {
                    el(.p, attributes: [.class("notice success")] + CheckInChange.statusAttributes(focused: true)) {
                        strings.profileSavedCheckInNow
                    }
                }
                if let mine = myCheckIn { el(.p, .class("meta")) { strings.checkedInElsewhere(mine.placeName) } }
                form(action: Paths.checkIn(place.id), label: strings.checkIn, style: "button", next: nil)
            }
        }
    }

    private func form(action: String, label: String, style: String, next: String?) -> Node {
        el(.form, Attribute("method", "post"), Attribute("action", action)) {
            el(.input, .type("hidden"), .name("csrf"), .value(csrfToken))
            if let next { el(.input, .type("hidden"), .name("next"), .value(next)) }
            el(.button, .type("submit"), .class(style)) { label }
        }
    }
}

/// A check-in or check-out the person just made, read from the `checked` query field its redirect sets; or the
/// profile they made to check in, saved on the way back to the place.
enum CheckInChange: String {
    case checkedIn = "in"
    case checkedOut = "out"
    case profileSaved = "profile"

    /// The attributes of the line saying the person's check-in state: its id for the redirect's fragment and, just
    /// after a change, a status role and the focus (app.js), so a screen reader says what happened.
    static func statusAttributes(focused: Bool) -> [Attribute] {
        var attributes: [Attribute] = [.id(WhosHere.statusID)]
        if focused {
            attributes += [Attribute("role", "status"), Attribute("tabindex", "-1"), .data("focus-on-load", "")]
        }
        return attributes
    }
}
