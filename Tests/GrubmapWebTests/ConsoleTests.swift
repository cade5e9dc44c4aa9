import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// The operator console through the app: set-up links, sign-in and its limits, and authorization of every console
/// route by area.
@Suite struct ConsoleTests {
    static let password = "lunch at geumjeong hall"

    static func makeApp() throws -> TestApp {
        try TestApp.make { $0.passwordHasher = PasswordHasher(cost: .minimum) }
    }

    /// An operator of `area` with the returned set-up link's token.
    static func enrol(
        _ test: TestApp, _ email: String, area: Area.ID = TestApp.sampleArea.id, role: Operator.Role = .editor
    )
        throws -> String
    {
        try OperatorEnrolment(store: test.store, randomBytes: AppEnvironment.systemRandomBytes)
            .add(email: email, role: role, areaIDs: [area], by: .commandLine, now: test.clock.now).link.token
    }

    /// A browser that set up the operator's password from the link and signed in.
    static func signedIn(
        _ test: TestApp, _ email: String, area: Area.ID = TestApp.sampleArea.id, role: Operator.Role = .editor,
        language: String = "en"
    ) throws -> Person {
        let token = try enrol(test, email, area: area, role: role)
        let person = try Person(test, language: language)
        _ = try person.get("/admin/setup?token=\(token)")
        let setUp = try person.post(
            "/admin/setup", [("token", token), ("password", password), ("repeat", password)],
            csrf: person.cookies["grubmap_console_csrf"])
        precondition(setUp.status == .seeOther, "set-up failed: \(setUp.status)")
        let signIn = try person.post(
            "/admin/sign-in", [("email", email), ("password", password)], csrf: person.cookies["grubmap_console_csrf"])
        precondition(signIn.status == .seeOther, "sign-in failed: \(signIn.status)")
        return person
    }

    /// The console CSRF token of a signed-in person, from the console's home page.
    static func consoleCSRF(_ person: Person) throws -> String {
        let page = try person.html("/admin")
        guard let range = page.range(of: "name=\"csrf\" value=\"") else { return "" }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }

    private func body(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func aSetUpLinkWorksOnceAndSaysWhyItDoesNot() throws {
        let test = try Self.makeApp()
        defer { test.cleanUp() }
        let token = try Self.enrol(test, "kim@example.org")
        let person = try Person(test)
        let form = try person.get("/admin/setup?token=\(token)")
        #expect(form.status == .ok)
        #expect(body(form).contains("kim@example.org"))
        let csrf = person.cookies["grubmap_console_csrf"]
        let weak = try person.post(
            "/admin/setup", [("token", token), ("password", "password1234"), ("repeat", "password1234")], csrf: csrf)
        #expect(weak.status == .unprocessableContent)
        #expect(body(weak).contains("too common"))
        let differ = try person.post(
            "/admin/setup", [("token", token), ("password", Self.password), ("repeat", "something else")], csrf: csrf)
        #expect(differ.status == .unprocessableContent)
        #expect(try test.store.operatorCredentials(email: "kim@example.org")?.passwordHash == nil)
        let forged = try person.post(
            "/admin/setup", [("token", token), ("password", Self.password), ("repeat", Self.password)], csrf: "nope")
        #expect(forged.status == .forbidden)
        let done = try person.post(
            "/admin/setup", [("token", token), ("password", Self.password), ("repeat", Self.password)], csrf: csrf)
        #expect(done.status == .seeOther)
        let reused = try person.get("/admin/setup?token=\(token)")
        #expect(reused.status == .gone)
        #expect(body(reused).contains("was used already"))
        let unknown = try person.get("/admin/setup?token=\(String(repeating: "x", count: 43))")
        #expect(unknown.status == .notFound)
        #expect(body(unknown).contains("not valid"))
        let late = try Self.enrol(test, "lee@example.org")
        test.clock.advance(by: 24 * 3600 + 1)
        let expired = try person.get("/admin/setup?token=\(late)")
        #expect(expired.status == .gone)
        #expect(body(expired).contains("has expired"))
    }

    @Test func wrongPasswordsAndUnknownAddressesGetOneMessageThenWait() throws {
        let test = try Self.makeApp()
        defer { test.cleanUp() }
        _ = try Self.signedIn(test, "kim@example.org")
        let person = try Person(test)
        _ = try person.get("/admin/sign-in")
        let csrf = person.cookies["grubmap_console_csrf"]
        let wrong = try person.post(
            "/admin/sign-in", [("email", "kim@example.org"), ("password", "not the password")], csrf: csrf)
        let unknown = try person.post(
            "/admin/sign-in", [("email", "nobody@example.org"), ("password", "not the password")], csrf: csrf)
        #expect(wrong.status == .unprocessableContent)
        #expect(unknown.status == .unprocessableContent)
        #expect(body(wrong).contains("do not match"))
        #expect(body(wrong) == body(unknown).replacingOccurrences(of: "nobody@example.org", with: "kim@example.org"))
        for _ in 0..<4 {
            _ = try person.post(
                "/admin/sign-in", [("email", "kim@example.org"), ("password", "not the password")], csrf: csrf)
        }
        let limited = try person.post(
            "/admin/sign-in", [("email", "kim@example.org"), ("password", Self.password)], csrf: csrf)
        #expect(limited.status == .tooManyRequests)
        #expect(limited.headers["Retry-After"] != nil)
        test.clock.advance(by: 60)
        let later = try person.post(
            "/admin/sign-in", [("email", "kim@example.org"), ("password", Self.password)], csrf: csrf)
        #expect(later.status == .seeOther)
        #expect(later.headers["Set-Cookie"]?.contains("HttpOnly; SameSite=Strict") == true)
    }

    @Test func signingInReturnsOnlyToConsolePages() throws {
        let test = try Self.makeApp()
        defer { test.cleanUp() }
        _ = try Self.signedIn(test, "kim@example.org")
        for (next, expected) in [
            ("/admin/areas/test-campus/places", "/admin/areas/test-campus/places"), ("https://evil.example", "/admin"),
            ("//evil.example/admin", "/admin"), ("/areas/test-campus", "/admin"), ("/admin/../x", "/admin/../x"),
        ] {
            let person = try Person(test)
            _ = try person.get("/admin/sign-in")
            let response = try person.post(
                "/admin/sign-in", [("email", "kim@example.org"), ("password", Self.password), ("next", next)],
                csrf: person.cookies["grubmap_console_csrf"])
            #expect(response.headers["Location"] == expected, "next=\(next)")
        }
        let anonymous = try Person(test).get("/admin/areas/test-campus/places")
        #expect(anonymous.status == .seeOther)
        #expect(anonymous.headers["Location"] == "/admin/sign-in?next=/admin/areas/test-campus/places")
    }

    @Test func aSecondFactorCodeIsNeededAndWorksOnce() throws {
        let test = try Self.makeApp()
        defer { test.cleanUp() }
        _ = try Self.signedIn(test, "kim@example.org")
        let account = try #require(try test.store.operatorCredentials(email: "kim@example.org")?.account)
        let secret = Array("12345678901234567890".utf8)
        try test.store.setSecondFactor(
            operatorID: account.id, secret: secret, acceptedStep: nil,
            audit: Actor.commandLine.audit(
                "operator.2fa", subject: account.email, area: nil, at: test.clock.now, before: nil, after: "on"))
        let code = TOTP(secret: secret).code(at: test.clock.now)
        func attempt(_ code: String) throws -> Response {
            let person = try Person(test)
            _ = try person.get("/admin/sign-in")
            return try person.post(
                "/admin/sign-in", [("email", "kim@example.org"), ("password", Self.password), ("code", code)],
                csrf: person.cookies["grubmap_console_csrf"])
        }
        #expect(try attempt("").status == .unprocessableContent)
        #expect(try attempt("000000" == code ? "111111" : "000000").status == .unprocessableContent)
        #expect(try attempt(code).status == .seeOther)
        let replayed = try attempt(code)
        #expect(replayed.status == .unprocessableContent)
        #expect(body(replayed).contains("used already"))
    }

    /// Every console route, tried by an editor of another area with a valid session and CSRF token: 404 or 403, and
    /// nothing changes (no audit entry, the place as it was).
    @Test func everyConsoleRouteRefusesAnotherAreasOperator() throws {
        // Menus at alpha give the area dishes, so a dish's routes are tried with one of them, and a name suggestion's
        // with a suggestion for it.
        let test = try DishTests.app { $0.passwordHasher = PasswordHasher(cost: .minimum) }
        defer { test.cleanUp() }
        let suggestion = try test.store.suggestName(
            "Pork cutlet", language: .english, dishID: try DishTests.cutlet(test).id,
            by: ReporterKey(hex: String(repeating: "a", count: 64))!, at: test.clock.now, policy: .standard
        ).suggestion
        let outsider = try Self.signedIn(test, "outsider@example.org", area: TestApp.secondArea.id)
        let csrf = try Self.consoleCSRF(outsider)
        let before = try test.store.consolePlace(id: try Place.ID("alpha"))
        let dishes = try test.store.dishes(inArea: TestApp.sampleArea.id)
        let dish = try DishTests.cutlet(test).id.description
        let auditBefore = try test.store.auditEntries(
            areas: [TestApp.sampleArea.id, TestApp.secondArea.id], includingGlobal: true, action: nil, before: nil,
            limit: 100)
        var tried = 0
        for route in test.app.routes.consoleRoutes where route.pattern.contains("{id}") {
            let id =
                route.pattern.hasPrefix("/admin/areas/")
                ? TestApp.sampleArea.id.rawValue
                : route.pattern.hasPrefix("/admin/dishes/")
                    ? dish : route.pattern.hasPrefix("/admin/name-suggestions/") ? suggestion.id.description : "alpha"
            let path = route.pattern.replacingOccurrences(of: "{id}", with: id)
            let response =
                route.method == .get
                ? try outsider.get(path)
                : try outsider.post(
                    path, [("nameEn", "Taken over"), ("kind", "cafe"), ("en", "Taken over"), ("into", dish)], csrf: csrf
                )
            #expect([.notFound, .forbidden].contains(response.status), "\(route.method) \(path)")
            tried += 1
        }
        #expect(tried >= 6)
        #expect(try test.store.consolePlace(id: try Place.ID("alpha")) == before)
        #expect(try test.store.dishes(inArea: TestApp.sampleArea.id) == dishes)
        #expect(try test.store.nameSuggestion(id: suggestion.id)?.suggestion == suggestion)
        let auditAfter = try test.store.auditEntries(
            areas: [TestApp.sampleArea.id, TestApp.secondArea.id], includingGlobal: true, action: nil, before: nil,
            limit: 100)
        #expect(auditAfter == auditBefore)
    }

    @Test func aChangeWithoutTheSessionsCSRFTokenChangesNothing() throws {
        let test = try Self.makeApp()
        defer { test.cleanUp() }
        let person = try Self.signedIn(test, "kim@example.org")
        let response = try person.post("/admin/places/alpha/archive", [], csrf: "forged")
        #expect(response.status == .forbidden)
        #expect(try test.store.place(id: try Place.ID("alpha")) != nil)
    }

    @Test func aPlaceIsCreatedEditedArchivedAndRestoredAndEachChangeIsAudited() throws {
        let test = try Self.makeApp()
        defer { test.cleanUp() }
        let person = try Self.signedIn(test, "kim@example.org")
        let csrf = try Self.consoleCSRF(person)
        var fields = [
            ("id", "delta"), ("nameEn", "Delta Hall"), ("nameKo", "델타관"), ("kind", "cafeteria"),
            ("latitude", "35.2340"), ("longitude", "129.0810"), ("website", "javascript:alert(1)"),
            ("hoursMo", "11:00-14:00, 17:00-20:00"), ("hoursTu", "11:00-14:00, 17:00-20:00"),
            ("hoursWe", "25:00-26:00"),
        ]
        let refused = try person.post("/admin/areas/test-campus/places/new", fields, csrf: csrf)
        #expect(refused.status == .unprocessableContent)
        #expect(body(refused).contains("https://"))
        #expect(try test.store.consolePlace(id: try Place.ID("delta")) == nil)
        fields.removeAll { $0.0 == "website" || $0.0 == "hoursWe" }
        let created = try person.post("/admin/areas/test-campus/places/new", fields, csrf: csrf)
        #expect(created.status == .seeOther)
        let place = try #require(try test.store.place(id: try Place.ID("delta")))
        #expect(place.openingHours.rules.count == 2)
        #expect(place.openingHours.rules.first?.days == [.monday, .tuesday])
        let publicPage = try Person(test).html("/places/delta")
        #expect(publicPage.contains("Delta Hall") && publicPage.contains("17:00"))
        #expect(try person.post("/admin/places/delta/archive", [], csrf: csrf).status == .seeOther)
        #expect(try Person(test).get("/places/delta").status == .notFound)
        #expect(try person.html("/admin/areas/test-campus/places?q=delta").contains("Archived"))
        #expect(try person.post("/admin/places/delta/restore", [], csrf: csrf).status == .seeOther)
        #expect(try Person(test).get("/places/delta").status == .ok)
        let actions = try test.store.auditEntries(
            areas: [TestApp.sampleArea.id], includingGlobal: false, action: nil, before: nil, limit: 10
        ).map { "\($0.action) \($0.actorName)" }
        #expect(
            actions == [
                "place.restore kim@example.org", "place.archive kim@example.org", "place.create kim@example.org",
                "operator.add command line",
            ])
    }

    @Test func seatsAreSetInThePlaceFormAndAnythingElseIsAProblemThatSavesNothing() throws {
        let test = try Self.makeApp()
        defer { test.cleanUp() }
        let person = try Self.signedIn(test, "kim@example.org")
        let csrf = try Self.consoleCSRF(person)
        let fields = [
            ("id", "delta"), ("nameEn", "Delta Hall"), ("kind", "cafeteria"), ("latitude", "35.2340"),
            ("longitude", "129.0810"),
        ]
        for bad in ["0", "100001", "many", "12.5", "-4"] {
            let refused = try person.post("/admin/areas/test-campus/places/new", fields + [("seats", bad)], csrf: csrf)
            #expect(refused.status == .unprocessableContent, "\(bad)")
            #expect(body(refused).contains("a whole number from 1 to 100000"), "\(bad)")
        }
        #expect(try test.store.consolePlace(id: try Place.ID("delta")) == nil)
        let created = try person.post("/admin/areas/test-campus/places/new", fields + [("seats", " 240 ")], csrf: csrf)
        #expect(created.status == .seeOther)
        #expect(try test.store.place(id: try Place.ID("delta"))?.seats == 240)
        #expect(try person.html("/admin/places/delta").contains(#"value="240""#))
        // Emptied, the place has no seats.
        #expect(
            try person.post("/admin/places/delta", fields.filter { $0.0 != "id" } + [("seats", "")], csrf: csrf).status
                == .seeOther)
        #expect(try test.store.place(id: try Place.ID("delta"))?.seats == nil)
    }

    @Test func signingOutEverywhereEndsEverySession() throws {
        let test = try Self.makeApp()
        defer { test.cleanUp() }
        let first = try Self.signedIn(test, "kim@example.org")
        let second = try Person(test)
        _ = try second.get("/admin/sign-in")
        _ = try second.post(
            "/admin/sign-in", [("email", "kim@example.org"), ("password", Self.password)],
            csrf: second.cookies["grubmap_console_csrf"])
        #expect(try second.get("/admin").status == .ok)
        let out = try first.post("/admin/sign-out-everywhere", [], csrf: try Self.consoleCSRF(first))
        #expect(out.status == .seeOther)
        #expect(try second.get("/admin").status == .seeOther)
        // Idle for 12 hours: signed out too.
        let third = try Self.signedIn(test, "lee@example.org")
        test.clock.advance(by: 12 * 3600 + 1)
        #expect(try third.get("/admin").status == .seeOther)
    }
}
