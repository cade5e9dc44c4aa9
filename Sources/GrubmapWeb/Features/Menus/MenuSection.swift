import Foundation
import GrubmapCore

/// The place page's menu: a selector for the days of the week (Sunday to Saturday, in the area's time zone) and
/// the selected day's categories and meals, with the category being served now first.
///
/// Every day is a plain link (`?date=YYYY-MM-DD#menu`), so it works without JavaScript; `menus.js` only swaps the
/// section in place. "Closed" and "no menu yet" are different messages, and a day the place's hours close says
/// closed with the hours' note even when a menu is stored for it (``PlaceDay``).
struct MenuSection {
    /// The person's price role and filter, the strings, and the language menu text is in.
    let reading: MenuReading
    let place: Place
    /// Today on the area's calendar.
    let today: CalendarDate
    /// The clock time in the area now, for the category being served.
    let now: TimeOfDay
    let selected: CalendarDate
    /// The selected day: closed, its menu, or no menu yet.
    let day: PlaceDay
    /// The days of the selected week that have a menu.
    let days: [CalendarDate: MenuDayKind]
    /// Query fields of the page to keep in the day links (such as `near` and `ride`), without `date`.
    let keptQuery: [(name: String, value: String)]

    var strings: MenuStrings { reading.strings }

    var node: Node {
        el(.section, .class("card panel wide menu"), .id("menu"), Attribute("aria-labelledby", "menu-heading")) {
            el(.div, .class("menu-head")) {
                el(.h2, .id("menu-heading")) { strings.heading }
                el(.p, .class("meta menu-date")) {
                    el(.span, Attribute("data-date", selected.description)) { strings.longDate(selected) }
                    if selected == today {
                        el(.span, .class("menu-today")) { strings.today }
                    } else {
                        el(.a, .class("menu-back"), .href(link(to: today))) { strings.backToToday }
                    }
                }
            }
            DaySelector(strings: strings, today: today, selected: selected, days: days, link: link(to:)).node
            content
            if let note = day.menu?.note {
                el(.p, .class("meta menu-note"), .lang(reading.contentLanguage)) { note }
            }
        }
    }

    /// The address of the page on another day, keeping the page's other query fields.
    func link(to date: CalendarDate) -> String {
        Paths.place(
            place.id, query: keptQuery.map { ($0.name, $0.value) } + [("date", date.description)], fragment: "menu")
    }

    private var content: Node {
        switch day {
        case .noMenu:
            return el(.div, .class("menu-message menu-none")) {
                el(.p) { el(.strong) { strings.noMenu } }
                el(.p, .class("meta")) { strings.noMenuHint }
            }
        case .closed(let closure):
            return el(.div, .class("menu-message menu-closed"), .data("closed-by", closure.reason.rawValue)) {
                el(.p) { el(.strong) { strings.closed } }
                if let note = closure.note {
                    el(.p, .class("closed-note"), .lang(reading.contentLanguage)) { note }
                }
            }
        case .serving(let menu):
            return categories(menu)
        }
    }

    private func categories(_ menu: Menu) -> Node {
        let moment =
            selected == today ? MealTimes(hours: place.openingHours, on: selected).moment(at: now, for: menu) : nil
        let arranged = menu.arrangedCategories(at: moment)
        return el(.div, .class("menu-categories")) {
            for item in arranged { MenuCategoryView(reading: reading, item: item, currency: menu.currency).node }
        }
    }
}
