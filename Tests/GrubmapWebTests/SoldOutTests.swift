import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Sold-out meals as people and operators see them: reports through the API and the place page's button, marks
/// through the admin API, and the meal struck with its time and sorted last on the board, the place page and in the
/// menu APIs.
@Suite struct SoldOutTests {
    typealias F = MenuFixtures

    /// Today (Seoul) is 2026-11-09, 12:40 there; alpha serves three categories, lunch with two meals.
    static func app() throws -> TestApp {
        let test = try TestApp.make()
        let menu = try Menu(
            date: F.date("2026-11-09"),
            status: .serving([
                try MenuCategory(name: "중식", meals: [F.meal("돈까스", student: 5000), F.meal("김치찌개", student: 4500)]),
                try MenuCategory(name: "석식", meals: [F.meal("비빔밥", student: 5000)]),
            ]), currency: F.won)
        try test.store.replaceMenus([menu, F.closed("2026-11-10")], placeID: F.alpha)
        F.setClock(test, to: "2026-11-09T03:40:00Z")
        return test
    }

    static let cutlet = MealID(category: "중식", name: "돈까스", occurrence: 1)
    static let stew = MealID(category: "중식", name: "김치찌개", occurrence: 1)

    func body(_ response: Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]) ?? [:]
    }

    /// A person's report through the API, with their cookies and the CSRF token their pages carry.
    func report(_ person: Person, date: String = "2026-11-09", meal: String = cutlet.rawValue, place: String = "alpha")
        throws -> Response
    {
        _ = try person.get("/places/alpha")
        return try person.send(
            .post, "/api/v1/places/\(place)/menu/sold-out-reports",
            headers: ["Content-Type": "application/json", "X-CSRF-Token": try person.csrfToken()],
            body: #"{"date": "\#(date)", "mealId": "\#(meal)"}"#)
    }

    func meals(_ menu: [String: Any]) -> [[String: Any]] {
        ((menu["categories"] as? [[String: Any]]) ?? []).flatMap { ($0["meals"] as? [[String: Any]]) ?? [] }
    }

    @Test func threePeoplesReportsMarkAMealSoldOutInEveryRead() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let people = try (0..<3).map { _ in try Person(test) }
        let first = try report(people[0])
        #expect(first.status == .created)
        #expect(body(first)["reports"] as? Int == 1)
        // The same person again: 200, still one report.
        let again = try report(people[0])
        #expect(again.status == .ok && body(again)["reports"] as? Int == 1)
        #expect(body(try report(people[1]))["soldOut"] == nil)
        test.clock.advance(by: 60)
        let third = try report(people[2])
        #expect(third.status == .created)
        let mark = try #require(body(third)["soldOut"] as? [String: Any])
        #expect(mark["by"] as? String == "reports")
        #expect(mark["at"] as? String == "2026-11-09T03:41:00Z")

        let menu = try test.json("/api/v1/places/alpha/menu")
        let cutlet = meals(menu).first { $0["id"] as? String == Self.cutlet.rawValue }
        #expect((cutlet?["soldOut"] as? [String: Any])?["by"] as? String == "reports")
        #expect(meals(menu).filter { $0["soldOut"] != nil }.count == 1)
        let board = try test.json("/api/v1/areas/test-campus/menus")
        let alpha = (board["menus"] as? [[String: Any]])?.first { $0["placeId"] as? String == "alpha" }
        #expect(alpha.map(meals)?.contains { $0["soldOut"] != nil } == true)

        for language in ["en", "ko"] {
            let page = String(
                decoding: try test.get("/places/alpha", headers: ["Accept-Language": language]).body, as: UTF8.self)
            let words = language == "en" ? "Reported sold out 12:41" : "12:41 품절 제보"
            #expect(page.contains(words))
            #expect(page.contains("data-meal=\"\(Self.cutlet)\" data-sold-out=\"reports\">"))
            // Sold out goes last in its category: the stew comes first now.
            let stewAt = try #require(page.range(of: "data-meal=\"\(Self.stew)\""))
            let cutletAt = try #require(page.range(of: "data-meal=\"\(Self.cutlet)\""))
            #expect(stewAt.lowerBound < cutletAt.lowerBound)
            let boardPage = String(
                decoding: try test.get("/areas/test-campus/menus", headers: ["Accept-Language": language]).body,
                as: UTF8.self)
            #expect(boardPage.contains(words))
        }
        // The next day in Seoul the mark is gone.
        F.setClock(test, to: "2026-11-09T15:10:00Z")
        #expect(
            meals(try test.json("/api/v1/places/alpha/menu?date=2026-11-09")).allSatisfy { $0["soldOut"] == nil })
    }

    @Test func aMealWhosePeriodIsOverCannotBeReportedButTheNextOnesCan() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        // 19:00 in Seoul: lunch is over, dinner is served.
        F.setClock(test, to: "2026-11-09T10:00:00Z")
        let person = try Person(test)
        let lunch = try report(person)
        #expect(lunch.status == .badRequest)
        let error = (body(lunch)["error"] as? [String: Any]) ?? [:]
        #expect(error["code"] as? String == "period_over")
        #expect((error["message"] as? String)?.hasPrefix("mealId: lunch is over") == true)
        let dinner = MealID(category: "석식", name: "비빔밥", occurrence: 1)
        #expect(try report(person, meal: dinner.rawValue).status == .created)
        #expect(try test.store.soldOutMarks(placeID: F.alpha, on: F.date("2026-11-09")).isEmpty)
    }

    @Test func theSoldOutButtonOfTodaysPlacePageCountsAReport() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let person = try Person(test, language: "ko")
        let page = try person.html("/places/alpha")
        #expect(page.contains("formaction=\"/places/alpha/sold-out-report\" name=\"mealId\" value=\"\(Self.cutlet)\""))
        #expect(page.contains(">품절이에요?</button>"))
        #expect(!(try person.html("/places/alpha?date=2026-11-11")).contains("sold-out-report"))
        let posted = try person.post(
            "/places/alpha/sold-out-report", [("mealId", Self.cutlet.rawValue), ("return", "/places/alpha")])
        #expect(posted.status == .seeOther)
        let location = try #require(posted.headers["Location"])
        #expect(location == "/places/alpha?soldOutReported=\(Self.cutlet)#menu")
        // A browser leaves the fragment out of what it asks for.
        let thanked = try person.html(String(location.prefix { $0 != "#" }))
        #expect(thanked.contains("알려 주셔서 고마워요."))
        let marks = try test.store.reportSoldOut(
            placeID: F.alpha, date: F.date("2026-11-09"), mealID: Self.cutlet,
            reporter: ReporterKey(hex: String(repeating: "a", count: 64))!, at: test.clock.now, policy: .standard)
        #expect(marks.reports == 2)
    }

    @Test(arguments: [
        (#"{"date": "2026-11-08", "mealId": "3e42db31f0092acc"}"#, "not_today", "date"),
        (#"{"date": "2026-11-10", "mealId": "3e42db31f0092acc"}"#, "not_today", "date"),
        (#"{"date": "2026-11-9", "mealId": "3e42db31f0092acc"}"#, "invalid_date", "date"),
        (#"{"date": "2026-11-09", "mealId": "0123456789abcdef"}"#, "invalid_meal", "mealId"),
        (#"{"date": "2026-11-09", "mealId": "DROP TABLE"}"#, "invalid_meal", "mealId"),
        (#"{"date": "2026-11-09"}"#, "invalid_sold_out", "mealId"),
        (#"[]"#, "invalid_json", ""),
    ])
    func aBadReportNamesWhatIsWrongAndStoresNothing(body json: String, code: String, field: String) throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.get("/places/alpha")
        let response = try person.send(
            .post, "/api/v1/places/alpha/menu/sold-out-reports",
            headers: ["Content-Type": "application/json", "X-CSRF-Token": try person.csrfToken()], body: json)
        #expect(response.status == .badRequest)
        let error = (body(response)["error"] as? [String: Any]) ?? body(response)
        #expect(error["code"] as? String == code)
        if !field.isEmpty { #expect(String(describing: error["message"] ?? "").hasPrefix(field)) }
        #expect(try test.store.soldOutMarks(inArea: TestApp.sampleArea.id, on: F.date("2026-11-09")).isEmpty)
        let first = try test.store.reportSoldOut(
            placeID: F.alpha, date: F.date("2026-11-09"), mealID: Self.cutlet,
            reporter: ReporterKey(hex: String(repeating: "b", count: 64))!, at: test.clock.now, policy: .standard)
        #expect(first.reports == 1)
    }

    @Test func aClosedDayOrAnUnknownPlaceTakesNoReport() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        F.setClock(test, to: "2026-11-10T03:40:00Z")
        let person = try Person(test)
        let closed = try report(person, date: "2026-11-10")
        #expect(closed.status == .badRequest)
        #expect(((body(closed)["error"] as? [String: Any]) ?? body(closed))["code"] as? String == "menu_closed")
        #expect(try report(person, date: "2026-11-10", place: "nowhere").status == .notFound)
        #expect(try test.store.soldOutMarks(placeID: F.alpha, on: F.date("2026-11-10")).isEmpty)
    }

    @Test func anOperatorsKeyMarksAndClearsWithAuditAndAnotherAreasKeyCannot() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let key = try AdminAPITests.makeKey(test, area: TestApp.sampleArea.id, scope: .write)
        let other = try AdminAPITests.makeKey(test, area: TestApp.secondArea.id, scope: .write)
        let readOnly = try AdminAPITests.makeKey(test, area: TestApp.sampleArea.id, scope: .read)
        let bodyText = #"{"date": "2026-11-09", "mealId": "\#(Self.stew)"}"#
        func call(_ method: GrubmapHTTP.Method, _ target: String, key: String, body: String = "") throws -> Response {
            try test.send(
                method, target, headers: ["Content-Type": "application/json", "Authorization": "Bearer \(key)"],
                body: body)
        }
        let path = "/api/v1/admin/places/alpha/menu/sold-out"
        // Another area's key is told whose place it is, and stores nothing; a place that does not exist is 404.
        let elsewhere = try call(.post, path, key: other, body: bodyText)
        #expect(elsewhere.status == .badRequest)
        let refusal = (body(elsewhere)["error"] as? [String: Any]) ?? [:]
        #expect(refusal["code"] as? String == "place_in_other_area")
        #expect((refusal["message"] as? String)?.contains("the place alpha is of the area test-campus") == true)
        #expect(
            try call(.post, "/api/v1/admin/places/nowhere/menu/sold-out", key: other, body: bodyText).status
                == .notFound)
        #expect(try call(.post, path, key: readOnly, body: bodyText).status == .forbidden)
        #expect(try test.store.soldOutMarks(placeID: F.alpha, on: F.date("2026-11-09")).isEmpty)
        let marked = try call(.post, path, key: key, body: bodyText)
        #expect(marked.status == .ok)
        #expect((body(marked)["soldOut"] as? [String: Any])?["by"] as? String == "operator")
        let english = String(decoding: try test.get("/places/alpha").body, as: UTF8.self)
        #expect(english.contains("Sold out 12:40"))
        let korean = String(
            decoding: try test.get("/areas/test-campus/menus", headers: ["Accept-Language": "ko"]).body, as: UTF8.self)
        #expect(korean.contains("12:40 품절"))
        #expect(try call(.delete, path, key: other, body: bodyText).status == .badRequest)
        #expect(try test.store.soldOutMarks(placeID: F.alpha, on: F.date("2026-11-09"))[Self.stew]?.by == .operator)
        let bad = try call(.post, path, key: key, body: #"{"date": "2026-11-09", "mealId": "0000000000000000"}"#)
        #expect(bad.status == .badRequest)
        #expect(try call(.delete, path + "?date=2026-11-09&mealId=\(Self.stew)", key: key).status == .noContent)
        #expect(try test.store.soldOutMarks(placeID: F.alpha, on: F.date("2026-11-09")).isEmpty)
        let actions = try test.store.auditEntries(
            areas: [TestApp.sampleArea.id], includingGlobal: false, action: nil, before: nil, limit: 5
        ).map(\.action)
        #expect(Array(actions.prefix(2)) == ["menu.sold_out_cleared", "menu.sold_out"])
    }

    @Test func anOperatorTogglesAMealOfTodayInTheConsoleAndBothPagesStrikeIt() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let today = CalendarDate.local(test.clock.now, in: TimeZone(identifier: "Asia/Seoul")!).date
        let menu = try Menu(
            date: today,
            status: .serving([
                try MenuCategory(name: "중식", meals: [F.meal("돈까스", student: 5000), F.meal("김치찌개", student: 4500)])
            ]), currency: F.won)
        try test.store.replaceMenus([menu], placeID: F.alpha)
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(person)
        let page = try person.html("/admin/places/alpha/menus")
        #expect(page.contains("<h2 id=\"sold-out-heading\">Sold out today</h2>"))
        #expect(page.contains("name=\"mealId\" value=\"\(Self.cutlet)\""))
        #expect(page.contains("name=\"soldOut\" value=\"1\" aria-pressed=\"false\""))
        let marked = try person.post(
            "/admin/places/alpha/menus/sold-out", [("mealId", Self.cutlet.rawValue), ("soldOut", "1")], csrf: csrf)
        #expect(marked.status == .seeOther)
        let location = try #require(marked.headers["Location"])
        let after = try person.html(String(location.prefix { $0 != "#" }))
        #expect(after.contains("Marked 돈까스 sold out."))
        #expect(after.contains("name=\"soldOut\" value=\"0\" aria-pressed=\"true\""))
        #expect(try test.store.soldOutMarks(placeID: F.alpha, on: today)[Self.cutlet]?.by == .operator)
        let visitor = try Person(test)
        #expect(try visitor.html("/areas/test-campus/menus").contains("data-sold-out=\"operator\""))
        #expect(try visitor.html("/places/alpha").contains("data-sold-out=\"operator\""))
        let refused = try person.post(
            "/admin/places/alpha/menus/sold-out", [("mealId", "0123456789abcdef"), ("soldOut", "1")], csrf: csrf)
        #expect(refused.status == .badRequest)
        let cleared = try person.post(
            "/admin/places/alpha/menus/sold-out", [("mealId", Self.cutlet.rawValue), ("soldOut", "0")], csrf: csrf)
        #expect(cleared.status == .seeOther)
        #expect(try test.store.soldOutMarks(placeID: F.alpha, on: today).isEmpty)
        let actions = try test.store.auditEntries(
            areas: [TestApp.sampleArea.id], includingGlobal: false, action: nil, before: nil, limit: 5
        ).map(\.action)
        #expect(Array(actions.prefix(2)) == ["menu.sold_out_cleared", "menu.sold_out"])
    }
}
