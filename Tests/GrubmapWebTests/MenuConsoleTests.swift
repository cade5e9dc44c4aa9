import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Menus in the console: a day edited, closed with a note, copied, a week copied, and bad input refused whole.
@Suite struct MenuConsoleTests {
    private func body(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

    /// The area's today (the test clock's date in Seoul).
    private func today(_ test: TestApp) -> CalendarDate {
        CalendarDate.local(test.clock.now, in: TimeZone(identifier: "Asia/Seoul")!).date
    }

    @Test func aDayIsEditedClosedCopiedAndShownOnThePublicPageAtOnce() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(person)
        let day = today(test)
        let saved = try person.post(
            "/admin/places/alpha/menus/day",
            [
                ("date", day.description), ("c0-name", "중식"), ("c0-m0-name", "비빔밥"), ("c0-m0-notes", "vegan, 계란"),
                ("c0-m0-student", "4500"), ("c0-m0-employee", "6000"), ("c0-m1-name", ""), ("c1-name", "석식"),
                ("c1-m0-name", "김치찌개"), ("c1-m0-other", "7000"),
            ], csrf: csrf)
        #expect(saved.status == .seeOther)
        let menu = try #require(try test.store.menu(placeID: try Place.ID("alpha"), on: day))
        #expect(menu.categories.map(\.name) == ["중식", "석식"])
        #expect(menu.categories[0].meals[0].notes == ["vegan", "계란"])
        #expect(menu.categories[0].meals[0].price(for: .employee) == 6000)
        #expect(try Person(test).html("/places/alpha").contains("비빔밥"))

        let badPrice = try person.post(
            "/admin/places/alpha/menus/day",
            [("date", day.description), ("c0-name", "중식"), ("c0-m0-name", "라면"), ("c0-m0-student", "4,500")],
            csrf: csrf)
        #expect(badPrice.status == .unprocessableContent)
        #expect(body(badPrice).contains("not a price"))
        #expect(try test.store.menu(placeID: try Place.ID("alpha"), on: day) == menu)

        let tomorrow = day.adding(days: 1)
        let closed = try person.post(
            "/admin/places/alpha/menus/day", [("date", tomorrow.description), ("closed", "1"), ("note", "개교기념일")],
            csrf: csrf)
        #expect(closed.status == .seeOther)
        #expect(try test.store.menu(placeID: try Place.ID("alpha"), on: tomorrow)?.isClosed == true)

        let copied = try person.post(
            "/admin/places/alpha/menus/copy",
            [("kind", "day"), ("from", day.description), ("to", day.adding(days: 2).description)], csrf: csrf)
        #expect(copied.status == .seeOther)
        #expect(
            try test.store.menu(placeID: try Place.ID("alpha"), on: day.adding(days: 2))?.categories
                == menu.categories)

        let weekStart = day.week(startingOn: .sunday)[0]
        let week = try person.post(
            "/admin/places/alpha/menus/copy",
            [("kind", "week"), ("from", day.description), ("to", weekStart.adding(days: 7).description)], csrf: csrf)
        #expect(week.status == .seeOther)
        for offset in 0..<7 {
            let source = try test.store.menu(placeID: try Place.ID("alpha"), on: weekStart.adding(days: offset))
            let target = try test.store.menu(placeID: try Place.ID("alpha"), on: weekStart.adding(days: offset + 7))
            #expect(source?.status == target?.status)
        }
        let page = try person.html("/admin/places/alpha/menus?week=\(weekStart.adding(days: 7))")
        #expect(page.contains("비빔밥") && page.contains("Closed all day"))

        let removed = try person.post(
            "/admin/places/alpha/menus/day", [("date", tomorrow.description), ("remove", "1")], csrf: csrf)
        #expect(removed.status == .seeOther)
        #expect(try test.store.menu(placeID: try Place.ID("alpha"), on: tomorrow) == nil)
        let actions = try test.store.auditEntries(
            areas: [TestApp.sampleArea.id], includingGlobal: false, action: nil, before: nil, limit: 10
        ).map(\.action)
        #expect(
            actions.prefix(5) == ["menu.remove", "menu.copy-week", "menu.copy-day", "menu.replace", "menu.replace"])
    }

    @Test(arguments: ["", "2026-13-01", "yesterday", String(repeating: "9", count: 5000)])
    func aBadDateIsRefusedAndChangesNothing(_ date: String) throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let response = try person.post(
            "/admin/places/alpha/menus/day", [("date", date), ("c0-name", "A"), ("c0-m0-name", "B")],
            csrf: try ConsoleTests.consoleCSRF(person))
        #expect(response.status == .badRequest)
        #expect(
            try test.store.auditEntries(
                areas: [TestApp.sampleArea.id], includingGlobal: false, action: "menu.replace", before: nil, limit: 5
            ).isEmpty)
    }
}
