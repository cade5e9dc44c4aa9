import Foundation
import GrubmapAPI
import GrubmapCore

extension API.MenuBody {
    /// The day as every reader shows it (``PlaceDay``): closed with its note when the place's hours close it, even
    /// with a menu stored for it.
    init(
        place: Place, area: Area, date: CalendarDate, menu: Menu?, soldOut: [MealID: SoldOutMark] = [:],
        dishes: MealDishes = .none, ratings: MealRatings = .none
    ) {
        self.init(
            place: place, area: area, date: date, day: PlaceDay(place: place, date: date, menu: menu), soldOut: soldOut,
            dishes: dishes, ratings: ratings)
    }

    /// `soldOut` holds the marks of the day's meals (read for today only: marks clear with the day); `dishes` the
    /// meals' dishes, which give each its `dishId` and `names`; `ratings` each meal's `rating`.
    init(
        place: Place, area: Area, date: CalendarDate, day: PlaceDay, soldOut: [MealID: SoldOutMark] = [:],
        dishes: MealDishes = .none, ratings: MealRatings = .none
    ) {
        let closure = day.closure
        self.init(
            placeId: place.id, date: date, status: day.kind?.rawValue ?? "unknown", closed: closure != nil,
            currency: day.menu?.currency.code ?? area.currency, note: day.note, closedBy: closure?.reason.rawValue,
            categories: Self.categories(of: day.menu, soldOut: soldOut, dishes: dishes, ratings: ratings))
    }

    /// The menu stored for the day, as it was sent (the admin API's view), with `closedBy` when the place's hours
    /// close the day all the same.
    init(stored menu: Menu?, place: Place, area: Area, date: CalendarDate, dishes: MealDishes = .none) {
        let closedBy = menu?.isClosed == true ? "menu" : place.openingHours.closure(on: date)?.rawValue
        self.init(
            placeId: place.id, date: date, status: menu.map { $0.isClosed ? "closed" : "serving" } ?? "unknown",
            closed: menu?.isClosed ?? false, currency: menu?.currency.code ?? area.currency, note: menu?.note,
            closedBy: closedBy, categories: Self.categories(of: menu, dishes: dishes))
    }

    private static func categories(
        of menu: Menu?, soldOut: [MealID: SoldOutMark] = [:], dishes: MealDishes = .none,
        ratings: MealRatings = .none
    ) -> [Category] {
        guard let menu else { return [] }
        return zip(menu.categories, menu.mealIDs).map { category, ids in
            Category(
                name: category.name, period: category.period?.rawValue,
                meals: zip(category.meals, ids).map { meal, id in
                    let dish = dishes[mealName: meal.name]
                    return MealBody(
                        id: id, name: meal.name, notes: meal.notes,
                        prices: Dictionary(uniqueKeysWithValues: meal.prices.map { ($0.role.rawValue, $0.amount) }),
                        soldOut: soldOut[id].map(API.SoldOutBody.init), dishId: dish?.id,
                        names: dish.map { API.DishNames(meal: meal.name, dish: $0) },
                        rating: ratings.ofDay(mealName: meal.name).map(API.RatingBody.init))
                })
        }
    }
}
