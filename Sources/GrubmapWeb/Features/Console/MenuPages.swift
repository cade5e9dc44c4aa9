import Foundation
import GrubmapCore

/// `/admin/places/{id}/menus`: a week of a place's menus, Sunday to Saturday, each day with what it serves, a link
/// to edit it and a form to copy it; the week can be copied as a whole.
struct MenuWeekPage {
    let text: ConsoleStrings
    let menuStrings: MenuStrings
    let area: Area
    let areas: [Area]
    let csrfToken: String
    let place: Place
    let days: [(date: CalendarDate, menu: Menu?)]
    let today: CalendarDate
    let notice: String?

    func render() -> String {
        let language = text.language
        let first = days[0].date
        let title = "\(text.menus) · \(place.name.text(in: language))"
        return ConsoleLayout(text: text, title: title, areas: areas, currentAreaID: area.id, csrfToken: csrfToken)
            .render {
                el(.p) { el(.a, .href(Paths.Console.place(place.id))) { place.name.text(in: language) } }
                el(.h1) { title }
                if let notice { el(.p, .class("notice success"), Attribute("role", "status")) { notice } }
                el(.nav, .class("week-nav"), .ariaLabel(text.weekOf(first.description))) {
                    el(
                        .a, .class("button secondary small"),
                        .href(Paths.Console.menus(place.id, query: [("week", first.adding(days: -7).description)]))
                    ) {
                        text.previousWeek
                    }
                    el(.strong) { text.weekOf(first.description) }
                    el(
                        .a, .class("button secondary small"),
                        .href(Paths.Console.menus(place.id, query: [("week", first.adding(days: 7).description)]))
                    ) {
                        text.nextWeek
                    }
                }
                el(.ul, .class("console-list")) {
                    for (date, menu) in days {
                        el(.li, .class("card console-day"), .id("day-\(date)")) {
                            el(.div, .class("console-day-head")) {
                                el(.h2) {
                                    menuStrings.weekdayShort(date.weekday) + " " + date.description
                                        + (date == today ? " · " + text.today : "")
                                }
                                el(
                                    .a, .class("button secondary small"),
                                    .href(Paths.Console.menuDay(place.id, query: [("date", date.description)])),
                                    .ariaLabel("\(text.editDay) \(date)")
                                ) { text.editDay }
                            }
                            if let menu {
                                if menu.isClosed {
                                    el(.p) { text.closedAllDay + (menu.note.map { " · \($0)" } ?? "") }
                                } else {
                                    el(.ul, .class("console-meals")) {
                                        for category in menu.categories {
                                            el(.li) {
                                                el(.strong) { category.name + ": " }
                                                category.meals.map(\.name).joined(separator: ", ")
                                            }
                                        }
                                    }
                                    if let note = menu.note { el(.p, .class("meta")) { note } }
                                }
                                copyForm(
                                    kind: "day", from: date, label: text.copyDayTo, id: "copy-\(date)",
                                    suggested: date.adding(days: 7))
                            } else {
                                el(.p, .class("meta")) { text.noMenu }
                            }
                        }
                    }
                }
                el(.section, .class("card panel")) {
                    copyForm(
                        kind: "week", from: first, label: text.copyWeekTo, id: "copy-week",
                        suggested: first.adding(days: 7))
                }
            }
    }

    private func copyForm(kind: String, from: CalendarDate, label: String, id: String, suggested: CalendarDate)
        -> Node
    {
        el(
            .form, .class("copy-form"), Attribute("method", "post"),
            Attribute("action", Paths.Console.copyMenus(place.id))
        ) {
            csrfField(csrfToken)
            el(.input, .type("hidden"), .name("kind"), .value(kind))
            el(.input, .type("hidden"), .name("from"), .value(from.description))
            el(.label, Attribute("for", id)) { label }
            el(.input, .type("date"), .id(id), .name("to"), .value(suggested.description), Attribute("required", nil))
            el(.button, .type("submit"), .class("button secondary small")) { text.copy }
        }
    }
}

/// `/admin/places/{id}/menus/day?date=…`: one day's menu: closed with a note, or categories of meals with notes
/// and prices per role, with empty rows to add more.
struct MenuDayPage {
    let text: ConsoleStrings
    let menuStrings: MenuStrings
    let area: Area
    let areas: [Area]
    let csrfToken: String
    let place: Place
    let date: CalendarDate
    let draft: MenuDraft
    let currency: Currency
    let problems: [String: String]
    let notice: String?

    func render() -> String {
        let language = text.language
        let title = "\(place.name.text(in: language)) · \(menuStrings.weekdayShort(date.weekday)) \(date)"
        return ConsoleLayout(text: text, title: title, areas: areas, currentAreaID: area.id, csrfToken: csrfToken)
            .render {
                el(.p) {
                    el(.a, .href(Paths.Console.menus(place.id, query: [("week", date.description)]))) {
                        text.menus + " · " + text.weekOf(date.week(startingOn: .sunday)[0].description)
                    }
                }
                el(.h1) { title }
                if let notice { el(.p, .class("notice success"), Attribute("role", "status")) { notice } }
                if !problems.isEmpty {
                    ErrorSummary(
                        title: text.fixTheFields,
                        items: problems.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                    ).node
                }
                el(
                    .form, .class("card panel console-form"), Attribute("method", "post"),
                    Attribute("action", Paths.Console.menuDay(place.id)), Attribute("novalidate", nil)
                ) {
                    csrfField(csrfToken)
                    el(.input, .type("hidden"), .name("date"), .value(date.description))
                    el(.label, .class("check")) {
                        el(
                            .input,
                            attributes: [.type("checkbox"), .name("closed"), .value("1")]
                                + (draft.closed ? [Attribute("checked", nil)] : []))
                        text.closedAllDay
                    }
                    ConsoleField(name: "note", label: text.dayNote, value: draft.note, problem: problems["note"]).node
                    el(.p, .class("hint")) { text.blankRowsHint }
                    for (c, category) in draft.categories.enumerated() {
                        el(.fieldset, .class("menu-category")) {
                            el(.legend) { text.categoryName(c + 1) }
                            ConsoleField(
                                name: "c\(c)-name", label: text.categoryLabel, value: category.name,
                                problem: problems["c\(c)-name"], extra: [Attribute("placeholder", "중식 / Lunch")]
                            ).node
                            for (m, meal) in category.meals.enumerated() {
                                mealRow(category: c, meal: m, draft: meal)
                            }
                        }
                    }
                    el(.div, .class("sheet-foot")) {
                        el(.button, .type("submit"), .class("button")) { text.saveMenu }
                    }
                }
                el(.form, Attribute("method", "post"), Attribute("action", Paths.Console.menuDay(place.id))) {
                    csrfField(csrfToken)
                    el(.input, .type("hidden"), .name("date"), .value(date.description))
                    el(.input, .type("hidden"), .name("remove"), .value("1"))
                    el(.button, .type("submit"), .class("button secondary")) { text.removeMenu }
                }
            }
    }

    private func mealRow(category c: Int, meal m: Int, draft: MenuDraft.MealDraft) -> Node {
        let id = "c\(c)-m\(m)"
        return el(.div, .class("meal-row")) {
            ConsoleField(
                name: "\(id)-name", label: "\(text.mealName) \(m + 1)", value: draft.name,
                problem: problems["\(id)-name"]
            ).node
            ConsoleField(
                name: "\(id)-notes", label: text.notes, value: draft.notes, hint: m == 0 ? text.notesHint : nil
            ).node
            el(.fieldset, .class("prices")) {
                el(.legend) { text.pricesIn(currency.code) }
                for role in PriceRole.allCases {
                    ConsoleField(
                        name: "\(id)-\(role.rawValue)", label: menuStrings.roleName(role),
                        value: draft.prices[role] ?? "", problem: problems["\(id)-\(role.rawValue)"],
                        extra: [Attribute("inputmode", "decimal")]
                    ).node
                }
            }
        }
    }
}
