import GrubmapCore
import GrubmapStore

/// The dishes of the meals a page or an API answer shows, read once for it (one statement), found by meal name.
struct MealDishes: Hashable, Sendable {
    private let byName: [String: Dish]

    /// No dishes: meals show as the menu wrote them, without links.
    static let none = MealDishes(byName: [:])

    private init(byName: [String: Dish]) {
        self.byName = byName
    }

    /// The dishes of every meal of `menus`, of the area's dishes.
    init(_ store: any DishStore, menus: some Sequence<Menu>, area: Area.ID) throws {
        var keys: [String: DishKey] = [:]
        for menu in menus {
            for category in menu.categories {
                for meal in category.meals where keys[meal.name] == nil {
                    keys[meal.name] = DishKey(mealName: meal.name)
                }
            }
        }
        let dishes = try store.dishes(forKeys: Set(keys.values), inArea: area)
        byName = keys.compactMapValues { dishes[$0] }
    }

    /// The dish of a meal named `name`, when it was read.
    subscript(mealName name: String) -> Dish? { byName[name] }

    /// The dish read with this id, if any.
    func dish(id: Dish.ID) -> Dish? { byName.values.first { $0.id == id } }

    /// The ids of the dishes read.
    var ids: Set<Dish.ID> { Set(byName.values.map(\.id)) }
}
