import Foundation
import GrubmapCore

/// The dishes of each area (`dishes`, `dish_keys`, `dish_names`; migration 13): which ``DishKey`` belongs to which
/// dish, and the dishes' names per language.
///
/// Every menu write (``MenuStore/replaceMenus(_:placeID:)`` and the console's) gives each meal's key a dish in the
/// same transaction, making a dish for a key the area has not seen, so a stored meal always has one. Operators
/// merge dishes (the keys move) and split them (a key gets a new dish); a merged dish's id keeps leading to the
/// dish it went into.
public protocol DishStore: Sendable {
    /// The dishes of these keys in the area, one statement; keys without a dish (a menu not stored) are left out.
    func dishes(forKeys keys: Set<DishKey>, inArea id: Area.ID) throws -> [DishKey: Dish]
    /// The dish with this id, following merges to the dish it went into; `nil` when there is none.
    func dish(id: Dish.ID) throws -> Dish?
    /// The dishes with these ids, each asked id keyed to the dish it leads to (itself, or the dish it was merged
    /// into); ids of no dish are left out. Two statements whatever the count.
    func dishes(ids: Set<Dish.ID>) throws -> [Dish.ID: Dish]
    /// Every dish of an area that was not merged away, by id.
    func dishes(inArea id: Area.ID) throws -> [Dish]
    /// The days and places a dish is on a menu up to and including `through`, newest first, at most `limit`.
    func servings(ofDish id: Dish.ID, through date: CalendarDate, limit: Int) throws -> [DishServing]
    /// The first day from `date` on (inclusive) that a menu stored serves the dish, the place with the smallest id
    /// of that day; `nil` when no stored menu does.
    func nextServing(ofDish id: Dish.ID, from date: CalendarDate) throws -> DishServing?
    /// Every day from `from` through `through` (inclusive) that a stored menu serves one of `ids`, with the place,
    /// oldest first then by place, at most `limit`: what a person following these dishes has ahead.
    func servings(ofDishes ids: Set<Dish.ID>, from: CalendarDate, through: CalendarDate, limit: Int) throws
        -> [(dish: Dish.ID, serving: DishServing)]
    /// Sets or removes (`nil`) the dish's name in each language given; the others stay. Throws
    /// ``DishError/unknownDish(_:)``. `audit` is `nil` only for Grubmap's own data (the demo's names).
    func setDishNames(_ names: [Language: String?], dishID: Dish.ID, audit: AuditEntry?) throws
    /// Moves every key of `dishID` to `into` (both of one area, neither merged away), and the merged dish's names to
    /// `into` where it has none in that language; `dishID` then leads to `into`.
    func mergeDish(_ dishID: Dish.ID, into: Dish.ID, audit: AuditEntry) throws
    /// Gives `key`, one of the dish's keys but not its only one, a new dish named by `names`; returns it.
    @discardableResult
    func splitDish(_ dishID: Dish.ID, key: DishKey, names: [Language: String], audit: AuditEntry) throws -> Dish
    /// Gives every stored meal without a key its key, and each key without a dish a dish: menus stored before
    /// dishes existed. Run when a store opens; once done it finds nothing to do. Returns how many meals it keyed.
    @discardableResult
    func resolveDishesOfStoredMenus() throws -> Int
}

/// Why a dish could not be changed; nothing was.
public enum DishError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No dish has this id.
    case unknownDish(Dish.ID)
    /// A dish cannot be merged into itself (or into the dish it was merged into already).
    case mergeIntoItself(Dish.ID)
    /// The two dishes belong to different areas.
    case differentAreas(Dish.ID, Dish.ID)
    /// The key is not one of the dish's.
    case unknownKey(Dish.ID, DishKey)
    /// The key is the dish's only one: there is nothing to split it from.
    case onlyKey(Dish.ID, DishKey)

    public var description: String {
        switch self {
        case .unknownDish(let id): "there is no dish \(id); nothing was changed"
        case .mergeIntoItself(let id): "dish \(id) cannot be merged into itself; nothing was changed"
        case .differentAreas(let first, let second):
            "dishes \(first) and \(second) belong to different areas; nothing was changed"
        case .unknownKey(let id, let key): "dish \(id) has no key \"\(key)\"; nothing was changed"
        case .onlyKey(let id, let key):
            "\"\(key)\" is the only key of dish \(id): there is nothing to split; nothing was changed"
        }
    }
}
