import Foundation
import Testing

@testable import GrubmapCore

@Suite struct MealIDTests {
    let date = try! CalendarDate(parsing: "2026-12-03")

    func menu(_ categories: [(String, [String])]) throws -> Menu {
        let built = try categories.map { name, meals in
            try MenuCategory(name: name, meals: meals.map { try Meal(name: $0) })
        }
        return try Menu(date: date, status: .serving(built), currency: try Currency(code: "KRW"))
    }

    /// The design's rule, written out: FNV-1a-64 of "v1␟category␟name␟n" (the values checked against an independent
    /// FNV-1a implementation).
    @Test func isFNV1aOfCategoryNameAndOccurrence() {
        #expect(MealID(category: "중식", name: "돈까스", occurrence: 1).rawValue == "3e42db31f0092acc")
        #expect(MealID(category: "중식", name: "돈까스", occurrence: 2).rawValue == "3e42de31f0092fe5")
    }

    @Test func isTheSameWhenTheSameDayIsReadAgain() throws {
        let day = [("중식", ["돈까스", "김치찌개"]), ("석식", ["비빔밥"])]
        let first = try menu(day)
        // A feed refresh builds the day anew, with the whitespace a feed may add.
        let again = try menu([("  중식 ", ["돈까스\n", "김치찌개"]), ("석식", [" 비빔밥"])])
        #expect(first.mealIDs == again.mealIDs)
        #expect(first.mealIDs.joined().count == 3)
    }

    @Test func tellsApartTwoMealsOfOneNameInADay() throws {
        let day = try menu([("중식", ["돈까스", "돈까스"]), ("석식", ["돈까스"])])
        let ids = Array(day.mealIDs.joined())
        #expect(Set(ids).count == 3)
        // Same category name in two categories: still counted across the day.
        let twice = try menu([("중식", ["돈까스"]), ("중식", ["돈까스"])])
        #expect(Set(twice.mealIDs.joined()).count == 2)
    }

    @Test func staysWhenAnotherMealIsAddedAfter() throws {
        let before = try menu([("중식", ["돈까스", "김치찌개"])])
        let after = try menu([("중식", ["돈까스", "김치찌개", "돈까스"]), ("석식", ["비빔밥"])])
        #expect(Array(after.mealIDs[0].prefix(2)) == before.mealIDs[0])
    }

    @Test func findsTheMealByItsID() throws {
        let day = try menu([("중식", ["돈까스", "김치찌개"]), ("석식", ["비빔밥"])])
        let id = try #require(day.mealID(category: 1, meal: 0))
        #expect(day.meal(withID: id)?.meal.name == "비빔밥")
        #expect(day.meal(withID: MealID(category: "석식", name: "라면", occurrence: 1)) == nil)
        #expect(day.mealID(category: 2, meal: 0) == nil)
        let closed = try Menu(date: date, status: .closed, currency: try Currency(code: "KRW"))
        #expect(closed.mealIDs.isEmpty && closed.meal(withID: id) == nil)
    }

    @Test(arguments: ["", "3E42DB31F0092ACC", "3e42db31f0092ac", "3e42db31f0092accc", "3e42db31f0092acg", "../x"])
    func refusesTextThatIsNotAnID(text: String) {
        #expect(MealID(text) == nil)
    }

    @Test func arrangedCategoriesCarryTheirMealsIDs() throws {
        let day = try menu([("중식", ["돈까스", "김치찌개"]), ("석식", ["비빔밥"])])
        let arranged = day.arrangedCategories(at: nil)
        #expect(arranged.map(\.mealIDs) == day.mealIDs)
    }
}
