import Foundation
import GrubmapCore
import GrubmapStore

/// The rating calls of the test stores: passed on by those that wrap a real store, failing in the unreachable one.
extension ForwardsConsoleCalls {
    func rate(_ draft: RatingDraft, key: DishKey, areaID: Area.ID, sessionToken: String, at date: Date) throws
        -> RatingSummary?
    {
        try consoleStore.rate(draft, key: key, areaID: areaID, sessionToken: sessionToken, at: date)
    }
    func rating(sessionToken: String, placeID: Place.ID, date: CalendarDate, key: DishKey) throws -> OwnRating? {
        try consoleStore.rating(sessionToken: sessionToken, placeID: placeID, date: date, key: key)
    }
    func mealRatings(placeID: Place.ID, on date: CalendarDate) throws -> [DishKey: RatingSummary] {
        try consoleStore.mealRatings(placeID: placeID, on: date)
    }
    func mealRatings(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: [DishKey: RatingSummary]] {
        try consoleStore.mealRatings(inArea: id, on: date)
    }
    func dishRatings(ids: Set<Dish.ID>) throws -> [Dish.ID: RatingSummary] { try consoleStore.dishRatings(ids: ids) }
    func comments(ofDish id: Dish.ID, limit: Int) throws -> [RatingComment] {
        try consoleStore.comments(ofDish: id, limit: limit)
    }
    func comment(id: Int64) throws -> RatingComment? { try consoleStore.comment(id: id) }
    func flagComment(id: Int64, reporter: ReporterKey) throws -> Bool {
        try consoleStore.flagComment(id: id, reporter: reporter)
    }
    func flaggedComments(inArea id: Area.ID) throws -> [RatingComment] { try consoleStore.flaggedComments(inArea: id) }
    func moderateComment(id: Int64, hiddenReason: String?, audit: AuditEntry) throws {
        try consoleStore.moderateComment(id: id, hiddenReason: hiddenReason, audit: audit)
    }
}

extension UnreachableStore {
    func rate(_ draft: RatingDraft, key: DishKey, areaID: Area.ID, sessionToken: String, at date: Date) throws
        -> RatingSummary?
    { throw down }
    func rating(sessionToken: String, placeID: Place.ID, date: CalendarDate, key: DishKey) throws -> OwnRating? {
        throw down
    }
    func mealRatings(placeID: Place.ID, on date: CalendarDate) throws -> [DishKey: RatingSummary] { throw down }
    func mealRatings(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: [DishKey: RatingSummary]] {
        throw down
    }
    func dishRatings(ids: Set<Dish.ID>) throws -> [Dish.ID: RatingSummary] { throw down }
    func comments(ofDish id: Dish.ID, limit: Int) throws -> [RatingComment] { throw down }
    func comment(id: Int64) throws -> RatingComment? { throw down }
    func flagComment(id: Int64, reporter: ReporterKey) throws -> Bool { throw down }
    func flaggedComments(inArea id: Area.ID) throws -> [RatingComment] { throw down }
    func moderateComment(id: Int64, hiddenReason: String?, audit: AuditEntry) throws { throw down }
}
