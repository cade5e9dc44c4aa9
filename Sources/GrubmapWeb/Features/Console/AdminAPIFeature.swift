import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// The admin JSON API under `/api/v1/admin/`, for organisers who script their area's data with an API key: places
/// (archived ones too) read, made or replaced, archived and restored; a day's menu read, replaced or removed. Every
/// change is audited under the key's label. Bad bodies are 400 naming the field and change nothing.
struct AdminAPIFeature: RouteCollection {
    let store: any ConsoleStore & MenuStore & SoldOutStore
    let scope: AdminPlaceScope

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.API.Admin.places, .area, places)
        routes.add(.get, Paths.API.Admin.place, scope.scope, place)
        routes.add(.put, Paths.API.Admin.place, scope.scope, putPlace)
        routes.add(.post, Paths.API.Admin.archive, scope.scope, archive)
        routes.add(.post, Paths.API.Admin.restore, scope.scope, restore)
        routes.add(.get, Paths.API.Admin.menu, scope.scope, menu)
        routes.add(.put, Paths.API.Admin.menu, scope.scope, putMenu)
        routes.add(.delete, Paths.API.Admin.menu, scope.scope, deleteMenu)
        routes.add(.post, Paths.API.Admin.soldOut, scope.scope, markSoldOut)
        routes.add(.delete, Paths.API.Admin.soldOut, scope.scope, clearSoldOut)
    }

    /// `GET /api/v1/admin/areas/{id}/places`.
    func places(_ context: AdminAPIContext) throws -> Response {
        .json(PlacesBody(places: try store.consolePlaces(inArea: context.area.id).map(AdminPlaceBody.init)))
    }

    /// `GET /api/v1/admin/places/{id}`.
    func place(_ context: AdminPlaceContext) throws -> Response {
        .json(AdminPlaceBody(try context.place()))
    }

    /// `PUT /api/v1/admin/places/{id}` with the place as `GET` gives it (without `archived`): made or replaced whole.
    func putPlace(_ context: AdminPlaceContext) throws -> Response {
        let place = try context.request.decodeJSON(Place.self, code: "invalid_place")
        guard place.id == context.id else {
            throw HTTPError.badRequest(
                "id: must be the place's id in the address, \(context.id).", code: "invalid_place", field: "id")
        }
        guard place.areaID == context.area.id else {
            throw HTTPError.badRequest(
                "areaID: must be this key's area, \(context.area.id).", code: "invalid_place", field: "areaID")
        }
        if let website = place.website, WebAddress(website) == nil {
            throw HTTPError.badRequest(
                "website: must start with https:// or http://.", code: "invalid_place", field: "website")
        }
        if let seats = place.seats, !Place.seatRange.contains(seats) {
            throw HTTPError.badRequest(
                "seats: must be a whole number from 1 to 100000, or left out.", code: "invalid_place", field: "seats")
        }
        if let existing = context.existing {
            if place != existing.place {
                try store.savePlace(
                    place,
                    audit: context.api.audit(
                        "place.update", subject: place.id.rawValue,
                        before: try PlacesConsoleFeature.json(existing.place),
                        after: try PlacesConsoleFeature.json(place)))
            }
        } else {
            do {
                try store.createPlace(
                    place,
                    audit: context.api.audit(
                        "place.create", subject: place.id.rawValue, before: nil,
                        after: try PlacesConsoleFeature.json(place)))
            } catch StoreError.placeIDTaken(let id) {
                throw HTTPError(
                    .conflict, code: "place_id_taken",
                    message:
                        "id: a place with the id \(id) exists already (in this area or another); nothing was saved.")
            }
        }
        let saved = try store.consolePlace(id: place.id) ?? ConsolePlace(place: place, archivedAt: nil)
        return .json(AdminPlaceBody(saved), status: context.existing == nil ? .created : .ok)
    }

    /// `POST /api/v1/admin/places/{id}/archive`.
    func archive(_ context: AdminPlaceContext) throws -> Response {
        let place = try context.place()
        if place.archivedAt == nil {
            try store.archivePlace(
                id: place.place.id, at: context.now,
                audit: context.api.audit(
                    "place.archive", subject: place.place.id.rawValue, before: "public", after: "archived"))
        }
        return .json(AdminPlaceBody(try store.consolePlace(id: place.place.id) ?? place))
    }

    /// `POST /api/v1/admin/places/{id}/restore`.
    func restore(_ context: AdminPlaceContext) throws -> Response {
        let place = try context.place()
        if place.archivedAt != nil {
            try store.restorePlace(
                id: place.place.id,
                audit: context.api.audit(
                    "place.restore", subject: place.place.id.rawValue, before: "archived", after: "public"))
        }
        return .json(AdminPlaceBody(try store.consolePlace(id: place.place.id) ?? place))
    }

    /// `GET /api/v1/admin/places/{id}/menu?date=YYYY-MM-DD`: the stored menu in the public API's shape, as it was
    /// sent, with `closedBy` when the place's hours close the day (the public API shows that day closed).
    func menu(_ context: AdminPlaceContext) throws -> Response {
        let place = try context.place().place
        let date = try requiredDate(context.request)
        return .json(
            API.MenuBody(
                stored: try store.menu(placeID: place.id, on: date), place: place, area: context.area, date: date))
    }

    /// `PUT /api/v1/admin/places/{id}/menu?date=YYYY-MM-DD` with `{"closed", "note"?, "categories": [{"name",
    /// "meals": [{"name", "notes"?, "prices"?: {"student": "4500", …}}]}]}`; prices are decimal strings in the area's
    /// currency, so they stay exact. A menu for a day the place's hours close is stored all the same (it shows if the
    /// day reopens); the answer's `closedBy` says so.
    func putMenu(_ context: AdminPlaceContext) throws -> Response {
        let place = try context.place().place
        let date = try requiredDate(context.request)
        let body = try context.request.decodeJSON(MenuJSON.self, code: "invalid_menu")
        let currency: Currency
        do {
            currency = try Currency(code: context.area.currency)
        } catch {
            throw HTTPError(.internalServerError, code: "bad_currency", message: "The area's currency is not known.")
        }
        let menu: Menu
        do {
            menu = try body.menu(on: date, currency: currency)
        } catch let error as MenuError {
            throw HTTPError.badRequest("\(error.description).", code: "invalid_menu")
        }
        let existing = try store.menu(placeID: place.id, on: date)
        if menu != existing {
            try store.replaceMenus(
                [menu], removing: [], placeID: place.id,
                audit: context.api.audit(
                    "menu.replace", subject: "\(place.id) \(date)", before: existing?.summary, after: menu.summary))
        }
        return .json(API.MenuBody(stored: menu, place: place, area: context.area, date: date))
    }

    /// `DELETE /api/v1/admin/places/{id}/menu?date=YYYY-MM-DD`: the day has no menu afterwards.
    func deleteMenu(_ context: AdminPlaceContext) throws -> Response {
        let place = try context.place().place
        let date = try requiredDate(context.request)
        if let existing = try store.menu(placeID: place.id, on: date) {
            try store.replaceMenus(
                [], removing: [date], placeID: place.id,
                audit: context.api.audit(
                    "menu.remove", subject: "\(place.id) \(date)", before: existing.summary, after: nil))
        }
        return Response(status: .noContent)
    }

    /// `POST /api/v1/admin/places/{id}/menu/sold-out` with `{"date", "mealId"}` (a meal of today's menu): marks it
    /// sold out now, audited as `menu.sold_out`; 200 with the mark.
    func markSoldOut(_ context: AdminPlaceContext) throws -> Response {
        let place = try context.place().place
        let (date, mealID) = try context.request.decodeJSON(SoldOutJSON.self, code: "invalid_sold_out").parsed()
        let meal = try SoldOutFeature.servedMeal(
            menus: store, place: place, area: context.area, date: date, mealID: mealID, now: context.api.base.now
        ).meal
        let mark = SoldOutMark(placeID: place.id, date: date, mealID: mealID, at: context.api.base.now, by: .operator)
        let audit = context.api.audit(
            "menu.sold_out", subject: "\(place.id) \(date) \(mealID)", before: nil, after: meal.name)
        try store.markSoldOut(mark, operatorID: audit.actor, audit: audit)
        return .json(SoldOutMarkBody(placeId: place.id, date: date, mealId: mealID, soldOut: API.SoldOutBody(mark)))
    }

    /// `DELETE /api/v1/admin/places/{id}/menu/sold-out` with `{"date", "mealId"}` or `?date=&mealId=`: the meal is no
    /// longer marked (a mark by reports goes with its reports), audited as `menu.sold_out_cleared`; 204.
    func clearSoldOut(_ context: AdminPlaceContext) throws -> Response {
        let place = try context.place().place
        let request = context.request
        let body: SoldOutJSON
        if let date = request.query["date"], let mealID = request.query["mealId"] {
            body = SoldOutJSON(date: date, mealId: mealID)
        } else {
            body = try request.decodeJSON(SoldOutJSON.self, code: "invalid_sold_out")
        }
        let (date, mealID) = try body.parsed()
        let meal = try SoldOutFeature.servedMeal(
            menus: store, place: place, area: context.area, date: date, mealID: mealID, now: context.api.base.now
        ).meal
        try store.clearSoldOut(
            placeID: place.id, date: date, mealID: mealID,
            audit: context.api.audit(
                "menu.sold_out_cleared", subject: "\(place.id) \(date) \(mealID)", before: meal.name, after: nil))
        return Response(status: .noContent)
    }

    private struct SoldOutMarkBody: Encodable {
        let placeId: Place.ID
        let date: CalendarDate
        let mealId: MealID
        let soldOut: API.SoldOutBody
    }

    private func requiredDate(_ request: Request) throws -> CalendarDate {
        guard let date = try request.date() else {
            throw HTTPError.badRequest(
                "date: give the day as ?date=YYYY-MM-DD.", code: "missing_parameter", field: "date")
        }
        return date
    }

    private struct PlacesBody: Encodable {
        let places: [AdminPlaceBody]
    }

    /// A place with every field, and whether it is archived.
    struct AdminPlaceBody: Encodable {
        let place: Place
        let archived: Bool

        init(_ entry: ConsolePlace) {
            place = entry.place
            archived = entry.archivedAt != nil
        }

        func encode(to encoder: any Encoder) throws {
            try place.encode(to: encoder)
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(archived, forKey: AnyCodingKey(stringValue: "archived"))
        }
    }

    /// A day's menu as a script sends it.
    struct MenuJSON: Decodable {
        struct Category: Decodable {
            let name: String
            let meals: [MealJSON]
        }

        struct MealJSON: Decodable {
            let name: String
            let notes: [String]?
            let prices: [String: String]?
        }

        let closed: Bool
        let note: String?
        let categories: [Category]?

        func menu(on date: CalendarDate, currency: Currency) throws -> Menu {
            if closed { return try Menu(date: date, status: .closed, currency: currency, note: note) }
            let built = try (categories ?? []).map { category in
                try MenuCategory(
                    name: category.name,
                    meals: try category.meals.map { meal in
                        try Meal(
                            name: meal.name, notes: meal.notes ?? [],
                            prices: try (meal.prices ?? [:]).sorted { $0.key < $1.key }.map { role, text in
                                guard let role = PriceRole(rawValue: role) else {
                                    throw MenuError.badPrice(
                                        role, reason: "the roles are student, employee, pupil and other")
                                }
                                return MealPrice(
                                    role: role, amount: try MealPrice.amount(parsing: text, currency: currency))
                            })
                    })
            }
            return try Menu(date: date, status: .serving(built), currency: currency, note: note)
        }
    }
}
