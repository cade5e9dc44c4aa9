import GrubmapCore
import GrubmapStore

/// Where each dish of an area is served on a day, read for a push run: every place's menu of the day (one
/// statement), the dishes of its meals (one), and the places (one).
struct DayMenu {
    /// A dish on a place's menu of the day, in a category of a meal period (or none).
    struct Serving {
        let dish: Dish
        let mealName: String
        let place: Place
        let period: MealPeriod?

        /// The line a message gives it in `language`, as the board's strip words it.
        func line(in language: Language) -> String {
            FollowStrings(language: language).serving(
                dish.shown(mealName: mealName, in: language).name, place: place.name.text(in: language),
                period: period.map(MenuStrings.forLanguage(language).periodName))
        }
    }

    /// By dish, in the order of places by id and of the menus' categories.
    let servings: [Dish.ID: [Serving]]

    init(_ store: any Store, area: Area, day: CalendarDate) throws {
        let menus = try store.menus(inArea: area.id, on: day)
        var keys: Set<DishKey> = []
        for menu in menus.values {
            for category in menu.categories {
                for meal in category.meals { keys.insert(DishKey(mealName: meal.name)) }
            }
        }
        guard !keys.isEmpty else {
            servings = [:]
            return
        }
        let dishes = try store.dishes(forKeys: keys, inArea: area.id)
        var servings: [Dish.ID: [Serving]] = [:]
        for place in try store.places(ids: menus.keys.sorted()) {
            for category in menus[place.id]?.categories ?? [] {
                for meal in category.meals {
                    guard let dish = dishes[DishKey(mealName: meal.name)] else { continue }
                    servings[dish.id, default: []].append(
                        Serving(dish: dish, mealName: meal.name, place: place, period: category.period))
                }
            }
        }
        self.servings = servings
    }
}
