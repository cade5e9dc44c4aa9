import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapStore
import Synchronization
import Testing

@testable import GrubmapWeb

/// The sign-in throttle as people meet it: a stranger guessing from one address is slowed and never keeps the owner
/// out from another, guesses sent together are counted one by one, and guesses spread over many addresses stop
/// everything short of the password and the second factor.
@Suite struct SignInThrottleTests {
    static let owner = "kim@example.org"

    /// A browser at `address` with the sign-in form's CSRF cookie.
    private func visitor(_ test: TestApp, at address: String) throws -> Person {
        let person = try Person(test)
        person.address = address
        _ = try person.get("/admin/sign-in")
        return person
    }

    private func signIn(_ person: Person, password: String, code: String = "", email: String = owner) throws
        -> Response
    {
        try person.post(
            "/admin/sign-in", [("email", email), ("password", password), ("code", code)],
            csrf: person.cookies["grubmap_console_csrf"])
    }

    /// The report's repro on the clock: ten loops guessing from one address for 40 s, one round every half second.
    /// The address's guesses are checked on the schedule docs/console.md gives (5 free, then 2, 4, 8, 16 s after the
    /// latest: at 0, 2, 6, 14 and 30 s, so 9), and the owner, from another address, signs in on the first try; so
    /// they do after a day of one guess every 15 minutes.
    @Test func guessesFromOneAddressNeverDelayTheOwnerOnAnother() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        _ = try ConsoleTests.signedIn(test, Self.owner)
        let loops = try (0..<10).map { _ in try visitor(test, at: "203.0.113.7") }
        var checked = 0
        var refused = 0
        var retryAfter: Set<String> = []
        for _ in 0..<80 {
            for loop in loops {
                let response = try signIn(loop, password: "a wrong guess here")
                if response.status == .unprocessableContent { checked += 1 }
                if response.status == .tooManyRequests {
                    refused += 1
                    retryAfter.insert(response.headers["Retry-After"] ?? "none")
                }
            }
            test.clock.advance(by: 0.5)
        }
        #expect(checked == 9)
        #expect(refused == 800 - 9)
        #expect(!retryAfter.contains("none"))
        let owner = try visitor(test, at: "198.51.100.2")
        #expect(try signIn(owner, password: ConsoleTests.password).status == .seeOther)

        // One guess every 15 minutes for a day, from the stranger's address: the owner still gets in at once.
        for _ in 0..<96 {
            test.clock.advance(by: 900)
            _ = try signIn(loops[0], password: "a wrong guess here")
        }
        #expect(try signIn(try visitor(test, at: "198.51.100.2"), password: ConsoleTests.password).status == .seeOther)
        #expect(
            try signIn(try visitor(test, at: "2001:db8:1:2::9"), password: ConsoleTests.password).status == .seeOther)
    }

    /// Ten requests at the same instant on ten threads (the report saw 9 pass one check): 5 are checked, as many as
    /// are free, and 5 are told to wait.
    @Test func guessesSentTogetherAreCountedOneByOne() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        _ = try ConsoleTests.signedIn(test, Self.owner)
        let people = try (0..<10).map { _ in try visitor(test, at: "203.0.113.7") }
        let statuses = Mutex<[Int]>([])
        let group = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        for person in people {
            let headers = person.headers
            let csrf = person.cookies["grubmap_console_csrf"] ?? ""
            group.enter()
            Thread {
                start.wait()
                var withForm = headers
                withForm["Content-Type"] = "application/x-www-form-urlencoded"
                let response = try? test.send(
                    .post, "/admin/sign-in", headers: withForm,
                    body: "csrf=\(csrf)&email=kim%40example.org&password=wrong+guess+sent+together",
                    from: "203.0.113.7")
                statuses.withLock { $0.append(response?.status.code ?? 0) }
                group.leave()
            }.start()
        }
        for _ in people { start.signal() }
        group.wait()
        let all = statuses.withLock { $0 }
        #expect(all.filter { $0 == 422 }.count == 5, "\(all)")
        #expect(all.filter { $0 == 429 }.count == 5, "\(all)")
    }

    /// One address trying many accounts is stopped after 20 failures, whichever accounts they were for.
    @Test func oneAddressTryingManyAccountsWaitsAfterTwenty() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        _ = try ConsoleTests.signedIn(test, Self.owner)
        let stranger = try visitor(test, at: "203.0.113.7")
        let statuses = try (0..<21).map { index in
            try signIn(stranger, password: "a wrong guess here", email: "someone\(index)@example.org").status
        }
        #expect(statuses.prefix(20).allSatisfy { $0 == .unprocessableContent })
        #expect(statuses.last == .tooManyRequests)
        #expect(try signIn(stranger, password: ConsoleTests.password).status == .tooManyRequests)
        #expect(try signIn(try visitor(test, at: "198.51.100.2"), password: ConsoleTests.password).status == .seeOther)
    }

    /// Guesses from 60 addresses, one each: after 50 the account asks for proof. A password alone is refused like a
    /// guess (429, whether it was right or not); the password with a current code passes.
    @Test func guessesFromManyAddressesLetOnlyTheSecondFactorThrough() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        _ = try ConsoleTests.signedIn(test, Self.owner)
        for index in 0..<60 {
            let guess = try signIn(try visitor(test, at: "203.0.113.\(index)"), password: "a wrong guess here")
            #expect(guess.status == (index < 50 ? .unprocessableContent : .tooManyRequests), "guess \(index)")
        }
        let passwordOnly = try signIn(try visitor(test, at: "198.51.100.2"), password: ConsoleTests.password)
        #expect(passwordOnly.status == .tooManyRequests)
        #expect(passwordOnly.headers["Retry-After"] != nil)

        let account = try #require(try test.store.operatorCredentials(email: Self.owner)?.account)
        let secret = Array("12345678901234567890".utf8)
        try test.store.setSecondFactor(
            operatorID: account.id, secret: secret, acceptedStep: nil,
            audit: Actor.commandLine.audit(
                "operator.2fa", subject: account.email, area: nil, at: test.clock.now, before: nil, after: "on"))
        let totp = TOTP(secret: secret)
        let wrongCode = totp.code(at: test.clock.now) == "000000" ? "111111" : "000000"
        let owner = try visitor(test, at: "198.51.100.3")
        #expect(try signIn(owner, password: ConsoleTests.password, code: wrongCode).status == .tooManyRequests)
        #expect(
            try signIn(owner, password: "a wrong guess here", code: totp.code(at: test.clock.now)).status
                == .tooManyRequests)
        let proved = try signIn(owner, password: ConsoleTests.password, code: totp.code(at: test.clock.now))
        #expect(proved.status == .seeOther)
    }
}

extension SignInThrottleTests {
    /// Without a trusted proxy, a stranger on the host cannot pick a fresh address for each guess with
    /// `X-Forwarded-For`: after 5 they wait, whatever the header says.
    @Test func forgedForwardingHeadersDoNotMakeAFreshAddress() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        _ = try ConsoleTests.signedIn(test, Self.owner)
        let csrf = String(repeating: "c", count: 43)
        var statuses: [Status] = []
        for index in 0..<8 {
            let guess = try test.send(
                .post, "/admin/sign-in",
                headers: [
                    "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.\(index)",
                    "Cookie": "grubmap_console_csrf=\(csrf)",
                ],
                body: "csrf=\(csrf)&email=kim%40example.org&password=wrong+guess+here", from: "127.0.0.1")
            statuses.append(guess.status)
        }
        #expect(
            statuses == Array(repeating: .unprocessableContent, count: 5) + Array(repeating: .tooManyRequests, count: 3)
        )
    }
}
