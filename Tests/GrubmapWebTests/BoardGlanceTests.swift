import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// The board at a glance: a line per serving place for the meal now or next (tomorrow's first after the day's last),
/// places the filter empties at the end saying so, and no role chooser where every price is for one role.
@Suite struct BoardGlanceTests {
    typealias F = MenuFixtures

    /// Alpha serves three meals on Monday 9 and Tuesday 10 November 2026.
    static func campus(at instant: String) throws -> TestApp {
        let test = try TestApp.make()
        try test.store.replaceMenus([F.threeMeals("2026-11-09"), F.threeMeals("2026-11-10")], placeID: F.alpha)
        F.setClock(test, to: instant)
        return test
    }

    /// The glance's lines: place, when, dish and price, with the link.
    func glance(_ html: String) -> [String] {
        html.components(separatedBy: "<li class=\"glance-line").dropFirst().map { piece in
            let line = piece.components(separatedBy: "</li>")[0].components(separatedBy: "<a class=\"glance-link\" ")[1]
            let href = line.components(separatedBy: "href=\"")[1].prefix { $0 != "\"" }
            let texts = line.components(separatedBy: ">").dropFirst().compactMap { part -> String? in
                let text = part.prefix { $0 != "<" }
                return text.isEmpty ? nil : String(text)
            }
            return "\(href) " + texts.joined(separator: " | ")
        }
    }

    @Test func theGlanceNamesTheMealNowNextOrTomorrowWithTheReadersPrice() throws {
        let test = try Self.campus(at: "2026-11-09T03:00:00Z")  // 12:00 in Busan
        defer { test.cleanUp() }
        let person = try Person(test)
        #expect(
            glance(try person.html("/areas/test-campus/menus")) == [
                "#card-alpha Alpha Hall | Lunch now | 점심 2026-11-09 | ₩5,000"
            ])
        let korean = try Person(test, language: "ko")
        #expect(
            glance(try korean.html("/areas/test-campus/menus")) == ["#card-alpha 알파관 | 지금 중식 | 점심 2026-11-09 | ₩5,000"])
        _ = try person.post("/settings/menus", [("priceRole", "employee")])
        #expect(glance(try person.html("/areas/test-campus/menus")).first?.hasSuffix("점심 2026-11-09 | ₩6,000") == true)
        // 14:30: lunch is over, dinner at its usual time.
        F.setClock(test, to: "2026-11-09T05:30:00Z")
        #expect(
            glance(try korean.html("/areas/test-campus/menus")) == [
                "#card-alpha 알파관 | 석식 17:00부터 | 저녁 2026-11-09 | ₩5,000"
            ])
        // 20:00: the day's meals are over; tomorrow's first, linked to tomorrow's board.
        F.setClock(test, to: "2026-11-09T11:00:00Z")
        let evening = try Person(test)
        #expect(
            glance(try evening.html("/areas/test-campus/menus")) == [
                "/areas/test-campus/menus?date=2026-11-10#card-alpha Alpha Hall | Tomorrow: Breakfast | 아침 2026-11-10 | ₩1,000"
            ])
        #expect(
            glance(try korean.html("/areas/test-campus/menus")).first?.contains("내일 조식 | 아침 2026-11-10") == true)
        // Tuesday evening: nothing on Wednesday, so nothing more today.
        F.setClock(test, to: "2026-11-10T11:00:00Z")
        #expect(
            glance(try evening.html("/areas/test-campus/menus")) == ["#card-alpha Alpha Hall | No more meals today"])
    }

    @Test func placesTheFilterEmptiesDropToTheEndSayingSo() throws {
        let test = try Self.campus(at: "2026-11-09T03:00:00Z")
        defer { test.cleanUp() }
        // Charlie serves a vegetarian bibimbap; Alpha nothing vegetarian.
        let vegetarian = try Menu(
            date: F.date("2026-11-09"),
            status: .serving([try MenuCategory(name: "중식", meals: [F.meal("비빔밥", notes: ["채식"], student: 4500)])]),
            currency: F.won)
        try test.store.replaceMenus([vegetarian], placeID: try Place.ID("charlie"))
        let person = try Person(test)
        let all = try person.html("/areas/test-campus/menus")
        #expect(all.contains("data-place=\"alpha\"><div class=\"card-head\""))
        _ = try person.post("/settings/menus", [("diet", "vegetarian")])
        let html = try person.html("/areas/test-campus/menus")
        #expect(html.components(separatedBy: "<li class=\"board-card card\"").count == 2)
        #expect(html.contains("<li class=\"board-card card\" data-place=\"charlie\">"))
        #expect(!html.contains("0 dishes"))
        let filtered = try #require(html.components(separatedBy: "<section class=\"board-rest board-filtered\"").last)
        #expect(filtered.contains(">Nothing for your filter</h3>"))
        #expect(filtered.contains("data-place=\"alpha\" data-state=\"filteredOut\""))
        #expect(filtered.contains("<span class=\"rest-reason\">Nothing vegetarian here today</span>"))
        #expect(glance(html).count == 1 && glance(html)[0].contains("비빔밥 | ₩4,500"))
        let korean = try Person(test, language: "ko")
        _ = try korean.post("/settings/menus", [("diet", "vegetarian"), ("avoidAllergens", "eggs")])
        #expect(
            try korean.html("/areas/test-campus/menus").contains(
                "<span class=\"rest-reason\">오늘은 난류 제외 채식 메뉴가 없어요</span>"))
        // Another day (Tuesday: Alpha alone serves, nothing vegetarian): "this day".
        let tuesday = try person.html("/areas/test-campus/menus?date=2026-11-10")
        #expect(tuesday.contains("<span class=\"rest-reason\">Nothing vegetarian here this day</span>"))
        #expect(!tuesday.contains("class=\"glance\""))
    }

    @Test func anAreaWhosePricesHaveOneRoleShowsNoRoleChooser() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let grill = Place(
            id: try Place.ID("golf"), areaID: TestApp.secondArea.id, name: LocalizedText("Golf Grill"),
            kind: .restaurant,
            coordinate: try Coordinate(latitude: 37.331, longitude: -121.889))
        try test.store.save(area: TestApp.secondArea, places: [grill])
        let lunch = try Menu(
            date: F.date("2026-11-09"),
            status: .serving([
                try MenuCategory(
                    name: "Lunch", meals: [try Meal(name: "Club sandwich", prices: [.init(role: .other, amount: 14.5)])]
                )
            ]), currency: F.dollar)
        try test.store.replaceMenus([lunch], placeID: grill.id)
        F.setClock(test, to: "2026-11-09T20:00:00Z")  // 12:00 in San José
        let person = try Person(test)
        let venue = try person.html("/areas/another-area/menus")
        #expect(!venue.contains("class=\"role-chooser\""))
        #expect(venue.contains("<p class=\"my-price\"><strong class=\"price-amount\">$14.50</strong></p>"))
        #expect(glance(venue) == ["#card-golf Golf Grill | Lunch now | Club sandwich | $14.50"])
        // The campus, whose prices are for students and staff, keeps its chooser.
        try test.store.replaceMenus([F.threeMeals("2026-11-09")], placeID: F.alpha)
        #expect(try person.html("/areas/test-campus/menus?date=2026-11-09").contains("class=\"role-chooser\""))
    }
}
