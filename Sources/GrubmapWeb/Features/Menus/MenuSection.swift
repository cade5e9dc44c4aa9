import Foundation
import GrubmapCore

/// The place page's menu: a selector for the days of the week (Sunday to Saturday, in the area's time zone) and
/// the selected day's categories and meals, with the category being served now first.
///
/// Every day is a plain link (`?date=YYYY-MM-DD#menu`), so it works without JavaScript; `menus.js` only swaps the
/// section in place. "Closed" and "no menu yet" are different messages.
struct MenuSection {
    let strings: MenuStrings
    let place: Place
    /// The area's language, for the `lang` of menu text (names and notes are written in it).
    let contentLanguage: String
    /// Today on the area's calendar.
    let today: CalendarDate
    /// The clock time in the area now, for the category being served.
    let now: TimeOfDay
    let selected: CalendarDate
    /// The selected day's menu, or `nil` when none is known.
    let menu: Menu?
    /// The days of the selected week that have a menu.
    let days: [CalendarDate: MenuDayKind]
    /// Query fields of the page to keep in the day links (such as `near` and `ride`), without `date`.
    let keptQuery: [(name: String, value: String)]

    var week: [CalendarDate] { selected.week(startingOn: .sunday) }

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
            el(.nav, .class("days"), .ariaLabel(strings.daysLabel)) {
                for date in week { dayLink(date) }
            }
            content
            if let note = menu?.note {
                el(.p, .class("meta menu-note"), .lang(contentLanguage)) { note }
            }
        }
    }

    /// The address of the page on another day, keeping the page's other query fields.
    func link(to date: CalendarDate) -> String {
        Paths.place(
            place.id, query: keptQuery.map { ($0.name, $0.value) } + [("date", date.description)], fragment: "menu")
    }

    private func dayLink(_ date: CalendarDate) -> Node {
        var attributes: [Attribute] = [
            .class("day"), .href(link(to: date)), .data("kind", days[date]?.rawValue ?? "none"),
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

    private var content: Node {
        guard let menu else {
            return el(.div, .class("menu-message menu-none")) {
                el(.p) { el(.strong) { strings.noMenu } }
                el(.p, .class("meta")) { strings.noMenuHint }
            }
        }
        if menu.isClosed {
            return el(.div, .class("menu-message menu-closed")) {
                el(.p) { el(.strong) { strings.closed } }
            }
        }
        let arranged = menu.arrangedCategories(at: selected == today ? now : nil)
        return el(.div, .class("menu-categories")) {
            for (index, item) in arranged.enumerated() { category(item, index: index, currency: menu.currency) }
        }
    }

    private func category(_ item: ArrangedCategory, index: Int, currency: Currency) -> Node {
        let category = item.category
        var attributes: [Attribute] = [.class(item.isServingNow ? "menu-category now" : "menu-category")]
        if item.isOpen { attributes.append(Attribute("open", nil)) }
        if let period = category.period { attributes.append(.data("period", period.rawValue)) }
        // `details` and `summary` may not be in `Tag`; the public `element` takes any name.
        return element("details", attributes) {
            element("summary") {
                el(.span, .class("category-title")) {
                    el(.span, .class("category-name"), .lang(contentLanguage)) { category.name }
                    if item.isServingNow {
                        el(.span, .class("now-badge")) { strings.servingNow }
                    }
                }
                el(.span, .class("category-meta")) {
                    if let period = category.period, !mentions(category.name, period) {
                        strings.periodName(period) + " · "
                    }
                    strings.mealCount(category.meals.count)
                }
            }
            el(.ul, .class("meals")) {
                for meal in category.meals { self.meal(meal, currency: currency) }
            }
        }
    }

    /// Whether a category's name already says its period in the reader's language ("Lunch", "중식").
    private func mentions(_ name: String, _ period: MealPeriod) -> Bool {
        name.lowercased().contains(strings.periodName(period).lowercased())
    }

    private func meal(_ meal: Meal, currency: Currency) -> Node {
        el(.li, .class("meal")) {
            el(.p, .class("meal-name"), .lang(contentLanguage)) { meal.name }
            if !meal.notes.isEmpty {
                el(.ul, .class("meal-notes"), .ariaLabel(strings.notesLabel), .lang(contentLanguage)) {
                    for note in meal.notes { el(.li) { note } }
                }
            }
            if !meal.prices.isEmpty {
                el(.dl, .class("meal-prices"), .ariaLabel(strings.pricesLabel)) {
                    for price in meal.prices {
                        el(.div) {
                            el(.dt) { strings.roleName(price.role) }
                            el(.dd) { currency.format(price.amount, language: strings.language) }
                        }
                    }
                }
            }
        }
    }
}
