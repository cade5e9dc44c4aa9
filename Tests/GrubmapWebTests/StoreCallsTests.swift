import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// What answering costs the database, counted by a store that counts: a first visit reads the catalog and what it
/// shows (the list's places and the map's, each one query whatever the area's size); a returning visitor adds
/// their session, preferences and bookmarked places; assets never touch the store.
@Suite struct StoreCallsTests {
    struct Counted {
        let test: TestApp
        let counting: CountingStore
        let app: App

        init() throws {
            test = try TestApp.make()
            counting = CountingStore(test.store)
            var environment = test.app.environment
            environment.store = counting
            app = App(environment: environment)
        }

        /// The calls `target` made, by method.
        func calls(_ target: String, headers: Headers = Headers()) throws -> [String: Int] {
            counting.reset()
            let response = app.responder(try Request(method: .get, target: target, headers: headers))
            #expect(response.status == .ok, "\(target)")
            return counting.calls
        }
    }

    @Test func aReturningVisitorsRequestsReadTheCatalogOnceAndTheSessionOnce() throws {
        let counted = try Counted()
        defer { counted.test.cleanUp() }
        let person = try Person(counted.test)
        try person.finishOnboarding()
        _ = try person.post("/places/alpha/bookmark", [("bookmarked", "1")])
        _ = try person.get("/areas/test-campus")
        let headers = person.headers
        // The signing secret is read once per process, by its first page; the session and its preferences once per
        // lifetime of the session cache.
        #expect(try counted.calls("/settings", headers: headers)["session"] == 1)

        let visitor = ["catalog": 1]
        // The area page reads the area's menu days once, for its tabs, and its basemap once (the revision, the
        // features only when an import changed them); the board reads the day's menus of every place in one call and
        // the week's days in another, never one per place.
        #expect(
            try counted.calls("/areas/test-campus", headers: headers)
                == visitor.merging([
                    "presenceInArea": 1, "menuDaysInArea": 1, "basemap": 1, "placesByID": 1, "placeQuery": 3,
                ]) { $1 })
        // The map alone, as the script fetches it, reads no menus and asks for its view's places once.
        #expect(
            try counted.calls("/areas/test-campus/map?zoom=15", headers: headers)
                == visitor.merging(["presenceInArea": 1, "basemap": 1, "placeQuery": 1]) { $1 })
        // The board's reading (the campus's places, their menus, the week's days) serves its API too.
        #expect(
            try counted.calls("/areas/test-campus/menus", headers: headers)
                == visitor.merging(["menusInArea": 1, "menuDaysInArea": 1, "placesInArea": 1]) { $1 })
        #expect(try counted.calls("/api/v1/areas/test-campus/menus", headers: headers) == visitor)
        #expect(
            try counted.calls("/places/alpha", headers: headers)
                == visitor.merging(["place": 1, "menu": 1, "menuDays": 1, "presenceAtPlace": 1, "profile": 1]) { $1 })
        // Pages are kept: the same pages again read only the catalog's version.
        for page in ["/areas/test-campus", "/areas/test-campus/menus", "/places/alpha"] {
            #expect(try counted.calls(page, headers: headers) == visitor, "\(page)")
        }
        #expect(try counted.calls("/assets/app.js", headers: headers).isEmpty)
        #expect(try counted.calls("/assets/app.css", headers: headers).isEmpty)
        #expect(
            try counted.calls("/api/v1/areas/test-campus/places", headers: headers)
                == visitor.merging(["presenceInArea": 1, "placesByID": 1, "placeQuery": 1]) { $1 })
        // The list itself is kept; the caller's bookmarks are read for each call.
        #expect(
            try counted.calls("/api/v1/areas/test-campus/places", headers: headers)
                == visitor.merging(["placesByID": 1]) { $1 })
        // A lifetime later, everything is read again, the session once.
        counted.test.clock.advance(by: AppCaches.defaultLifetime)
        #expect(
            try counted.calls("/api/v1/areas/test-campus/places", headers: headers)
                == [
                    "catalog": 1, "session": 1, "preferences": 1, "presenceInArea": 1, "placesByID": 1, "placeQuery": 1,
                ])
    }

    @Test func aFirstVisitReadsOnlyWhatThePageShows() throws {
        let counted = try Counted()
        defer { counted.test.cleanUp() }
        _ = try counted.calls("/")
        #expect(
            try counted.calls("/areas/test-campus")
                == ["catalog": 1, "presenceInArea": 1, "menuDaysInArea": 1, "basemap": 1, "placeQuery": 3])
        #expect(
            try counted.calls("/areas/test-campus/menus")
                == ["catalog": 1, "menusInArea": 1, "menuDaysInArea": 1, "placesInArea": 1])
        #expect(try counted.calls("/onboarding") == ["catalog": 1])
        #expect(try counted.calls("/assets/app.js").isEmpty)
    }
}
