import Foundation
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

/// How long a session lasts, as docs/security.md says: 180 days from its latest use, renewed by use at most once a day; one
/// made by a first change lasts a day until its client comes back; an app's token from `POST /api/v1/sessions` starts
/// with the whole 180 days.
@Suite struct APISessionLifetimeTests {
    static let day: TimeInterval = 24 * 3600

    private func profile(_ test: TestApp, token: String) throws -> Status {
        try test.get("/api/v1/me/profile", headers: ["Authorization": "Bearer \(token)"]).status
    }

    private func putProfile(_ test: TestApp, token: String) throws -> Response {
        let headers: Headers = ["Content-Type": "application/json", "Authorization": "Bearer \(token)"]
        return try test.send(
            .put, "/api/v1/me/profile", headers: headers, body: #"{"firstName": "Ada", "lastName": "Kim"}"#)
    }

    @Test func anAppsTokenLastsWhileItIsUsedAndEnds180DaysAfterItsLastUse() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let made = try test.send(.post, "/api/v1/sessions")
        let body = try JSONSerialization.jsonObject(with: Data(made.body)) as? [String: Any]
        let token = try #require(body?["token"] as? String)
        // Its answer says when it ends if unused: 180 days on.
        let expires = try #require(body?["expiresAt"] as? String)
        #expect(expires == ISO8601DateFormatter().string(from: test.clock.now.addingTimeInterval(180 * Self.day)))
        #expect(try putProfile(test, token: token).status == .ok)
        // Used on day 170 and day 340: still the same session, well past 180 days from its making.
        test.clock.advance(by: 170 * Self.day)
        #expect(try profile(test, token: token) == .ok)
        test.clock.advance(by: 170 * Self.day)
        #expect(try profile(test, token: token) == .ok)
        // Then 180 days unused: gone.
        test.clock.advance(by: 180 * Self.day + 1)
        #expect(try profile(test, token: token) == .notFound)
    }

    @Test func aSessionMadeByAFirstChangeLastsADayUntilItsClientReturns() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        // An API client's first write with a token the server does not know makes a session, handed over in a header.
        let first = try putProfile(test, token: String(repeating: "Q", count: 43))
        let token = try #require(first.headers[VisitorResolution.sessionTokenHeader])
        test.clock.advance(by: Self.day - 60)
        #expect(try profile(test, token: token) == .ok)
        // Having come back, it lasts 180 days from then.
        test.clock.advance(by: 179 * Self.day)
        #expect(try profile(test, token: token) == .ok)

        let unknown = String(repeating: "R", count: 43)
        let forgotten = try #require(
            try putProfile(test, token: unknown).headers[VisitorResolution.sessionTokenHeader])
        test.clock.advance(by: Self.day + 1)
        #expect(try profile(test, token: forgotten) == .notFound)
    }
}
