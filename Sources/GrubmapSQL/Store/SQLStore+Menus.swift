import Foundation
import GrubmapCore
import GrubmapStore

/// Menus in three tables (migration 3): `menu_days` (closed or not, the currency, a note), `menu_meals` (each meal
/// with its category and positions, and its ``DishKey`` since migration 13) and `menu_prices` (each price in the
/// currency's minor units, an exact integer). Writing a menu gives its meals' keys dishes in the same transaction.
extension SQLStore {
    public func menu(placeID: Place.ID, on date: CalendarDate) throws -> Menu? {
        try read { connection in try Self.menu(placeID: placeID, on: date, in: connection) }
    }

    /// The place's menu of `date` as `connection` sees it (in a write, with what the write changed so far).
    static func menu(placeID: Place.ID, on date: CalendarDate, in connection: Pool.Connection) throws -> Menu? {
        guard
            let day = try connection.fetchOne(
                "SELECT closed, currency, note FROM menu_days WHERE place_id = \(placeID) AND date = \(date.description)"
            )
        else { return nil }
        let row = MenuRow(place: placeID, date: date)
        let currency = try row.read("currency") { try Currency(code: try day.value(named: "currency")) }
        let note: String? = try row.read("note") { try day.value(named: "note") }
        if try row.read("closed", { try day.value(named: "closed", as: Bool.self) }) {
            return try row.read("closed") { try Menu(date: date, status: .closed, currency: currency, note: note) }
        }
        var prices: [MenuMealKey: [MealPrice]] = [:]
        for price in try connection.fetchAll(
            """
            SELECT category_position, meal_position, role, amount_minor FROM menu_prices
            WHERE place_id = \(placeID) AND date = \(date.description)
            """)
        {
            let key = MenuMealKey(
                category: try price.value(named: "category_position"), meal: try price.value(named: "meal_position")
            )
            let role = try row.read("menu_prices.role") {
                let text: String = try price.value(named: "role")
                guard let role = PriceRole(rawValue: text) else { throw UnknownPriceRole(text: text) }
                return role
            }
            let minor: Int64 = try price.value(named: "amount_minor")
            prices[key, default: []].append(MealPrice(role: role, minorUnits: minor, currency: currency))
        }
        var categories: [(position: Int, name: String, meals: [Meal])] = []
        for meal in try connection.fetchAll(
            """
            SELECT category_position, category, position, name, notes FROM menu_meals
            WHERE place_id = \(placeID) AND date = \(date.description) ORDER BY category_position, position
            """)
        {
            let position: Int = try meal.value(named: "category_position")
            let key = MenuMealKey(category: position, meal: try meal.value(named: "position"))
            let built = try row.read("menu_meals") {
                let notes = try JSONDecoder().decode(
                    [String].self, from: Data(try meal.value(named: "notes", as: String.self).utf8))
                return try Meal(name: try meal.value(named: "name"), notes: notes, prices: prices[key] ?? [])
            }
            if categories.last?.position == position {
                categories[categories.count - 1].meals.append(built)
            } else {
                categories.append((position, try meal.value(named: "category"), [built]))
            }
        }
        return try row.read("menu_meals") {
            try Menu(
                date: date,
                status: .serving(try categories.map { try MenuCategory(name: $0.name, meals: $0.meals) }),
                currency: currency, note: note)
        }
    }

    public func menuDays(placeID: Place.ID, in dates: ClosedRange<CalendarDate>) throws -> [CalendarDate: MenuDayKind] {
        try withConnection { connection in
            var days: [CalendarDate: MenuDayKind] = [:]
            for row in try connection.fetchAll(
                """
                SELECT date, closed FROM menu_days
                WHERE place_id = \(placeID) AND date >= \(dates.lowerBound.description)
                    AND date <= \(dates.upperBound.description)
                """)
            {
                let text: String = try row.value(named: "date")
                guard let date = try? CalendarDate(parsing: text) else { continue }
                days[date] = try row.value(named: "closed", as: Bool.self) ? .closed : .serving
            }
            return days
        }
    }

    /// Deletes each given date's menu (its meals and prices cascade) and inserts the new one, all in one write
    /// transaction that holds the place's row locked (``SQLDialect/lockingClause``), so two imports for one place
    /// apply one after the other. Dates must be unique in the call and the place must exist; otherwise nothing
    /// changes.
    public func replaceMenus(_ menus: [Menu], placeID: Place.ID) throws {
        try replaceMenus(menus, removing: [], placeID: placeID) { _ in }
    }

    /// Replaces the menus of `menus`' dates and deletes those of `removing`, then runs `also` (the console's audit
    /// entry) in the same transaction. Tells the live pages of each date whose menu it changed: a feed fetched again
    /// with the same days changes none, and no page is told of a new menu.
    func replaceMenus(
        _ menus: [Menu], removing: [CalendarDate], placeID: Place.ID, also: (Pool.Connection) throws -> Void
    ) throws {
        var seen = Set<CalendarDate>()
        for menu in menus where !seen.insert(menu.date).inserted {
            throw StoreError.duplicateMenuDate(place: placeID.rawValue, date: menu.date.description)
        }
        let changed = try write { connection -> Set<CalendarDate> in
            let place = try connection.fetchOne(
                "SELECT id, area_id FROM places WHERE id = \(placeID)\(sql: dialect.lockingClause)")
            guard let place else { throw StoreError.unknownPlace(id: placeID.rawValue) }
            let area: Area.ID = try place.value(named: "area_id")
            // Read with the place's row locked: no other write to its menus comes in between.
            func differs(_ date: CalendarDate, from new: Menu?) -> Bool {
                do {
                    return try Self.menu(placeID: placeID, on: date, in: connection) != new
                } catch {
                    return true  // A stored menu that cannot be read is replaced: a change.
                }
            }
            let changed = Set(
                Set(removing).subtracting(seen).filter { differs($0, from: nil) }
                    + menus.filter { differs($0.date, from: $0) }.map(\.date))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            for date in removing where !seen.contains(date) {
                try connection.execute(
                    "DELETE FROM menu_days WHERE place_id = \(placeID) AND date = \(date.description)")
            }
            for menu in menus {
                let date = menu.date.description
                try connection.execute("DELETE FROM menu_days WHERE place_id = \(placeID) AND date = \(date)")
                try connection.execute(
                    """
                    INSERT INTO menu_days (place_id, date, closed, currency, note)
                    VALUES (\(placeID), \(date), \(menu.isClosed), \(menu.currency.code), \(menu.note))
                    """)
                for (categoryPosition, category) in menu.categories.enumerated() {
                    for (position, meal) in category.meals.enumerated() {
                        let notes = String(decoding: try encoder.encode(meal.notes), as: UTF8.self)
                        try connection.execute(
                            """
                            INSERT INTO menu_meals
                                (place_id, date, category_position, category, position, name, notes, dish_key)
                            VALUES (\(placeID), \(date), \(categoryPosition), \(category.name), \(position),
                                \(meal.name), \(notes), \(DishKey(mealName: meal.name)))
                            """)
                        for price in meal.prices {
                            try connection.execute(
                                """
                                INSERT INTO menu_prices
                                    (place_id, date, category_position, meal_position, role, amount_minor)
                                VALUES (\(placeID), \(date), \(categoryPosition), \(position), \(price.role.rawValue),
                                    \(price.minorUnits(in: menu.currency)))
                                """)
                        }
                    }
                }
            }
            try Self.resolveDishes(
                mealNames: menus.flatMap { $0.categories.flatMap { $0.meals.map(\.name) } }, area: area, in: connection)
            try also(connection)
            return changed
        }
        didCommit(Set(changed.map { LiveChange.menu(placeID, $0) }))
    }
}

/// A meal's place in its day: which category, which meal in it.
private struct MenuMealKey: Hashable {
    let category: Int
    let meal: Int
}

private struct UnknownPriceRole: Error, CustomStringConvertible {
    let text: String
    var description: String {
        "\"\(text)\" is not one of \(PriceRole.allCases.map(\.rawValue).joined(separator: ", "))"
    }
}

/// Names the menu a stored value belongs to when it cannot be read back.
private struct MenuRow {
    let place: Place.ID
    let date: CalendarDate

    func read<T>(_ column: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw StoreError.unreadableRow(
                table: "menu_days", id: "\(place) \(date)", column: column, reason: "\(error)")
        }
    }
}
