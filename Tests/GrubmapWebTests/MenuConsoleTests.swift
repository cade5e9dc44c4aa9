import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// A week of menus in the console through the app: saved at once in one audit entry and shown on the public page,
/// a day copied without the script, bad input refused whole, days the place is closed on marked, and warnings for a
/// menu on a closed day and a closed day with a menu, which store all the same.
@Suite struct MenuConsoleTests {
    private func body(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

    /// The area's today (the test clock's date in Seoul: Wednesday 18 November 2026) and its week from Sunday.
    private func week(_ test: TestApp) -> [CalendarDate] {
        CalendarDate.local(test.clock.now, in: TimeZone(identifier: "Asia/Seoul")!).date.week(startingOn: .sunday)
    }

    private func menu(_ test: TestApp, _ date: CalendarDate) throws -> Menu? {
        try test.store.menu(placeID: try Place.ID("alpha"), on: date)
    }

    private func audit(_ test: TestApp, _ action: String? = nil) throws -> [AuditEntry] {
        try test.store.auditEntries(
            areas: [TestApp.sampleArea.id], includingGlobal: false, action: action, before: nil, limit: 50)
    }

    @Test func aWeekIsSavedAtOnceInOneAuditEntryAndShownOnThePublicPage() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(person)
        let days = week(test)
        let page = try person.html("/admin/places/alpha/menus")
        #expect(page.contains("Sun 15 Nov 2026") && page.contains("Sat 21 Nov 2026"))
        #expect(page.contains("name=\"d6-c0-m0-name\"") && page.contains("id=\"meal-row-template\""))
        var fields = [("week", days[3].description), ("d0-closed", "1"), ("d0-note", "주말 휴무")]
        for day in 1...5 {
            fields += [
                ("d\(day)-c0-name", "중식"), ("d\(day)-c0-m0-name", "비빔밥 \(day)"), ("d\(day)-c0-m0-student", "4500"),
                ("d\(day)-c0-m1-name", "김밥 \(day)"), ("d\(day)-c1-name", "석식"), ("d\(day)-c1-m0-name", "국수 \(day)"),
            ]
        }
        let saved = try person.post("/admin/places/alpha/menus", fields, csrf: csrf)
        #expect(saved.status == .seeOther)
        #expect(saved.headers["Location"] == "/admin/places/alpha/menus?week=2026-11-15&done=saved")
        #expect(try menu(test, days[0])?.isClosed == true)
        for day in 1...5 {
            #expect(
                try menu(test, days[day])?.categories.map { $0.meals.map(\.name) } == [
                    ["비빔밥 \(day)", "김밥 \(day)"], ["국수 \(day)"],
                ])
        }
        #expect(try menu(test, days[6]) == nil)
        let entries = try audit(test, "menu.week")
        #expect(entries.count == 1)
        #expect(entries.first?.subject == "alpha 2026-11-15…2026-11-21")
        #expect(entries.first?.after?.contains("2026-11-18: 중식: 비빔밥 3, 김밥 3; 석식: 국수 3") == true)
        #expect(try Person(test).html("/places/alpha").contains("비빔밥 3"))
        #expect(try person.html("/admin/places/alpha/menus?week=2026-11-15&done=saved").contains("Saved."))

        // The same week sent again changes nothing and is not audited; a day emptied is removed in one entry.
        let again = try person.post("/admin/places/alpha/menus", fields, csrf: csrf)
        #expect(again.headers["Location"]?.hasSuffix("done=unchanged") == true)
        fields.removeAll { $0.0.hasPrefix("d5-") }
        #expect(try person.post("/admin/places/alpha/menus", fields, csrf: csrf).status == .seeOther)
        #expect(try menu(test, days[5]) == nil)
        let entriesAfter = try audit(test, "menu.week")
        #expect(entriesAfter.count == 2)
        #expect(entriesAfter.first?.before == "2026-11-20: 중식: 비빔밥 5, 김밥 5; 석식: 국수 5")
        #expect(entriesAfter.first?.after == "2026-11-20: no menu")
    }

    @Test func aBadFieldSavesNoDayOfTheWeekAndSaysWhichDay() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let response = try person.post(
            "/admin/places/alpha/menus",
            [
                ("week", "2026-11-15"), ("d1-c0-name", "중식"), ("d1-c0-m0-name", "비빔밥"), ("d1-c0-m0-student", "4500"),
                ("d2-c0-name", "중식"), ("d2-c0-m0-name", "라면"), ("d2-c0-m0-student", "4,500"),
            ], csrf: try ConsoleTests.consoleCSRF(person))
        #expect(response.status == .unprocessableContent)
        let html = body(response)
        #expect(html.contains("Tue 17 Nov 2026 · Category 1 · Meal 1 · Students: &quot;4,500&quot; is not a price"))
        #expect(html.contains("href=\"#d2-c0-m0-student\""))
        // What was typed stays, on every day.
        #expect(html.contains("value=\"비빔밥\"") && html.contains("value=\"4,500\""))
        #expect(try menu(test, week(test)[1]) == nil)
        #expect(try audit(test, "menu.week").isEmpty)
    }

    @Test(arguments: [
        [("week", "2026-13-01")], [("week", "")], [("d0-c0-name", "A")], [("week", "2026-11-15"), ("d7-c0-name", "A")],
        [("week", "2026-11-15"), ("d0-c12-name", "A")], [("week", "2026-11-15"), ("copy", "9")],
        [("week", String(repeating: "9", count: 5000))],
    ])
    func aMalformedWeekIsRefusedAndChangesNothing(_ fields: [(String, String)]) throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let response = try person.post(
            "/admin/places/alpha/menus", fields + [("d1-c0-name", "A"), ("d1-c0-m0-name", "B")],
            csrf: try ConsoleTests.consoleCSRF(person))
        #expect(response.status == .badRequest)
        #expect(try audit(test, "menu.week").isEmpty)
        #expect(try person.get("/admin/places/alpha/menus?week=someday").status == .badRequest)
    }

    @Test func aDayCopiedWithoutTheScriptIsShownAgainUnsaved() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let response = try person.post(
            "/admin/places/alpha/menus",
            [
                ("week", "2026-11-15"), ("d1-c0-name", "중식"), ("d1-c0-m0-name", "비빔밥"), ("d1-c0-m0-student", "4500"),
                ("copy", "1"), ("copy-to-1", "2"), ("copy-to-1", "4"), ("copy-to-2", "6"),
            ], csrf: try ConsoleTests.consoleCSRF(person))
        #expect(response.status == .ok)
        let html = body(response)
        #expect(html.contains("Copied to 2 days. Not saved yet"))
        for day in [1, 2, 4] {
            #expect(html.contains("name=\"d\(day)-c0-m0-name\" autocomplete=\"off\" value=\"비빔밥\""), "day \(day)")
        }
        #expect(!html.contains("name=\"d6-c0-m0-name\" autocomplete=\"off\" value=\"비빔밥\""))
        #expect(try menu(test, week(test)[2]) == nil)
        #expect(try audit(test, "menu.week").isEmpty)
    }

    @Test func aMenuOnAClosedDayIsKeptAndWarnedAbout() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        var alpha = try #require(try test.store.place(id: try Place.ID("alpha")))
        alpha.openingHours = OpeningHours(rules: [
            try OpeningHours.Rule(
                days: [.monday, .tuesday, .wednesday, .thursday, .friday], opens: TimeOfDay(parsing: "11:00"),
                closes: TimeOfDay(parsing: "14:00"))
        ])
        try test.store.savePlace(
            alpha,
            audit: Actor.commandLine.audit(
                "place.update", subject: "alpha", area: alpha.areaID, at: test.clock.now, before: nil, after: nil))
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(person)
        let before = try person.html("/admin/places/alpha/menus")
        // Saturday and Sunday are marked; their warnings wait for a meal.
        #expect(before.components(separatedBy: "Closed (opening hours)").count - 1 >= 4)
        #expect(before.contains("data-closed-warning=\"\" hidden"))
        let saved = try person.post(
            "/admin/places/alpha/menus",
            [
                ("week", "2026-11-15"), ("d6-c0-name", "중식"), ("d6-c0-m0-name", "토요 특식"), ("d3-c0-name", "중식"),
                ("d3-c0-m0-name", "비빔밥"),
            ],
            csrf: csrf)
        #expect(saved.status == .seeOther)
        #expect(try menu(test, week(test)[6])?.categories.first?.meals.first?.name == "토요 특식")
        let after = try person.html("/admin/places/alpha/menus?week=2026-11-15&done=saved")
        #expect(after.contains("Saved. 1 day with a menu is closed: see below."))
        #expect(
            after.contains(
                "Closed (opening hours). A menu for this day is kept, but the public pages show the day as closed."))

        // Closing a day that has a menu: saved, the menu kept, and the page says so.
        let closing = try person.post(
            "/admin/places/alpha/exceptions", [("date", "Thu 19 Nov 2026"), ("closed", "1"), ("note", "개교기념일")],
            csrf: csrf)
        // Thursday has no menu: nothing to warn about.
        #expect(closing.headers["Location"] == "/admin/places/alpha?done=exception-added#exceptions")
        let wednesday = try person.post(
            "/admin/places/alpha/exceptions", [("date", "18 Nov"), ("closed", "1")], csrf: csrf)
        #expect(wednesday.headers["Location"] == "/admin/places/alpha?done=exception-added&menu=2026-11-18#exceptions")
        // The browser leaves the fragment out of what it asks for.
        let warned = try person.html("/admin/places/alpha?done=exception-added&menu=2026-11-18")
        #expect(
            warned.contains(
                "Saved. Wed 18 Nov 2026 has a menu: it is kept, but the public pages show the day as closed."))
        #expect(try menu(test, week(test)[3])?.categories.first?.meals.first?.name == "비빔밥")
        let week = try person.html("/admin/places/alpha/menus")
        #expect(week.contains("Closed that day: 개교기념일"))
    }

    @Test func aDayAddressOpensItsWeekAndAWeekIsCopied() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(person)
        let day = try person.get("/admin/places/alpha/menus/day?date=2026-11-19")
        #expect(day.status == .seeOther)
        #expect(day.headers["Location"] == "/admin/places/alpha/menus?week=2026-11-19#day-2026-11-19")
        #expect(try person.get("/admin/places/alpha/menus/day?date=soon").status == .badRequest)
        _ = try person.post(
            "/admin/places/alpha/menus", [("week", "2026-11-15"), ("d1-c0-name", "중식"), ("d1-c0-m0-name", "비빔밥")],
            csrf: csrf)
        let copied = try person.post(
            "/admin/places/alpha/menus/copy", [("kind", "week"), ("from", "2026-11-15"), ("to", "2026-11-22")],
            csrf: csrf)
        #expect(copied.status == .seeOther)
        #expect(try menu(test, try CalendarDate(year: 2026, month: 11, day: 23))?.categories.first?.name == "중식")
        let page = try person.html("/admin/places/alpha/menus?week=2026-11-22&done=copied&days=1")
        #expect(page.contains("Copied 1 day.") && page.contains("value=\"비빔밥\""))
        #expect(page.contains("<option value=\"2026-11-29\">the week of 29 Nov – 5 Dec 2026</option>"))
    }

    @Test func theWeekShowsInKorean() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org", language: "ko")
        let page = try person.html("/admin/places/alpha/menus")
        #expect(page.contains("11월 15일 (일)") && page.contains("11월 15일 – 11월 21일") && page.contains("한 주 저장"))
        #expect(!page.contains(">2026-11-"))
    }
}
