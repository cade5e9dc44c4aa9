import GrubmapCore

/// The days of the selected week, Sunday to Saturday on the area's calendar, each a plain link: today marked, the
/// selected day current, and each day's dot saying whether it has a menu (filled: serving; ring: closed; none: no
/// menu yet). The place page's menu and the menu board share it.
struct DaySelector {
    let strings: MenuStrings
    /// Today on the area's calendar.
    let today: CalendarDate
    let selected: CalendarDate
    /// The week's days that have a menu.
    let days: [CalendarDate: MenuDayKind]
    /// The address of the page on another day.
    let link: (CalendarDate) -> String

    var week: [CalendarDate] { selected.week(startingOn: .sunday) }

    var node: Node {
        el(.nav, .class("days"), .ariaLabel(strings.daysLabel)) {
            for date in week { dayLink(date) }
        }
    }

    private func dayLink(_ date: CalendarDate) -> Node {
        var attributes: [Attribute] = [
            .class("day"), .href(link(date)), .data("kind", days[date]?.rawValue ?? "none"),
            .ariaLabel(strings.longDate(date) + (date == today ? ", " + strings.today : "")),
        ]
        if date == selected { attributes.append(.ariaCurrent("page")) }
        if date == today { attributes.append(.data("today", "true")) }
        return el(.a, attributes: attributes) {
            el(.span, .class("day-name")) { strings.weekdayShort(date.weekday) }
            el(.span, .class("day-number")) { String(date.components.day) }
            el(.span, .class("day-mark"), .ariaHidden()) {}
        }
    }
}
