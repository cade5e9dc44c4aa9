import Foundation
import GrubmapCore
import GrubmapStore

/// The menus of a whole area at once, for the menu board: one statement per call however many places the area has.
///
/// The statements find the area's places from the menu days (by the `menu_days_date` index), not the menu days from
/// the area's places: a city may have a million places and a few with menus. `pl.area_id || ''` keeps SQLite's
/// planner, which has no statistics, from starting at the places by their `area_id` index.
extension SQLStore {
    /// Every day, meal and price of the area's places on `date` in one statement: `menu_days` joined to its meals
    /// and their prices (left joins, so a closed day is one row with no meal), grouped back into menus here.
    public func menus(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: Menu] {
        let rows = try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT d.place_id AS place_id, d.closed AS closed, d.currency AS currency, d.note AS note,
                    m.category_position AS category_position, m.category AS category, m.position AS position,
                    m.name AS name, m.notes AS notes, p.role AS role, p.amount_minor AS amount_minor
                FROM places pl
                JOIN menu_days d ON d.place_id = pl.id
                LEFT JOIN menu_meals m ON m.place_id = d.place_id AND m.date = d.date
                LEFT JOIN menu_prices p ON p.place_id = m.place_id AND p.date = m.date
                    AND p.category_position = m.category_position AND p.meal_position = m.position
                WHERE pl.area_id || '' = \(id) AND d.date = \(date.description)
                ORDER BY d.place_id, m.category_position, m.position
                """)
        }
        var days: [Place.ID: AreaMenuDay] = [:]
        let decoder = JSONDecoder()
        for row in rows {
            let text: String = try row.value(named: "place_id")
            let place = try Place.ID(text)
            try days[place, default: AreaMenuDay(place: place, date: date)].add(row, decoder: decoder)
        }
        return try days.mapValues { try $0.menu() }
    }

    public func menuDays(inArea id: Area.ID, in dates: ClosedRange<CalendarDate>) throws
        -> [Place.ID: [CalendarDate: MenuDayKind]]
    {
        try withConnection { connection in
            var days: [Place.ID: [CalendarDate: MenuDayKind]] = [:]
            for row in try connection.fetchAll(
                """
                SELECT d.place_id AS place_id, d.date AS date, d.closed AS closed
                FROM menu_days d JOIN places pl ON pl.id = d.place_id
                WHERE pl.area_id || '' = \(id) AND d.date >= \(dates.lowerBound.description)
                    AND d.date <= \(dates.upperBound.description)
                """)
            {
                guard let place = try? Place.ID(try row.value(named: "place_id", as: String.self)),
                    let date = try? CalendarDate(parsing: try row.value(named: "date", as: String.self))
                else { continue }
                days[place, default: [:]][date] = try row.value(named: "closed", as: Bool.self) ? .closed : .serving
            }
            return days
        }
    }
}

/// One place's day as its joined rows arrive: the day's columns from the first row, then each meal once with
/// every price row it came with.
private struct AreaMenuDay {
    let place: Place.ID
    let date: CalendarDate
    private var day: (closed: Bool, currency: Currency, note: String?)?
    /// Meals by category in arrival order (the statement orders by category, then meal position).
    private var categories: [(position: Int, name: String, meals: [PendingMeal])] = []

    private struct PendingMeal {
        let position: Int
        let name: String
        let notes: [String]
        var prices: [(role: PriceRole, minor: Int64)]
    }

    init(place: Place.ID, date: CalendarDate) {
        self.place = place
        self.date = date
    }

    mutating func add(_ row: Row, decoder: JSONDecoder) throws {
        if day == nil {
            day = try read("menu_days") {
                (
                    try row.value(named: "closed", as: Bool.self),
                    try Currency(code: try row.value(named: "currency")), try row.value(named: "note")
                )
            }
        }
        guard let categoryPosition: Int = try row.value(named: "category_position") else { return }
        let position: Int = try row.value(named: "position")
        if categories.last?.position != categoryPosition {
            categories.append((categoryPosition, try row.value(named: "category"), []))
        }
        let last = categories.count - 1
        if categories[last].meals.last?.position != position {
            let notes = try read("menu_meals.notes") {
                try decoder.decode([String].self, from: Data(try row.value(named: "notes", as: String.self).utf8))
            }
            categories[last].meals.append(
                PendingMeal(position: position, name: try row.value(named: "name"), notes: notes, prices: []))
        }
        if let role: String = try row.value(named: "role") {
            let known = try read("menu_prices.role") {
                guard let known = PriceRole(rawValue: role) else { throw UnknownRole(text: role) }
                return known
            }
            categories[last].meals[categories[last].meals.count - 1].prices.append(
                (known, try row.value(named: "amount_minor")))
        }
    }

    /// The menu the rows describe.
    func menu() throws -> Menu {
        guard let day else { throw StoreError.unreadableRow(table: "menu_days", id: id, column: "?", reason: "no row") }
        return try read("menu_meals") {
            let status: Menu.Status =
                day.closed
                ? .closed
                : .serving(
                    try categories.map { category in
                        try MenuCategory(
                            name: category.name,
                            meals: try category.meals.map { meal in
                                try Meal(
                                    name: meal.name, notes: meal.notes,
                                    prices: meal.prices.map {
                                        MealPrice(role: $0.role, minorUnits: $0.minor, currency: day.currency)
                                    })
                            })
                    })
            return try Menu(date: date, status: status, currency: day.currency, note: day.note)
        }
    }

    private var id: String { "\(place) \(date)" }

    /// Names the menu a stored value belongs to when it cannot be read back.
    private func read<T>(_ column: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw StoreError.unreadableRow(table: "menu_days", id: id, column: column, reason: "\(error)")
        }
    }
}

private struct UnknownRole: Error, CustomStringConvertible {
    let text: String
    var description: String { "\"\(text)\" is not a price role" }
}
