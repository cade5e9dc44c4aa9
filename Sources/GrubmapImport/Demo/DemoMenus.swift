import Foundation
import GrubmapCore
import GrubmapStore

/// The demo's sample menus: one week per place in `Resources/DemoMenus/sample-week.json`, written onto real dates
/// relative to the current week so the demo never goes stale.
///
/// The file lists each place's week by weekday, Sunday first; a day is `"closed"` or a list of categories:
///
///     {"note": "…", "places": [{"place": "pnu-busan-geumjeong-hall", "note": "예시 식단 …",
///       "week": {"Su": "closed",
///                "Mo": [{"name": "중식", "meals": [{"name": "돼지불고기 · 쌀밥", "notes": ["돼지고기"],
///                                                  "prices": {"student": "5000", "employee": "6000"}}]}]}}]}
///
/// Prices are strings of decimals in the place's area's currency, read exactly. Every day carries the place's
/// `note`, which says it is a sample, so pages can say so too.
public enum DemoMenus {
    static let file = "DemoMenus/sample-week.json"

    /// One place's sample week, checked: prices are read in `currency`.
    public struct PlaceWeek: Sendable {
        public let place: Place.ID
        public let note: String
        /// Each weekday's menu: closed or serving.
        let days: [Weekday: Menu.Status]
    }

    /// Writes the sample week onto the week before, the current and the next week (Sunday to Saturday, in each
    /// place's area's time zone) for every sample place that exists in `store`, on the dates that have no menu yet,
    /// so imported menus are never overwritten and running this again changes nothing. The week before is there for
    /// the days people may still rate (today and the two before): on a Sunday or a Monday they lie in it.
    ///
    /// - Returns: the number of days written.
    @discardableResult
    public static func load(into store: any Store, now: Date) throws -> Int {
        var written = 0
        for week in try weeks(in: store) {
            guard let place = try store.place(id: week.place), let area = try store.area(id: place.areaID) else {
                continue
            }
            let today = CalendarDate.local(now, in: area.clockTimeZone).date
            let dates = [-7, 0, 7].flatMap { today.adding(days: $0).week(startingOn: .sunday) }
            let existing = try store.menuDays(placeID: place.id, in: dates.first!...dates.last!)
            let currency = try Currency(code: area.currency)
            let menus = try dates.filter { existing[$0] == nil }.compactMap { date -> Menu? in
                guard let status = week.days[date.weekday] else { return nil }
                return try Menu(date: date, status: status, currency: currency, note: week.note)
            }
            try store.replaceMenus(menus, placeID: place.id)
            try nameDishes(of: menus, area: area.id, in: store)
            written += menus.count
        }
        return written
    }

    static let dishNamesFile = "DemoMenus/dish-names.json"

    /// Gives the dishes of `menus`' meals the English names of `Resources/DemoMenus/dish-names.json` (Grubmap's own
    /// translations of the sample Korean meals), where a dish has no English name yet: an operator's stays.
    static func nameDishes(of menus: [Menu], area: Area.ID, in store: any Store) throws {
        let english = try dishNames()
        var names: [String: String] = [:]
        for meal in menus.lazy.flatMap(\.categories).flatMap(\.meals) { names[meal.name] = english[meal.name] }
        guard !names.isEmpty else { return }
        let dishes = try store.dishes(forKeys: Set(names.keys.map { DishKey(mealName: $0) }), inArea: area)
        for (meal, name) in names.sorted(by: { $0.key < $1.key }) {
            guard let dish = dishes[DishKey(mealName: meal)], dish.names[.english] == nil else { continue }
            try store.setDishNames([.english: name], dishID: dish.id, audit: nil)
        }
    }

    /// The English names of the sample Korean meals, by the meal's name.
    static func dishNames() throws -> [String: String] {
        guard
            let url = Bundle.module.url(forResource: "DemoMenus", withExtension: nil)?
                .appendingPathComponent("dish-names.json")
        else {
            throw DemoDataError.unreadable(file: dishNamesFile, reason: "missing from GrubmapImport's resources")
        }
        do {
            return try JSONDecoder().decode(DishNamesFile.self, from: Data(contentsOf: url)).en
        } catch {
            throw DemoDataError.unreadable(file: dishNamesFile, reason: "\(error)")
        }
    }

    private struct DishNamesFile: Decodable {
        let en: [String: String]
    }

    /// The sample weeks of the places in `store` (others are skipped), prices read in each area's currency.
    static func weeks(in store: any Store) throws -> [PlaceWeek] {
        guard
            let url = Bundle.module.url(forResource: "DemoMenus", withExtension: nil)?
                .appendingPathComponent("sample-week.json")
        else {
            throw DemoDataError.unreadable(file: file, reason: "missing from GrubmapImport's resources")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DemoDataError.unreadable(file: file, reason: error.localizedDescription)
        }
        let decoded: MenusFile
        do {
            decoded = try JSONDecoder().decode(MenusFile.self, from: data)
        } catch let error as DecodingError {
            throw DemoDataError.invalidArea(file: file, reason: error.readableDescription())
        }
        var weeks: [PlaceWeek] = []
        for entry in decoded.places {
            guard let id = try? Place.ID(entry.place), let place = try store.place(id: id),
                let area = try store.area(id: place.areaID)
            else { continue }
            do {
                weeks.append(try entry.week(for: id, currency: try Currency(code: area.currency)))
            } catch {
                throw DemoDataError.invalidArea(file: file, reason: "\(entry.place): \(error)")
            }
        }
        return weeks
    }
}

/// The file as written.
private struct MenusFile: Decodable {
    struct PlaceEntry: Decodable {
        var place: String
        var note: String
        var week: [String: DayEntry]

        func week(for id: Place.ID, currency: Currency) throws -> DemoMenus.PlaceWeek {
            var days: [Weekday: Menu.Status] = [:]
            for (code, entry) in week {
                guard let weekday = Weekday.allCases.first(where: { $0.code == code }) else {
                    throw DemoMenuError("\"\(code)\" is not a weekday (Su, Mo, … Sa)")
                }
                days[weekday] = try entry.status(currency: currency, day: code)
            }
            return DemoMenus.PlaceWeek(place: id, note: note, days: days)
        }
    }

    enum DayEntry: Decodable {
        case closed
        case categories([CategoryEntry])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                guard text == "closed" else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "a day is \"closed\" or a list of categories")
                }
                self = .closed
            } else {
                self = .categories(try container.decode([CategoryEntry].self))
            }
        }

        func status(currency: Currency, day: String) throws -> Menu.Status {
            switch self {
            case .closed:
                return .closed
            case .categories(let categories):
                return .serving(
                    try categories.map { category in
                        try MenuCategory(
                            name: category.name,
                            meals: try category.meals.map { meal in
                                try Meal(
                                    name: meal.name, notes: meal.notes ?? [],
                                    prices: try (meal.prices ?? [:]).map { role, text in
                                        guard let role = PriceRole(rawValue: role) else {
                                            throw DemoMenuError("\(day): \"\(role)\" is not a price role")
                                        }
                                        return MealPrice(
                                            role: role, amount: try MealPrice.amount(parsing: text, currency: currency))
                                    })
                            })
                    })
            }
        }
    }

    struct CategoryEntry: Decodable {
        var name: String
        var meals: [MealEntry]
    }

    struct MealEntry: Decodable {
        var name: String
        var notes: [String]?
        var prices: [String: String]?
    }

    var places: [PlaceEntry]
}

private struct DemoMenuError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
