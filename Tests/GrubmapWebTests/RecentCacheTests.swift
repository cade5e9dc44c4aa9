import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapSQL
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// The short-lived caches as people meet them: a change made through this server shows on the next request; one
/// made through another server on the same database shows once ``AppCaches/defaultLifetime`` is over (the clock is moved,
/// never waited for); a kept answer is byte for byte the one the store and `JSONEncoder` give.
@Suite struct RecentCacheTests {
    /// An API client of `test`: a stored session with a profile, and its request headers.
    struct Client {
        let headers: Headers

        init(_ test: TestApp, firstName: String = "Ada") throws {
            let made = try test.send(.post, "/api/v1/sessions").body
            let token = try #require(
                (try JSONSerialization.jsonObject(with: Data(made)) as? [String: Any])?["token"] as? String)
            headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
            let profile = #"{"firstName":"\#(firstName)","lastName":"L","company":"","bio":""}"#
            #expect(try test.send(.put, "/api/v1/me/profile", headers: headers, body: profile).status == .ok)
        }

        func checkIn(_ test: TestApp, at place: String) throws {
            let body = #"{"placeId":"\#(place)"}"#
            #expect(try test.send(.post, "/api/v1/me/checkin", headers: headers, body: body).status == .created)
        }

        func bookmark(_ test: TestApp, _ places: [String]) throws {
            let body = #"{"bookmarks":[\#(places.map { "\"\($0)\"" }.joined(separator: ","))]}"#
            #expect(try test.send(.patch, "/api/v1/me/preferences", headers: headers, body: body).status == .ok)
        }

        func counts(_ test: TestApp, query: String = "") throws -> [String: Int] {
            let response = try test.send(.get, "/api/v1/areas/test-campus/places" + query, headers: headers)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let list = try decoder.decode(API.PlaceList.self, from: Data(response.body))
            return Dictionary(uniqueKeysWithValues: list.places.map { ($0.id.rawValue, $0.checkedInCount) })
        }
    }

    /// A second server on the same database: its own caches, the same clock.
    static func secondServer(of test: TestApp) throws -> TestApp {
        // A store of its own on the same file, as another process has: this server's store is not told of its writes.
        var environment = test.app.environment
        let store = try SQLiteStore(path: test.store.path)
        environment.store = store
        return TestApp(app: App(environment: environment), store: store, folder: test.folder, clock: test.clock)
    }

    static let places = places(7)

    /// `count` places, named in English in the opposite order of their Korean names and ids.
    static func places(_ count: Int) -> [Place] {
        (0..<count).map { index in
            TestApp.place(
                "place-\(index)", ["en": "Place \(count - 1 - index)", "ko": "장소 \(index)"],
                latitude: 35.23 + Double(index) / 1000, longitude: 129.08)
        }
    }

    @Test(arguments: [
        [], ["place-3"], ["place-0", "place-6"], ["place-6", "place-5", "place-4", "place-3"], ["place-2", "place-1"],
    ])
    func theFirstPageIsTheStoresListingForEveryCaller(bookmarks: [String]) throws {
        let test = try TestApp.make(places: Self.places)
        defer { test.cleanUp() }
        let client = try Client(test)
        try client.checkIn(test, at: "place-2")
        if !bookmarks.isEmpty { try client.bookmark(test, bookmarks) }
        for language in [Language.english, .korean] {
            for limit in [nil, 1, 2, 3, 5, 7, 8] {
                let query = limit.map { "?limit=\($0)" } ?? ""
                var headers = client.headers
                headers["Accept-Language"] = language.rawValue
                // Twice: the first fills the cache, the second is answered from it.
                for _ in 0..<2 {
                    let response = try test.send(.get, "/api/v1/areas/test-campus/places" + query, headers: headers)
                    let expected = try Self.uncached(
                        test, limit: limit ?? PlaceListingParameters.defaultLimit, language: language,
                        bookmarks: bookmarks)
                    #expect(String(decoding: response.body, as: UTF8.self) == expected, "\(language) \(query)")
                }
            }
        }
    }

    /// The answer as the store's listing and `JSONEncoder` make it, without any cache.
    static func uncached(_ test: TestApp, limit: Int, language: Language, bookmarks: [String]) throws -> String {
        let query = PlaceQuery(areaID: TestApp.sampleArea.id, order: .name(language), limit: limit)
        let page = try test.store.listing(
            query, bookmarks: bookmarks.compactMap { try? Place.ID($0) }, cursor: nil)
        let live = try test.store.busyness(inArea: TestApp.sampleArea.id, at: test.clock.now)
        let list = API.PlaceList(
            places: page.places.map { API.PlaceSummary($0, live: live[$0.place.id] ?? .none, language: language) },
            nextCursor: page.next?.text)
        return String(decoding: try Response.jsonBytes(list), as: UTF8.self)
    }

    @Test func aCheckInThroughThisServerShowsOnTheNextRequest() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let reader = try Client(test, firstName: "Reader")
        #expect(try reader.counts(test)["alpha"] == 0)
        try Client(test).checkIn(test, at: "alpha")
        #expect(try reader.counts(test)["alpha"] == 1)
    }

    @Test func aCheckInThroughAnotherServerShowsWithinTheLifetime() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let other = try Self.secondServer(of: test)
        let reader = try Client(test, firstName: "Reader")
        #expect(try reader.counts(test)["alpha"] == 0)
        try Client(other).checkIn(other, at: "alpha")
        // This server answers from what it read a moment ago…
        #expect(try reader.counts(test)["alpha"] == 0)
        // …and reads again once that is a lifetime old.
        test.clock.advance(by: AppCaches.defaultLifetime)
        #expect(try reader.counts(test)["alpha"] == 1)
    }

    @Test func aLifetimeOfZeroKeepsNothing() throws {
        let test = try TestApp.make { $0.cacheLifetime = 0 }
        defer { test.cleanUp() }
        let other = try Self.secondServer(of: test)
        let reader = try Client(test, firstName: "Reader")
        #expect(try reader.counts(test)["alpha"] == 0)
        try Client(other).checkIn(other, at: "alpha")
        #expect(try reader.counts(test)["alpha"] == 1)
    }

    @Test func anImportShowsOnTheNextRequestByTheCatalogsVersion() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        #expect(try Client(test).counts(test).keys.sorted() == ["alpha", "bravo", "charlie"])
        try test.store.save(
            area: TestApp.sampleArea,
            places: [TestApp.place("delta", ["en": "Delta Hall"], latitude: 35.2337, longitude: 129.0801)])
        #expect(try Client(test).counts(test).keys.sorted() == ["alpha", "bravo", "charlie", "delta"])
    }

    @Test func aKeptAnswerHasItsETagAnd304AndItsGzipForm() throws {
        let test = try TestApp.make(places: Self.places(30))
        defer { test.cleanUp() }
        let target = "/api/v1/areas/test-campus/places"
        let plain = try test.get(target)
        let etag = try #require(plain.headers["ETag"])
        #expect(etag == "\"\(Fingerprint.fnv1a64(plain.body))\"")
        #expect(try test.get(target, headers: ["If-None-Match": etag]).status == .notModified)
        let zipped = try test.get(target, headers: ["Accept-Encoding": "gzip"])
        #expect(zipped.headers["Content-Encoding"] == "gzip" && zipped.headers["ETag"] == "W/" + etag)
        #expect(try Gzip.decompress(zipped.body, limit: 1 << 20) == plain.body)
        let revalidated = try test.get(target, headers: ["Accept-Encoding": "gzip", "If-None-Match": "W/" + etag])
        #expect(revalidated.status == .notModified && revalidated.body.isEmpty)
    }

    @Test func aSessionsOwnChangeShowsAtOnceAndAnotherServersWithinTheLifetime() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let other = try Self.secondServer(of: test)
        let client = try Client(test)
        func units(_ app: TestApp) throws -> String? {
            let body = try app.send(.get, "/api/v1/me/preferences", headers: client.headers).body
            return (try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])?["units"] as? String
        }
        #expect(try units(test) == "km")
        #expect(try units(other) == "km")
        let change = #"{"units":"mi"}"#
        #expect(try test.send(.patch, "/api/v1/me/preferences", headers: client.headers, body: change).status == .ok)
        #expect(try units(test) == "mi")
        #expect(try units(other) == "km")
        test.clock.advance(by: AppCaches.defaultLifetime)
        #expect(try units(other) == "mi")
    }

    @Test func aCacheHoldsAtMostItsCapacity() {
        let cache = RecentCache<Int, Int>(lifetime: 1, capacity: 3, scope: .everyChange, writes: LocalWrites())
        let now = Date(timeIntervalSince1970: 0)
        for key in 0..<10 { _ = cache.value(for: key, now: now, make: { key }) }
        #expect(cache.count <= 3)
    }

    @Test func aValueMadeWhileTheNetworkThreadWasRefusedAReadIsNotKept() {
        let cache = RecentCache<String, Int>(lifetime: 1, capacity: 8, scope: .everyChange, writes: LocalWrites())
        let now = Date(timeIntervalSince1970: 0)
        let attempt = NetworkThreadAttempt()
        NetworkThreadAttempt.$current.withValue(attempt) {
            // A read refused and passed over (`try?`): what is made without it must not reach other requests.
            _ = cache.value(
                for: "a", now: now,
                make: {
                    #expect(throws: WouldWait.self) { try NetworkThreadAttempt.refuseWaiting() }
                    return 1
                })
        }
        #expect(attempt.declined)
        #expect(cache.count == 0)
        #expect(cache.value(for: "a", now: now, make: { 2 }) == 2)
        #expect(cache.value(for: "a", now: now, make: { 3 }) == 2)
    }

    @Test func aValueReadWhileAChangeWasAnsweredIsNotKept() {
        let writes = LocalWrites()
        let cache = RecentCache<String, Int>(lifetime: 1, capacity: 8, scope: .ownKey, writes: writes)
        let now = Date(timeIntervalSince1970: 0)
        _ = cache.value(
            for: "a", now: now,
            make: {
                writes.record()
                return 1
            })
        #expect(cache.value(for: "a", now: now, make: { 2 }) == 2)
        _ = cache.value(
            for: "b", now: now,
            make: {
                cache.remove("b")
                return 1
            })
        #expect(cache.value(for: "b", now: now, make: { 2 }) == 2)
        #expect(cache.value(for: "b", now: now, make: { 3 }) == 2)
    }

    // MARK: Pages

    /// Alpha serves three meals today (Monday 9 November 2026, 12:00 in Busan).
    static func campus() throws -> TestApp {
        let test = try TestApp.make()
        try test.store.replaceMenus([MenuFixtures.threeMeals("2026-11-09")], placeID: MenuFixtures.alpha)
        MenuFixtures.setClock(test, to: "2026-11-09T03:00:00Z")
        return test
    }

    @Test(arguments: ["/areas/test-campus", "/areas/test-campus/menus", "/places/alpha"])
    func twoPeopleShareAPageEachWithTheirOwnCSRFToken(page: String) throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let first = try Person(test)
        let second = try Person(test)
        for person in [first, second] { _ = try person.post("/places/bravo/bookmark", [("bookmarked", "1")]) }
        let tokens = try [first, second].map { try $0.csrfToken() }
        #expect(tokens[0] != tokens[1] && !tokens[0].isEmpty)
        let pages = try [first, second].map { try $0.html(page) }
        #expect(pages[0].contains(tokens[0]) && !pages[0].contains(tokens[1]))
        #expect(pages[0].replacingOccurrences(of: tokens[0], with: tokens[1]) == pages[1])
        #expect(!pages[0].contains(PersonalizedPage.csrfPlaceholder))
    }

    @Test(arguments: ["/areas/test-campus", "/areas/test-campus/menus", "/places/alpha"])
    func aKeptPageHasEachPersonsOwnETagAnd304(page: String) throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let people = [try Person(test), try Person(test)]
        for person in people { _ = try person.get(page) }
        let etags = try people.map { try #require(try $0.get(page).headers["ETag"]) }
        #expect(etags[0] != etags[1])
        var again = people[0].headers
        again["If-None-Match"] = etags[0]
        let revalidated = try test.get(page, headers: again)
        #expect(revalidated.status == .notModified && revalidated.body.isEmpty)
        again["If-None-Match"] = etags[1]
        #expect(try test.get(page, headers: again).status == .ok)
    }

    @Test func aStarAndACheckInThroughThisServerShowOnTheNextPage() throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let person = try Person(test)
        func pressed() throws -> Int {
            try person.html("/areas/test-campus/menus").components(separatedBy: "aria-pressed=\"true\"").count
        }
        let before = try pressed()
        _ = try person.post("/places/alpha/bookmark", [("bookmarked", "1")])
        #expect(try pressed() == before + 1)
        let reader = try Person(test)
        #expect(try !reader.html("/places/alpha").contains("Ada"))
        try Client(test).checkIn(test, at: "alpha")
        #expect(try reader.html("/places/alpha").contains("Ada"))
    }

    @Test func aMenuImportedPastThisServerShowsWithinTheLifetime() throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let reader = try Person(test)
        #expect(try !reader.html("/areas/test-campus/menus").contains("점심 2026-11-09 bis"))
        #expect(try !reader.html("/places/alpha").contains("점심 2026-11-09 bis"))
        // As `grubmap import menu` or another server would: straight into the database.
        var menu = MenuFixtures.threeMeals("2026-11-09")
        menu = try Menu(
            date: menu.date,
            status: .serving([
                try MenuCategory(name: "중식", meals: [MenuFixtures.meal("점심 2026-11-09 bis", student: 5000)])
            ]), currency: MenuFixtures.won)
        try test.store.replaceMenus([menu], placeID: MenuFixtures.alpha)
        test.clock.advance(by: AppCaches.defaultLifetime)
        #expect(try reader.html("/areas/test-campus/menus").contains("점심 2026-11-09 bis"))
        #expect(try reader.html("/places/alpha").contains("점심 2026-11-09 bis"))
    }

    @Test func aCheckInThroughAnotherServerShowsOnItsPagesWithinTheLifetime() throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let other = try Self.secondServer(of: test)
        let reader = try Person(test)
        let area = try reader.html("/areas/test-campus")
        #expect(try !reader.html("/places/alpha").contains("Ada"))
        try Client(other).checkIn(other, at: "alpha")
        test.clock.advance(by: AppCaches.defaultLifetime)
        #expect(try reader.html("/places/alpha").contains("Ada"))
        #expect(try reader.html("/areas/test-campus") != area)
    }
}
