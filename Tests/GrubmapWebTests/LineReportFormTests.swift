import Foundation
import GrubmapCore
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

/// "How's the line?" on the place page, as a browser without JavaScript uses it: one form of four submit buttons,
/// `POST /places/{id}/line-report`, and the page again (303) with what happened. Through the real app on a real
/// SQLite file; the clock is moved, never waited for.
@Suite struct LineReportFormTests {
    static let path = "/places/alpha/line-report"

    /// The line reports stored for the sample area, as the database holds them.
    static func storedReports(_ test: TestApp) throws -> Int {
        try LineReportsAPITests.storedReports(test)
    }

    @Test func thePlacePageOffersFourAnswersInOneFormAndABadgeKeepingItsLine() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let page = try Person(test).html("/places/alpha")
        #expect(page.contains("<form method=\"post\" action=\"/places/alpha/line-report\">"))
        for level in ["none", "short", "long", "very_long"] {
            #expect(page.contains("<button type=\"submit\" name=\"level\" value=\"\(level)\">"), "\(level)")
        }
        #expect(page.contains("How&#39;s the line?"))
        // No report yet: the badge is there, empty, its line saying so ("No reports yet" while it is empty, which
        // the first report replaces in place).
        #expect(
            page.contains(
                "<span class=\"busy is-empty has-quiet\" data-live=\"busy\" data-place=\"alpha\" data-level=\"\""))
        #expect(page.contains("<span class=\"busy-quiet\">No reports yet</span>"))
        // Today's page applies the area's live changes; another day's does not.
        #expect(page.contains("data-live-events=\"/areas/test-campus/events\""))
        let today = CalendarDate.local(test.clock.now, in: TestApp.sampleArea.clockTimeZone).date
        let tomorrow = try Person(test).html("/places/alpha?date=\(today.adding(days: 1))")
        #expect(!tomorrow.contains("line-report"))
        #expect(!tomorrow.contains("data-live-events"))
    }

    @Test func aReportGoesBackToThePageWhichThanksAndShowsTheLevel() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.get("/places/alpha")
        let posted = try person.post(Self.path, [("level", "long"), ("return", "/places/alpha?via=b")])
        #expect(posted.status == .seeOther)
        #expect(posted.headers["Location"] == "/places/alpha?via=b&lineReport=thanks#line")
        #expect(try Self.storedReports(test) == 1)
        let page = try person.html("/places/alpha?via=b&lineReport=thanks")
        #expect(page.contains("Thanks! Your report counts for 20 minutes."))
        #expect(page.contains("data-level=\"long\""))
        #expect(page.contains("<span class=\"busy-level\">Long line</span>"))
        #expect(page.contains("updated just now"))
        // The page's own forms do not carry the notice back.
        #expect(!page.contains("name=\"return\" value=\"/places/alpha?via=b&amp;lineReport"))
        test.clock.advance(by: 3 * 60)
        #expect(try person.html("/places/alpha").contains("updated 3 min ago"))
    }

    @Test func aSecondReportWithinTenMinutesSaysWhenAndStoresNothing() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test, language: "ko")
        _ = try person.get("/places/alpha")
        #expect(try person.post(Self.path, [("level", "short")]).status == .seeOther)
        test.clock.advance(by: 4 * 60)
        let again = try person.post(Self.path, [("level", "very_long")])
        #expect(again.status == .seeOther)
        #expect(again.headers["Location"] == "/places/alpha?lineReport=again-6#line")
        #expect(try Self.storedReports(test) == 1)
        let page = try person.html("/places/alpha?lineReport=again-6")
        #expect(page.contains("조금 전에 알려 주셨어요. 6분 뒤에 다시 알려 줄 수 있어요."))
        #expect(page.contains("data-level=\"short\""))
        // Ten minutes after the first, the same person reports again.
        test.clock.advance(by: 6 * 60)
        let later = try person.post(Self.path, [("level", "very_long")])
        #expect(later.headers["Location"] == "/places/alpha?lineReport=thanks#line")
        #expect(try person.html("/places/alpha").contains("data-level=\"very_long\""))
    }

    @Test(arguments: ["", "Long", "medium", "very long", "3", String(repeating: "x", count: 5000)])
    func aBadLevelIs400NamingItAndStoresNothing(level: String) throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.get("/places/alpha")
        let refused = try person.post(Self.path, [("level", level)])
        #expect(refused.status == .badRequest)
        let page = String(decoding: refused.body, as: UTF8.self)
        #expect(page.contains("level"))
        #expect(try Self.storedReports(test) == 0)
    }

    @Test func aFormWithoutLevelOrWithoutTheTokenStoresNothing() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.get("/places/alpha")
        #expect(try person.post(Self.path, []).status == .badRequest)
        #expect(try person.post(Self.path, [("level", "long")], csrf: "forged").status == .forbidden)
        #expect(try person.post("/places/nowhere/line-report", [("level", "long")]).status == .notFound)
        #expect(try Self.storedReports(test) == 0)
    }

    @Test(arguments: ["/places/alpha", "/areas/test-campus/menus", "/areas/test-campus"])
    func anOfflineCopyShowsNoBusynessAndOpensNoStream(page: String) throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.get("/places/alpha")
        #expect(try person.post(Self.path, [("level", "long")]).status == .seeOther)
        #expect(try person.html(page).contains("data-live-events="))
        let copy = String(
            decoding: try person.send(.get, page, headers: [OfflineCopies.header: "1"]).body, as: UTF8.self)
        #expect(!copy.contains("data-live-events"))
        #expect(!copy.contains("live.js"))
        #expect(!copy.contains("data-live=\"busy\""))
    }

    @Test func aNoticeOnlyShowsForWhatTheFormCanSay() {
        #expect(LineReportNotice("thanks") == .thanks)
        #expect(LineReportNotice("again-10") == .again(minutes: 10))
        for text in ["again-0", "again-11", "again-", "again-x", "Thanks", ""] {
            #expect(LineReportNotice(text) == nil, "\(text)")
        }
    }
}
