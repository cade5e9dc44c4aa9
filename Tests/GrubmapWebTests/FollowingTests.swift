import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Following dishes as people do it: the bell beside a meal, the board's strip of followed dishes served that day,
/// the page of followed dishes, the API, and the private calendar feed that calendar apps read.
@Suite struct FollowingTests {
    typealias F = MenuFixtures

    /// Today (Seoul) is Monday 2026-11-09, 12:40 there. Alpha serves 돈까스 and 김치찌개 today and 돈까스 on the
    /// 11th; Bravo serves 돈 까스 (the same dish) on the 10th and 비빔밥 today; 돈까스 and 잡채 were on Alpha's menu on the
    /// 2nd.
    static func app() throws -> TestApp {
        let test = try TestApp.make()
        func menu(_ date: String, _ meals: [String], category: String = "중식") throws -> Menu {
            try Menu(
                date: F.date(date),
                status: .serving([try MenuCategory(name: category, meals: meals.map { F.meal($0) })]),
                currency: F.won)
        }
        try test.store.replaceMenus(
            [
                try menu("2026-11-02", ["돈까스", "잡채"]), try menu("2026-11-09", ["돈까스", "김치찌개"]),
                try menu("2026-11-11", ["돈까스"]),
            ], placeID: F.alpha)
        try test.store.replaceMenus(
            [try menu("2026-11-09", ["비빔밥"]), try menu("2026-11-10", ["돈 까스"], category: "석식")],
            placeID: try Place.ID("bravo"))
        F.setClock(test, to: "2026-11-09T03:40:00Z")
        return test
    }

    static func dish(_ test: TestApp, _ name: String) throws -> Dish {
        let key = DishKey(mealName: name)
        return try #require(try test.store.dishes(forKeys: [key], inArea: try Area.ID("test-campus"))[key])
    }

    func follow(_ person: Person, _ dish: Dish.ID, _ on: Bool = true, return path: String = "/areas/test-campus/menus")
        throws -> Response
    {
        try person.post("/dishes/\(dish)/follow", [("followed", on ? "1" : "0"), ("return", path)])
    }

    func api(_ person: Person, _ method: GrubmapHTTP.Method, _ path: String) throws -> Response {
        _ = try person.get("/areas/test-campus/menus")
        return try person.send(method, path, headers: ["X-CSRF-Token": try person.csrfToken()])
    }

    func json(_ response: Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]) ?? [:]
    }

    /// The strip's lines on a board page.
    func strip(_ html: String) -> [String] {
        guard let start = html.range(of: "<section class=\"follow-strip\""),
            let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex)
        else { return [] }
        return html[start.upperBound..<end.lowerBound].components(separatedBy: "<li><a href=\"").dropFirst().map {
            let text = $0.drop { $0 != ">" }.dropFirst()
            return String(text.prefix { $0 != "<" })
        }
    }

    @Test func theBellFollowsADishAndTheBoardSaysWhereItIsServedToday() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try Self.dish(test, "돈까스")
        let person = try Person(test)
        let before = try person.html("/areas/test-campus/menus")
        #expect(
            before.contains(
                "formaction=\"/dishes/\(cutlet.id)/follow\" name=\"followed\" value=\"1\" aria-pressed=\"false\" aria-label=\"Follow 돈까스\""
            ))
        #expect(strip(before).isEmpty)

        let followed = try follow(person, cutlet.id)
        #expect(followed.status == .seeOther)
        #expect(followed.headers["Location"] == "/areas/test-campus/menus?followed=\(cutlet.id)")
        let board = try person.html("/areas/test-campus/menus?followed=\(cutlet.id)")
        #expect(strip(board) == ["돈까스 at Alpha Hall, lunch"])
        #expect(board.contains("You follow 돈까스. The board says when it is on."))
        #expect(board.contains("value=\"0\" aria-pressed=\"true\" aria-label=\"Follow 돈까스\""))
        // The same dish under another spelling, on another day and place: tomorrow's board says so too.
        #expect(strip(try person.html("/areas/test-campus/menus?date=2026-11-10")) == ["돈 까스 at Bravo Hall, dinner"])
        #expect(strip(try person.html("/areas/test-campus/menus?date=2026-11-12")).isEmpty)
        // The place page's bell is pressed, and another person's board has no strip.
        #expect(
            try person.html("/places/alpha").contains("value=\"0\" aria-pressed=\"true\" aria-label=\"Follow 돈까스\""))
        #expect(strip(try Person(test).html("/areas/test-campus/menus")).isEmpty)

        let stopped = try follow(person, cutlet.id, false)
        #expect(stopped.headers["Location"] == "/areas/test-campus/menus?unfollowed=\(cutlet.id)")
        let after = try person.html("/areas/test-campus/menus?unfollowed=\(cutlet.id)")
        #expect(strip(after).isEmpty)
        #expect(after.contains("You no longer follow 돈까스."))
    }

    @Test func theStripSpeaksKorean() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let person = try Person(test, language: "ko")
        _ = try follow(person, try Self.dish(test, "돈까스").id)
        #expect(strip(try person.html("/areas/test-campus/menus")) == ["돈까스 · 알파관 중식"])
        #expect(try person.html("/areas/test-campus/menus").contains("오늘 나오는 내 메뉴"))
    }

    @Test func theAPIFollowsListsAndStops() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try Self.dish(test, "돈까스")
        let stew = try Self.dish(test, "김치찌개")
        let person = try Person(test)
        #expect(try api(person, .put, "/api/v1/me/followed-dishes/\(stew.id)").status == .noContent)
        #expect(try api(person, .put, "/api/v1/me/followed-dishes/\(cutlet.id)").status == .noContent)
        #expect(
            try api(person, .put, "/api/v1/me/followed-dishes/\(cutlet.id)").status == .noContent, "again: no change")
        let listed = json(try api(person, .get, "/api/v1/me/followed-dishes"))
        let dishes = try #require(listed["dishes"] as? [[String: Any]])
        #expect(dishes.map { $0["id"] as? Int } == [Int(stew.id.rawValue), Int(cutlet.id.rawValue)])
        #expect((dishes[1]["names"] as? [String: String])?["ko"] == "돈까스")
        #expect(dishes[1]["next"] as? [String: String] == ["placeId": "alpha", "date": "2026-11-09"])
        #expect(try api(person, .delete, "/api/v1/me/followed-dishes/\(stew.id)").status == .noContent)
        #expect(try api(person, .delete, "/api/v1/me/followed-dishes/\(stew.id)").status == .noContent, "again")
        let after = json(try api(person, .get, "/api/v1/me/followed-dishes"))["dishes"] as? [[String: Any]]
        #expect(after?.map { $0["id"] as? Int } == [Int(cutlet.id.rawValue)])
        // Nobody follows anything before they ask.
        #expect(json(try Person(test).get("/api/v1/me/followed-dishes"))["dishes"] as? [Any] != nil)
    }

    @Test func badFollowsAreRefusedAndChangeNothing() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try Self.dish(test, "돈까스")
        let person = try Person(test)
        _ = try follow(person, cutlet.id)
        let unknown = try api(person, .put, "/api/v1/me/followed-dishes/999999")
        #expect(unknown.status == .notFound)
        #expect(try api(person, .put, "/api/v1/me/followed-dishes/0").status == .notFound)
        #expect(try api(person, .put, "/api/v1/me/followed-dishes/abc").status == .notFound)
        let bad = try person.post("/dishes/\(cutlet.id)/follow", [("followed", "yes")])
        #expect(bad.status == .badRequest)
        #expect(String(decoding: bad.body, as: UTF8.self).contains("followed=1"))
        let forged = try person.post("/dishes/\(cutlet.id)/follow", [("followed", "0")], csrf: "forged")
        #expect(forged.status == .forbidden)
        let listed = json(try api(person, .get, "/api/v1/me/followed-dishes"))["dishes"] as? [[String: Any]]
        #expect(listed?.map { $0["id"] as? Int } == [Int(cutlet.id.rawValue)])
    }

    @Test func atMostAHundredDishesAreFollowed() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let meals = (1...101).map { F.meal("메뉴 \($0)번") }
        try test.store.replaceMenus(
            [
                try Menu(
                    date: F.date("2026-11-09"), status: .serving([try MenuCategory(name: "중식", meals: meals)]),
                    currency: F.won)
            ], placeID: F.alpha)
        let person = try Person(test)
        #expect(try follow(person, try Self.dish(test, "메뉴 1번").id).status == .seeOther)
        // The other 99 as the store keeps them (a hundred posts would pass the writes-per-minute limit).
        let hundred = try (1...100).map { try Self.dish(test, "메뉴 \($0)번").id }
        try test.store.updatePreferences(sessionToken: try #require(person.cookie)) {
            try $0.set(hundred, for: PreferenceKeys.followedDishes)
        }
        let refused = try api(person, .put, "/api/v1/me/followed-dishes/\(try Self.dish(test, "메뉴 101번").id)")
        #expect(refused.status == .badRequest)
        #expect((json(refused)["error"] as? [String: Any])?["code"] as? String == "too_many_followed")
        let listed = json(try api(person, .get, "/api/v1/me/followed-dishes"))["dishes"] as? [[String: Any]]
        #expect(listed?.count == 100)
    }

    @Test func aFollowedDishMergedIntoAnotherIsFollowedAsThatOne() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try Self.dish(test, "돈까스")
        let rice = try Self.dish(test, "비빔밥")
        let person = try Person(test)
        _ = try follow(person, cutlet.id)
        try test.store.mergeDish(
            cutlet.id, into: rice.id,
            audit: AuditEntry(
                at: test.clock.now, actor: "test", actorName: "Test", areaID: try Area.ID("test-campus"),
                action: "dish.merge", subject: "\(cutlet.id)", before: nil, after: nil))
        let listed = json(try api(person, .get, "/api/v1/me/followed-dishes"))["dishes"] as? [[String: Any]]
        #expect(listed?.map { $0["id"] as? Int } == [Int(rice.id.rawValue)])
        #expect(
            Set(strip(try person.html("/areas/test-campus/menus"))) == [
                "돈까스 at Alpha Hall, lunch", "비빔밥 at Bravo Hall, lunch",
            ])
        // Stopping under the old id stops the dish it went into.
        _ = try follow(person, cutlet.id, false)
        #expect(strip(try person.html("/areas/test-campus/menus")).isEmpty)
    }

    @Test func thePageOfFollowedDishesListsThemWithTheirNextServing() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let person = try Person(test)
        #expect(try person.html("/settings/dishes").contains("You follow no dishes yet."))
        #expect(try person.html("/settings").contains("href=\"/settings/dishes\""))
        _ = try follow(person, try Self.dish(test, "돈까스").id, return: "/settings/dishes")
        _ = try follow(person, try Self.dish(test, "잡채").id, return: "/settings/dishes")
        let page = try person.html("/settings/dishes?followed=\(try Self.dish(test, "잡채").id)")
        #expect(page.contains("You follow 잡채."))
        #expect(page.contains("Next: Monday, November 9 at Alpha Hall"))
        #expect(page.contains("Not on a published menu ahead."))
        #expect(page.contains("aria-label=\"Stop following 잡채\""))
    }

    // MARK: Calendar feed

    /// The feed's address from the API.
    func calendarURL(_ person: Person) throws -> String {
        let response = try api(person, .get, "/api/v1/me/calendar")
        #expect(response.status == .ok)
        return try #require(json(response)["url"] as? String)
    }

    /// The path of a feed's address (the test app answers paths), its `&amp;` as the page writes it undone.
    func path(_ url: String) -> String {
        String(url.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }).replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The feed's events as "DTSTART SUMMARY", its lines unfolded, in the feed's order.
    func events(_ text: String) -> [String] {
        let lines = text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        var events: [String] = []
        var start = ""
        for line in lines {
            if line.hasPrefix("DTSTART") { start = String(line.drop { $0 != ":" }.dropFirst()) }
            if line.hasPrefix("SUMMARY:") { events.append(start + " " + line.dropFirst(8)) }
        }
        return events
    }

    @Test func theCalendarFeedHoldsEveryUpcomingServingAndIsRevocable() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try follow(person, try Self.dish(test, "돈까스").id)
        let url = try calendarURL(person)
        #expect(url.hasPrefix("http://") && url.hasSuffix(".ics?lang=en"))
        #expect(try calendarURL(person) == url, "asking again gives the same address")

        // A calendar app brings no cookies.
        let feed = try test.get(path(url))
        #expect(feed.status == .ok)
        #expect(feed.headers["Content-Type"] == "text/calendar; charset=utf-8")
        let text = String(decoding: feed.body, as: UTF8.self)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        // At the usual hours in Seoul (lunch from 11:00, dinner from 17:00), in UTC; the 2nd's serving is past.
        #expect(
            events(text) == [
                "20261109T020000Z 돈까스 at Alpha Hall\\, lunch", "20261110T080000Z 돈 까스 at Bravo Hall\\, dinner",
                "20261111T020000Z 돈까스 at Alpha Hall\\, lunch",
            ])

        #expect(try api(person, .delete, "/api/v1/me/calendar").status == .noContent)
        #expect(try test.get(path(url)).status == .notFound)
        let again = try calendarURL(person)
        #expect(again != url, "a revoked address never comes back")
        #expect(try test.get(path(url)).status == .notFound)
        #expect(try test.get(path(again)).status == .ok)
    }

    @Test func theFeedCanHoldTheMealsOfBookmarkedPlaces() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let person = try Person(test, language: "ko")
        _ = try person.post("/places/bravo/bookmark", [("bookmarked", "1")])
        #expect(try person.post("/settings/calendar", [("action", "open")]).status == .seeOther)
        let page = try person.html("/settings/dishes?calendar=opened")
        #expect(page.contains("캘린더 주소를 만들었어요."))
        let url = try #require(
            page.components(separatedBy: "id=\"calendar-url\" type=\"text\" value=\"").dropFirst().first?.prefix {
                $0 != "\""
            })
        let empty = String(decoding: try test.get(path(String(url))).body, as: UTF8.self)
        #expect(!empty.contains("BEGIN:VEVENT"), "nothing followed, bookmarks not chosen")
        #expect(empty.contains("X-WR-CALNAME:Grubmap: 팔로우하는 메뉴"))

        _ = try person.post("/settings/calendar", [("action", "save"), ("includeBookmarks", "1")])
        #expect(try person.html("/settings/dishes").contains("checked"))
        let text = String(decoding: try test.get(path(String(url))).body, as: UTF8.self)
        #expect(events(text) == ["20261109T020000Z 중식 · 브라보관", "20261110T080000Z 석식 · 브라보관"])
        #expect(text.contains("DESCRIPTION:비빔밥"))

        #expect(try person.post("/settings/calendar", [("action", "revoke")]).status == .seeOther)
        #expect(try person.html("/settings/dishes").contains("내 캘린더 주소 만들기"))
        #expect(try test.get(path(String(url))).status == .notFound)
        #expect(try person.post("/settings/calendar", [("action", "burn")]).status == .badRequest)
    }

    @Test(arguments: [
        "/calendar/nothing.ics", "/calendar/" + String(repeating: "a", count: 43) + ".ics",
        "/calendar/" + String(repeating: "a", count: 43), "/calendar/" + String(repeating: "a", count: 44) + ".ics",
        "/calendar/%00.ics",
    ])
    func addressesOfNoFeedAre404(_ target: String) throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        #expect(try test.get(target).status == .notFound)
    }

    @Test func feedTextIsEscapedAndFoldedWithoutSplittingACharacter() {
        #expect(CalendarFeed.escape("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne")
        let line = "SUMMARY:" + String(repeating: "돈까스 ", count: 20)
        let folded = CalendarFeed.fold(line)
        let parts = folded.components(separatedBy: "\r\n")
        #expect(parts.count > 1)
        #expect(parts.allSatisfy { $0.utf8.count <= 75 })
        #expect(parts.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
    }
}
