import Foundation
import GrubmapCore

/// How busy a place is now, as every page shows it (the board's card, the list's row, the map's card, the place
/// page): an icon whose shape differs per level (a tick, then one, two or three bars: colour is never the only sign),
/// the level in words, where the view shows no other count how many are checked in, and "updated N min ago".
///
/// A place with nothing to show still gets its badge, hidden but taking its line, so the first report or check-in
/// (applied by `live.js` from `data-live="busy"`, `data-place`, `data-level`, `data-checked-in` and
/// `data-updated-at`) moves nothing on the page.
struct BusyBadge {
    let strings: LiveStrings
    /// The place, as `data-place`; `nil` for the map card's badge before a pin fills it.
    let place: Place.ID?
    let busyness: Busyness
    /// The moment the page is for, which "updated N min ago" counts from.
    let now: Date
    /// Whether the badge says how many are checked in (the board's card, which shows them nowhere else).
    var showsCount = false
    /// The level the place shows with nothing live (a place with seats: no line), as `data-quiet-level`: the live
    /// script shows it for a place a `reload` leaves out, as the places API would give it.
    var quietLevel: LineLevel? = nil
    /// What the badge says while it has nothing to say ("No reports yet"), where an empty line would read as a gap
    /// (the place page's "How's the line?"); `nil` hides the empty badge, keeping its line. The style sheet shows it
    /// only while the badge is empty, so the first report replaces it in place.
    var quietWords: String? = nil

    /// The sprite symbol drawing a level (``Icons/sprite``).
    static func icon(_ level: LineLevel?) -> String {
        "#icon-line-"
            + (level.map { $0 == .noLine ? "none" : $0.code.replacingOccurrences(of: "_", with: "-") } ?? "none")
    }

    /// The level of a place with `seats` and nothing live: what ``LiveCounts/busyness(seats:)`` makes of nobody.
    static func quietLevel(seats: Int?) -> LineLevel? {
        LiveCounts.none.busyness(seats: seats).level
    }

    /// Whole minutes from `updatedAt` to `now`, never below 0.
    static func minutesAgo(_ updatedAt: Date, now: Date) -> Int {
        max(0, Int(now.timeIntervalSince(updatedAt) / 60))
    }

    /// Whether the badge has anything to say (else it is hidden, keeping its line).
    var isEmpty: Bool { busyness.level == nil && (!showsCount || busyness.checkedIn == 0) }

    var node: Node {
        let level = busyness.level
        let classes = ["busy", isEmpty ? "is-empty" : nil, quietWords == nil ? nil : "has-quiet"].compactMap { $0 }
        var attributes: [Attribute] = [
            .class(classes.joined(separator: " ")), .data("live", "busy"), .data("place", place?.rawValue ?? ""),
            .data("level", level?.code ?? ""), .data("checked-in", String(busyness.checkedIn)),
        ]
        if let updatedAt = busyness.updatedAt { attributes.append(.data("updated-at", updatedAt.formatted(.iso8601))) }
        if let quietLevel { attributes.append(.data("quiet-level", quietLevel.code)) }
        return el(.span, attributes: attributes) {
            el(
                .svg, .class("icon busy-icon"), Attribute("width", "14"), Attribute("height", "14"), .ariaHidden(),
                Attribute("focusable", "false")
            ) { element("use", [.href(Self.icon(level))]) }
            el(.span, .class("busy-level")) { level.map(strings.level) ?? "" }
            if showsCount {
                el(.span, .class("busy-here")) {
                    busyness.checkedIn > 0 ? strings.checkedIn(busyness.checkedIn) : ""
                }
            }
            if let quietWords { el(.span, .class("busy-quiet")) { quietWords } }
            el(.span, .class("busy-updated")) {
                if !isEmpty, let updatedAt = busyness.updatedAt {
                    strings.updated(minutesAgo: Self.minutesAgo(updatedAt, now: now))
                }
            }
        }
    }
}

/// Check-ins and line reports by place at one moment: what a page's badges are made from.
struct LiveSnapshot {
    /// By place; places left out have neither (``LiveCounts/none``).
    let counts: [Place.ID: LiveCounts]
    /// The moment read, which "updated N min ago" counts from.
    let now: Date

    /// The place's busyness now, its check-ins judged against its seats.
    func busyness(of place: Place) -> Busyness {
        (counts[place.id] ?? .none).busyness(seats: place.seats)
    }

    /// The badge of `place`, in `language`.
    func badge(_ place: Place, language: Language, showsCount: Bool = false) -> BusyBadge {
        BusyBadge(
            strings: LiveStrings.forLanguage(language), place: place.id, busyness: busyness(of: place), now: now,
            showsCount: showsCount, quietLevel: BusyBadge.quietLevel(seats: place.seats))
    }
}
