import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// The menu board in-process: its order, its day in the area's time zone, what each card says, the price role and
/// the dietary filter, the API, and bad input.
@Suite struct MenuBoardPageTests {
    typealias F = MenuFixtures

    /// Alpha serves three meals on Monday 9 November 2026 (its lunch with pork and soy); Bravo is closed for the
    /// founding anniversary; Charlie has no menu. The clock is at 12:00 in Busan that day.
    static func campus() throws -> TestApp {
        let test = try TestApp.make()
        try test.store.replaceMenus([F.threeMeals("2026-11-09"), F.threeMeals("2026-11-10")], placeID: F.alpha)
        try test.store.replaceMenus(
            [try Menu(date: F.date("2026-11-09"), status: .closed, currency: F.won, note: "개교기념일")],
            placeID: try Place.ID("bravo"))
        F.setClock(test, to: "2026-11-09T03:00:00Z")
        return test
    }

    /// The board's places in order: the cards' then the compact rows'.
    func order(_ html: String) -> [String] {
        html.components(separatedBy: " data-place=\"").dropFirst().compactMap { piece -> String? in
            let before = piece.prefix { $0 != "\"" }
            return String(before)
        }.reduce(into: [String]()) { ids, id in if ids.last != id { ids.append(id) } }
    }

    /// The ids of places with a card (serving that day).
    func cards(_ html: String) -> [String] {
        html.components(separatedBy: "<li class=\"board-card card\" data-place=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
    }

    func rows(_ html: String) -> [String] {
        html.components(separatedBy: "<li class=\"rest-row\"").dropFirst().map {
            String($0.components(separatedBy: "data-place=\"")[1].prefix { $0 != "\"" })
        }
    }

    /// A day of one category on Monday 9 November 2026.
    static func monday(_ category: String, _ meals: [Meal], note: String? = nil) throws -> Menu {
        try Menu(
            date: F.date("2026-11-09"), status: .serving([try MenuCategory(name: category, meals: meals)]),
            currency: F.won, note: note)
    }

    func json(_ response: Response) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
    }

    @Test func servingPlacesAreCardsAndTheRestSayWhyNot() throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let person = try Person(test)
        let html = try person.html("/areas/test-campus/menus")
        #expect(cards(html) == ["alpha"])
        #expect(rows(html) == ["bravo", "charlie"])
        #expect(html.contains("<span class=\"rest-reason\">Closed: 개교기념일</span>"))
        #expect(html.contains("<span class=\"rest-reason\">No menu yet</span>"))
        #expect(html.contains("1 place serving, 2 not"))
        #expect(html.contains(">Not serving today</h3>"))
        // Lunch is on now (12:00 in Busan): first and open; the others one tap away.
        let lunch = try #require(html.range(of: "<details class=\"menu-category now\" open data-period=\"lunch\">"))
        let breakfast = try #require(html.range(of: "<details class=\"menu-category\" data-period=\"breakfast\">"))
        #expect(lunch.lowerBound < breakfast.lowerBound)
        #expect(html.contains("<span class=\"card-state\" data-open=\"true\">Lunch now</span>"))
        // The name in the person's language, the other beneath.
        #expect(html.contains("<a href=\"/places/alpha\">Alpha Hall</a></h3><p class=\"card-alt\" lang=\"ko\">알파관</p>"))
        let korean = try Person(test, language: "ko").html("/areas/test-campus/menus")
        #expect(
            korean.contains("<a href=\"/places/alpha\">알파관</a></h3><p class=\"card-alt\" lang=\"en\">Alpha Hall</p>"))
        #expect(korean.contains("<span class=\"rest-reason\">휴무: 개교기념일</span>"))
        #expect(korean.contains("<span class=\"rest-reason\">식단 미등록</span>"))
        #expect(korean.contains("중식 시간"))
    }

    @Test func bookmarksComeFirstInTheirOrderThenDistanceOrName() throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        try test.store.replaceMenus([F.threeMeals("2026-11-09")], placeID: try Place.ID("charlie"))
        try test.store.replaceMenus([F.threeMeals("2026-11-09")], placeID: try Place.ID("bravo"))
        let person = try Person(test)
        // By name without a position; nearest first with one (Charlie, Alpha, Bravo).
        #expect(cards(try person.html("/areas/test-campus/menus")) == ["alpha", "bravo", "charlie"])
        #expect(
            cards(try person.html("/areas/test-campus/menus?near=35.2335,129.0800")) == ["charlie", "alpha", "bravo"])
        _ = try person.post("/places/bravo/bookmark", [("bookmarked", "1")])
        _ = try person.post("/places/alpha/bookmark", [("bookmarked", "1")])
        #expect(cards(try person.html("/areas/test-campus/menus")) == ["bravo", "alpha", "charlie"])
        #expect(
            cards(try person.html("/areas/test-campus/menus?near=35.2335,129.0800")) == ["bravo", "alpha", "charlie"])
        // A bookmark of a place that is gone, or of another area's, is ignored. (Written past the server, as another
        // server would: seen once the session cache's lifetime is over.)
        let token = try #require(person.cookie)
        try test.store.updatePreferences(sessionToken: token) { preferences in
            try preferences.set(
                [try Place.ID("gone"), try Place.ID("charlie"), try Place.ID("bravo")], for: PreferenceKeys.bookmarks)
        }
        test.clock.advance(by: AppCaches.defaultLifetime)
        #expect(cards(try person.html("/areas/test-campus/menus")) == ["charlie", "bravo", "alpha"])
        let api = try json(try person.get("/api/v1/areas/test-campus/menus"))
        let menus = try #require(api["menus"] as? [[String: Any]])
        #expect(menus.map { $0["placeId"] as? String } == ["charlie", "bravo", "alpha"])
        #expect(menus.map { $0["bookmarked"] as? Bool } == [true, true, false])
    }

    @Test func theBoardsDayIsTheAreasAroundMidnightAndAcrossTheWeek() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        try test.store.replaceMenus([F.threeMeals("2026-11-14"), F.threeMeals("2026-11-15")], placeID: F.alpha)
        F.setClock(test, to: "2026-11-14T14:59:59Z")  // Saturday 23:59:59 in Busan, 14:59:59 in UTC
        let saturday = try test.get("/areas/test-campus/menus")
        let saturdayHTML = String(decoding: saturday.body, as: UTF8.self)
        #expect(saturdayHTML.contains("data-date=\"2026-11-14\""))
        #expect(saturdayHTML.contains("Saturday, November 14"))
        #expect(saturdayHTML.contains("아침 2026-11-14"))
        #expect(saturdayHTML.contains("aria-label=\"Sunday, November 8\""))
        // The next-day arrow crosses into the next week.
        #expect(saturdayHTML.contains("data-next=\"/areas/test-campus/menus?date=2026-11-15\""))
        test.clock.advance(by: 1)  // Sunday 00:00:00 in Busan: a new day and a new week
        let sunday = String(decoding: try test.get("/areas/test-campus/menus").body, as: UTF8.self)
        #expect(sunday.contains("data-date=\"2026-11-15\""))
        #expect(sunday.contains("아침 2026-11-15"))
        #expect(sunday.contains("aria-label=\"Saturday, November 21\""))
        #expect(!sunday.contains("aria-label=\"Saturday, November 14\""))
        #expect(sunday.contains("data-previous=\"/areas/test-campus/menus?date=2026-11-14\""))
        #expect(try test.json("/api/v1/areas/test-campus/menus")["date"] as? String == "2026-11-15")
        // At midnight nothing is served: breakfast is next, at its usual time (the place's hours are not known).
        #expect(sunday.contains("<span class=\"card-state\" data-open=\"false\">Breakfast next · 07:00</span>"))
        #expect(sunday.contains("<span class=\"glance-when\">Breakfast at 07:00</span>"))
    }

    @Test func theWeekMarksDaysWithAndWithoutMenus() throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let html = String(decoding: try test.get("/areas/test-campus/menus?date=2026-11-12").body, as: UTF8.self)
        #expect(html.contains("href=\"/areas/test-campus/menus\" data-kind=\"serving\""))
        #expect(html.contains("href=\"/areas/test-campus/menus?date=2026-11-10\" data-kind=\"serving\""))
        #expect(html.contains("href=\"/areas/test-campus/menus?date=2026-11-11\" data-kind=\"none\""))
        #expect(html.contains("aria-current=\"page\""))
        #expect(html.contains(">Not serving this day</h3>"))
        #expect(html.contains("No place serves food this day."))
        #expect(html.contains("class=\"menu-back\" href=\"/areas/test-campus/menus\""))
        // A card's place link opens the place page on the board's day.
        let tuesday = String(decoding: try test.get("/areas/test-campus/menus?date=2026-11-10").body, as: UTF8.self)
        #expect(tuesday.contains("<a href=\"/places/alpha?date=2026-11-10\">Alpha Hall</a>"))
        #expect(!tuesday.contains("card-state"))  // "now" belongs to today only
    }

    @Test func thePriceRoleDecidesTheLargePriceOnADeviceAndInASession() throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let person = try Person(test)
        let student = "<span class=\"price-role\">Students</span><strong class=\"price-amount\">₩5,000</strong>"
        let staff = "<span class=\"price-role\">Staff</span><strong class=\"price-amount\">₩6,000</strong>"
        #expect(try person.html("/areas/test-campus/menus").contains(student))
        let saved = try person.post(
            "/settings/menus", [("priceRole", "employee"), ("return", "/areas/test-campus/menus?date=2026-11-09")])
        #expect(saved.status == .seeOther)
        #expect(saved.headers["Location"] == "/areas/test-campus/menus?date=2026-11-09")
        #expect(person.cookie == nil)  // kept in the device cookie: nothing stored
        let html = try person.html("/areas/test-campus/menus")
        #expect(html.contains(staff))
        #expect(html.contains("<p class=\"other-prices\">Students ₩5,000</p>"))  // the others stay available
        #expect(html.contains("value=\"employee\" aria-pressed=\"true\""))
        // A meal without a staff price shows its prices small, none large.
        #expect(
            html.contains(
                "<p class=\"meal-name\" lang=\"ko\"><a class=\"dish-link\" href=\"/dishes/1\">아침 2026-11-09</a></p>"
                    + "<div class=\"meal-prices\""))
        #expect(try person.html("/places/alpha").contains(staff))
        // Once the person has a session (a bookmark), the session keeps it.
        _ = try person.post("/places/alpha/bookmark", [("bookmarked", "1")])
        #expect(person.cookie != nil)
        #expect(try person.html("/areas/test-campus/menus").contains(staff))
        let answer = try person.send(
            .post, "/settings/menus",
            headers: [
                "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json",
                "X-CSRF-Token": try person.csrfToken(),
            ], body: "priceRole=other")
        #expect(try json(answer)["priceRole"] as? String == "other")
        // No meal has a guest price: none is large, and every price is still there.
        let guest = try person.html("/areas/test-campus/menus")
        #expect(!guest.contains("class=\"my-price\""))
        #expect(guest.contains("<p class=\"other-prices\">Students ₩5,000 · Staff ₩6,000</p>"))
    }

    @Test func theFilterHidesMealsByAllergenOrDietAndKeepsUnknownNotes() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let menu = try Self.monday(
            "중식",
            [
                F.meal("돈까스", notes: ["돼지고기", "밀", "난류"], student: 5000),
                F.meal("비빔밥", notes: ["채식 가능", "대두"], student: 5500),
                F.meal("오늘의 특선", notes: ["천원의 아침밥"], student: 1000),
            ])
        try test.store.replaceMenus([menu], placeID: F.alpha)
        F.setClock(test, to: "2026-11-09T03:00:00Z")
        let person = try Person(test)
        let all = try person.html("/areas/test-campus/menus")
        #expect(all.contains("돈까스") && all.contains("비빔밥") && all.contains("오늘의 특선"))
        // An unknown note is shown as the menu wrote it; known ones are named.
        #expect(all.contains("<li class=\"note-other\" lang=\"ko\">천원의 아침밥</li>"))
        #expect(all.contains("data-diet=\"vegetarianOnRequest\">Vegetarian on request</li>"))
        _ = try person.post("/settings/menus", [("avoidAllergens", ""), ("avoidAllergens", "eggs")])
        let noEggs = try person.html("/areas/test-campus/menus")
        #expect(!noEggs.contains("돈까스"))
        #expect(noEggs.contains("비빔밥") && noEggs.contains("오늘의 특선"))
        #expect(noEggs.contains("<li class=\"meal-hidden\">1 dish hidden by your filter</li>"))
        #expect(noEggs.contains("Dishes without eggs"))
        // The filter's form is on the board when it is opened, its choices ticked.
        #expect(!noEggs.contains("name=\"avoidAllergens\""))
        #expect(noEggs.contains("href=\"/areas/test-campus/menus?filter=open#filter\" aria-expanded=\"false\""))
        let open = try person.html("/areas/test-campus/menus?filter=open")
        #expect(open.contains("value=\"eggs\" checked"))
        #expect(open.contains("name=\"return\" value=\"/areas/test-campus/menus\""))
        #expect(open.contains("href=\"/areas/test-campus/menus#filter\" aria-expanded=\"true\""))
        _ = try person.post("/settings/menus", [("diet", "vegetarian"), ("avoidAllergens", "")])
        let vegetarian = try person.html("/areas/test-campus/menus")
        #expect(!vegetarian.contains("돈까스") && !vegetarian.contains("오늘의 특선"))
        #expect(vegetarian.contains("비빔밥"))
        #expect(vegetarian.contains("2 dishes hidden by your filter"))
        // The place page reads menus the same way.
        #expect(!(try person.html("/places/alpha")).contains("돈까스"))
        // The API gives every meal: clients filter by the notes themselves.
        let api = try json(try person.get("/api/v1/areas/test-campus/menus"))
        let meals = (api["menus"] as? [[String: Any]])?.first?["categories"] as? [[String: Any]]
        #expect((meals?.first?["meals"] as? [Any])?.count == 3)
    }

    @Test(arguments: [
        [("priceRole", "professor")], [("diet", "pescatarian")], [("avoidAllergens", "kryptonite")],
        [("priceRole", "employee"), ("avoidAllergens", "<script>")], [("return", "/areas/test-campus/menus")],
    ])
    func badChoicesAreRefusedAndChangeNothing(fields: [(String, String)]) throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let person = try Person(test)
        let response = try person.post("/settings/menus", fields)
        #expect(response.status == .badRequest)
        let html = try person.html("/areas/test-campus/menus")
        #expect(html.contains("value=\"student\" aria-pressed=\"true\""))
        #expect(html.contains("All dishes</span>"))
        // Without the form's token nothing is saved either.
        #expect(try person.post("/settings/menus", [("priceRole", "employee")], csrf: "forged").status == .forbidden)
        #expect(try person.html("/areas/test-campus/menus").contains("value=\"student\" aria-pressed=\"true\""))
    }

    @Test func aReturnToAnotherSiteGoesHomeInstead() throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let person = try Person(test)
        let response = try person.post("/settings/menus", [("priceRole", "pupil"), ("return", "//evil.example/")])
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/")
    }

    @Test(arguments: ["tomorrow", "2026-02-30", "2026-11-9", "", "%00", "0000-01-01"])
    func aBadDateIsABadRequestOnThePageAndInTheAPI(date: String) throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let page = try test.get("/areas/test-campus/menus?date=\(date)")
        #expect(page.status == .badRequest)
        #expect(String(decoding: page.body, as: UTF8.self).contains("date: "))
        let api = try test.get("/api/v1/areas/test-campus/menus?date=\(date)")
        #expect(api.status == .badRequest)
        #expect((try json(api)["error"] as? [String: String])?["code"] == "invalid_date")
    }

    @Test func unknownAreasAndBadPositionsAreRefused() throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        #expect(try test.get("/areas/atlantis/menus").status == .notFound)
        #expect(try test.get("/areas/Not%20An%20Id/menus").status == .notFound)
        #expect(try test.get("/api/v1/areas/atlantis/menus").status == .notFound)
        #expect(try test.get("/areas/test-campus/menus?near=91,0").status == .badRequest)
        let api = try test.get("/api/v1/areas/test-campus/menus?near=abc")
        #expect(api.status == .badRequest)
        #expect((try json(api)["error"] as? [String: String])?["code"] == "invalid_coordinate")
    }

    @Test func theAPIGivesTheBoardInThePlaceMenuShape() throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let body = try json(try test.get("/api/v1/areas/test-campus/menus?near=35.2335,129.0800"))
        #expect(body["areaId"] as? String == "test-campus")
        #expect(body["date"] as? String == "2026-11-09")
        #expect(body["today"] as? String == "2026-11-09")
        let days = try #require(body["days"] as? [[String: String]])
        #expect(days.count == 7)
        #expect(days.first == ["date": "2026-11-08", "status": "unknown"])
        #expect(days[1] == ["date": "2026-11-09", "status": "serving"])
        let menus = try #require(body["menus"] as? [[String: Any]])
        #expect(menus.map { $0["placeId"] as? String } == ["alpha", "charlie", "bravo"])
        #expect(menus.map { $0["status"] as? String } == ["serving", "unknown", "closed"])
        let alpha = menus[0]
        #expect(
            Set(alpha.keys) == [
                "placeId", "date", "status", "closed", "currency", "categories", "name", "bookmarked", "distanceMeters",
                "busyness",
            ])
        let busyness = try #require(alpha["busyness"] as? [String: Any])
        #expect(busyness["level"] is NSNull)
        #expect(busyness["checkedIn"] as? Int == 0)
        #expect(busyness["reports"] as? Int == 0)
        #expect(alpha["name"] as? String == "Alpha Hall")
        #expect(alpha["bookmarked"] as? Bool == false)
        #expect((alpha["distanceMeters"] as? Double).map { $0 > 150 && $0 < 200 } == true)
        // The same shape as the place's own menu.
        let single = try test.json("/api/v1/places/alpha/menu")
        for key in single.keys {
            #expect(
                (try JSONSerialization.data(withJSONObject: [single[key]!], options: .sortedKeys))
                    == (try JSONSerialization.data(withJSONObject: [alpha[key]!], options: .sortedKeys)), "\(key)")
        }
        #expect(menus[2]["note"] as? String == "개교기념일")
        #expect(menus[2]["closed"] as? Bool == true)
        #expect(try test.json("/api/v1/areas/another-area/menus")["menus"] as? [Any] != nil)
    }

    @Test func aCampusOpensOnItsBoardWithTabsAndAVenueKeepsItsMap() throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.post("/settings/default-area", [("defaultArea", "test-campus")])
        let finished = try person.post("/onboarding", [("outcome", "started")])
        #expect(finished.headers["Location"] == "/areas/test-campus/menus?locate=1")
        // Two of the campus's three places have menus this week: `/` opens the board, as finishing the tour did.
        let home = try person.get("/")
        #expect(home.headers["Location"] == "/areas/test-campus/menus")
        let area = try person.html("/areas/test-campus")
        #expect(area.contains("<nav class=\"area-tabs\""))
        #expect(area.contains("<a href=\"/areas/test-campus\" data-tab=\"list\" aria-current=\"page\">List</a>"))
        #expect(!area.contains("view-switch"))
        let map = try person.html("/areas/test-campus?view=map")
        #expect(map.contains("id=\"view-map\" class=\"view-choice\" checked"))
        #expect(map.contains("data-tab=\"map\" aria-current=\"page\""))
        // An area without menus keeps its map and list as they were.
        _ = try person.post("/settings/default-area", [("defaultArea", "another-area")])
        #expect(try person.get("/").headers["Location"] == "/areas/another-area")
        let venue = try person.html("/areas/another-area")
        #expect(!venue.contains("area-tabs"))
        #expect(venue.contains("view-switch"))
    }

    @Test func aFewMenusAmongManyPlacesGetTabsButNotTheFrontPage() throws {
        let places = (0..<5).map {
            TestApp.place("hall-\($0)", ["en": "Hall \($0)"], latitude: 35.23, longitude: 129.08)
        }
        let test = try TestApp.make(places: places)
        defer { test.cleanUp() }
        try test.store.replaceMenus([F.threeMeals("2026-11-09")], placeID: try Place.ID("hall-0"))
        F.setClock(test, to: "2026-11-09T03:00:00Z")
        let person = try Person(test)
        _ = try person.post("/settings/default-area", [("defaultArea", "test-campus")])
        try person.finishOnboarding()
        #expect(try person.get("/").headers["Location"] == "/areas/test-campus")
        #expect(try person.html("/areas/test-campus").contains("area-tabs"))
    }

    @Test func hostileMenuTextIsEscapedOnTheBoard() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let menu = try Self.monday(
            "<img src=x onerror=alert(1)>", [try Meal(name: "<script>alert('x')</script>", notes: ["\"><b>note"])],
            note: "<i>note</i>")
        try test.store.replaceMenus([menu], placeID: F.alpha)
        try test.store.replaceMenus(
            [try Menu(date: F.date("2026-11-09"), status: .closed, currency: F.won, note: "<u>why</u>")],
            placeID: try Place.ID("bravo"))
        F.setClock(test, to: "2026-11-09T03:00:00Z")
        let html = String(decoding: try test.get("/areas/test-campus/menus").body, as: UTF8.self)
        #expect(!html.contains("<script>alert") && !html.contains("<img src=x") && !html.contains("<i>note"))
        #expect(!html.contains("\"><b>") && !html.contains("<u>why"))
        #expect(html.contains("Closed: &lt;u&gt;why&lt;/u&gt;"))
    }
}
