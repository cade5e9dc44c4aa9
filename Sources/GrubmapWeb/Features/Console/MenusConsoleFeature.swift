import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// A place's menus in the console: a week at a time, one day's menu to edit (categories, meals, notes, prices per
/// role in the area's currency), a day marked closed with a note, and a day or a week copied elsewhere. Changes
/// are in the store at once, so the public pages show them on their next request. Every change is audited.
struct MenusConsoleFeature: RouteCollection {
    let store: any ConsoleStore & MenuStore
    let scope: ConsolePlaceScope

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.Console.menus, scope.scope, week)
        routes.add(.get, Paths.Console.menuDay, scope.scope, day)
        routes.add(.post, Paths.Console.menuDay, scope.scope, saveDay)
        routes.add(.post, Paths.Console.copyMenus, scope.scope, copy)
    }

    /// `GET /admin/places/{id}/menus[?week=YYYY-MM-DD]`.
    func week(_ context: PlaceConsoleContext) throws -> Response {
        let query = context.request.query
        let today = CalendarDate.local(context.now, in: context.area.clockTimeZone).date
        let selected = try Self.date(query["week"], text: context.text) ?? today
        let days = selected.week(startingOn: .sunday)
        let menus = try days.map { try store.menu(placeID: context.place.place.id, on: $0) }
        let notice: String? =
            switch query["done"] {
            case "copied": context.text.copiedNotice(Int(query["days"] ?? "") ?? 0)
            case "nothing": context.text.nothingToCopy
            default: nil
            }
        let page = MenuWeekPage(
            text: context.text, menuStrings: MenuStrings.forLanguage(context.text.language), area: context.area,
            areas: try context.console.areas(), csrfToken: context.session.csrfToken, place: context.place.place,
            days: Array(zip(days, menus)), today: today, notice: notice)
        return .html(page.render())
    }

    /// `GET /admin/places/{id}/menus/day?date=YYYY-MM-DD`.
    func day(_ context: PlaceConsoleContext) throws -> Response {
        guard let date = try Self.date(context.request.query["date"], text: context.text) else {
            throw HTTPError.badRequest(context.text.badDate, code: "invalid_date")
        }
        let menu = try store.menu(placeID: context.place.place.id, on: date)
        let notice: String? =
            switch context.request.query["done"] {
            case "saved": context.text.menuSaved
            case "removed": context.text.menuRemoved
            default: nil
            }
        return .html(
            try dayPage(context, date: date, draft: menu.map(MenuDraft.init) ?? MenuDraft(), notice: notice).render())
    }

    /// `POST /admin/places/{id}/menus/day` with `date`, and `remove=1` or the menu's fields.
    func saveDay(_ context: PlaceConsoleContext) throws -> Response {
        let fields = try context.request.formFields()
        guard let date = try Self.date(fields["date"], text: context.text) else {
            throw HTTPError.badRequest(context.text.badDate, code: "invalid_date")
        }
        let place = context.place.place
        let existing = try store.menu(placeID: place.id, on: date)
        let draft = try MenuDraft(fields: fields)
        let result: Result<Menu?, MenuProblems> =
            fields["remove"] == "1" ? .success(nil) : draft.menu(on: date, currency: try currency(context.area))
        switch result {
        case .failure(let problems):
            return .html(
                try dayPage(context, date: date, draft: draft, problems: problems.byField).render(),
                status: .unprocessableContent)
        case .success(let menu):
            if menu != existing {
                try store.replaceMenus(
                    menu.map { [$0] } ?? [], removing: menu == nil ? [date] : [], placeID: place.id,
                    audit: context.console.audit(
                        menu == nil ? "menu.remove" : "menu.replace", subject: "\(place.id) \(date)",
                        area: place.areaID, before: existing?.summary, after: menu?.summary))
            }
            return .redirect(
                to: Paths.Console.menuDay(
                    place.id, query: [("date", date.description), ("done", menu == nil ? "removed" : "saved")]))
        }
    }

    /// `POST /admin/places/{id}/menus/copy` with `kind` (`day` or `week`), `from` and `to`: the menus of the day,
    /// or of each day of the week (Sunday to Saturday) that has one, replace those of the target day or week.
    func copy(_ context: PlaceConsoleContext) throws -> Response {
        let fields = try context.request.formFields()
        let text = context.text
        guard let from = try Self.date(fields["from"], text: text), let to = try Self.date(fields["to"], text: text)
        else {
            throw HTTPError.badRequest(text.badDate, code: "invalid_date")
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

    private func dayPage(
        _ context: PlaceConsoleContext, date: CalendarDate, draft: MenuDraft, problems: [String: String] = [:],
        notice: String? = nil
    ) throws -> MenuDayPage {
        MenuDayPage(
            text: context.text, menuStrings: MenuStrings.forLanguage(context.text.language), area: context.area,
            areas: try context.console.areas(), csrfToken: context.session.csrfToken, place: context.place.place,
            date: date, draft: draft.withBlankRows, currency: try currency(context.area), problems: problems,
            notice: notice)
    }

    private func currency(_ area: Area) throws -> Currency {
        do {
            return try Currency(code: area.currency)
        } catch {
            throw HTTPError(.internalServerError, code: "bad_currency", message: "The area's currency is not known.")
        }
    }

    /// A `YYYY-MM-DD` field, `nil` when missing, 400 when malformed.
    static func date(_ text: String?, text strings: ConsoleStrings) throws -> CalendarDate? {
        guard let text, !text.isEmpty else { return nil }
        do {
            return try CalendarDate(parsing: text)
        } catch {
            throw HTTPError.badRequest(strings.badDate, code: "invalid_date")
        }
    }
}
