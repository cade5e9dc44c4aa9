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
    /// The comments others see under a dish (not empty, not hidden), newest first, at most `limit`.
    func comments(ofDish id: Dish.ID, limit: Int) throws -> [RatingComment]
    /// The comment with this id, hidden or not; `nil` when there is none (or the rating has no comment).
    func comment(id: Int64) throws -> RatingComment?
    /// Counts `reporter`'s flag on a comment once; whether it was new. A hidden comment takes no more flags.
    @discardableResult
    func flagComment(id: Int64, reporter: ReporterKey) throws -> Bool
    /// The comments of an area people flagged that no operator hid or kept since, the most flagged first.
    func flaggedComments(inArea id: Area.ID) throws -> [RatingComment]
    /// Hides a comment from everyone but its author, who sees `reason` (`hiddenReason`), or keeps it (`nil`: shown,
    /// its flags cleared), with the audit entry in the same write. Throws ``StoreError/unknownComment(id:)``.
    func moderateComment(id: Int64, hiddenReason: String?, audit: AuditEntry) throws
}
