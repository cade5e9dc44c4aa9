import Foundation
import GrubmapCore

/// The place page's check-in panel: who is here (newest first, a card each on tap), and checking in or out.
struct WhosHere {
    let strings: CheckInStrings
    let language: Language
    let place: Place
    let people: [(profile: Profile, checkIn: CheckIn)]
    /// The person's own profile, if they made one.
    let me: Profile?
    /// The person's active check-in anywhere, and that place's name.
    let myCheckIn: (checkIn: CheckIn, placeName: String)?
    let csrfToken: String
    let timeZone: TimeZone

    var node: Node {
        el(.section, .class("card panel wide whos-here"), Attribute("aria-labelledby", "whos-here")) {
            el(.div, .class("panel-head")) {
                el(.h2, .id("whos-here")) { strings.whosHere }
                el(.span, .class("count-badge"), Attribute("data-count", "\(people.count)")) { "\(people.count)" }
            }
            if people.isEmpty {
                el(.p, .class("meta")) { strings.nobodyHere }
            } else {
                el(.ul, .class("people")) {
                    for (profile, checkIn) in people { person(profile, checkIn) }
                }
            }
            actions
        }
    }

    private func person(_ profile: Profile, _ checkIn: CheckIn) -> Node {
        el(.li) {
            el(.details, .class("person")) {
                el(.summary) {
                    AvatarView(profile: profile).node
                    el(.span, .class("person-name")) { profile.fullName }
                    if !profile.company.isEmpty { el(.span, .class("person-company")) { profile.company } }
                }
                el(.div, .class("person-card")) {
                    AvatarView(profile: profile, size: .large).node
                    el(.div) {
                        el(.strong) { profile.fullName }
                        if !profile.company.isEmpty { el(.p, .class("meta")) { profile.company } }
                        if !profile.bio.isEmpty { el(.p) { profile.bio } }
                        el(.p, .class("meta")) {
                            strings.untilTime(
                                TimeFormat.short(checkIn.expiresAt, timeZone: timeZone, language: language))
                        }
                    }
                }
            }
        }
    }

    private var actions: Node {
        el(.div, .class("check-in-actions")) {
            if me == nil {
                el(.p, .class("meta")) { strings.makeProfileFirst }
                el(.a, .class("button"), .href(Paths.profile(query: [("next", Paths.place(place.id))]))) {
                    strings.makeProfile
                }
            } else if let mine = myCheckIn, mine.checkIn.placeID == place.id {
                el(.p, .class("meta")) {
                    strings.checkedInHere(
                        TimeFormat.short(mine.checkIn.expiresAt, timeZone: timeZone, language: language))
                }
                form(
                    action: Paths.checkOut(), label: strings.checkOut, style: "button secondary",
                    next: Paths.place(place.id)
                )
            } else {
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
