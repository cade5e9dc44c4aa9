import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapImport
import GrubmapOutbound
import GrubmapStore
import Synchronization
import Testing

@testable import GrubmapWeb

/// A closed day wins over a published menu everywhere: the board, the place page, the menu API and the week's
/// marks say closed with the hours' note even with a menu stored for the day, and the stored menu shows again once
/// the day reopens. A menu for a closed day sent through the admin API or a feed is stored, not refused.
@Suite struct ClosedDayTests {
    typealias F = MenuFixtures

    /// Friday 4 December 2026, noon in Busan.
    static let friday = "2026-12-04"

    /// Alpha open weekdays 11:00-14:00, closed on Friday for Founders' day, with menus of three meals stored for
    /// `dates` (Friday and Saturday).
    static func campus(storing dates: [String] = [friday, "2026-12-05"]) throws -> TestApp {
        let test = try TestApp.make()
        try save(test, closingFriday: true)
        try test.store.replaceMenus(dates.map { F.threeMeals($0) }, placeID: F.alpha)
        F.setClock(test, to: "2026-12-04T03:00:00Z")
        return test
    }

    /// Saves Alpha's hours, with or without Friday's closed day.
    static func save(_ test: TestApp, closingFriday: Bool) throws {
        var places = TestApp.samplePlaces
        places[0].openingHours = try OpeningHours(
            rules: [
                .init(
                    days: Weekday.parseList("Mo-Fr"), opens: TimeOfDay(parsing: "11:00"),
                    closes: TimeOfDay(parsing: "14:00"))
            ],
            exceptions: closingFriday ? [.init(date: F.date(friday), note: "Founders' day")] : [])
        try test.store.save(area: TestApp.sampleArea, places: places)
    }

    func html(_ test: TestApp, _ target: String, language: String = "en") throws -> String {
        let response = try test.get(target, headers: ["Accept-Language": language])
        #expect(response.status == .ok, "\(target)")
        return String(decoding: response.body, as: UTF8.self)
    }

    /// Alpha's entry in the board API's day.
    func boardEntry(_ test: TestApp, date: String) throws -> [String: Any] {
        let menus = try test.json("/api/v1/areas/test-campus/menus?date=\(date)")["menus"] as? [[String: Any]] ?? []
        return try #require(menus.first { $0["placeId"] as? String == "alpha" })
    }

    @Test func aClosedDateWinsOverItsMenuOnTheBoardThePlacePageAndTheAPI() throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let board = try html(test, "/areas/test-campus/menus")
        #expect(!board.contains("data-place=\"alpha\"><div class=\"card-head\""))
        #expect(board.contains("<span class=\"rest-reason\">Closed: Founders&#39; day</span>"))
        #expect(!board.contains("점심 2026-12-04"))
        let korean = try html(test, "/areas/test-campus/menus", language: "ko")
        #expect(korean.contains("<span class=\"rest-reason\">휴무: Founders&#39; day</span>"))

        let place = try html(test, "/places/alpha")
        #expect(place.contains("<div class=\"menu-message menu-closed\" data-closed-by=\"exception\">"))
        #expect(place.contains("<strong>Closed this day.</strong>"))
        #expect(place.contains("Founders&#39; day"))
        #expect(!place.contains("점심 2026-12-04"))
        // The week's mark for Friday is closed; Saturday, closed by the weekly hours, too.
        #expect(place.contains("date=2026-12-04#menu\" data-kind=\"closed\""))
        #expect(place.contains("date=2026-12-05#menu\" data-kind=\"closed\""))
        #expect(place.contains("date=2026-12-03#menu\" data-kind=\"none\""))

        let api = try test.json("/api/v1/places/alpha/menu")
        #expect(api["status"] as? String == "closed")
        #expect(api["closed"] as? Bool == true)
        #expect(api["closedBy"] as? String == "exception")
        #expect(api["note"] as? String == "Founders' day")
        #expect((api["categories"] as? [Any])?.isEmpty == true)
        let entry = try boardEntry(test, date: Self.friday)
        #expect(entry["closed"] as? Bool == true && entry["closedBy"] as? String == "exception")

        // The stored menu is kept: the day reopened shows it again.
        #expect(try test.store.menu(placeID: F.alpha, on: F.date(Self.friday))?.isClosed == false)
        try Self.save(test, closingFriday: false)
        let reopened = try test.json("/api/v1/places/alpha/menu")
        #expect(reopened["status"] as? String == "serving")
        #expect(reopened["closedBy"] == nil)
        #expect(try html(test, "/places/alpha").contains("점심 2026-12-04"))
        #expect(try html(test, "/areas/test-campus/menus").contains("점심 2026-12-04"))
    }

    @Test func aDayTheWeeklyHoursCloseSaysClosedNotNoMenu() throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        // Saturday: a menu is stored, but the hours open Monday to Friday.
        let saturday = try html(test, "/areas/test-campus/menus?date=2026-12-05")
        #expect(
            saturday.contains("<li class=\"rest-row\" id=\"card-alpha\" data-place=\"alpha\" data-state=\"closed\">"))
        #expect(!saturday.contains("저녁 2026-12-05"))
        // Sunday, without a menu: closed too, not "no menu yet"; Bravo, without hours, has no menu yet.
        let sunday = try html(test, "/areas/test-campus/menus?date=2026-12-06")
        #expect(sunday.contains("data-place=\"alpha\" data-state=\"closed\"><a class=\"rest-name\""))
        #expect(sunday.contains("data-place=\"bravo\" data-state=\"noMenu\""))
        let api = try test.json("/api/v1/places/alpha/menu?date=2026-12-06")
        #expect(api["status"] as? String == "closed")
        #expect(api["closedBy"] as? String == "weeklyHours")
        let korean = try html(test, "/places/alpha?date=2026-12-06", language: "ko")
        #expect(korean.contains("data-closed-by=\"weeklyHours\""))
        #expect(!korean.contains(MenuStrings.korean.noMenu))
    }

    @Test func aMenuForAClosedDayThroughTheAdminAPIIsStoredAndShownClosed() throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let key = try AdminAPITests.makeKey(test, area: TestApp.sampleArea.id, scope: .write)
        let body = """
            {"closed": false, "categories": [{"name": "중식", "meals": [{"name": "비빔밥", "prices": {"student": "4500"}}]}]}
            """
        let response = try test.send(
            .put, "/api/v1/admin/places/alpha/menu?date=\(Self.friday)",
            headers: ["Content-Type": "application/json", "Authorization": "Bearer \(key)"], body: body)
        #expect(response.status == .ok)
        let sent = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
        #expect(sent["status"] as? String == "serving")
        #expect(sent["closedBy"] as? String == "exception")
        #expect(
            try test.store.menu(placeID: F.alpha, on: F.date(Self.friday))?.categories.first?.meals.first?.name == "비빔밥"
        )
        let shown = try test.json("/api/v1/places/alpha/menu?date=\(Self.friday)")
        #expect(shown["closed"] as? Bool == true && shown["note"] as? String == "Founders' day")
        #expect(!(try html(test, "/areas/test-campus/menus")).contains("비빔밥"))
    }

    @Test func aMenuForAClosedDayThroughAFeedIsStoredAndShownClosed() throws {
        let test = try Self.campus(storing: [])
        defer { test.cleanUp() }
        let feed = """
            <?xml version="1.0" encoding="UTF-8"?>
            <openmensa version="2.1" xmlns="http://openmensa.org/open-mensa-v2">
              <canteen>
                <day date="\(Self.friday)">
                  <category name="중식"><meal><name>김치볶음밥</name><price role="student">4500</price></meal></category>
                </day>
              </canteen>
            </openmensa>
            """
        let server = HTTPServer(
            configuration: ServerConfiguration(port: 0, threading: .threadPerConnection),
            responder: { _ in
                Response(status: .ok, headers: ["Content-Type": "application/xml"], body: Array(feed.utf8))
            })
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        let now = test.clock.now
        try test.store.setFeed(
            placeID: F.alpha, url: "http://127.0.0.1:\(server.port)/feed.xml", at: now,
            audit: AuditEntry(
                at: now, actor: "cli", actorName: "command line", areaID: TestApp.sampleArea.id, action: "feed.set",
                subject: "alpha", before: nil, after: "feed"))
        // The outbound client reaches the feed on 127.0.0.1 only because its allow list names it.
        let feeds = FeedScheduler(
            store: test.store,
            client: CurlClient(allowList: try OutboundAllowList(["http://127.0.0.1:\(server.port)/"])),
            owner: "test", settings: FeedScheduler.Settings(interval: 3600, timeoutSeconds: 5))
        #expect(try feeds.fetch(placeID: F.alpha, at: now) == .imported(days: 1))
        #expect(try test.store.menu(placeID: F.alpha, on: F.date(Self.friday))?.categories.first?.name == "중식")
        let shown = try test.json("/api/v1/places/alpha/menu?date=\(Self.friday)")
        #expect(shown["status"] as? String == "closed" && shown["closedBy"] as? String == "exception")
        let page = try html(test, "/places/alpha?date=\(Self.friday)")
        #expect(page.contains("Founders&#39; day") && !page.contains("김치볶음밥"))
    }
}
