import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// What following dishes needs of both databases: dishes by id through merges, the servings of several dishes over a
/// span of days, and calendar feeds kept by digest, one per session, revocable, gone with their session.
@Suite("Store: following and calendar feeds")
struct FollowingStoreTests {
    static let monday = try! CalendarDate(parsing: "2026-12-07")
    static let tuesday = try! CalendarDate(parsing: "2026-12-08")
    static let friday = try! CalendarDate(parsing: "2026-12-11")
    static let hall = Fixtures.geumjeongHall
    static let dormitory = Fixtures.dormitory
    static let token = "session-" + String(repeating: "x", count: 35)
    static let other = "session-" + String(repeating: "y", count: 35)

    static func menu(_ date: CalendarDate, _ meals: [String]) throws -> Menu {
        try Menu(
            date: date, status: .serving([try MenuCategory(name: "중식", meals: meals.map { try Meal(name: $0) })]),
            currency: try Currency(code: "KRW"))
    }

    static func store(_ kind: StoreKind, _ body: (any Store) throws -> Void) throws {
        try kind.withStore { store throws in
            try store.save(area: Fixtures.busan, places: [hall, dormitory])
            try store.replaceMenus(
                [try menu(monday, ["돈까스", "김치찌개"]), try menu(friday, ["돈까스"])], placeID: hall.id)
            try store.replaceMenus([try menu(tuesday, ["돈 까스", "비빔밥"])], placeID: dormitory.id)
            for session in [token, other] {
                try store.createSession(
                    Session(
                        token: session, csrfToken: "c", createdAt: Date(timeIntervalSince1970: 0),
                        expiresAt: Date(timeIntervalSince1970: 1_800_000_000)))
            }
            try body(store)
        }
    }

    static func dish(_ store: any Store, _ name: String) throws -> Dish {
        let key = DishKey(mealName: name)
        return try #require(try store.dishes(forKeys: [key], inArea: Fixtures.busan.id)[key])
    }

    @Test(arguments: StoreKind.tested)
    func dishesByIDFollowMergesAndServingsSpanDays(kind: StoreKind) throws {
        try Self.store(kind) { store throws in
            let cutlet = try Self.dish(store, "돈까스")
            let stew = try Self.dish(store, "김치찌개")
            let rice = try Self.dish(store, "비빔밥")
            let unknown = try #require(Dish.ID(999_999))
            #expect(
                try store.dishes(ids: [cutlet.id, stew.id, unknown]).mapValues(\.id) == [
                    cutlet.id: cutlet.id, stew.id: stew.id,
                ])
            #expect(try store.dishes(ids: []).isEmpty)

            let servings = try store.servings(
                ofDishes: [cutlet.id, rice.id], from: Self.monday, through: Self.friday, limit: 10)
            #expect(
                servings.map { "\($0.dish) \($0.serving.placeID) \($0.serving.date)" } == [
                    "\(cutlet.id) \(Self.hall.id) 2026-12-07", "\(cutlet.id) \(Self.dormitory.id) 2026-12-08",
                    "\(rice.id) \(Self.dormitory.id) 2026-12-08", "\(cutlet.id) \(Self.hall.id) 2026-12-11",
                ])
            #expect(
                try store.servings(ofDishes: [cutlet.id], from: Self.tuesday, through: Self.tuesday, limit: 10).count
                    == 1)
            #expect(
                try store.servings(ofDishes: [cutlet.id, rice.id], from: Self.monday, through: Self.friday, limit: 2)
                    .count == 2)
            #expect(try store.servings(ofDishes: [], from: Self.monday, through: Self.friday, limit: 10).isEmpty)

            try store.mergeDish(
                stew.id, into: rice.id,
                audit: AuditEntry(
                    at: Date(timeIntervalSince1970: 1_800_000_000), actor: "op-1", actorName: "Op",
                    areaID: Fixtures.busan.id, action: "dish.merge", subject: "dish", before: nil, after: nil))
            #expect(try store.dishes(ids: [stew.id, rice.id]).mapValues(\.id) == [stew.id: rice.id, rice.id: rice.id])
        }
    }

    @Test(arguments: StoreKind.tested)
    func aCalendarFeedIsKeptByDigestAndRevocable(kind: StoreKind) throws {
        try Self.store(kind) { store throws in
            let opened = Date(timeIntervalSince1970: 1_700_000_000)
            let make = { (generation: Int) in "feed-\(generation)-" + String(repeating: "z", count: 30) }
            #expect(try store.calendarFeedGeneration(sessionToken: Self.token) == nil)
            #expect(try store.calendarFeedPreferences(token: make(1), keepingSessionUntil: opened) == nil)
            let first = try store.openCalendarFeed(sessionToken: Self.token, at: opened, token: make)
            #expect(first == make(1))
            #expect(try store.openCalendarFeed(sessionToken: Self.token, at: opened, token: make) == first)
            #expect(try store.calendarFeedGeneration(sessionToken: Self.token) == 1)

            try store.updatePreferences(sessionToken: Self.token) {
                try $0.set([Fixtures.dormitory.id], for: PreferenceKeys.bookmarks)
            }
            let later = Date(timeIntervalSince1970: 1_900_000_000)
            let read = try #require(try store.calendarFeedPreferences(token: first, keepingSessionUntil: later))
            #expect(read[PreferenceKeys.bookmarks] == [Fixtures.dormitory.id])
            #expect(try store.session(token: Self.token)?.expiresAt == later, "a calendar reading keeps the session")
            _ = try store.calendarFeedPreferences(token: first, keepingSessionUntil: opened)
            #expect(try store.session(token: Self.token)?.expiresAt == later, "never shortened")

            #expect(try store.revokeCalendarFeed(sessionToken: Self.token))
            #expect(try !store.revokeCalendarFeed(sessionToken: Self.token))
            #expect(try store.calendarFeedPreferences(token: first, keepingSessionUntil: later) == nil)
            #expect(try store.calendarFeedGeneration(sessionToken: Self.token) == nil)
            let second = try store.openCalendarFeed(sessionToken: Self.token, at: opened, token: make)
            #expect(second == make(2))
            #expect(try store.calendarFeedPreferences(token: first, keepingSessionUntil: later) == nil)
            #expect(try store.calendarFeedPreferences(token: second, keepingSessionUntil: later) != nil)
            // Another session's feed is its own; a deleted session takes its feed along.
            #expect(try store.openCalendarFeed(sessionToken: Self.other, at: opened, token: make) == make(1))
            #expect(try store.deleteSessions(expiredBefore: Date(timeIntervalSince1970: 1_850_000_000)) == 1)
            #expect(try store.calendarFeedPreferences(token: make(1), keepingSessionUntil: later) == nil)
            #expect(try store.calendarFeedPreferences(token: second, keepingSessionUntil: later) != nil)
        }
    }
}
