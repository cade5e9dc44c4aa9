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
}
