import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// The operator's account page: turning the second factor on only with a code from the offered key, and off only
/// with a code.
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
            "/admin/account/second-factor", [("off", "1"), ("code", totp.code(at: test.clock.now))], csrf: csrf)
        #expect(off.headers["Location"] == "/admin/account?done=off")
        #expect(try test.store.operatorCredentials(email: "kim@example.org")?.secondFactorSecret == nil)
        let audit = try test.store.auditEntries(
            areas: [], includingGlobal: true, action: "operator.second-factor", before: nil, limit: 5)
        #expect(audit.map { $0.after ?? "" } == ["off", "on"])
    }
}
