import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Dishes as readers see them: each meal's `dishId` and `names` in the menu API, `GET /api/v1/dishes/{id}`, the dish
/// page, and a meal shown in the reader's language with the menu's words beneath.
@Suite struct DishTests {
    typealias F = MenuFixtures
    static let area = try! Area.ID("test-campus")

    /// Today (Seoul) is 2026-11-09; 돈까스 is served today and on the 12th, "돈 까스(소스)" on the 6th.
    static func app(configure: (inout AppConfiguration) -> Void = { _ in }) throws -> TestApp {
        let test = try TestApp.make(configure: configure)
        func menu(_ date: String, _ meals: [String]) throws -> Menu {
            try Menu(
                date: F.date(date), status: .serving([try MenuCategory(name: "중식", meals: meals.map { F.meal($0) })]),
                currency: F.won)
        }
        try test.store.replaceMenus(
            [
                try menu("2026-11-06", ["돈 까스(소스)"]), try menu("2026-11-09", ["돈까스", "김치찌개"]),
                try menu("2026-11-12", ["돈까스"]),
            ], placeID: F.alpha)
        F.setClock(test, to: "2026-11-09T03:40:00Z")
        return test
    }

    static func cutlet(_ test: TestApp) throws -> Dish {
        let key = DishKey(mealName: "돈까스")
        return try #require(try test.store.dishes(forKeys: [key], inArea: area)[key])
    }

    func json(_ response: Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]) ?? [:]
    }

    @Test func eachMealOfTheMenuAPISaysItsDishAndNames() throws {
        let test = try Self.app()
        let cutlet = try Self.cutlet(test)
        try test.store.setDishNames([.english: "Pork cutlet"], dishID: cutlet.id, audit: nil)
        let menu = json(try test.get("/api/v1/places/alpha/menu?date=2026-11-06"))
        let meal = try #require(((menu["categories"] as? [[String: Any]])?.first?["meals"] as? [[String: Any]])?.first)
        #expect(meal["dishId"] as? Int == Int(cutlet.id.rawValue))
        #expect(meal["names"] as? [String: String] == ["ko": "돈 까스(소스)", "en": "Pork cutlet"])
    }

    @Test func theDishAPIGivesServingsAndTheNextOne() throws {
        let test = try Self.app()
        let cutlet = try Self.cutlet(test)
        let response = try test.get("/api/v1/dishes/\(cutlet.id)")
        #expect(response.status == .ok)
        let body = json(response)
        #expect(body["id"] as? Int == Int(cutlet.id.rawValue))
        #expect(body["areaId"] as? String == "test-campus")
        #expect(body["names"] as? [String: String] == ["ko": "돈 까스(소스)"])  // the first meal stored names it
        let served = (body["served"] as? [[String: String]]) ?? []
        #expect(served.map { $0["date"] } == ["2026-11-09", "2026-11-06"])
        #expect(body["next"] as? [String: String] == ["placeId": "alpha", "date": "2026-11-09"])
    }

    @Test(arguments: ["0", "-1", "abc", "01", "999999", "99999999999999999999", "1.5"])
    func anIdThatIsNoDishIs404(_ id: String) throws {
        let test = try Self.app()
        let response = try test.get("/api/v1/dishes/\(id)")
        #expect(response.status == .notFound)
        #expect((json(response)["error"] as? [String: Any])?["code"] as? String == "not_found")
        #expect(try test.get("/dishes/\(id)").status == .notFound)
    }

    @Test func theEnglishPageShowsTheEnglishNameOverTheMenusWordsAndLinksTheDish() throws {
        let test = try Self.app()
        let cutlet = try Self.cutlet(test)
        try test.store.setDishNames([.english: "Pork cutlet"], dishID: cutlet.id, audit: nil)
        let english = String(
            decoding: try test.get("/places/alpha", headers: ["Accept-Language": "en"]).body, as: UTF8.self)
        #expect(
            english.contains(
                "<p class=\"meal-name\" lang=\"en\"><a class=\"dish-link\" href=\"/dishes/\(cutlet.id)\">Pork cutlet</a>"
                    + "</p><p class=\"meal-original\" lang=\"ko\">돈까스</p>"))
        let korean = String(
            decoding: try test.get("/places/alpha", headers: ["Accept-Language": "ko"]).body, as: UTF8.self)
        #expect(korean.contains("href=\"/dishes/\(cutlet.id)\">돈까스</a></p>"))
        #expect(!korean.contains("Pork cutlet"))
        let page = String(
            decoding: try test.get("/dishes/\(cutlet.id)", headers: ["Accept-Language": "en"]).body, as: UTF8.self)
        #expect(page.contains("<h1 lang=\"en\">Pork cutlet</h1>"))
        #expect(page.contains("<p class=\"dish-alt\" lang=\"ko\">돈 까스(소스)</p>"))
        #expect(page.contains("/places/alpha?date=2026-11-06#menu"))
    }

    @Test func aMergedDishsAddressLeadsToTheDishItWentInto() throws {
        let test = try Self.app()
        let cutlet = try Self.cutlet(test)
        let stewKey = DishKey(mealName: "김치찌개")
        let stew = try #require(try test.store.dishes(forKeys: [stewKey], inArea: Self.area)[stewKey])
        let audit = AuditEntry(
            at: Date(), actor: "op", actorName: "Op", areaID: Self.area, action: "dish.merge", subject: "d",
            before: nil, after: nil)
        try test.store.mergeDish(stew.id, into: cutlet.id, audit: audit)
        let page = try test.get("/dishes/\(stew.id)")
        #expect(page.status == .movedPermanently)
        #expect(page.headers["Location"] == "/dishes/\(cutlet.id)")
        #expect(json(try test.get("/api/v1/dishes/\(stew.id)"))["id"] as? Int == Int(cutlet.id.rawValue))
    }
}
