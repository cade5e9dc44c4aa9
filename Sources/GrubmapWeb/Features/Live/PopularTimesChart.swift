import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP

/// The place page's popular times: a bar chart drawn by the server for one weekday (an SVG, each bar with a
/// `<title>`), the seven days as plain links (`?day=0…6#popular-times`, Sunday 0), the current hour marked with
/// "Now" and the verdict in words, "Sample data" when the figures include the demo's generated history, and a
/// visually hidden `<table>` of the same figures for screen readers (the drawing itself is hidden from them).
struct PopularTimesChart {
    /// The query field naming the day shown.
    static let dayField = "day"

    let strings: PopularTimesStrings
    let place: Place.ID
    let times: PopularTimes
    let timeZone: TimeZone
    /// The instant the page is for: "now" on the area's clock.
    let now: Date
    /// The weekday shown, Sunday 0; `nil` shows today's.
    let day: Int?
    /// Query fields of the page to keep in the day links, without ``dayField``.
    let keptQuery: [(name: String, value: String)]

    /// The weekday a `?day=` value names, Sunday 0; `nil` when absent. Anything but 0…6 is a 400 naming the field.
    static func day(in query: QueryFields) throws(HTTPError) -> Int? {
        guard let text = query[dayField] else { return nil }
        guard text.utf8.count == 1, let day = Int(text), (0...6).contains(day) else {
            throw .badRequest(
                "\(dayField): \"\(text.prefix(20))\" is not a day of the week; give 0 (Sunday) to 6 (Saturday).",
                code: "invalid_day", field: dayField)
        }
        return day
    }

    /// Weekdays Sunday 0 … Saturday 6, as ``Weekday`` (Monday 1 … Sunday 7).
    static func weekday(_ day: Int) -> Weekday {
        Weekday(rawValue: day == 0 ? 7 : day) ?? .sunday
    }

    var node: Node {
        let current = PopularTimes.Bucket(instant: now, timeZone: timeZone)
        let shown = day ?? current.weekday
        let week = MenuStrings.forLanguage(strings.language)
        let dayName = Strings.forLanguage(strings.language).weekdayName(Self.weekday(shown))
        let levels = times.levels()
        return el(.section, .class("card panel wide popular-times"), Attribute("aria-labelledby", "popular-times")) {
            el(.div, .class("popular-head")) {
                el(.h2, .id("popular-times")) { strings.heading }
                if times.isSample {
                    el(.p, .class("popular-sample")) {
                        el(.strong, .class("sample-tag")) { strings.sampleData }
                        " " + strings.sampleNote
                    }
                }
                el(.nav, .class("days popular-days"), .ariaLabel(strings.daysLabel)) {
                    for weekday in 0...6 {
                        let name = Strings.forLanguage(strings.language).weekdayName(Self.weekday(weekday))
                        el(
                            .a,
                            attributes: [.class("day popular-day"), .href(link(to: weekday)), .ariaLabel(name)]
                                + (weekday == shown ? [.ariaCurrent("page")] : [])
                                + (weekday == current.weekday ? [.data("today", "true")] : [])
                        ) {
                            el(.span, .class("day-name")) { week.weekdayShort(Self.weekday(weekday)) }
                        }
                    }
                }
                if shown == current.weekday, let verdict = times.verdict(at: now, in: timeZone) {
                    el(.p, .class("popular-now"), .data("level", API.PopularTimesBody.Level(verdict).rawValue)) {
                        el(.span, .class("popular-now-label")) { strings.now }
                        " "
                        el(.strong) { strings.verdict(verdict) }
                        " "
                        el(.span, .class("meta")) { dayName + " " + strings.hourRange(current.hour) }
                    }
                }
            }
            if times.isEmpty {
                el(.p, .class("meta popular-empty")) { strings.notEnough }
            } else if !levels[shown].contains(where: { $0 > 0 }) {
                el(.p, .class("meta popular-empty")) { strings.nothingOn(dayName) }
            } else {
                let nowHour = shown == current.weekday ? current.hour : nil
                let hours = shownHours(levels: levels, nowHour: nowHour)
                el(.div, .class("popular-figure")) {
                    chart(levels[shown], hours: hours, nowHour: nowHour)
                    table(levels[shown], hours: hours, nowHour: nowHour, dayName: dayName)
                }
            }
        }
    }

    /// The address of the page showing `weekday`, keeping the page's other query fields.
    func link(to weekday: Int) -> String {
        Paths.place(
            place, query: keptQuery.map { ($0.name, $0.value) } + [(Self.dayField, String(weekday))],
            fragment: "popular-times")
    }

    /// The hours drawn: from the earliest to the latest hour with any count on any day of the week (every day's
    /// chart spans the same hours, so days compare at a glance), widened to the current hour when it is shown.
    func shownHours(levels: [[Int]], nowHour: Int?) -> ClosedRange<Int> {
        let counted = (0...23).filter { hour in levels.contains { $0[hour] > 0 } }
        let first = min(counted.first ?? 0, nowHour ?? 23)
        let last = max(counted.last ?? 23, nowHour ?? 0)
        return first...last
    }

    /// Units of the drawing: each hour is a slot of ``slot`` with a bar of ``barWidth``; bars grow up to
    /// ``barHeight`` above the axis, under a row for the "Now" mark and over a row for the hour labels.
    static let slot = 12
    static let barWidth = 9
    static let barHeight = 60
    static let top = 16
    static let labels = 14

    private func chart(_ levels: [Int], hours: ClosedRange<Int>, nowHour: Int?) -> Node {
        let width = hours.count * Self.slot
        let axis = Self.top + Self.barHeight
        return el(
            .svg, .class("popular-chart"), Attribute("viewBox", "0 0 \(width) \(axis + Self.labels)"),
            Attribute("width", String(width * 5 / 2)), Attribute("height", String((axis + Self.labels) * 5 / 2)),
            Attribute("preserveAspectRatio", "xMinYMax meet"), .ariaHidden(), Attribute("focusable", "false")
        ) {
            el(
                .line, .class("popular-axis"), Attribute("x1", "0"), Attribute("x2", String(width)),
                Attribute("y1", String(axis)), Attribute("y2", String(axis)))
            for (index, hour) in hours.enumerated() {
                let level = levels[hour]
                let isNow = hour == nowHour
                // An empty hour keeps a sliver, so the bar (and its title) is still there to point at.
                let height = max(1, level * Self.barHeight / 100)
                let x = index * Self.slot + (Self.slot - Self.barWidth) / 2
                el(
                    .g,
                    attributes: [.class(isNow ? "popular-bar now" : "popular-bar"), .data("hour", String(hour))]
                        + (isNow ? [.data("now", "true")] : [])
                ) {
                    el(.title) { strings.bar(hour, level, isNow: isNow) }
                    el(
                        .rect, Attribute("x", String(x)), Attribute("y", String(axis - height)),
                        Attribute("width", String(Self.barWidth)), Attribute("height", String(height)),
                        Attribute("rx", "1.5"))
                    if isNow {
                        el(
                            .text, .class("popular-now-mark"), Attribute("x", String(x + Self.barWidth / 2)),
                            Attribute("y", String(max(9, axis - height - 4))), Attribute("text-anchor", "middle")
                        ) { strings.now }
                    }
                }
                if hour % 3 == 0 {
                    el(
                        .text, .class("popular-hour"), Attribute("x", String(x + Self.barWidth / 2)),
                        Attribute("y", String(axis + Self.labels - 3)), Attribute("text-anchor", "middle")
                    ) { String(hour) }
                }
            }
        }
    }

    private func table(_ levels: [Int], hours: ClosedRange<Int>, nowHour: Int?, dayName: String) -> Node {
        // The wrapper hides it: a table box ignores `overflow`, so a hidden table alone would still widen the page.
        el(.div, .class("visually-hidden")) {
            el(.table) {
                el(.caption) { strings.tableCaption(dayName) }
                el(.thead) {
                    el(.tr) {
                        el(.th, Attribute("scope", "col")) { strings.hourColumn }
                        el(.th, Attribute("scope", "col")) { strings.levelColumn }
                    }
                }
                el(.tbody) {
                    for hour in hours {
                        let range = strings.hourRange(hour)
                        el(.tr, attributes: hour == nowHour ? [.data("now", "true")] : []) {
                            el(.th, Attribute("scope", "row")) { hour == nowHour ? strings.nowMark(range) : range }
                            el(.td) { String(levels[hour]) }
                        }
                    }
                }
            }
        }
    }
}
