import Foundation
import GrubmapCore

/// What a page needs to apply its area's live changes in place (`live.js`): the stream's address and the day the
/// page shows on `<main>` (`data-live-events`, `data-live-date`: events of another day are not the page's), the
/// words the script writes in the page's language (`<template id="live-strings">`), and the script itself, deferred.
///
/// Pages opt in only when what they show is now: today's board and place page, the area's list and map; never an
/// offline copy, whose stream could not be reached and whose figures are as of the copy.
struct LiveEvents {
    let area: Area
    /// The area's today, which events name.
    let date: CalendarDate
    let language: Language
    /// The moment the page is for: the script counts "updated N min ago" on from it, whatever the device's clock says.
    let now: Date
    /// The one place a place page shows, whose meals the script finds anywhere on it (`data-live-place`).
    var place: Place.ID? = nil

    /// The stand-in for a number in the template's words (`{n}`, `{time}`, …).
    private static let count = 987_654

    var mainAttributes: [Attribute] {
        [.data("live-events", Paths.events(area.id)), .data("live-date", date.description)]
            + (place.map { [.data("live-place", $0.rawValue)] } ?? [])
    }

    var node: Node {
        let live = LiveStrings.forLanguage(language)
        let menu = MenuStrings.forLanguage(language)
        let map = MapStrings.forLanguage(language)
        let checkIns = CheckInStrings.forLanguage(language)
        func counted(_ text: String) -> String { text.replacingOccurrences(of: String(Self.count), with: "{n}") }
        var attributes: [Attribute] = [
            .id("live-strings"), .data("time-zone", area.timeZone), .data("now", now.formatted(.iso8601)),
        ]
        for level in LineLevel.allCases {
            attributes.append(.data("level-" + level.code.replacingOccurrences(of: "_", with: "-"), live.level(level)))
        }
        attributes += [
            .data("updated-now", live.updated(minutesAgo: 0)),
            .data("updated-minutes", counted(live.updated(minutesAgo: Self.count))),
            .data("here-none", map.nobodyHere), .data("here-one", map.peopleHere(1)),
            .data("here-many", counted(map.peopleHere(Self.count))),
            .data("presence-none", checkIns.nobodyHere),
            .data("pin-none", checkIns.pinLabel("{place}", 0)), .data("pin-one", checkIns.pinLabel("{place}", 1)),
            .data("pin-many", counted(checkIns.pinLabel("{place}", Self.count))),
            .data("count", counted(live.checkedIn(Self.count))),
            .data("sold-out-operator", menu.soldOutAt("{time}")),
            .data("sold-out-reports", menu.reportedSoldOutAt("{time}")),
            .data("announce-level", live.liveAnnouncement(place: "{place}", level: "{level}")),
            .data("announce-sold-out", live.soldOutAnnouncement(place: "{place}", meal: "{meal}")),
            .data("updated-show", live.updatedShow),
        ]
        return fragment {
            element("template", attributes)
            el(.script, Attribute("src", Assets.path("live.js")), Attribute("defer", nil))
        }
    }
}
