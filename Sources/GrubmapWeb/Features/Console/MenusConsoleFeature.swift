import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// A place's menus in the console: a week on one form (each day closed with a note, or categories of meals with
/// notes and prices per role in the area's currency), saved at once in one transaction with one audit entry, and a
/// week copied to another. Days the place's hours close are marked, and warn when they have a menu (which is kept:
/// the public pages show the day closed). The public pages show a change on their next request.
struct MenusConsoleFeature: RouteCollection {
    let store: any ConsoleStore & MenuStore & SoldOutStore
    let scope: ConsolePlaceScope

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.Console.menus, scope.scope, week)
        routes.add(.post, Paths.Console.menus, scope.scope, saveWeek)
        routes.add(.get, Paths.Console.menuDay, scope.scope, day)
        routes.add(.post, Paths.Console.copyMenus, scope.scope, copy)
        routes.add(.post, Paths.Console.soldOut, scope.scope, toggleSoldOut)
    }

    /// `GET /admin/places/{id}/menus[?week=YYYY-MM-DD]`: the week of any day (this week by default).
    func week(_ context: PlaceConsoleContext) throws -> Response {
        let query = context.request.query
        let dates = Self.dates(context)
        let selected = try Self.date(query["week"], context: context) ?? dates.today
        let days = selected.week(startingOn: .sunday)
        let place = context.place.place
        let menus = try days.map { try store.menu(placeID: place.id, on: $0) }
        let words = ConsoleFormStrings.forLanguage(context.text.language)
        var notice: String?
        var warns = false
        switch query["done"] {
        case "saved":
            let closedWithMenus = zip(days, menus).filter { date, menu in
                menu.map { !$0.isClosed } == true && DayClosure.of(place, on: date) != nil
            }.count
            notice = closedWithMenus == 0 ? words.weekSaved : words.weekSavedWithWarnings(closedWithMenus)
            warns = closedWithMenus > 0
        case "unchanged": notice = words.weekUnchanged
        case "copied": notice = context.text.copiedNotice(Int(query["days"] ?? "") ?? 0)
        case "nothing": notice = context.text.nothingToCopy
        case "sold-out", "sold-out-cleared":
            let strings = MenuStrings.forLanguage(context.text.language)
            let name = try query["meal"].flatMap(MealID.init).flatMap { id in
                try store.menu(placeID: place.id, on: dates.today)?.meal(withID: id)?.meal.name
            }
            if let name {
                notice = query["done"] == "sold-out" ? strings.markedSoldOut(name) : strings.clearedSoldOut(name)
            }
        default: break
        }
        var page = try self.page(context, form: WeekMenuForm(days: days, menus: menus), notice: notice)
        page.noticeWarns = warns
        // Today's meals, each a one-tap sold-out toggle, when the place serves today.
        if case .serving(let menu) = PlaceDay(
            place: place, date: dates.today, menu: try store.menu(placeID: place.id, on: dates.today))
        {
            page.today = (menu, try store.soldOutMarks(placeID: place.id, on: dates.today))
        }
        return .html(page.render())
    }

    /// `POST /admin/places/{id}/menus/sold-out` with `mealId` (a meal of today's menu) and `soldOut` (`1` marks it
    /// sold out now, `0` clears the mark), audited `menu.sold_out` / `menu.sold_out_cleared`; back to the week.
    func toggleSoldOut(_ context: PlaceConsoleContext) throws -> Response {
        let fields = try context.request.formFields()
        let place = context.place.place
        let today = Self.dates(context).today
        guard let text = fields["mealId"], let mealID = MealID(text) else {
            throw HTTPError.badRequest("mealId: give a meal's id.", code: "invalid_meal", field: "mealId")
        }
        guard let value = fields["soldOut"], value == "1" || value == "0" else {
            throw HTTPError.badRequest(
                "soldOut: 1 marks the meal sold out, 0 clears it.", code: "invalid_sold_out", field: "soldOut")
        }
        let meal = try SoldOutFeature.servedMeal(
            menus: store, place: place, area: context.area, date: today, mealID: mealID, now: context.now
        ).meal
        let subject = "\(place.id) \(today) \(mealID)"
        if value == "1" {
            let audit = context.console.audit(
                "menu.sold_out", subject: subject, area: place.areaID, before: nil, after: meal.name)
            try store.markSoldOut(
                SoldOutMark(placeID: place.id, date: today, mealID: mealID, at: context.now, by: .operator),
                operatorID: audit.actor, audit: audit)
        } else {
            try store.clearSoldOut(
                placeID: place.id, date: today, mealID: mealID,
                audit: context.console.audit(
                    "menu.sold_out_cleared", subject: subject, area: place.areaID, before: meal.name, after: nil))
        }
        return .redirect(
            to: Paths.Console.menus(
                place.id,
                query: [
                    ("week", today.description), ("done", value == "1" ? "sold-out" : "sold-out-cleared"),
                    ("meal", mealID.rawValue),
                ], fragment: "sold-out"))
    }

    /// `POST /admin/places/{id}/menus`: the whole week, every day's menu or none, in one transaction with one
    /// audit entry; or, with `copy` (a day's index) and `copy-to-N`, the form shown again with that day copied,
    /// unsaved (how a browser without the script copies a day).
    func saveWeek(_ context: PlaceConsoleContext) throws -> Response {
        let fields = try context.request.formFields()
        let words = ConsoleFormStrings.forLanguage(context.text.language)
        var form = try WeekMenuForm(fields: fields, badDate: words.badDate)
        if let copy = fields["copy"] {
            guard let source = Int(copy), (0..<WeekMenuForm.dayCount).contains(source) else {
                throw HTTPError.badRequest("Copy one of the week's days, 0 to 6.", code: "invalid_menu")
            }
            let targets = fields.pairs.filter { $0.name == "copy-to-\(source)" }.compactMap { Int($0.value) }
            let copied = form.copy(day: source, to: targets)
            return .html(
                try page(
                    context, form: form, notice: copied.isEmpty ? words.copiedNone : words.copiedNotice(copied.count)
                ).render())
        }
        let place = context.place.place
        let currency = try Self.currency(context.area)
        switch form.menus(currency: currency, language: context.text.language) {
        case .failure(let problems):
            return .html(
                try page(context, form: form, problems: problems.byField).render(), status: .unprocessableContent)
        case .success(let menus):
            let stored = try form.days.map { try store.menu(placeID: place.id, on: $0) }
            let (replace, remove) = WeekMenuForm.changes(menus, over: stored)
            let link = { (done: String) in
                Paths.Console.menus(place.id, query: [("week", form.days[0].description), ("done", done)])
            }
            guard !replace.isEmpty || !remove.isEmpty else { return .redirect(to: link("unchanged")) }
            let changed = Set(replace.map(\.date) + remove)
            let lines = { (menus: [Menu?]) in
                zip(form.days, menus).filter { changed.contains($0.0) }.map { date, menu in
                    "\(date): \(menu?.summary ?? "no menu")"
                }.joined(separator: "\n")
            }
            try store.replaceMenus(
                replace, removing: remove, placeID: place.id,
                audit: context.console.audit(
                    "menu.week", subject: "\(place.id) \(form.days[0])…\(form.days[6])", area: place.areaID,
                    before: lines(stored), after: lines(menus)))
            return .redirect(to: link("saved"))
        }
    }

    /// `GET /admin/places/{id}/menus/day?date=YYYY-MM-DD`: the day on its week's form (where days used to have a
    /// page of their own).
    func day(_ context: PlaceConsoleContext) throws -> Response {
        guard let date = try Self.date(context.request.query["date"], context: context) else {
            throw HTTPError.badRequest(
                ConsoleFormStrings.forLanguage(context.text.language).badDate, code: "invalid_date")
        }
        return .redirect(
            to: Paths.Console.menus(
                context.place.place.id, query: [("week", date.description)], fragment: "day-\(date)"))
    }

    /// `POST /admin/places/{id}/menus/copy` with `kind` (`day` or `week`), `from` and `to`: the menus of the day,
    /// or of each day of the week (Sunday to Saturday) that has one, replace those of the target day or week.
    func copy(_ context: PlaceConsoleContext) throws -> Response {
        let fields = try context.request.formFields()
        guard let from = try Self.date(fields["from"], context: context),
            let to = try Self.date(fields["to"], context: context)
        else {
            throw HTTPError.badRequest(
                ConsoleFormStrings.forLanguage(context.text.language).badDate, code: "invalid_date")
        }
        let isWeek = fields["kind"] == "week"
        let sources = isWeek ? from.week(startingOn: .sunday) : [from]
        let offset = (isWeek ? to.week(startingOn: .sunday)[0] : to).daysSince1970 - sources[0].daysSince1970
        let place = context.place.place
        var copies: [Menu] = []
        for source in sources {
            guard let menu = try store.menu(placeID: place.id, on: source) else { continue }
            copies.append(try menu.moved(to: source.adding(days: offset)))
        }
        guard !copies.isEmpty, offset != 0 else {
            return .redirect(
                to: Paths.Console.menus(place.id, query: [("week", from.description), ("done", "nothing")]))
        }
        try store.replaceMenus(
            copies, removing: [], placeID: place.id,
            audit: context.console.audit(
                isWeek ? "menu.copy-week" : "menu.copy-day", subject: "\(place.id) \(sources[0]) → \(copies[0].date)",
                area: place.areaID, before: nil,
                after: copies.map { "\($0.date): \($0.summary)" }.joined(separator: "\n")))
        return .redirect(
            to: Paths.Console.menus(
                place.id, query: [("week", to.description), ("done", "copied"), ("days", String(copies.count))]))
    }

    private func page(
        _ context: PlaceConsoleContext, form: WeekMenuForm, problems: [String: String] = [:], notice: String? = nil
    ) throws -> MenuWeekPage {
        let language = context.text.language
        return MenuWeekPage(
            text: context.text, words: ConsoleFormStrings.forLanguage(language),
            menuStrings: MenuStrings.forLanguage(language), dates: Self.dates(context), area: context.area,
            areas: try context.console.areas(), csrfToken: context.session.csrfToken, place: context.place.place,
            form: form, currency: try Self.currency(context.area), problems: problems, notice: notice)
    }

    /// The console's dates in the operator's language and the area's today.
    static func dates(_ context: PlaceConsoleContext) -> ConsoleDates {
        ConsoleDates(
            language: context.text.language,
            today: CalendarDate.local(context.now, in: context.area.clockTimeZone).date)
    }

    static func currency(_ area: Area) throws -> Currency {
        do {
            return try Currency(code: area.currency)
        } catch {
            throw HTTPError(.internalServerError, code: "bad_currency", message: "The area's currency is not known.")
        }
    }

    /// A `YYYY-MM-DD` field of an address or a form (never typed by a person), `nil` when missing, 400 when
    /// malformed.
    static func date(_ text: String?, context: PlaceConsoleContext) throws -> CalendarDate? {
        guard let text, !text.isEmpty else { return nil }
        guard text.utf8.count <= 10, let date = try? CalendarDate(parsing: text) else {
            throw HTTPError.badRequest(
                ConsoleFormStrings.forLanguage(context.text.language).badDate, code: "invalid_date")
        }
        return date
    }
}
