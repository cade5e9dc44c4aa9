import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// People saying a meal of today is sold out: the place page's "Sold out?" button and
/// `POST /api/v1/places/{id}/menu/sold-out-reports`. Three different people within 30 minutes mark the meal
/// "reported sold out" (``SoldOutPolicy/standard``); operators mark it in the console and the admin API.
struct SoldOutFeature: RouteCollection {
    let menus: any MenuStore
    let soldOut: any SoldOutStore

    /// The query field of the page a report comes back to, naming the meal reported (the page thanks the person).
    static let reportedField = "soldOutReported"

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.post, Paths.soldOutReport, .page, .optional, formReport)
        routes.add(.post, Paths.API.soldOutReports, .api, .optional, apiReport)
    }

    /// `POST /api/v1/places/{id}/menu/sold-out-reports` with `{"date", "mealId"}`: 201 with the count (and the
    /// mark, once there is one); 200 and nothing changed when the same person reported the meal already.
    func apiReport(_ context: VisitorContext, id: Place.ID) throws -> Response {
        let body = try context.request.decodeJSON(SoldOutJSON.self, code: "invalid_sold_out")
        let (date, mealID) = try body.parsed()
        let result = try report(context, id: id, date: date, mealID: mealID)
        return .json(
            API.SoldOutReportBody(
                placeId: id, date: date, mealId: mealID, reports: result.reports,
                soldOut: result.mark.map(API.SoldOutBody.init)),
            status: result.isNew ? .created : .ok)
    }

    /// `POST /places/{id}/sold-out-report` with `mealId` (today's meal) and `return`: back to the page, which thanks
    /// the person.
    func formReport(_ context: VisitorContext, id: Place.ID) throws -> Response {
        let fields = try context.request.formFields()
        let place = try context.place(id)
        let area = try context.area(place.areaID)
        let today = CalendarDate.local(context.now, in: area.clockTimeZone).date
        guard let text = fields["mealId"], let mealID = MealID(text) else {
            throw HTTPError.badRequest("mealId: give a meal's id.", code: "invalid_meal", field: "mealId")
        }
        _ = try report(context, id: id, date: today, mealID: mealID)
        let back = Request.localPath(fields["return"]) ?? Paths.place(id)
        return .redirect(
            to: Request.adding((Self.reportedField, mealID.rawValue), to: back, dropping: [Self.reportedField])
                + "#menu")
    }

    private func report(_ context: VisitorContext, id: Place.ID, date: CalendarDate, mealID: MealID) throws
        -> SoldOutReportResult
    {
        let place = try context.place(id)
        let area = try context.area(place.areaID)
        let served = try Self.servedMeal(
            menus: menus, place: place, area: area, date: date, mealID: mealID, now: context.now)
        // Nobody is still in the line of a meal whose period is over (the page offers no button for it either).
        if let period = served.category.period {
            let time = CalendarDate.local(context.now, in: area.clockTimeZone).time
            let moment = MealTimes(hours: place.openingHours, on: date).moment(at: time, serving: [period])
            if moment.past.contains(period) {
                throw HTTPError.badRequest(
                    "mealId: \(period.rawValue) is over at \(place.id) for today; a meal can be reported sold out "
                        + "while its period is served or before.",
                    code: "period_over", field: "mealId")
            }
        }
        return try soldOut.reportSoldOut(
            placeID: id, date: date, mealID: mealID, reporter: try Self.reporter(context), at: context.now,
            policy: .standard)
    }

    /// Who reports (``Visitor/reporterKey()``).
    static func reporter(_ context: VisitorContext) throws -> ReporterKey {
        try context.visitor.reporterKey()
    }

    /// The meal `mealID` of the place's menu of `date`, with its category, which must be today in the area's time
    /// zone and a day the place serves: 400 naming `date` or `mealId` otherwise.
    static func servedMeal(
        menus: any MenuStore, place: Place, area: Area, date: CalendarDate, mealID: MealID, now: Date
    ) throws -> (category: MenuCategory, meal: Meal) {
        let today = CalendarDate.local(now, in: area.clockTimeZone).date
        guard date == today else {
            throw HTTPError.badRequest(
                "date: meals can be marked sold out today only, \(today).", code: "not_today", field: "date")
        }
        guard
            case .serving(let menu) = PlaceDay(
                place: place, date: date, menu: try menus.menu(placeID: place.id, on: date))
        else {
            throw HTTPError.badRequest(
                "date: \(place.id) serves no menu on \(date).", code: "menu_closed", field: "date")
        }
        guard let meal = menu.meal(withID: mealID) else {
            throw HTTPError.badRequest(
                "mealId: today's menu has no meal \(mealID).", code: "invalid_meal", field: "mealId")
        }
        return meal
    }
}

/// `{"date", "mealId"}` as a client sends it, read as text so a bad value is named by its own field.
struct SoldOutJSON: Decodable {
    let date: String
    let mealId: String

    func parsed() throws -> (CalendarDate, MealID) {
        guard let date = try? CalendarDate(parsing: date) else {
            throw HTTPError.badRequest(
                "date: \"\(date.prefix(32))\" is not a date; write it as YYYY-MM-DD.", code: "invalid_date",
                field: "date")
        }
        guard let mealID = MealID(mealId) else {
            throw HTTPError.badRequest(
                "mealId: \"\(mealId.prefix(32))\" is not a meal id (16 hex digits).", code: "invalid_meal",
                field: "mealId")
        }
        return (date, mealID)
    }
}
