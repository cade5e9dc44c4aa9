import Foundation
import GrubmapCore
import GrubmapStore

/// The dish calls of the test stores: passed on by those that wrap a real store, failing in the unreachable one.
extension ForwardsConsoleCalls {
    func dishes(forKeys keys: Set<DishKey>, inArea id: Area.ID) throws -> [DishKey: Dish] {
        try consoleStore.dishes(forKeys: keys, inArea: id)
    }
    func dish(id: Dish.ID) throws -> Dish? { try consoleStore.dish(id: id) }
    func dishes(ids: Set<Dish.ID>) throws -> [Dish.ID: Dish] { try consoleStore.dishes(ids: ids) }
    func servings(ofDishes ids: Set<Dish.ID>, from: CalendarDate, through: CalendarDate, limit: Int) throws
        -> [(dish: Dish.ID, serving: DishServing)]
    {
        try consoleStore.servings(ofDishes: ids, from: from, through: through, limit: limit)
    }
    func dishes(inArea id: Area.ID) throws -> [Dish] { try consoleStore.dishes(inArea: id) }
    func servings(ofDish id: Dish.ID, through date: CalendarDate, limit: Int) throws -> [DishServing] {
        try consoleStore.servings(ofDish: id, through: date, limit: limit)
    }
    func nextServing(ofDish id: Dish.ID, from date: CalendarDate) throws -> DishServing? {
        try consoleStore.nextServing(ofDish: id, from: date)
    }
    func setDishNames(_ names: [Language: String?], dishID: Dish.ID, audit: AuditEntry?) throws {
        try consoleStore.setDishNames(names, dishID: dishID, audit: audit)
    }
    func mergeDish(_ dishID: Dish.ID, into: Dish.ID, audit: AuditEntry) throws {
        try consoleStore.mergeDish(dishID, into: into, audit: audit)
    }
    func splitDish(_ dishID: Dish.ID, key: DishKey, names: [Language: String], audit: AuditEntry) throws -> Dish {
        try consoleStore.splitDish(dishID, key: key, names: names, audit: audit)
    }
    func resolveDishesOfStoredMenus() throws -> Int { try consoleStore.resolveDishesOfStoredMenus() }
}

extension UnreachableStore {
    func dishes(forKeys keys: Set<DishKey>, inArea id: Area.ID) throws -> [DishKey: Dish] { throw down }
    func dish(id: Dish.ID) throws -> Dish? { throw down }
    func dishes(ids: Set<Dish.ID>) throws -> [Dish.ID: Dish] { throw down }
    func servings(ofDishes ids: Set<Dish.ID>, from: CalendarDate, through: CalendarDate, limit: Int) throws
        -> [(dish: Dish.ID, serving: DishServing)]
    { throw down }
    func dishes(inArea id: Area.ID) throws -> [Dish] { throw down }
    func servings(ofDish id: Dish.ID, through date: CalendarDate, limit: Int) throws -> [DishServing] { throw down }
    func nextServing(ofDish id: Dish.ID, from date: CalendarDate) throws -> DishServing? { throw down }
    func setDishNames(_ names: [Language: String?], dishID: Dish.ID, audit: AuditEntry?) throws { throw down }
    func mergeDish(_ dishID: Dish.ID, into: Dish.ID, audit: AuditEntry) throws { throw down }
    func splitDish(_ dishID: Dish.ID, key: DishKey, names: [Language: String], audit: AuditEntry) throws -> Dish {
        throw down
    }
    func resolveDishesOfStoredMenus() throws -> Int { throw down }
}
