import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Menus for the test app's places, and a clock set to a given instant.
enum MenuFixtures {
    static let won = try! Currency(code: "KRW")
    static let dollar = try! Currency(code: "USD")

    static func date(_ text: String) -> CalendarDate { try! CalendarDate(parsing: text) }

    static func meal(_ name: String, notes: [String] = [], student: Decimal? = nil, employee: Decimal? = nil) -> Meal {
        var prices: [MealPrice] = []
        if let student { prices.append(MealPrice(role: .student, amount: student)) }
        if let employee { prices.append(MealPrice(role: .employee, amount: employee)) }
        return try! Meal(name: name, notes: notes, prices: prices)
    }

    /// 조식, 중식 and 석식 on `date`, one meal each, named after the day.
    static func threeMeals(_ date: String, currency: Currency = won) -> Menu {
        try! Menu(
            date: self.date(date),
            status: .serving([
                try MenuCategory(name: "조식", meals: [meal("아침 \(date)", student: 1000)]),
                try MenuCategory(
                    name: "중식", meals: [meal("점심 \(date)", notes: ["돼지고기", "대두"], student: 5000, employee: 6000)]),
                try MenuCategory(name: "석식", meals: [meal("저녁 \(date)", student: 5000)]),
            ]), currency: currency)
    }

    static func closed(_ date: String) -> Menu {
        try! Menu(date: self.date(date), status: .closed, currency: won)
    }

    /// Moves the test clock to `instant` (ISO 8601).
    static func setClock(_ test: TestApp, to instant: String) {
        let target = try! Date(instant, strategy: .iso8601)
        test.clock.advance(by: target.timeIntervalSince(test.clock.now))
    }

    static let alpha = try! Place.ID("alpha")
}

@Suite struct MenuPageTests {
    typealias F = MenuFixtures

    func page(_ test: TestApp, _ target: String, language: String = "en") throws -> String {
        let response = try test.get(target, headers: ["Accept-Language": language])
        #expect(response.status == .ok, "\(target)")
        return String(decoding: response.body, as: UTF8.self)
    }

    /// The `data-date`-free summary of the selector: each day's link date, with `*` for the selected and `!` today.
    func days(_ html: String) -> [String] {
        html.components(separatedBy: "<a class=\"day\" href=\"").dropFirst().map { piece in
            let date = String(piece.split(separator: "date=")[1].prefix(10))
            let tag = String(piece.prefix { $0 != ">" })
            return date + (tag.contains("aria-current=\"page\"") ? "*" : "") + (tag.contains("data-today") ? "!" : "")
        }
    }

    @Test func todayIsTheAreasTodayNotTheServers() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let sanJose = Place(
            id: try Place.ID("golf"), areaID: TestApp.secondArea.id, name: LocalizedText("Golf Grill"),
            kind: .restaurant,
            coordinate: TestApp.secondArea.center)
        try test.store.save(area: TestApp.secondArea, places: [sanJose])
        try test.store.replaceMenus([F.threeMeals("2026-11-08"), F.threeMeals("2026-11-09")], placeID: F.alpha)
        try test.store.replaceMenus(
            [F.threeMeals("2026-11-08", currency: F.dollar), F.threeMeals("2026-11-09", currency: F.dollar)],
            placeID: sanJose.id)
        // 15:30 UTC on Sunday 8 November: 00:30 on Monday in Seoul, 07:30 on Sunday in San José.
        F.setClock(test, to: "2026-11-08T15:30:00Z")
        let seoul = try page(test, "/places/alpha")
        #expect(
            days(seoul) == [
                "2026-11-08", "2026-11-09*!", "2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13", "2026-11-14",
            ])
        #expect(seoul.contains("Monday, November 9"))
        #expect(seoul.contains("점심 2026-11-09"))
        #expect(!seoul.contains("점심 2026-11-08"))
        let sanJosePage = try page(test, "/places/golf")
        #expect(days(sanJosePage).first == "2026-11-08*!")
        #expect(sanJosePage.contains("Sunday, November 8"))
        #expect(sanJosePage.contains("점심 2026-11-08"))
        #expect(sanJosePage.contains("$5,000.00"))
        // The API agrees.
        #expect(try test.json("/api/v1/places/alpha/menu")["date"] as? String == "2026-11-09")
        #expect(try test.json("/api/v1/places/golf/menu")["date"] as? String == "2026-11-08")
    }

    @Test func midnightInTheAreaTurnsTheDayAndTheWeek() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        F.setClock(test, to: "2026-11-14T14:59:59Z")  // Saturday 23:59:59 in Seoul
        let saturday = days(try page(test, "/places/alpha"))
        #expect(saturday.first == "2026-11-08")
        #expect(saturday.last == "2026-11-14*!")
        test.clock.advance(by: 1)  // Sunday 00:00:00 in Seoul: a new week
        let sunday = days(try page(test, "/places/alpha"))
        #expect(sunday.first == "2026-11-15*!")
        #expect(sunday.last == "2026-11-21")
    }

    @Test(arguments: [
        ("2026-11-08T22:30:00Z", "조식*+ 중식+ 석식-"),  // 07:30 in Seoul: breakfast now, lunch next
        ("2026-11-09T01:00:00Z", "중식+ 석식- 조식-"),  // 10:00: between breakfast and lunch, nothing now
        ("2026-11-09T03:00:00Z", "중식*+ 석식+ 조식-"),  // 12:00: lunch now, dinner next, breakfast over
        ("2026-11-09T05:30:00Z", "석식+ 조식- 중식-"),  // 14:30: lunch over, dinner at 17:00
        ("2026-11-09T11:00:00Z", "조식- 중식- 석식-"),  // 20:00: the day's meals are over
    ])
    func theCategoryBeingServedNowAndTheNextOneOpenFirst(instant: String, arranged: String) throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        try test.store.replaceMenus([F.threeMeals("2026-11-09")], placeID: F.alpha)
        F.setClock(test, to: instant)
        let html = try page(test, "/places/alpha")
        let categories = html.components(separatedBy: "<details class=\"menu-category").dropFirst().map { piece in
            let name = piece.components(separatedBy: "<span class=\"category-name\" lang=\"ko\">")[1].prefix(2)
            return name + (piece.hasPrefix(" now\"") ? "*" : "") + (piece.prefix(20).contains(" open") ? "+" : "-")
        }
        #expect(categories.joined(separator: " ") == arranged)
        #expect(html.components(separatedBy: "class=\"now-badge\">Now<").count == (arranged.contains("*") ? 2 : 1))
    }

    @Test func anotherDayShowsItsMenuWithEveryCategoryOpen() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        try test.store.replaceMenus([F.threeMeals("2026-11-09"), F.threeMeals("2026-11-10")], placeID: F.alpha)
        F.setClock(test, to: "2026-11-09T03:00:00Z")
        let html = try page(test, "/places/alpha?date=2026-11-10")
        #expect(html.contains("점심 2026-11-10"))
        #expect(!html.contains("점심 2026-11-09"))
        #expect(days(html).contains("2026-11-10*"))
        #expect(days(html).contains("2026-11-09!"))
        let categories = html.components(separatedBy: "<details class=\"menu-category").dropFirst()
        #expect(categories.count == 3)
        #expect(categories.allSatisfy { $0.hasPrefix("\" open") })
        #expect(!html.contains("class=\"now-badge\""))
        #expect(html.contains("class=\"menu-back\" href=\"/places/alpha?date=2026-11-09#menu\""))
        // Another week: its own days, today still a link away.
        let later = try page(test, "/places/alpha?date=2026-12-25")
        #expect(days(later).first == "2026-12-20")
        #expect(days(later).contains("2026-12-25*"))
        #expect(later.contains("No menu yet for this day."))
    }

    @Test func closedAndNoMenuYetAreDifferentMessages() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        try test.store.replaceMenus([F.closed("2026-11-14")], placeID: F.alpha)
        F.setClock(test, to: "2026-11-09T03:00:00Z")
        let closed = try page(test, "/places/alpha?date=2026-11-14")
        #expect(closed.contains("Closed this day."))
        #expect(!closed.contains("No menu yet"))
        let none = try page(test, "/places/alpha?date=2026-11-13")
        #expect(none.contains("No menu yet for this day."))
        #expect(!none.contains("Closed this day."))
        let selector = days(none)
        #expect(selector.count == 7)
        #expect(none.contains("data-kind=\"closed\""))
        let korean = try page(test, "/places/alpha?date=2026-11-14", language: "ko")
        #expect(korean.contains("이날은 운영하지 않아요."))
        #expect(try page(test, "/places/alpha?date=2026-11-13", language: "ko").contains("이날 식단이 아직 없어요."))
    }

    @Test func pricesNotesAndRolesAreShownInTheLanguageOfThePage() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        try test.store.replaceMenus([F.threeMeals("2026-11-09")], placeID: F.alpha)
        F.setClock(test, to: "2026-11-09T03:00:00Z")
        let english = try page(test, "/places/alpha")
        // The person's price (a student's, by default) large; the others beside it.
        #expect(
            english.contains(
                "<span class=\"price-role\">Students</span><strong class=\"price-amount\">₩5,000</strong>"))
        #expect(english.contains("<p class=\"other-prices\">Staff ₩6,000</p>"))
        // Known allergens are named in the page's language.
        #expect(english.contains(">Pork</li><li class=\"note-allergen\" data-allergen=\"soy\">Soy</li>"))
        #expect(english.contains("class=\"category-meta\">Lunch · 1 dish<"))
        let korean = try page(test, "/places/alpha", language: "ko")
        #expect(
            korean.contains("<span class=\"price-role\">학생</span><strong class=\"price-amount\">₩5,000</strong>"))
        #expect(korean.contains("<p class=\"other-prices\">교직원 ₩6,000</p>"))
        #expect(korean.contains(">돼지고기</li><li class=\"note-allergen\" data-allergen=\"soy\">대두</li>"))
        #expect(korean.contains(">식단</h2>"))
        #expect(korean.contains("11월 9일 월요일"))
        #expect(korean.contains("<span class=\"day-name\">일</span>"))
        // 중식 already says lunch in Korean: no second label.
        #expect(korean.contains("class=\"category-meta\">1가지<"))
    }

    @Test func dayLinksKeepThePagesOtherQueryFields() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        F.setClock(test, to: "2026-11-09T03:00:00Z")
        let html = try page(test, "/places/alpha?near=35.2335,129.08&ride=x&date=2026-11-10")
        #expect(html.contains("href=\"/places/alpha?near=35.2335,129.08&amp;ride=x&amp;date=2026-11-11#menu\""))
    }

    @Test(arguments: ["tomorrow", "2026-02-30", "2026-11-9", "", "2026-11-09T00:00", "%00"])
    func aBadDateIsABadRequestNamingTheParameter(date: String) throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let response = try test.get("/api/v1/places/alpha/menu?date=\(date)")
        #expect(response.status == .badRequest)
        let error = try #require(
            (try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["error"]
                as? [String: String])
        #expect(error["code"] == "invalid_date")
        #expect(error["message"]?.hasPrefix("date: ") == true)
        let page = try test.get("/places/alpha?date=\(date)")
        #expect(page.status == .badRequest)
        #expect(String(decoding: page.body, as: UTF8.self).contains("date: "))
    }

    @Test func theMenuAPIAnswersTheContract() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        try test.store.replaceMenus([F.threeMeals("2026-11-09"), F.closed("2026-11-14")], placeID: F.alpha)
        F.setClock(test, to: "2026-11-09T03:00:00Z")
        let body = try test.json("/api/v1/places/alpha/menu")
        #expect(body["date"] as? String == "2026-11-09")
        #expect(body["closed"] as? Bool == false)
        #expect(body["status"] as? String == "serving")
        #expect(body["currency"] as? String == "KRW")
        let categories = try #require(body["categories"] as? [[String: Any]])
        #expect(categories.map { $0["name"] as? String } == ["조식", "중식", "석식"])
        let lunch = try #require((categories[1]["meals"] as? [[String: Any]])?.first)
        #expect(lunch["name"] as? String == "점심 2026-11-09")
        #expect(lunch["notes"] as? [String] == ["돼지고기", "대두"])
        let prices = try #require(lunch["prices"] as? [String: Any])
        #expect((prices["student"] as? NSNumber)?.intValue == 5000)
        #expect((prices["employee"] as? NSNumber)?.intValue == 6000)

        let closed = try test.json("/api/v1/places/alpha/menu?date=2026-11-14")
        #expect(closed["closed"] as? Bool == true)
        #expect(closed["status"] as? String == "closed")
        #expect((closed["categories"] as? [Any])?.isEmpty == true)
        let unknown = try test.json("/api/v1/places/alpha/menu?date=2026-11-13")
        #expect(unknown["closed"] as? Bool == false)
        #expect(unknown["status"] as? String == "unknown")
        #expect(try test.get("/api/v1/places/nowhere/menu").status == .notFound)
        #expect(try test.get("/api/v1/places/Not%20An%20Id/menu").status == .notFound)
    }

    /// Each meal has an id that every read gives again (the API, the board's API, the page's `data-meal`), and that
    /// a feed's re-import of the same day keeps.
    @Test func mealsCarryTheSameIDInEveryRead() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        try test.store.replaceMenus([F.threeMeals("2026-11-09")], placeID: F.alpha)
        F.setClock(test, to: "2026-11-09T03:00:00Z")
        func ids(_ body: [String: Any]) -> [String] {
            ((body["categories"] as? [[String: Any]]) ?? []).flatMap { category in
                ((category["meals"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
            }
        }
        let first = ids(try test.json("/api/v1/places/alpha/menu"))
        #expect(first.count == 3 && Set(first).count == 3)
        #expect(first.allSatisfy { MealID($0) != nil })
        try test.store.replaceMenus([F.threeMeals("2026-11-09")], placeID: F.alpha)
        #expect(ids(try test.json("/api/v1/places/alpha/menu")) == first)
        let board = try test.json("/api/v1/areas/test-campus/menus")
        let entry = (board["menus"] as? [[String: Any]])?.first { $0["placeId"] as? String == "alpha" }
        #expect(entry.map(ids) == first)
        let html = try page(test, "/places/alpha")
        for id in first { #expect(html.contains("class=\"meal\" data-meal=\"\(id)\"")) }
    }

    @Test func hostileMenuTextIsEscapedOnThePage() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let hostile = "<script>alert('x')</script>"
        let menu = try Menu(
            date: F.date("2026-11-09"),
            status: .serving([
                try MenuCategory(
                    name: "<img src=x onerror=alert(1)>", meals: [try Meal(name: hostile, notes: ["\"><b>note"])])
            ]), currency: F.won, note: "<i>note</i>")
        try test.store.replaceMenus([menu], placeID: F.alpha)
        F.setClock(test, to: "2026-11-09T03:00:00Z")
        let html = try page(test, "/places/alpha")
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<i>note"))
        #expect(!html.contains("\"><b>"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
    }

    @Test func theDaySelectorAtTheCalendarsEndShowsOnlyDaysThatExist() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let html = try Person(test).html("/places/alpha?date=9999-12-31")
        #expect(html.components(separatedBy: "class=\"day\"").count - 1 == 6)
        #expect(html.components(separatedBy: "9999-12-31#menu").count - 1 == 1)
        #expect(!html.contains("10000-"))
    }
}
