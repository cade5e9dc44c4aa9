import Foundation
import GrubmapCore

/// Whether a place is closed on a date by its hours, as the week of menus marks it.
enum DayClosure: Equatable, Sendable {
    /// The weekly hours have no opening that weekday.
    case weekly
    /// A dated exception closes the day, with its note.
    case exception(note: String?)

    /// The closure of `place` on `date`, or `nil` when it opens that day or its hours are not known (no weekly
    /// hours and no exception).
    static func of(_ place: Place, on date: CalendarDate) -> DayClosure? {
        let hours = place.openingHours
        if let exception = hours.exception(on: date) {
            return exception.isClosed ? .exception(note: exception.note) : nil
        }
        return !hours.rules.isEmpty && hours.openings(on: date).isEmpty ? .weekly : nil
    }

    func text(_ words: ConsoleFormStrings) -> String {
        switch self {
        case .weekly: words.closedByHours
        case .exception(let note): words.closedOn(note)
        }
    }
}

/// `/admin/places/{id}/menus[?week=…]`: a place's week of menus, Sunday to Saturday, on one form: each day closed
/// with a note, or categories of meals with notes and prices per role, rows added and a day copied to others
/// without saving (by the script; without it, a blank row in each category and a blank category, and the copy sent
/// to the server, which shows the form again unsaved), and saved at once. Days the place is closed on are marked
/// and warn when they have a menu.
struct MenuWeekPage {
    let text: ConsoleStrings
    let words: ConsoleFormStrings
    let menuStrings: MenuStrings
    let dates: ConsoleDates
    let area: Area
    let areas: [Area]
    let csrfToken: String
    let place: Place
    let form: WeekMenuForm
    let currency: Currency
    let problems: [String: String]
    let notice: String?
    /// Whether the notice warns (a day with a menu is closed) rather than says what went well.
    var noticeWarns = false
    /// Today's menu and its sold-out marks, when the place serves today: each meal is a one-tap toggle.
    var today: (menu: Menu, marks: [MealID: SoldOutMark])?

    var days: [CalendarDate] { form.days }

    /// The price roles each meal shows a field for: those the week's menus use (all four when they use none); the
    /// others are folded under "More prices".
    private var roles: (shown: [PriceRole], folded: [PriceRole]) {
        let used = Set(
            form.drafts.flatMap { draft in
                draft.categories.flatMap { category in
                    category.meals.flatMap { meal in
                        meal.prices.filter { !$0.value.trimmingCharacters(in: .whitespaces).isEmpty }.keys
                    }
                }
            })
        guard !used.isEmpty else { return (PriceRole.allCases, []) }
        return (PriceRole.allCases.filter(used.contains), PriceRole.allCases.filter { !used.contains($0) })
    }

    func render() -> [UInt8] {
        let language = text.language
        let placeName = place.name.text(in: language)
        let title = words.weekTitle(placeName)
        let first = days[0]
        let current = dates.today.week(startingOn: .sunday)[0]
        return ConsoleLayout(
            text: text, title: title, areas: areas, currentAreaID: area.id, csrfToken: csrfToken,
            scripts: ["console.js"]
        )
        .render {
            el(.p) { el(.a, .href(Paths.Console.place(place.id))) { placeName } }
            el(.h1) { title }
            if let notice {
                el(.p, .class(noticeWarns ? "notice warning" : "notice success"), Attribute("role", "status")) {
                    notice
                }
            }
            if !problems.isEmpty {
                ErrorSummary(title: text.fixTheFields, items: problemItems).node
            }
            el(.nav, .class("week-nav"), .ariaLabel(dates.week(days))) {
                el(.a, .class("button secondary small"), .href(weekLink(first.adding(days: -7)))) { text.previousWeek }
                el(.strong) { dates.week(days) }
                el(.a, .class("button secondary small"), .href(weekLink(first.adding(days: 7)))) { text.nextWeek }
                if first != current {
                    el(.a, .href(weekLink(current))) { words.thisWeek }
                }
            }
            if let today { soldOutPanel(today.menu, marks: today.marks) }
            dayStrip
            el(
                .form, .class("week-form"), Attribute("method", "post"),
                Attribute("action", Paths.Console.menus(place.id)),
                Attribute("novalidate", nil), .data("week-form", ""), .data("copied", words.copiedUnsaved),
                .data("copy-none", words.copiedNone)
            ) {
                csrfField(csrfToken)
                el(.input, .type("hidden"), .name("week"), .value(first.description))
                el(.div, .class("week-intro")) {
                    el(.p, .class("hint")) { words.weekHint }
                    // The form's first submit button, so Enter in a field saves rather than copies a day.
                    el(.button, .type("submit"), .class("button")) { words.saveWeek }
                }
                for index in days.indices { day(index) }
                el(.div, .class("week-save")) {
                    el(.button, .type("submit"), .class("button")) { words.saveWeek }
                }
            }
            templates
            copyWeekPanel
        }
    }

    /// "Sold out today": a form per meal of today whose one button marks the meal sold out or, pressed, clears it.
    private func soldOutPanel(_ menu: Menu, marks: [MealID: SoldOutMark]) -> Node {
        el(.section, .class("sold-out-panel"), .id("sold-out"), Attribute("aria-labelledby", "sold-out-heading")) {
            el(.h2, .id("sold-out-heading")) { menuStrings.soldOutToday }
            el(.p, .class("hint")) { menuStrings.soldOutHint }
            for (category, ids) in zip(menu.categories, menu.mealIDs) {
                el(.h3, .class("sold-out-category"), .lang(area.localLanguage)) { category.name }
                el(.ul, .class("sold-out-list")) {
                    for (meal, id) in zip(category.meals, ids) {
                        let mark = marks[id]
                        el(.li) {
                            el(.form, Attribute("method", "post"), Attribute("action", Paths.Console.soldOut(place.id)))
                            {
                                csrfField(csrfToken)
                                el(.input, .type("hidden"), .name("mealId"), .value(id.rawValue))
                                el(
                                    .button, .type("submit"), .class("sold-out-toggle"), .name("soldOut"),
                                    .value(mark == nil ? "1" : "0"),
                                    Attribute("aria-pressed", mark == nil ? "false" : "true")
                                ) {
                                    el(.span, .lang(area.localLanguage)) { meal.name }
                                }
                                if let mark {
                                    let time = CalendarDate.local(mark.at, in: area.clockTimeZone).time.description
                                    el(.span, .class("sold-out-note")) {
                                        mark.by == .operator
                                            ? menuStrings.soldOutAt(time) : menuStrings.reportedSoldOutAt(time)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private func weekLink(_ date: CalendarDate) -> String {
        Paths.Console.menus(place.id, query: [("week", date.description)])
    }

    /// The week at a glance: each day, what it has, and whether the place is closed; a link to the day's form.
    private var dayStrip: Node {
        el(.nav, .class("week-strip"), .ariaLabel(words.weekDays)) {
            el(.ol) {
                for (index, date) in days.enumerated() {
                    let closure = DayClosure.of(place, on: date)
                    let draft = form.drafts[index]
                    el(.li, .class(closure == nil ? "" : "closed")) {
                        el(
                            .a,
                            attributes: [.href("#day-\(date)")] + (date == dates.today ? [.ariaCurrent("date")] : [])
                        ) {
                            el(.strong) { menuStrings.weekdayShort(date.weekday) }
                            el(.strong) { String(date.components.day) }
                            el(.span) { summary(draft, closure: closure) }
                        }
                    }
                }
            }
        }
    }

    private func summary(_ draft: MenuDraft, closure: DayClosure?) -> String {
        if let closure { return closure == .weekly ? words.closedByHours : words.closedOn(nil) }
        if draft.closed { return words.closedMenu }
        let meals = draft.categories.reduce(0) {
            $0 + $1.meals.filter { !$0.name.trimmingCharacters(in: .whitespaces).isEmpty }.count
        }
        return meals == 0 ? text.noMenu : words.mealCount(meals)
    }

    private func day(_ index: Int) -> Node {
        let date = days[index]
        let draft = form.drafts[index].withBlankRows
        let closure = DayClosure.of(place, on: date)
        let prefix = WeekMenuForm.prefix(index)
        let heading = dates.text(date)
        return el(
            .section, .class("card week-day" + (closure == nil ? "" : " closed")), .id("day-\(date)"),
            .data("day", String(index)), Attribute("aria-labelledby", "day-\(index)-title")
        ) {
            el(.div, .class("week-day-head")) {
                el(.h2, .id("day-\(index)-title")) { heading }
                if date == dates.today { el(.span, .class("badge")) { text.today } }
                if let closure { el(.span, .class("badge closed-badge")) { closure.text(words) } }
            }
            if let closure {
                // Shown when the day has a meal (the script keeps it so as meals are typed).
                el(
                    .p,
                    attributes: [.class("notice warning"), .data("closed-warning", "")]
                        + (form.drafts[index].hasMeals && !form.drafts[index].closed ? [] : [Attribute("hidden", nil)])
                ) { words.menuOnClosedDay(closure.text(words)) }
            }
            el(.div, .class("day-body"), .data("day-body", "")) {
                el(.label, .class("check")) {
                    el(
                        .input,
                        attributes: [.type("checkbox"), .name(prefix + "closed"), .value("1")]
                            + (draft.closed ? [Attribute("checked", nil)] : []))
                    text.closedAllDay
                }
                ConsoleField(
                    name: prefix + "note", label: text.dayNote, value: draft.note, problem: problems[prefix + "note"]
                ).node
                el(.div, .class("day-categories"), .data("categories", "")) {
                    for (c, category) in draft.categories.enumerated() {
                        categoryNode(prefix: "\(prefix)c\(c)", number: String(c + 1), category: category)
                    }
                }
                el(
                    .button, .type("button"), .class("button secondary small"), .data("add-category", ""),
                    Attribute("hidden", nil)
                ) {
                    words.addCategory
                }
            }
            copyDay(index, heading: heading)
        }
    }

    private func categoryNode(prefix: String, number: String, category: MenuDraft.CategoryDraft) -> Node {
        el(.fieldset, .class("week-category"), .data("category", ""), .data("prefix", prefix)) {
            el(.legend) { words.category(number) }
            ConsoleField(
                name: "\(prefix)-name", label: text.categoryLabel, value: category.name,
                problem: problems["\(prefix)-name"], extra: [Attribute("placeholder", "중식 / Lunch")]
            ).node
            el(.div, .class("week-meals"), .data("meals", "")) {
                for (m, meal) in category.meals.enumerated() {
                    mealRow(prefix: "\(prefix)-m\(m)", number: String(m + 1), draft: meal)
                }
            }
            el(
                .button, .type("button"), .class("button secondary small"), .data("add-meal", ""),
                Attribute("hidden", nil)
            ) {
                words.addMeal
            }
        }
    }

    private func mealRow(prefix: String, number: String, draft: MenuDraft.MealDraft) -> Node {
        el(.div, .class("meal-row"), .data("meal", ""), .data("prefix", prefix)) {
            ConsoleField(
                name: "\(prefix)-name", label: "\(text.mealName) \(number)", value: draft.name,
                problem: problems["\(prefix)-name"]
            ).node
            ConsoleField(
                name: "\(prefix)-notes", label: text.notes, value: draft.notes,
                extra: [Attribute("placeholder", text.notesHint)]
            ).node
            el(.fieldset, .class("prices")) {
                el(.legend) { text.pricesIn(currency.code) }
                let (shown, folded) = roles
                for role in shown { priceField(prefix: prefix, role: role, draft: draft) }
                if !folded.isEmpty {
                    el(.details, .class("more-prices")) {
                        el(.summary) { words.morePrices }
                        el(.div, .class("prices-folded")) {
                            for role in folded { priceField(prefix: prefix, role: role, draft: draft) }
                        }
                    }
                }
            }
        }
    }

    private func priceField(prefix: String, role: PriceRole, draft: MenuDraft.MealDraft) -> Node {
        ConsoleField(
            name: "\(prefix)-\(role.rawValue)", label: menuStrings.roleName(role), value: draft.prices[role] ?? "",
            problem: problems["\(prefix)-\(role.rawValue)"], extra: [Attribute("inputmode", "decimal")]
        ).node
    }

    /// Ticks for the other days and a button: the script copies in the page; without it the form is sent, and the
    /// server shows it again with the copies, unsaved.
    private func copyDay(_ index: Int, heading: String) -> Node {
        el(.details, .class("copy-day")) {
            el(.summary) { words.copyDay(heading) }
            el(.fieldset) {
                el(.legend) { words.copyTo }
                el(.div, .class("choices inline")) {
                    for (target, date) in days.enumerated() where target != index {
                        el(.label, .class("check")) {
                            el(.input, .type("checkbox"), .name("copy-to-\(index)"), .value(String(target)))
                            menuStrings.weekdayShort(date.weekday) + " " + String(date.components.day)
                        }
                    }
                }
            }
            el(.button, .type("submit"), .name("copy"), .value(String(index)), .class("button secondary small")) {
                words.copyButton
            }
            el(.p, .class("meta"), .data("copy-status", ""), Attribute("role", "status"), Attribute("hidden", nil))
        }
    }

    /// The rows the script adds: a meal of a category and a category with one meal, their prefixes left to fill in.
    private var templates: Node {
        fragment {
            element("template", [.id("meal-row-template")]) {
                mealRow(prefix: "__PREFIX__", number: "__NUMBER__", draft: MenuDraft.MealDraft())
            }
            element("template", [.id("category-template")]) {
                categoryNode(
                    prefix: "__CATEGORY__", number: "__NUMBER__",
                    category: MenuDraft.CategoryDraft(meals: [MenuDraft.MealDraft()]))
            }
        }
    }

    /// Copies the stored week (not what is typed above) to one of the next weeks.
    private var copyWeekPanel: Node {
        el(.section, .class("card panel"), Attribute("aria-labelledby", "copy-week-title")) {
            el(.h2, .id("copy-week-title")) { words.copyWeekTo }
            el(
                .form, .class("copy-form"), Attribute("method", "post"),
                Attribute("action", Paths.Console.copyMenus(place.id))
            ) {
                csrfField(csrfToken)
                el(.input, .type("hidden"), .name("kind"), .value("week"))
                el(.input, .type("hidden"), .name("from"), .value(days[0].description))
                el(.label, Attribute("for", "copy-week"), .class("visually-hidden")) { words.copyWeekTo }
                el(.select, .id("copy-week"), .name("to")) {
                    for offset in 1...8 {
                        let week = days[0].adding(days: 7 * offset).week(startingOn: .sunday)
                        el(.option, .value(week[0].description)) { words.weekChoice(dates.week(week)) }
                    }
                }
                el(.button, .type("submit"), .class("button secondary small")) { text.copy }
            }
        }
    }

    /// The summary's lines: each problem with its day, category and field, in the form's order.
    private var problemItems: [(fieldID: String, message: String)] {
        problems.keys.sorted { Self.order($0).lexicographicallyPrecedes(Self.order($1)) }.compactMap { key in
            guard let message = problems[key] else { return nil }
            return (key, label(of: key) + ": " + message)
        }
    }

    /// The numbers in a field id, for sorting ids in the form's order (`d2-c10-…` after `d2-c9-…`).
    private static func order(_ key: String) -> [Int] {
        key.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    }

    /// `Tue 1 Dec 2026 · Category 1 · Meal 2 · Students` for `d2-c0-m1-student`.
    private func label(of key: String) -> String {
        let numbers = Self.order(key)
        var parts: [String] = []
        if let day = numbers.first, days.indices.contains(day) { parts.append(dates.text(days[day])) }
        if numbers.count > 1 { parts.append(words.category(String(numbers[1] + 1))) }
        if numbers.count > 2 { parts.append("\(text.mealName) \(numbers[2] + 1)") }
        let field = key.split(separator: "-").last.map(String.init) ?? ""
        if let role = PriceRole(rawValue: field) {
            parts.append(menuStrings.roleName(role))
        } else if field == "note" {
            parts.append(text.dayNote)
        }
        return parts.joined(separator: " · ")
    }
}
