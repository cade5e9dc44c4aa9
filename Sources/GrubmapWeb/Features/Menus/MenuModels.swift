import Foundation
import GrubmapAPI
import GrubmapCore

extension API.MenuBody {
    init(place: Place, area: Area, date: CalendarDate, menu: Menu?) {
        self.init(
            placeId: place.id, date: date, status: menu.map { $0.isClosed ? "closed" : "serving" } ?? "unknown",
            closed: menu?.isClosed ?? false, currency: menu?.currency.code ?? area.currency, note: menu?.note,
            categories: (menu?.categories ?? []).map { category in
                Category(
                    name: category.name, period: category.period?.rawValue,
                    meals: category.meals.map { meal in
                        MealBody(
                            name: meal.name, notes: meal.notes,
                            prices: Dictionary(uniqueKeysWithValues: meal.prices.map { ($0.role.rawValue, $0.amount) }))
                    })
            })
    }
}
