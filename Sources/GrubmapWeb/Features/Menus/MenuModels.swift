import Foundation
import GrubmapCore

extension API {
    /// `GET /api/v1/places/{id}/menu`: one day's menu.
    ///
    /// `status` is `serving`, `closed` or `unknown` (no menu yet); `closed` repeats it as the contract's boolean, and
    /// `categories` is empty unless serving. Prices are exact decimals in `currency`'s major unit, keyed by role
    /// (`student`, `employee`, `pupil`, `other`).
    struct MenuBody: Encodable {
        struct Category: Encodable {
            let name: String
            /// `breakfast`, `lunch` or `dinner` when the name says one.
            let period: String?
            let meals: [MealBody]
        }

        struct MealBody: Encodable {
            let name: String
            let notes: [String]
            let prices: [String: Decimal]
        }

        let placeId: Place.ID
        let date: CalendarDate
        let status: String
        let closed: Bool
        let currency: String
        let note: String?
        let categories: [Category]

        init(place: Place, area: Area, date: CalendarDate, menu: Menu?) {
            placeId = place.id
            self.date = date
            status = menu.map { $0.isClosed ? "closed" : "serving" } ?? "unknown"
            closed = menu?.isClosed ?? false
            currency = menu?.currency.code ?? area.currency
            note = menu?.note
            categories = (menu?.categories ?? []).map { category in
                Category(
                    name: category.name, period: category.period?.rawValue,
                    meals: category.meals.map { meal in
                        MealBody(
                            name: meal.name, notes: meal.notes,
                            prices: Dictionary(uniqueKeysWithValues: meal.prices.map { ($0.role.rawValue, $0.amount) }))
                    })
            }
        }
    }
}
