import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Dated exceptions to a place's hours through the console: added, refused with a reason, shown on the public
/// place page and its open/closed state, removed, and audited.
@Suite struct HoursExceptionConsoleTests {
    static func seoul(_ text: String) -> Date { try! Date(text + ":00+09:00", strategy: .iso8601) }

    private func body(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func aClosedDayIsAddedShownOnThePublicPageAndRemovedAndEachChangeIsAudited() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        test.clock.set(Self.seoul("2026-12-02T12:00"))
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(person)
        let weekly = [
            ("nameEn", "Alpha Hall"), ("nameKo", "알파관"), ("kind", "cafeteria"), ("latitude", "35.2350"),
            ("longitude", "129.0800"), ("hoursTh", "11:00-14:00"), ("hoursFr", "11:00-14:00"),
        ]
        #expect(try person.post("/admin/places/alpha", weekly, csrf: csrf).status == .seeOther)
        let alpha = try Place.ID("alpha")
        let before = try #require(try test.store.place(id: alpha))

        // Refused, with the reason next to the field, and nothing saved.
        let past = try person.post(
            "/admin/places/alpha/exceptions", [("date", "2026-12-01"), ("closed", "1")], csrf: csrf)
        #expect(past.status == .unprocessableContent)
        #expect(body(past).contains("Choose today or a later date."))
        let badHours = try person.post(
            "/admin/places/alpha/exceptions", [("date", "2026-12-03"), ("closed", "0"), ("hours", "11:00-25:00")],
            csrf: csrf)
        #expect(badHours.status == .unprocessableContent)
        #expect(body(badHours).contains("&quot;25:00&quot; is not a time like 09:30"))
        let noDate = try person.post(
            "/admin/places/alpha/exceptions", [("date", "3/12"), ("closed", "1")], csrf: csrf)
        #expect(noDate.status == .unprocessableContent)
        #expect(body(noDate).contains("Type a date like "))
        // Typed as the console shows dates: a weekday that is not the date's is caught.
        let wrongDay = try person.post(
            "/admin/places/alpha/exceptions", [("date", "Sat 3 Dec 2026"), ("closed", "1")], csrf: csrf)
        #expect(body(wrongDay).contains("That date is a Thursday."))
        let forged = try person.post(
            "/admin/places/alpha/exceptions", [("date", "2026-12-03"), ("closed", "1")], csrf: "forged")
        #expect(forged.status == .forbidden)
        #expect(try test.store.place(id: alpha) == before)

        let added = try person.post(
            "/admin/places/alpha/exceptions", [("date", "Thu 3 Dec 2026"), ("closed", "1"), ("note", "Founders' day")],
            csrf: csrf)
        #expect(added.status == .seeOther)
        let saved = try #require(try test.store.place(id: alpha))
        #expect(saved.openingHours.exceptions.map(\.date.description) == ["2026-12-03"])
        #expect(saved.openingHours.rules == before.openingHours.rules)
        #expect(try person.html("/admin/places/alpha").contains("Thu 3 Dec 2026"))

        // The public page the day before, on the day, and the day after.
        let dayBefore = try Person(test).html("/places/alpha")
        #expect(dayBefore.contains("Closed on Thursday, December 3"))
        #expect(dayBefore.contains("Founders&#39; day"))
        test.clock.set(Self.seoul("2026-12-03T12:00"))
        #expect(try Person(test).html("/places/alpha").contains("Closed now · opens Friday 11:00"))
        test.clock.set(Self.seoul("2026-12-04T12:00"))
        let dayAfter = try Person(test).html("/places/alpha")
        #expect(dayAfter.contains("Open now · until 14:00"))
        #expect(!dayAfter.contains("Closed on Thursday"))

        // Saving the weekly hours keeps the exceptions.
        test.clock.set(Self.seoul("2026-12-02T12:00"))
        #expect(try person.post("/admin/places/alpha", weekly, csrf: csrf).status == .seeOther)
        #expect(try test.store.place(id: alpha)?.openingHours.exceptions.count == 1)

        let removed = try person.post("/admin/places/alpha/exceptions/remove", [("date", "2026-12-03")], csrf: csrf)
        #expect(removed.status == .seeOther)
        #expect(try test.store.place(id: alpha)?.openingHours.exceptions == [])
        #expect(
            try person.post("/admin/places/alpha/exceptions/remove", [("date", "2026-12-03")], csrf: csrf).status
                == .badRequest)
        let entries = try test.store.auditEntries(
            areas: [TestApp.sampleArea.id], includingGlobal: false, action: nil, before: nil, limit: 10)
        #expect(entries.prefix(2).map(\.action) == ["place.exception.remove", "place.exception.add"])
        #expect(entries[1].after?.contains("Founders' day") == true)
    }

    @Test func aDateWithOtherHoursReplacesTheWeeklyOnesInKorean() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        test.clock.set(Self.seoul("2026-12-24T09:00"))
        let person = try ConsoleTests.signedIn(test, "lee@example.org", language: "ko")
        let csrf = try ConsoleTests.consoleCSRF(person)
        let added = try person.post(
            "/admin/places/alpha/exceptions", [("date", "2026-12-24"), ("closed", "0"), ("hours", "10:00-12:00")],
            csrf: csrf)
        #expect(added.status == .seeOther)
        let page = try Person(test, language: "ko").html("/places/alpha")
        #expect(page.contains("12월 24일 목요일 변경된 영업시간"))
        #expect(page.contains("영업 전 · 10:00 시작"))
    }
}
