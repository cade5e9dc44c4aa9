import Foundation
import GrubmapCore
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

@Suite struct OnboardingTests {
    @Test func firstVisitShowsOnboardingAndGivesASecureSessionCookie() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let response = try test.get("/")
        #expect(response.status == .ok)
        let html = String(decoding: response.body, as: UTF8.self)
        #expect(html.contains("data-onboarding"))
        #expect(html.contains("Welcome to Grubmap"))
        let cookie = try #require(response.headers["Set-Cookie"])
        #expect(cookie.hasPrefix("grubmap_session="))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && !cookie.contains("Secure"))
        let token = String(cookie.dropFirst("grubmap_session=".count).prefix { $0 != ";" })
        #expect(Session.isWellFormedToken(token))  // 32 random bytes: 256 bits
    }

    @Test func cookiesAreSecureBehindAnHTTPSProxy() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let response = try test.get("/", headers: ["X-Forwarded-Proto": "https"])
        #expect(response.headers["Set-Cookie"]?.contains("; Secure") == true)
    }

    @Test(arguments: ["started", "skipped", "closed"])
    func anyEndingRecordsTheVersionAndOpensTheDefaultArea(outcome: String) throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.get("/")
        let response = try person.post("/onboarding", [("outcome", outcome)])
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/areas/another-area?locate=1")
        let home = try person.get("/")
        #expect(home.status == .found)
        #expect(!(try person.html("/areas/test-campus").contains("data-onboarding")))
    }

    @Test func aForgedOrExpiredCookieIsANewVisitorNotAnError() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        for forged in ["nonsense", String(repeating: "A", count: 43), "'; DROP TABLE sessions; --", ""] {
            let response = try test.get("/", headers: ["Cookie": "grubmap_session=\(forged)"])
            #expect(response.status == .ok)
            #expect(String(decoding: response.body, as: UTF8.self).contains("data-onboarding"))
            #expect(response.headers["Set-Cookie"]?.hasPrefix("grubmap_session=") == true)
        }
        let person = try Person(test)
        try person.finishOnboarding()
        #expect(try person.get("/").status == .found)
        test.clock.advance(by: 181 * 24 * 3600)
        let expired = try person.get("/")
        #expect(expired.status == .ok)
        #expect(expired.headers["Set-Cookie"] != nil)
    }

    @Test func aVisitRenewsTheSessionSoActivePeopleStay() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        for _ in 0..<4 {
            test.clock.advance(by: 100 * 24 * 3600)
            #expect(try person.get("/").status == .found)
        }
    }

    @Test func finishingWithoutTheCSRFTokenIsRefusedAndChangesNothing() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.get("/")
        for token in ["", "wrong", String(repeating: "x", count: 43)] {
            let response = try person.post("/onboarding", [("outcome", "started")], csrf: token)
            #expect(response.status == .forbidden)
        }
        #expect(try person.get("/").status == .ok)  // still onboarding
    }

    @Test func anUnknownOutcomeIsABadRequest() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.get("/")
        #expect(try person.post("/onboarding", [("outcome", "explode")]).status == .badRequest)
        #expect(try person.get("/").status == .ok)
    }

    @Test func aNewContentVersionIsShownAsWhatsNewToThoseWhoSawAnOlderOne() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        _ = try test.store.updatePreferences(sessionToken: person.cookie!) {
            try $0.set(0, for: PreferenceKeys.seenOnboardingVersion)
        }
        let html = try person.html("/")
        #expect(html.contains("What&#39;s new in Grubmap"))
    }

    @Test(arguments: OnboardingStyle.allCases)
    func eachStyleRendersItsControls(style: OnboardingStyle) throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.get("/settings")
        _ = try test.store.updatePreferences(sessionToken: person.cookie!) {
            try $0.set(style, for: PreferenceKeys.onboardingStyle)
        }
        let html = try person.html("/onboarding?page=1")
        #expect(html.contains("data-style=\"\(style.rawValue)\""))
        switch style {
        case .basic:
            #expect(html.contains("value=\"closed\""))
            #expect(html.contains("value=\"started\""))
            #expect(!html.contains("data-slide"))
        case .slides, .progress:
            #expect(html.contains("value=\"skipped\""))
            #expect(html.contains("href=\"/onboarding?page=2\""))  // Next, without JavaScript
            #expect(html.contains("href=\"/onboarding?page=0\""))  // Back
            #expect(html.components(separatedBy: "data-slide=").count == 4)
            #expect(html.contains("data-bar") == (style == .progress))
        }
    }

    @Test func koreanFromTheBrowserOrTheSetting() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let korean = try Person(test, language: "ko-KR,ko;q=0.9")
        #expect(try korean.html("/").contains("Grubmap에 오신 것을 환영합니다"))
        let english = try Person(test, language: "en-US")
        #expect(try english.post("/settings", [("language", "ko")]).status == .seeOther)
        #expect(try english.html("/settings").contains("<html lang=\"ko\">"))
    }
}

@Suite struct SessionLifetimeTests {
    @Test func aFirstVisitSessionLastsADayUnlessItsBrowserComesBack() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let response = try test.get("/")
        #expect(response.headers["Set-Cookie"]?.contains("Max-Age=86400") == true)
        let person = try Person(test)
        _ = try person.get("/")
        test.clock.advance(by: 3600)
        // Coming back extends it to the full lifetime, and the browser is told so.
        let back = try person.get("/settings")
        #expect(back.headers["Set-Cookie"]?.contains("Max-Age=\(180 * 24 * 3600)") == true)
        #expect(try test.store.session(token: person.cookie!)?.expiresAt == test.clock.now + 180 * 24 * 3600)
        // The session that never came back is gone after a day.
        test.clock.advance(by: 24 * 3600)
        #expect(try test.store.deleteSessions(expiredBefore: test.clock.now) == 1)
    }

    @Test func anActivePersonsCookieIsRenewedWithTheSession() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.get("/")
        _ = try person.get("/settings")
        test.clock.advance(by: 100 * 24 * 3600)
        let renewed = try person.get("/settings")
        #expect(renewed.headers["Set-Cookie"]?.hasPrefix("grubmap_session=\(person.cookie!);") == true)
        test.clock.advance(by: 100 * 24 * 3600)
        _ = try person.get("/settings")
        #expect(try test.store.session(token: person.cookie!)?.isValid(at: test.clock.now) == true)
    }

    @Test func oneAddressCannotStartEndlessSessions() throws {
        let test = try TestApp.make { $0.newSessionsPerMinute = 3 }
        defer { test.cleanUp() }
        var statuses: [Int] = []
        for _ in 0..<4 { statuses.append(try test.get("/").status.code) }
        #expect(statuses == [200, 200, 200, 429])
        // Nor through forged bearer tokens or the session endpoint.
        let forged = try test.send(
            .patch, "/api/v1/me/preferences",
            headers: [
                "Authorization": "Bearer \(String(repeating: "Q", count: 43))", "Content-Type": "application/json",
            ],
            body: #"{"units":"mi"}"#)
        #expect(forged.status == .tooManyRequests)
        #expect(try test.send(.post, "/api/v1/sessions").status == .tooManyRequests)
        // People who already have a session are not affected.
        test.clock.advance(by: 61)
        let person = try Person(test)
        _ = try person.get("/")
        for _ in 0..<5 { #expect(try person.get("/settings").status == .ok) }
    }
}
