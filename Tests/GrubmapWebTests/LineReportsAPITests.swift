import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapSQL
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// `POST /api/v1/places/{id}/line-reports` and the busyness on every place object, through the real app on a real
/// SQLite file; the clock is moved, never waited for.
@Suite struct LineReportsAPITests {
    static let path = "/api/v1/places/alpha/line-reports"

    static func json(_ response: Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    /// The `error` object of an error answer.
    static func error(_ response: Response) throws -> [String: Any] {
        try #require(try json(response)["error"] as? [String: Any])
    }

    static func busyness(_ response: Response) throws -> [String: Any] {
        try #require(try json(response)["busyness"] as? [String: Any])
    }

    /// The line reports stored, as the database holds them.
    static func storedReports(_ test: TestApp) throws -> Int {
        try test.store.busyness(inArea: TestApp.sampleArea.id, at: test.clock.now).values.map(\.tally.total)
            .reduce(0, +)
    }

    @Test func aReportCountsAndIsShownOnEveryPlaceObject() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let client = try RecentCacheTests.Client(test)
        let reported = try test.send(.post, Self.path, headers: client.headers, body: #"{"level":"long"}"#)
        #expect(reported.status == .created)
        let busyness = try Self.busyness(reported)
        #expect(busyness["level"] as? String == "long")
        #expect(busyness["reports"] as? Int == 1)
        #expect(busyness["checkedIn"] as? Int == 0)
        #expect(busyness["updatedAt"] is String)

        let detail = try test.send(.get, "/api/v1/places/alpha", headers: client.headers)
        #expect(try Self.busyness(detail)["level"] as? String == "long")
        let list = try Self.json(try test.send(.get, "/api/v1/areas/test-campus/places", headers: client.headers))
        let places = try #require(list["places"] as? [[String: Any]])
        let alpha = try #require(places.first { $0["id"] as? String == "alpha" })
        #expect((alpha["busyness"] as? [String: Any])?["level"] as? String == "long")
        let bravo = try #require(places.first { $0["id"] as? String == "bravo" })
        // No reports and no seats: the level is null, written out.
        #expect((bravo["busyness"] as? [String: Any])?["level"] is NSNull)
        #expect((bravo["busyness"] as? [String: Any])?["updatedAt"] == nil)
        let board = try Self.json(try test.send(.get, "/api/v1/areas/test-campus/menus", headers: client.headers))
        let entries = try #require(board["menus"] as? [[String: Any]])
        let alphaEntry = try #require(entries.first { $0["placeId"] as? String == "alpha" })
        #expect((alphaEntry["busyness"] as? [String: Any])?["reports"] as? Int == 1)

        // 20 minutes later it no longer counts.
        test.clock.advance(by: 20 * 60)
        let later = try test.send(.get, "/api/v1/places/alpha", headers: client.headers)
        #expect(try Self.busyness(later)["level"] is NSNull)
        #expect(try Self.busyness(later)["reports"] as? Int == 0)
    }

    @Test func aSecondReportWithinTenMinutesIs429WithRetryAfterAndChangesNothing() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let client = try RecentCacheTests.Client(test)
        #expect(
            try test.send(.post, Self.path, headers: client.headers, body: #"{"level":"short"}"#).status == .created)
        test.clock.advance(by: 9 * 60)
        let soon = try test.send(.post, Self.path, headers: client.headers, body: #"{"level":"very_long"}"#)
        #expect(soon.status == .tooManyRequests)
        #expect(soon.headers["Retry-After"] == "60")
        #expect(try Self.error(soon)["code"] as? String == "rate_limited")
        let detail = try test.send(.get, "/api/v1/places/alpha", headers: client.headers)
        #expect(try Self.busyness(detail)["level"] as? String == "short")
        test.clock.advance(by: 60)
        let again = try test.send(.post, Self.path, headers: client.headers, body: #"{"level":"very_long"}"#)
        #expect(again.status == .created)
        #expect(try Self.busyness(again)["level"] as? String == "very_long")
        #expect(try Self.busyness(again)["reports"] as? Int == 1)
    }

    @Test(arguments: [
        (#"{"level":"huge"}"#, "level"),
        (#"{"level":"Long"}"#, "level"),
        (#"{"level":3}"#, "level"),
        (#"{"level":null}"#, "level"),
        (#"{}"#, "level"),
        (#"{"level":"long","when":"now"}"#, "when"),
    ])
    func anUnknownLevelIs400NamingLevelAndStoresNothing(body: String, field: String) throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let client = try RecentCacheTests.Client(test)
        let response = try test.send(.post, Self.path, headers: client.headers, body: body)
        #expect(response.status == .badRequest)
        let error = try Self.error(response)
        #expect(error["code"] as? String == "invalid_level")
        #expect((error["message"] as? String)?.contains(field) == true, "\(error)")
        #expect(try Self.storedReports(test) == 0)
    }

    @Test func malformedHugeOrMistypedBodiesStoreNothing() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let client = try RecentCacheTests.Client(test)
        let huge = #"{"level":""# + String(repeating: "x", count: 2_000_000) + #""}"#
        for body in ["", "[]", "{", huge] {
            let response = try test.send(.post, Self.path, headers: client.headers, body: body)
            #expect([.badRequest, .contentTooLarge].contains(response.status), "\(body.prefix(20))")
        }
        var plain = client.headers
        plain["Content-Type"] = "text/plain"
        #expect(
            try test.send(.post, Self.path, headers: plain, body: #"{"level":"long"}"#).status == .unsupportedMediaType)
        #expect(try Self.storedReports(test) == 0)
    }

    @Test func anUnknownPlaceIs404() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let client = try RecentCacheTests.Client(test)
        let response = try test.send(
            .post, "/api/v1/places/nowhere/line-reports", headers: client.headers, body: #"{"level":"long"}"#)
        #expect(response.status == .notFound)
        #expect(try Self.storedReports(test) == 0)
    }

    @Test func aBrowserWithoutSessionReportsAsItsDeviceAndAScriptWithNeitherIs403() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        // A script whose bearer token names no session, and no device cookie: 403 `device_required`. (With no
        // bearer and no cookie, the CSRF check refuses it first, 403 `csrf`.)
        let nobody = try test.send(
            .post, Self.path, headers: ["Content-Type": "application/json", "Authorization": "Bearer unknown"],
            body: #"{"level":"long"}"#)
        #expect(nobody.status == .forbidden)
        #expect(try Self.error(nobody)["code"] as? String == "device_required")
        let bare = try test.send(
            .post, Self.path, headers: ["Content-Type": "application/json"], body: #"{"level":"long"}"#)
        #expect(bare.status == .forbidden)
        #expect(try Self.storedReports(test) == 0)

        // A browser that opened a page has a signed device cookie and no stored session.
        let person = try Person(test)
        _ = try person.get("/areas/test-campus")
        let headers: Headers = ["Content-Type": "application/json", "X-CSRF-Token": try person.csrfToken()]
        let first = try person.send(.post, Self.path, headers: headers, body: #"{"level":"long"}"#)
        #expect(first.status == .created)
        #expect(person.cookie == nil)
        // The same device again is the same person; an API session is another.
        #expect(
            try person.send(.post, Self.path, headers: headers, body: #"{"level":"long"}"#).status == .tooManyRequests)
        let client = try RecentCacheTests.Client(test)
        let other = try test.send(.post, Self.path, headers: client.headers, body: #"{"level":"short"}"#)
        #expect(try Self.busyness(other)["reports"] as? Int == 2)
    }

    @Test func seatsDecideTheLevelWithoutReports() throws {
        var seated = TestApp.samplePlaces[0]
        seated.seats = 2
        let test = try TestApp.make(places: [seated] + TestApp.samplePlaces.dropFirst())
        defer { test.cleanUp() }
        let client = try RecentCacheTests.Client(test)
        let empty = try test.send(.get, "/api/v1/places/alpha", headers: client.headers)
        #expect(try Self.json(empty)["seats"] as? Int == 2)
        #expect(try Self.busyness(empty)["level"] as? String == "none")
        try client.checkIn(test, at: "alpha")
        let half = try test.send(.get, "/api/v1/places/alpha", headers: client.headers)
        #expect(try Self.busyness(half)["level"] as? String == "short")
        #expect(try Self.busyness(half)["checkedIn"] as? Int == 1)
    }
}
