import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Synchronization
import Testing

/// Ratings on both databases: one per profile and meal of a day, changeable; summaries per meal of a day, per place
/// and day of an area, and per dish over all days, following the dish's keys through a merge.
@Suite("Store: ratings")
struct RatingStoreTests {
    static let monday = try! CalendarDate(parsing: "2026-12-07")
    static let tuesday = try! CalendarDate(parsing: "2026-12-08")
    static let hall = Fixtures.geumjeongHall
    static let dormitory = Fixtures.dormitory
    static let cutlet = DishKey(mealName: "돈까스")
    static let stew = DishKey(mealName: "김치찌개")

    static func token(_ index: Int) -> String { "session-\(index)-" + String(repeating: "x", count: 32) }

    /// A store with the Busan places, both days' menus (돈까스 and 김치찌개 at both places), and `people` sessions,
    /// every one but the last with a profile.
    static func store(people: Int, on kind: StoreKind, _ body: (any Store) throws -> Void) throws {
        try kind.withStore { store throws in
            try store.save(area: Fixtures.busan, places: [hall, dormitory])
            for place in [hall.id, dormitory.id] {
                try store.replaceMenus(
                    [monday, tuesday].map { date in
                        try Menu(
                            date: date,
                            status: .serving([
                                try MenuCategory(name: "중식", meals: [try Meal(name: "돈까스"), try Meal(name: "김치찌개")])
                            ]), currency: try Currency(code: "KRW"))
                    }, placeID: place)
            }
            for index in 0..<people {
                try store.createSession(
                    Session(
                        token: token(index), csrfToken: "c", createdAt: Date(timeIntervalSince1970: 0),
                        expiresAt: Date(timeIntervalSince1970: 4_000_000_000)))
                if index < people - 1 {
                    try store.saveProfile(
                        Profile(id: try Profile.ID("p\(index)"), firstName: "P\(index)", lastName: "Q"),
                        sessionToken: token(index), avatar: .keep)
                }
            }
            try body(store)
        }
    }

    static func dish(_ store: any Store, _ key: DishKey) throws -> Dish {
        try #require(try store.dishes(forKeys: [key], inArea: Fixtures.busan.id)[key])
    }

    @discardableResult
    static func rate(
        _ store: any Store, _ person: Int, _ stars: Int, key: DishKey = cutlet, place: Place = hall,
        date: CalendarDate = monday, comment: String = ""
    ) throws -> RatingSummary? {
        let draft = try RatingDraft(
            placeID: place.id, date: date, dishID: try dish(store, key).id, stars: try #require(Stars(stars)),
            comment: comment)
        return try store.rate(
            draft, key: key, areaID: Fixtures.busan.id, sessionToken: token(person),
            at: Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test(arguments: StoreKind.tested)
    func eachPersonCountsOnceAndMayChangeTheirStars(kind: StoreKind) throws {
        try Self.store(people: 4, on: kind) { store throws in
            #expect(try Self.rate(store, 0, 5) == RatingSummary(average: 5, count: 1))
            #expect(try Self.rate(store, 1, 4, comment: "바삭해요") == RatingSummary(average: 4.5, count: 2))
            // The first person changes their mind: still two ratings.
            #expect(try Self.rate(store, 0, 2) == RatingSummary(average: 3, count: 2))
            #expect(
                try store.rating(
                    sessionToken: Self.token(1), placeID: Self.hall.id, date: Self.monday, key: Self.cutlet)
                    == OwnRating(stars: Stars(4)!, comment: "바삭해요"))
            #expect(
                try store.rating(
                    sessionToken: Self.token(2), placeID: Self.hall.id, date: Self.monday, key: Self.cutlet)
                    == nil)
            // The last session has no profile: nothing is stored, and the live feed hears nothing of it.
            let feed = try #require(store as? any LiveChangeFeed)
            let heard = Mutex<[Set<LiveChange>]>([])
            let watch = feed.watch { changes in heard.withLock { $0.append(changes) } }
            defer { watch.cancel() }
            #expect(try Self.rate(store, 3, 1) == nil)
            #expect(heard.withLock { $0 }.isEmpty)
            try Self.rate(store, 2, 3)
            #expect(heard.withLock { $0 } == [[.ratings(Self.hall.id)]])
            #expect(
                try store.mealRatings(placeID: Self.hall.id, on: Self.monday) == [
                    Self.cutlet: .init(average: 3, count: 3)
                ])
        }
    }

    @Test(arguments: StoreKind.tested)
    func mealsOfADayAreRatedApartFromOtherDaysPlacesAndDishes(kind: StoreKind) throws {
        try Self.store(people: 3, on: kind) { store throws in
            try Self.rate(store, 0, 5)
            try Self.rate(store, 1, 3)
            try Self.rate(store, 0, 1, date: Self.tuesday)
            try Self.rate(store, 0, 4, key: Self.stew)
            try Self.rate(store, 1, 2, place: Self.dormitory)
            #expect(
                try store.mealRatings(placeID: Self.hall.id, on: Self.monday) == [
                    Self.cutlet: .init(average: 4, count: 2), Self.stew: .init(average: 4, count: 1),
                ])
            #expect(
                try store.mealRatings(inArea: Fixtures.busan.id, on: Self.monday) == [
                    Self.hall.id: [Self.cutlet: .init(average: 4, count: 2), Self.stew: .init(average: 4, count: 1)],
                    Self.dormitory.id: [Self.cutlet: .init(average: 2, count: 1)],
                ])
            #expect(
                try store.mealRatings(inArea: Fixtures.busan.id, on: try CalendarDate(parsing: "2026-12-09")).isEmpty)
            let cutlet = try Self.dish(store, Self.cutlet)
            let stew = try Self.dish(store, Self.stew)
            // Over all days and places: 5, 3, 1 and 2.
            #expect(
                try store.dishRatings(ids: [cutlet.id, stew.id]) == [
                    cutlet.id: .init(average: 2.75, count: 4), stew.id: .init(average: 4, count: 1),
                ])
            #expect(try store.dishRatings(ids: []).isEmpty)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aMergedDishsRatingsCountForTheDishItWentInto(kind: StoreKind) throws {
        try Self.store(people: 2, on: kind) { store throws in
            try Self.rate(store, 0, 5)
            try Self.rate(store, 0, 1, key: Self.stew)
            let cutlet = try Self.dish(store, Self.cutlet)
            let stew = try Self.dish(store, Self.stew)
            try store.mergeDish(
                stew.id, into: cutlet.id,
                audit: AuditEntry(
                    at: Date(timeIntervalSince1970: 1_800_000_000), actor: "op-1", actorName: "Op",
                    areaID: Fixtures.busan.id, action: "dish.merge", subject: "dish", before: nil, after: nil))
            #expect(try store.dishRatings(ids: [cutlet.id]) == [cutlet.id: .init(average: 3, count: 2)])
        }
    }

    @Test(arguments: StoreKind.tested)
    func commentsShowUnderTheDishUntilAnOperatorHidesThemAndFlagsCountOncePerPerson(kind: StoreKind) throws {
        try Self.store(people: 3, on: kind) { store throws in
            try Self.rate(store, 0, 5, comment: "Crisp")
            try Self.rate(store, 1, 2, date: Self.tuesday, comment: "Soggy today")
            try Self.rate(store, 1, 3, key: Self.stew)  // no comment: never listed
            let cutlet = try Self.dish(store, Self.cutlet)
            let comments = try store.comments(ofDish: cutlet.id, limit: 10)
            #expect(
                comments.map(\.text) == ["Soggy today", "Crisp"] || comments.map(\.text) == ["Crisp", "Soggy today"])
            #expect(Set(comments.map(\.author)) == ["P0 Q.", "P1 Q."])
            #expect(comments.allSatisfy { $0.dishID == cutlet.id && $0.areaID == Fixtures.busan.id })
            let soggy = try #require(comments.first { $0.text == "Soggy today" })
            #expect(soggy.date == Self.tuesday && soggy.stars == Stars(2))
            let person = { (index: Int) in ReporterKey(hex: String(repeating: "0", count: 63) + String(index))! }
            #expect(try store.flagComment(id: soggy.id, reporter: person(1)))
            #expect(try !store.flagComment(id: soggy.id, reporter: person(1)), "once per person")
            #expect(try store.flagComment(id: soggy.id, reporter: person(2)))
            #expect(try !store.flagComment(id: 999_999, reporter: person(2)))
            #expect(
                try store.flaggedComments(inArea: Fixtures.busan.id).map { [$0.text, String($0.flags)] } == [
                    ["Soggy today", "2"]
                ])
            #expect(try store.flaggedComments(inArea: Fixtures.sanJose.id).isEmpty)
            let audit = AuditEntry(
                at: Date(timeIntervalSince1970: 1_800_000_000), actor: "op-1", actorName: "Op",
                areaID: Fixtures.busan.id, action: "rating.hide", subject: "comment", before: nil, after: nil)
            try store.moderateComment(id: soggy.id, hiddenReason: "Not about the food", audit: audit)
            #expect(try store.comments(ofDish: cutlet.id, limit: 10).map(\.text) == ["Crisp"])
            #expect(try store.flaggedComments(inArea: Fixtures.busan.id).isEmpty)
            #expect(try !store.flagComment(id: soggy.id, reporter: person(0)), "a hidden comment takes no flags")
            #expect(
                try store.rating(
                    sessionToken: Self.token(1), placeID: Self.hall.id, date: Self.tuesday, key: Self.cutlet)?
                    .hiddenReason == "Not about the food")
            // Its stars still count.
            #expect(try store.dishRatings(ids: [cutlet.id])[cutlet.id]?.count == 2)
            // Kept: shown again, its flags cleared.
            try store.moderateComment(id: soggy.id, hiddenReason: nil, audit: audit)
            #expect(try store.comments(ofDish: cutlet.id, limit: 10).count == 2)
            #expect(try store.comment(id: soggy.id)?.flags == 0)
            #expect(throws: StoreError.unknownComment(id: 999_999)) {
                try store.moderateComment(id: 999_999, hiddenReason: "x", audit: audit)
            }
            #expect(try store.comments(ofDish: cutlet.id, limit: 1).count == 1)
        }
    }

    @Test func averagesShowToOneDecimalRoundedHalfUp() {
        #expect(RatingSummary(average: 4.25, count: 4).shownAverage == "4.3")
        #expect(RatingSummary(average: 13.0 / 3, count: 3).shownAverage == "4.3")
        #expect(RatingSummary(average: 5, count: 1).shownAverage == "5.0")
        #expect(RatingSummary(average: 1, count: 1).shownAverage == "1.0")
    }

    @Test func draftsRefuseLongCommentsAndStarsOutOfRange() throws {
        #expect(Stars(0) == nil && Stars(6) == nil && Stars(-1) == nil && Stars(3)?.value == 3)
        let dish = try #require(Dish.ID(Int64(1)))
        #expect(throws: TextProblem.tooLong(limit: 140)) {
            try RatingDraft(
                placeID: Self.hall.id, date: Self.monday, dishID: dish, stars: Stars(3)!,
                comment: String(repeating: "맛", count: 141))
        }
        #expect(throws: TextProblem.unshowable) {
            try RatingDraft(
                placeID: Self.hall.id, date: Self.monday, dishID: dish, stars: Stars(3)!, comment: "a\u{0}b")
        }
        let draft = try RatingDraft(
            placeID: Self.hall.id, date: Self.monday, dishID: dish, stars: Stars(3)!,
            comment: "  " + String(repeating: "맛", count: 140) + "\n")
        #expect(draft.comment.count == 140)
        #expect(RatingDraft.isRateable(Self.monday, today: Self.monday))
        #expect(RatingDraft.isRateable(Self.monday, today: try CalendarDate(parsing: "2026-12-09")))
        #expect(!RatingDraft.isRateable(Self.monday, today: try CalendarDate(parsing: "2026-12-10")))
        #expect(!RatingDraft.isRateable(Self.tuesday, today: Self.monday))
    }
}
