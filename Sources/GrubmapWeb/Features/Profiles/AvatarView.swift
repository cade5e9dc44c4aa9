import GrubmapCore

/// A person's picture: their uploaded avatar, or their initials on a colour picked from their id.
struct AvatarView {
    let profile: Profile
    var size: Size = .small

    enum Size: String {
        case small, large
    }

    var node: Node {
        if profile.showsPicture {
            return el(
                .img, .class("avatar \(size.rawValue)"), Attribute("src", Paths.avatar(profile.id)),
                Attribute("alt", ""),
                Attribute("loading", "lazy"), Attribute("width", size == .small ? "32" : "72"),
                Attribute("height", size == .small ? "32" : "72"))
        }
        let hue = profile.id.rawValue.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) % 360 }
        return el(.span, .class("avatar initials hue-\(hue / 30) \(size.rawValue)"), .ariaHidden()) {
            profile.initials
        }
    }
}

/// The first four avatars of who is at a place and "+N", or "Nobody's checked in"; only how many, in words, when
/// the people are left out (an offline copy).
struct PresenceLine {
    let strings: CheckInStrings
    let presence: PlacePresence
    /// The place counted, named as `data-place` beside `data-live="here"` for the live script; `nil` names none.
    var place: Place.ID? = nil

    var node: Node {
        let live: [Attribute] =
            place.map { [.data("live", "here"), .data("place", $0.rawValue), .data("count", String(presence.count))] }
            ?? []
        return el(.span, attributes: [.class("presence")] + live) {
            if presence.count == 0 {
                el(.span, .class("nobody")) { strings.nobodyHere }
            } else if presence.newest.isEmpty {
                el(.span, .class("nobody")) { strings.pinLabel("", presence.count).trimmingCharacters(in: [",", " "]) }
            } else {
                el(.span, .class("faces")) {
                    for profile in presence.newest.prefix(4) { AvatarView(profile: profile).node }
                }
                if presence.count > 4 { el(.span, .class("more")) { strings.moreHere(presence.count - 4) } }
                el(.span, .class("visually-hidden")) {
                    strings.pinLabel("", presence.count).trimmingCharacters(in: [",", " "])
                }
            }
        }
    }
}
