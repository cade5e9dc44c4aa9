import Foundation
import GrubmapCore

/// People's ratings of meals (`meal_ratings`, migration 15): one per profile and meal of a day, the meal named by its
/// place, its day and the ``DishKey`` of its name, so a dish's ratings are those of its keys and follow them through
/// merges and splits.
public protocol RatingStore: Sendable {
    /// Stores the rating of the session's profile for the meal keyed `key` (the draft's dish's meal on its place's
    /// menu of its day, as the caller found it), replacing theirs of the same meal, and returns the meal's ratings
    /// after it; `nil` when the session has no profile (nothing is stored).
    func rate(_ draft: RatingDraft, key: DishKey, areaID: Area.ID, sessionToken: String, at date: Date) throws
        -> RatingSummary?
    /// The session's profile's rating of the meal keyed `key` at the place on `date`, when it gave one.
    func rating(sessionToken: String, placeID: Place.ID, date: CalendarDate, key: DishKey) throws -> OwnRating?
    /// The ratings of each meal of a place's day, by key; meals nobody rated are left out.
    func mealRatings(placeID: Place.ID, on date: CalendarDate) throws -> [DishKey: RatingSummary]
    /// The ratings of each meal of every place of an area on a day, in one statement.
    func mealRatings(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: [DishKey: RatingSummary]]
    /// Each dish's ratings over all days and places; dishes nobody rated are left out.
    func dishRatings(ids: Set<Dish.ID>) throws -> [Dish.ID: RatingSummary]
}
