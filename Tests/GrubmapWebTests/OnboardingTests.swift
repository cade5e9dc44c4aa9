import Foundation
import GrubmapCore
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

@Suite struct OnboardingTests {
    @Test func firstVisitShowsOnboardingAndStoresNothing() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let response = try test.get("/")
        #expect(response.status == .ok)
        let html = String(decoding: response.body, as: UTF8.self)
        #expect(html.contains("data-onboarding"))
        #expect(html.contains("Welcome to Grubmap"))
        // The device cookie, and the key of the pages the service worker may keep for this device (not a secret).
        let cookies = response.headers.values(for: "Set-Cookie")
        #expect(cookies.count == 2)
        let cookie = try #require(cookies.first)
        #expect(cookie.hasPrefix("grubmap_device="))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && !cookie.contains("Secure"))
        #expect(cookies.last?.hasPrefix(OfflineKey.cookieName + "=") == true)
        #expect(try test.store.deleteSessions(expiredBefore: .distantFuture) == 0)
    }

    @Test func finishingTheTourAndSettingsStoreNothingAndSurviveAServerRestart() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        #expect(try person.post("/settings", [("units", "mi"), ("language", "ko")]).status == .seeOther)
        #expect(try test.store.deleteSessions(expiredBefore: .distantFuture) == 0)
        // Another server on the same database reads the same signed cookie.
        let other = TestApp(
            app: App(environment: test.app.environment), store: test.store, folder: test.folder, clock: test.clock)
        let again = Person(sharing: person, with: other)
        #expect(try again.get("/").status == .found)
        #expect(try again.html("/settings").contains("<html lang=\"ko\">"))
    }

    @Test func cookiesAreSecureBehindATrustedHTTPSProxyOnly() throws {
        let test = try TestApp.make { $0.trustedProxies = TrustedProxies([IPRange("127.0.0.1")].compactMap { $0 }) }
        defer { test.cleanUp() }
        let proxied = try test.get("/", headers: ["X-Forwarded-Proto": "https"], from: "127.0.0.1")
        let cookies = proxied.headers.values(for: "Set-Cookie")
        #expect(!cookies.isEmpty && cookies.allSatisfy { $0.contains("; Secure") })
        // Anyone else saying so is not believed.
        let direct = try test.get("/", headers: ["X-Forwarded-Proto": "https"], from: "127.0.0.2")
        #expect(!direct.headers.values(for: "Set-Cookie").contains { $0.contains("; Secure") })
    }

    @Test(arguments: ["started", "skipped", "closed"])
    func anyEndingRecordsTheVersionAndGoesWhereSlashGoes(outcome: String) throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.get("/")
        let response = try person.post("/onboarding", [("outcome", outcome)])
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/areas?locate=1", "nothing says which area: the chooser")
        let home = try person.get("/")
        #expect(home.status == .found)
        #expect(!(try person.html("/areas/test-campus").contains("data-onboarding")))
    }

    @Test func aForgedOrExpiredCookieIsANewVisitorNotAnError() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        let genuine = try #require(person.cookies["grubmap_device"])
        let payload = genuine.prefix { $0 != "." }
        let forgedDevices = [
            "nonsense", "\(payload).\(String(repeating: "A", count: 43))", String(payload),
            payload.replacingOccurrences(of: "seenOnboardingVersion", with: "x") + "."
                + genuine.split(separator: ".")[1],
            "",
        ]
        for forged in ["nonsense", String(repeating: "A", count: 43), "'; DROP TABLE sessions; --", ""] {
            for device in forgedDevices {
                let response = try test.get(
                    "/", headers: ["Cookie": "grubmap_session=\(forged); grubmap_device=\(device)"])
                #expect(response.status == .ok)
                #expect(String(decoding: response.body, as: UTF8.self).contains("data-onboarding"))
                #expect(response.headers["Set-Cookie"]?.hasPrefix("grubmap_device=") == true)
            }
        }
        #expect(try person.get("/").status == .found)
        // A device cookie is good for 400 days after it was last issued; then the browser is new again.
        test.clock.advance(by: 401 * 24 * 3600)
        let expired = try person.get("/")
        #expect(expired.status == .ok)
        #expect(expired.headers["Set-Cookie"]?.hasPrefix("grubmap_device=") == true)
    }

    @Test func aVisitRenewsTheCookiesSoActivePeopleStay() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        _ = try person.post("/places/alpha/bookmark", [("bookmarked", "1")])
        _ = try person.get("/areas/test-campus")  // coming back once makes the session last
        for _ in 0..<6 {
            test.clock.advance(by: 100 * 24 * 3600)
            #expect(try person.get("/").status == .found)
            #expect(try person.html("/areas/test-campus").contains("data-bookmark=\"0\""))
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
        let newer = try TestApp.make { configuration in
            configuration.onboarding = try! Self.catalog(bumpedBy: 1, from: configuration.onboarding)
        }
        defer { newer.cleanUp() }
        // The same browser against a server with newer content (and the same signing secret).
        let upgraded = TestApp(
            app: App(
                environment: AppEnvironment(
                    store: test.store, now: test.app.environment.now, randomBytes: test.app.environment.randomBytes,
                    configuration: newer.app.environment.configuration)),
            store: test.store, folder: test.folder, clock: test.clock)
        let html = try Person(sharing: person, with: upgraded).html("/")
        #expect(html.contains("What&#39;s new in Grubmap"))
    }

    @Test(arguments: OnboardingStyle.allCases)
    func eachStyleRendersItsControls(style: OnboardingStyle) throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        #expect(try person.post("/settings", [("onboardingStyle", style.rawValue)]).status == .seeOther)
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
        #expect(try korean.html("/").contains("Grubmap에 오신 걸 환영해요"))
        let english = try Person(test, language: "en-US")
        #expect(try english.post("/settings", [("language", "ko")]).status == .seeOther)
        #expect(try english.html("/settings").contains("<html lang=\"ko\">"))
    }

    /// The bundled tour with its version raised by `step`, for people who saw the older one.
    static func catalog(bumpedBy step: Int, from catalog: OnboardingCatalog) throws -> OnboardingCatalog {
        var contents: [Language: OnboardingContent] = [:]
        for language in Language.allCases {
            var content = catalog.content(in: language)
            content.version += step
            contents[language] = content
        }
        return try OnboardingCatalog(contents)
    }
}

@Suite struct SessionLifetimeTests {
    @Test func aFirstStoredChangeMakesASessionThatLastsADayUnlessItsBrowserComesBack() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.get("/")
        #expect(person.cookie == nil)
        let bookmarked = try person.post("/places/alpha/bookmark", [("bookmarked", "1")])
        #expect(bookmarked.status == .seeOther)
        let made = try #require(bookmarked.headers.values(for: "Set-Cookie").first { $0.hasPrefix("grubmap_session=") })
        #expect(made.contains("Max-Age=86400") && made.contains("HttpOnly") && made.contains("SameSite=Lax"))
        #expect(Session.isWellFormedToken(try #require(person.cookie)))  // 32 random bytes: 256 bits
        test.clock.advance(by: 3600)
        // Coming back extends it to the full lifetime, and the browser is told so.
        let back = try person.get("/settings")
        #expect(back.headers["Set-Cookie"]?.contains("Max-Age=\(180 * 24 * 3600)") == true)
        #expect(try test.store.session(token: person.cookie!)?.expiresAt == test.clock.now + 180 * 24 * 3600)
        // A session that never came back is gone after a day.
        let passerby = try Person(test)
        _ = try passerby.get("/")
        _ = try passerby.post("/places/bravo/bookmark", [("bookmarked", "1")])
        test.clock.advance(by: 25 * 3600)
        #expect(try test.store.deleteSessions(expiredBefore: test.clock.now) == 1)
    }

    @Test func anActivePersonsCookieIsRenewedWithTheSession() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.get("/")
        _ = try person.post("/places/alpha/bookmark", [("bookmarked", "1")])
        _ = try person.get("/settings")
        test.clock.advance(by: 100 * 24 * 3600)
        let renewed = try person.get("/settings")
        #expect(
            renewed.headers.values(for: "Set-Cookie").contains { $0.hasPrefix("grubmap_session=\(person.cookie!);") })
        test.clock.advance(by: 100 * 24 * 3600)
        _ = try person.get("/settings")
        #expect(try test.store.session(token: person.cookie!)?.isValid(at: test.clock.now) == true)
    }

    @Test func oneAddressMintsABurstOfStoredSessionsThenASteadyRate() throws {
        let test = try TestApp.make {
            $0.newSessionsBurst = 3
            $0.newSessionsPerMinute = 1
        }
        defer { test.cleanUp() }
        var statuses: [Int] = []
        for _ in 0..<4 {
            let person = try Person(test)
            #expect(try person.get("/areas/test-campus").status == .ok)  // reading never counts
            statuses.append(try person.post("/places/alpha/bookmark", [("bookmarked", "1")]).status.code)
        }
        #expect(statuses == [303, 303, 303, 429])
        // Nor through forged bearer tokens or the session endpoint.
        let forged = try test.send(
            .patch, "/api/v1/me/preferences",
            headers: [
                "Authorization": "Bearer \(String(repeating: "Q", count: 43))", "Content-Type": "application/json",
            ],
            body: #"{"units":"mi"}"#)
        #expect(forged.status == .tooManyRequests)
        #expect(forged.headers["Retry-After"] == "60")
        #expect(try test.send(.post, "/api/v1/sessions").status == .tooManyRequests)
        // A minute later, one more; people who already have a session are not affected.
        test.clock.advance(by: 60)
        #expect(try test.send(.post, "/api/v1/sessions").status == .created)
        #expect(try test.send(.post, "/api/v1/sessions").status == .tooManyRequests)
    }
}
