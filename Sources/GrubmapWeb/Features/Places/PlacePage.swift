import Foundation
import GrubmapCore

/// `/places/{id}`: a place's details.
struct PlacePage {
    let strings: Strings
    let place: Place
    let area: Area
    let areas: [Area]
    /// The ride cards, shown under the place's name; `nil` leaves them out.
    var rides: RideEstimates? = nil
    /// Who is here and the person's own check-in controls.
    var whosHere: WhosHere? = nil
    /// The day's menu with its day selector.
    var menu: MenuSection? = nil
    /// How busy the place usually is, for the chosen weekday.
    var popularTimes: PopularTimesChart? = nil
    /// The star next to the place's kind, and its form.
    var bookmark: (button: BookmarkButton, form: BookmarkForm)? = nil
    /// The instant the page is for: today's open/closed state and the exceptions from today on; `nil` shows neither.
    var now: Date? = nil
    /// The place's busyness and "How's the line?" (today's page); `nil` leaves them out.
    var line: LineReportSection? = nil
    /// The area's live changes, applied in place; `nil` for a page that stays as rendered.
    var live: LiveEvents? = nil
    /// "6 min walk · 450 m on foot from your position" and "Walk there", when the area has streets and the
    /// position is known.
    var walk: Walk? = nil

    /// The walk from the person's position: what it takes, and the area's map with its route drawn.
    struct Walk {
        let summary: String
        let linkText: String
        let link: String
    }

    func render() -> [UInt8] {
        let language = strings.language
        let name = place.name.text(in: language)
        var layout = Layout(strings: strings, title: name, areas: areas, currentAreaID: area.id)
        layout.live = live
        return layout.render {
            el(.a, .class("back"), .href(Paths.area(area.id))) {
                Icons.back
                strings.backTo(area.name.text(in: language))
            }
            el(.div, .class("detail")) {
                el(.section, .class("card panel wide")) {
                    el(.h1, attributes: place.name.langAttributes(on: language)) { name }
                    if let secondary = place.name.local(area.localLanguage, shownIn: language) {
                        el(.p, .class("subtitle"), .lang(secondary.language)) {
                            secondary.text
                        }
                    }
                    el(.span, .class("kind")) { strings.kindName(place.kind) }
                    if let bookmark { bookmark.button.node }
                    if let walk {
                        el(.p, .class("meta walk")) { walk.summary }
                        el(.p, .class("walk-there")) {
                            el(.a, .class("button secondary"), .href(walk.link)) { walk.linkText }
                        }
                    }
                    if let description = place.description {
                        el(.p, attributes: [.class("description")] + description.langAttributes(on: language)) {
                            description.text(in: language)
                        }
                    }
                }
                if let line { line.node }
                if let menu { menu.node }
                if let whosHere { whosHere.node }
                if let popularTimes { popularTimes.node }
                if let rides { rides.node }
                el(.section, .class("card panel"), Attribute("aria-labelledby", "facts")) {
                    el(.h2, .id("facts")) { strings.location }
                    facts
                }
                el(.section, .class("card panel"), Attribute("aria-labelledby", "hours")) {
                    el(.h2, .id("hours")) { strings.hours }
                    hours
                }
            }
            if let bookmark { bookmark.form.node }
            if menu != nil || bookmark != nil { BookmarkButton.script }
        }
    }

    private var facts: Node {
        el(.dl, .class("facts")) {
            if let address = place.address {
                el(.dt) { strings.address }
                el(.dd, attributes: TextLanguage.attributes(area.localLanguage, on: strings.language)) { address }
            }
            if let phone = place.phone {
                el(.dt) { strings.phone }
                el(.dd) {
                    if let uri = place.telephoneURI {
                        el(.a, .href(uri)) { phone }
                    } else {
                        phone
                    }
                }
            }
            if let website = place.website {
                el(.dt) { strings.website }
                el(.dd) {
                    if let url = WebAddress(website) {
                        el(.a, .href(url.text), .rel("noopener noreferrer"), Attribute("target", "_blank")) {
                            url.displayText
                        }
                    } else {
                        website
                    }
                }
            }
            el(.dt) { strings.openInMaps }
            el(.dd) { MapAppLinks(strings: strings, place: place, area: area).node }
        }
    }

    private var hours: Node {
        let timeZone = area.clockTimeZone
        let today = now.map { CalendarDate.local($0, in: timeZone).date }
        return fragment {
            if let now, let state = place.openingHours.state(at: now, in: timeZone) {
                let board = BoardStrings.forLanguage(strings.language)
                let (text, isOpen) =
                    switch state {
                    case .open(let until): (board.openUntil(until), true)
                    case .closed(let opens?): (board.closedNow(opens), false)
                    case .closed(nil): (closedText(after: now), false)
                    }
                el(.p, .class("open-state")) {
                    el(.span, .class("card-state"), .data("open", isOpen ? "true" : "false")) { text }
                }
            }
            HoursTable(strings: strings, hours: place.openingHours, from: today).node
        }
    }
}

extension PlacePage {
    /// "Closed now", with the next opening on a later day when there is one in the next two weeks.
    fileprivate func closedText(after now: Date) -> String {
        let today = CalendarDate.local(now, in: area.clockTimeZone).date
        guard let next = place.openingHours.nextOpening(after: now, in: area.clockTimeZone) else {
            return BoardStrings.forLanguage(strings.language).closedNow(nil)
        }
        let day =
            next.date.daysSince1970 - today.daysSince1970 < 7
            ? strings.weekdayName(next.date.weekday) : MenuStrings.forLanguage(strings.language).longDate(next.date)
        return strings.closedUntil(day, next.time)
    }
}

/// Opening hours as the place page shows them, and the console's preview of them: the weekly table, then the
/// next dated exceptions from `from` on (closed days, other hours), and the hours' note (the demo's "sample hours").
struct HoursTable {
    let strings: Strings
    let hours: OpeningHours
    /// The area's today; `nil` leaves the exceptions out.
    let from: CalendarDate?

    /// At most this many upcoming exceptions are listed.
    static let shownExceptions = 5

    var node: Node {
        let upcoming = from.map { Array(hours.exceptions(from: $0).prefix(Self.shownExceptions)) } ?? []
        return el(.div, .class("hours-block")) {
            if !upcoming.isEmpty {
                let longDate = MenuStrings.forLanguage(strings.language).longDate
                el(.ul, .class("hours-exceptions")) {
                    for exception in upcoming {
                        el(.li, .class(exception.isClosed ? "closed" : "other")) {
                            let date = longDate(exception.date)
                            el(.strong) { exception.isClosed ? strings.closedOn(date) : strings.otherHoursOn(date) }
                            if !exception.isClosed {
                                " " + exception.hours.map { "\($0.opens)–\($0.closes)" }.joined(separator: ", ")
                            }
                            if let note = exception.note { ": " + note }
                        }
                    }
                }
            }
            if hours.isEmpty {
                el(.p, .class("meta")) { strings.hoursUnknown }
            } else {
                el(.table, .class("hours")) {
                    for rule in hours.rules {
                        let line = strings.hoursLine(rule)
                        el(.tr) {
                            el(.th, Attribute("scope", "row")) { line.days }
                            el(.td) { line.times }
                        }
                    }
                }
            }
            if let note = hours.note {
                el(.p, .class("meta hours-note")) { note }
            }
        }
    }
}

/// A web address safe to link to: `http` or `https` only, so data can never smuggle in a `javascript:` link.
struct WebAddress {
    let text: String
    /// The site's host name as people say it, without scheme, `www.`, port, path or query ("pusan.ac.kr"): a long
    /// address no longer breaks over lines, and the link still goes to the whole address.
    let displayText: String

    init?(_ text: String) {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), !text.contains(where: \.isWhitespace),
            let host = URLComponents(string: text)?.host?.lowercased(), !host.isEmpty
        else { return nil }
        self.text = text
        displayText = host.hasPrefix("www.") && host.count > 4 ? String(host.dropFirst(4)) : host
    }
}
