import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// The operator's account page: turning the second factor on only with a code from the offered key (which is used up
/// with it), and off or to a new key only with the password and a current code.
@Suite struct AccountTests {
    private func body(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

    /// The key the page offers, as written in its hidden field.
    private func offeredSecret(_ page: String) -> String? {
        guard let range = page.range(of: "name=\"secret\" value=\"") else { return nil }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }

    @Test func theSecondFactorIsTurnedOnWithACodeAndThenAskedAtSignIn() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(person)
        let page = try person.html("/admin/account")
        let secret = try #require(offeredSecret(page))
        #expect(page.contains("otpauth://totp/Grubmap:kim@example.org?secret=\(secret)"))
        let totp = TOTP(secret: try #require(Base32.decode(secret)))

        let wrong = try person.post(
            "/admin/account/second-factor", [("secret", secret), ("code", "000000")], csrf: csrf)
        #expect(wrong.status == .unprocessableContent || totp.code(at: test.clock.now) == "000000")
        #expect(try test.store.operatorCredentials(email: "kim@example.org")?.secondFactorSecret == nil)
        let forged = try person.post("/admin/account/second-factor", [("secret", "!!"), ("code", "1")], csrf: csrf)
        #expect(forged.status == .badRequest)

        let on = try person.post(
            "/admin/account/second-factor", [("secret", secret), ("code", totp.code(at: test.clock.now))], csrf: csrf)
        #expect(on.headers["Location"] == "/admin/account?done=on")
        #expect(
            try test.store.operatorCredentials(email: "kim@example.org")?.secondFactorSecret == Base32.decode(secret))

        // Signing in now needs a code.
        let other = try Person(test)
        _ = try other.get("/admin/sign-in")
        let withoutCode = try other.post(
            "/admin/sign-in", [("email", "kim@example.org"), ("password", ConsoleTests.password)],
            csrf: other.cookies["grubmap_console_csrf"])
        #expect(withoutCode.status == .unprocessableContent)

        test.clock.advance(by: 60)
        let off = try person.post(
            "/admin/account/second-factor",
            [("off", "1"), ("password", ConsoleTests.password), ("code", totp.code(at: test.clock.now))], csrf: csrf)
        #expect(off.headers["Location"] == "/admin/account?done=off")
        #expect(try test.store.operatorCredentials(email: "kim@example.org")?.secondFactorSecret == nil)
        let audit = try test.store.auditEntries(
            areas: [], includingGlobal: true, action: "operator.second-factor", before: nil, limit: 5)
        #expect(audit.map { $0.after ?? "" } == ["off", "on"])
    }

    /// A browser that signs in as the owner from its own address; `code` when the account has a second factor.
    private func signIn(_ test: TestApp, code: String) throws -> Response {
        let person = try Person(test)
        _ = try person.get("/admin/sign-in")
        return try person.post(
            "/admin/sign-in", [("email", "kim@example.org"), ("password", ConsoleTests.password), ("code", code)],
            csrf: person.cookies["grubmap_console_csrf"])
    }

    /// Turns the second factor on with the page's key and a code from it; returns the key.
    private func turnOn(_ test: TestApp, _ person: Person, csrf: String) throws -> TOTP {
        let secret = try #require(offeredSecret(try person.html("/admin/account")))
        let totp = TOTP(secret: try #require(Base32.decode(secret)))
        let on = try person.post(
            "/admin/account/second-factor", [("secret", secret), ("code", totp.code(at: test.clock.now))], csrf: csrf)
        #expect(on.headers["Location"] == "/admin/account?done=on")
        return totp
    }

    /// The report: the code that turned TOTP on signed in again. It is used up now; the next one works, once.
    @Test func theCodeThatTurnedItOnDoesNotSignInAgain() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let totp = try turnOn(test, person, csrf: try ConsoleTests.consoleCSRF(person))
        let replayed = try signIn(test, code: totp.code(at: test.clock.now))
        #expect(replayed.status == .unprocessableContent)
        #expect(body(replayed).contains("used already"))
        test.clock.advance(by: 30)
        #expect(try signIn(test, code: totp.code(at: test.clock.now)).status == .seeOther)
        #expect(try signIn(test, code: totp.code(at: test.clock.now)).status == .unprocessableContent)
    }

    /// The report: a console session alone replaced the second factor. Turning it off or replacing it now needs the
    /// password and a current code; without either nothing changes.
    @Test func turningItOffOrReplacingItNeedsThePasswordAndACurrentCode() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(person)
        let old = try turnOn(test, person, csrf: csrf)
        let stored = try test.store.operatorCredentials(email: "kim@example.org")?.secondFactorSecret
        test.clock.advance(by: 30)

        let page = try person.html("/admin/account")
        let newSecret = try #require(offeredSecret(page))
        #expect(page.contains("Move to a new authenticator app") && page.contains("replace-password"))
        let new = TOTP(secret: try #require(Base32.decode(newSecret)))
        let now = { test.clock.now }
        let attempts: [[(String, String)]] = [
            [("secret", newSecret), ("code", new.code(at: now()))],  // what a stolen session sent before
            [("secret", newSecret), ("newCode", new.code(at: now())), ("code", old.code(at: now()))],
            [("secret", newSecret), ("newCode", new.code(at: now())), ("password", ConsoleTests.password)],
            [
                ("secret", newSecret), ("newCode", new.code(at: now())), ("password", "not the password"),
                ("code", old.code(at: now())),
            ],
            [("off", "1"), ("code", old.code(at: now()))],
            [("off", "1"), ("password", ConsoleTests.password)],
        ]
        // Each from an address of its own, so the sign-in throttle (they count as attempts) stays out of the way.
        for (index, fields) in attempts.enumerated() {
            person.address = "198.51.100.\(index)"
            let refused = try person.post("/admin/account/second-factor", fields, csrf: csrf)
            #expect(refused.status == .unprocessableContent, "\(fields.map(\.0))")
            #expect(try test.store.operatorCredentials(email: "kim@example.org")?.secondFactorSecret == stored)
        }
        // A wrong code from the new key: nothing changes, and the old code is not used up by the refusal.
        person.address = "198.51.100.100"
        let wrongNew = new.code(at: now()) == "000000" ? "111111" : "000000"
        let badNew = try person.post(
            "/admin/account/second-factor",
            [
                ("secret", newSecret), ("newCode", wrongNew), ("password", ConsoleTests.password),
                ("code", old.code(at: now())),
            ], csrf: csrf)
        #expect(badNew.status == .unprocessableContent)
        #expect(body(badNew).contains("The code from the new key is not right"))
        #expect(try test.store.operatorCredentials(email: "kim@example.org")?.secondFactorSecret == stored)

        let replaced = try person.post(
            "/admin/account/second-factor",
            [
                ("secret", newSecret), ("newCode", new.code(at: now())), ("password", ConsoleTests.password),
                ("code", old.code(at: now())),
            ], csrf: csrf)
        #expect(replaced.headers["Location"] == "/admin/account?done=replaced")
        #expect(
            try test.store.operatorCredentials(email: "kim@example.org")?.secondFactorSecret
                == Base32.decode(newSecret))
        test.clock.advance(by: 30)
        #expect(try signIn(test, code: old.code(at: now())).status == .unprocessableContent)
        #expect(try signIn(test, code: new.code(at: now())).status == .seeOther)

        test.clock.advance(by: 30)
        let off = try person.post(
            "/admin/account/second-factor",
            [("off", "1"), ("password", ConsoleTests.password), ("code", new.code(at: now()))], csrf: csrf)
        #expect(off.headers["Location"] == "/admin/account?done=off")
        #expect(try test.store.operatorCredentials(email: "kim@example.org")?.secondFactorSecret == nil)
        let audit = try test.store.auditEntries(
            areas: [], includingGlobal: true, action: "operator.second-factor", before: nil, limit: 5)
        #expect(audit.map { $0.after ?? "" } == ["off", "replaced", "on"])
    }
}
