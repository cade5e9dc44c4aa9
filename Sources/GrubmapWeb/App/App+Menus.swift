import Foundation
import GrubmapCore
import GrubmapHTTP

extension App {
    /// The place page's menu section: the day of `?date=` (today in the area's time zone when absent), its week,
    /// and which of the week's days have menus.
    func menuSection(for place: Place, in area: Area, request: Request, language: Language) throws -> MenuSection {
        let (today, time) = CalendarDate.local(environment.now(), in: area.clockTimeZone)
        let selected = try dateParameter(request) ?? today
        let week = selected.week(startingOn: .sunday)
        return MenuSection(
            strings: MenuStrings.forLanguage(language), place: place, contentLanguage: area.localLanguage,
            today: today, now: time, selected: selected,
            menu: try environment.store.menu(placeID: place.id, on: selected),
            days: try environment.store.menuDays(placeID: place.id, in: week.first!...week.last!),
            keptQuery: request.query.pairs.filter { $0.name != "date" })
    }

    /// `GET /api/v1/places/{id}/menu[?date=YYYY-MM-DD]`: the day's menu, today in the area's time zone by default.
    func apiPlaceMenu(_ id: Place.ID, request: Request) throws -> Response {
        let place = try place(id)
        let area = try area(place.areaID)
        let date = try dateParameter(request) ?? CalendarDate.local(environment.now(), in: area.clockTimeZone).date
        let menu = try environment.store.menu(placeID: id, on: date)
        return .json(API.MenuBody(place: place, area: area, date: date, menu: menu))
    }

    /// The `date` query parameter, `nil` when absent; 400 naming the parameter when it is not a calendar date.
    func dateParameter(_ request: Request) throws(HTTPError) -> CalendarDate? {
        guard let text = request.query["date"] else { return nil }
        do {
            return try CalendarDate(parsing: text)
        } catch {
            throw .badRequest("date: \(error.description).", code: "invalid_date")
        }
    }
}
