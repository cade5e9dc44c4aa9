import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Moderation: an operator hides a checked-in person's bio and picture, and ends a check-in; the person sees why,
/// others see initials only, and the audit log keeps who did it and why.
@Suite struct ModerationTests {
    private func body(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func hidingAProfileShowsInitialsToOthersAndTheReasonToItsOwner() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let ada = try Person(test)
        _ = try ada.post(
            "/profile", [("firstName", "Ada"), ("lastName", "Lovelace"), ("bio", "Something offensive")])
        #expect(try ada.post("/places/alpha/checkin", []).status == .seeOther)
        let token = try #require(ada.cookie)
        let profile = try #require(try test.store.profile(sessionToken: token))

        let organiser = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(organiser)
        let list = try organiser.html("/admin/areas/test-campus/moderation")
        #expect(list.contains("Ada Lovelace") && list.contains("Something offensive"))
        let noReason = try organiser.post(
            "/admin/areas/test-campus/moderation/act",
            [("profile", profile.id.rawValue), ("action", "hide"), ("reason", " ")],
            csrf: csrf)
        #expect(noReason.status == .unprocessableContent)
        #expect(try test.store.profile(id: profile.id)?.isHidden == false)
        let hidden = try organiser.post(
            "/admin/areas/test-campus/moderation/act",
            [("profile", profile.id.rawValue), ("action", "hide"), ("reason", "Offensive bio at the keynote.")],
            csrf: csrf)
        #expect(hidden.status == .seeOther)

        let others = try Person(test).html("/places/alpha")
        #expect(others.contains("Ada Lovelace"))
        #expect(!others.contains("Something offensive"))
        #expect(try Person(test).get("/avatars/\(profile.id)").status == .notFound)
        let own = try ada.html("/profile")
        #expect(own.contains("Offensive bio at the keynote."))

        let ended = try organiser.post(
            "/admin/areas/test-campus/moderation/act",
            [("profile", profile.id.rawValue), ("action", "end"), ("reason", "Left the venue")], csrf: csrf)
        #expect(ended.status == .seeOther)
        #expect(try test.store.checkIn(profileID: profile.id, activeAt: test.clock.now) == nil)
        // No longer checked in here: nothing more can be done to them from this area.
        let again = try organiser.post(
            "/admin/areas/test-campus/moderation/act",
            [("profile", profile.id.rawValue), ("action", "restore"), ("reason", "x")], csrf: csrf)
        #expect(again.status == .notFound)

        let audit = try organiser.html("/admin/areas/test-campus/audit?action=profile.hide")
        #expect(audit.contains("Offensive bio at the keynote.") && audit.contains("kim@example.org"))
        #expect(!audit.contains("Left the venue"))
        #expect(try organiser.html("/admin/areas/test-campus/audit").contains("Left the venue"))
    }

    /// A person with a profile, checked in at `place`.
    private func checkedIn(_ test: TestApp, _ name: String, at place: String) throws -> Person {
        let person = try Person(test)
        _ = try person.post("/profile", [("firstName", name), ("lastName", "Crowd")])
        #expect(try person.post("/places/\(place)/checkin", []).status == .seeOther)
        return person
    }

    private func checkedInCount(_ test: TestApp) throws -> Int {
        try test.store.activeCheckIns(inArea: TestApp.sampleArea.id, at: test.clock.now).count
    }

    /// The report: 608 fresh sessions checked in at one place, and moderation ended them one at a time. Everyone of
    /// the last N minutes, or everyone at a place, ends at once with one reason and one audit entry with the count;
    /// a bad form changes nothing.
    @Test func aFloodOfCheckInsEndsAtOnceWithOneAuditEntry() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let regulars = try ["Ada", "Ben"].map { try checkedIn(test, $0, at: "bravo") }
        test.clock.advance(by: 2 * 3600)
        for index in 0..<5 { _ = try checkedIn(test, "Flood\(index)", at: "alpha") }
        _ = try checkedIn(test, "Late", at: "bravo")
        #expect(try checkedInCount(test) == 8)

        let organiser = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(organiser)
        let page = try organiser.html("/admin/areas/test-campus/moderation")
        #expect(page.contains("End many check-ins at once") && page.contains("Alpha Hall (5)"))
        let path = "/admin/areas/test-campus/moderation/end-many"
        let refusals: [([(String, String)], Status)] = [
            ([("selection", "recent"), ("minutes", "10"), ("reason", "  ")], .unprocessableContent),
            ([("selection", "recent"), ("minutes", "0"), ("reason", "Spam")], .unprocessableContent),
            ([("selection", "recent"), ("minutes", "1441"), ("reason", "Spam")], .unprocessableContent),
            ([("selection", "recent"), ("minutes", "ten"), ("reason", "Spam")], .unprocessableContent),
            (
                [("selection", "recent"), ("minutes", "10"), ("reason", String(repeating: "x", count: 201))],
                .unprocessableContent
            ),
            ([("selection", "place"), ("place", "nowhere"), ("reason", "Spam")], .notFound),
            ([("selection", "everyone"), ("reason", "Spam")], .badRequest),
        ]
        for (fields, status) in refusals {
            #expect(try organiser.post(path, fields, csrf: csrf).status == status, "\(fields)")
        }
        #expect(try checkedInCount(test) == 8)

        let recent = try organiser.post(
            path, [("selection", "recent"), ("minutes", "10"), ("reason", "Check-in spam from one address")],
            csrf: csrf)
        #expect(recent.status == .seeOther)
        #expect(try organiser.html(try #require(recent.headers["Location"])).contains("Ended 6 check-ins."))
        // The regulars, whose sessions are two hours old, stay.
        let left = try test.store.activeCheckIns(inArea: TestApp.sampleArea.id, at: test.clock.now)
        #expect(left.map(\.profile.firstName).sorted() == ["Ada", "Ben"])
        #expect(
            try organiser.post(path, [("selection", "place"), ("place", "bravo"), ("reason", "Closing")], csrf: csrf)
                .status == .seeOther)
        #expect(try checkedInCount(test) == 0)
        #expect(try regulars[0].html("/places/bravo").contains("Ada Crowd") == false)

        let entries = try test.store.auditEntries(
            areas: [TestApp.sampleArea.id], includingGlobal: false, action: "checkin.end-many", before: nil, limit: 10)
        #expect(entries.map(\.before) == ["2 checked in", "6 checked in"])
        #expect(entries.map(\.after) == ["ended: Closing", "ended: Check-in spam from one address"])
        #expect(entries.first?.subject == "everyone at bravo")
        // Nothing left to end: no entry for nothing.
        _ = try organiser.post(path, [("selection", "place"), ("place", "bravo"), ("reason", "Again")], csrf: csrf)
        #expect(
            try test.store.auditEntries(
                areas: [TestApp.sampleArea.id], includingGlobal: false, action: "checkin.end-many", before: nil,
                limit: 10
            ).count == 2)
    }
}
