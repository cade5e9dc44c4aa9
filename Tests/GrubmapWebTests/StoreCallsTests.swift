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
        func calls(
            _ target: String, method: GrubmapHTTP.Method = .get, headers: Headers = Headers(), body: String = "",
            answering status: Status = .ok
        ) throws -> [String: Int] {
            counting.reset()
            let response = app.responder(
                try Request(method: method, target: target, headers: headers, body: Array(body.utf8)))
            #expect(response.status == status, "\(target)")
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
        // The signing secret is read once per process, by its first page; the session with its preferences (one read) once
        // lifetime of the session cache.
        #expect(try counted.calls("/settings", headers: headers)["sessionAndPreferences"] == 1)

        let visitor = ["catalog": 1]
        // The area page reads the area's menu days once, for its tabs, and its basemap once (the revision, the
        // features only when an import changed them); the board reads the day's menus of every place in one call and
        // the week's days in another, never one per place.
        #expect(
            try counted.calls("/areas/test-campus", headers: headers)
                == visitor.merging([
                    "presenceInArea": 1, "busynessInArea": 1, "menuDaysInArea": 1, "basemap": 1, "placesByID": 1,
                    "placeQuery": 3,
                ]) { $1 })
        // The map alone, as the script fetches it, reads no menus and asks for its view's places once.
        #expect(
            try counted.calls("/areas/test-campus/map?zoom=15", headers: headers)
                == visitor.merging(["presenceInArea": 1, "busynessInArea": 1, "basemap": 1, "placeQuery": 1]) { $1 })
        // The board's reading (the campus's places, their menus today and tomorrow, the week's days, today's
        // sold-out marks and every place's busyness, each in one statement) serves its API too; the API reads the
        // busyness again, in one call.
        #expect(
            try counted.calls("/areas/test-campus/menus", headers: headers)
                == visitor.merging([
                    "menusInArea": 2, "menuDaysInArea": 1, "placesInArea": 1, "soldOutMarksInArea": 1,
                    "busynessInArea": 1,
                ]) { $1 })
        #expect(
            try counted.calls("/api/v1/areas/test-campus/menus", headers: headers)
                == visitor.merging(["busynessInArea": 1]) { $1 })
        // The place was read when it was bookmarked: it is remembered until the catalog's version moves.
        #expect(
            try counted.calls("/places/alpha", headers: headers)
                == visitor.merging([
                    "menu": 1, "menuDays": 1, "presenceAtPlace": 1, "profile": 1, "soldOutMarks": 1,
                    "busynessAtPlace": 1,
                ]) { $1 })
        // Pages are kept: the same pages again read only the catalog's version.
        for page in ["/areas/test-campus", "/areas/test-campus/menus", "/places/alpha"] {
            #expect(try counted.calls(page, headers: headers) == visitor, "\(page)")
        }
        #expect(try counted.calls("/assets/app.js", headers: headers).isEmpty)
        #expect(try counted.calls("/assets/app.css", headers: headers).isEmpty)
        #expect(
            try counted.calls("/api/v1/areas/test-campus/places", headers: headers)
                == visitor.merging(["busynessInArea": 1, "placesByID": 1, "placeQuery": 1]) { $1 })
        // The list itself is kept; the caller's bookmarks are read for each call.
        #expect(
            try counted.calls("/api/v1/areas/test-campus/places", headers: headers)
                == visitor.merging(["placesByID": 1]) { $1 })
        // A lifetime later, everything is read again, the session with its preferences in one read.
        counted.test.clock.advance(by: AppCaches.defaultLifetime)
        #expect(
            try counted.calls("/api/v1/areas/test-campus/places", headers: headers)
                == [
                    "catalog": 1, "sessionAndPreferences": 1, "busynessInArea": 1, "placesByID": 1, "placeQuery": 1,
                ])
    }

    @Test func aFollowersPagesReadWhereTheirDishesLeadOncePerLifetime() throws {
        let counted = try Counted()
        defer { counted.test.cleanUp() }
        try counted.test.store.replaceMenus([MenuFixtures.threeMeals("2026-11-09")], placeID: MenuFixtures.alpha)
        let dish = try #require(try counted.test.store.dishes(inArea: try Area.ID("test-campus")).first)
        let person = try Person(counted.test)
        try person.finishOnboarding()
        #expect(try person.post("/dishes/\(dish.id)/follow", [("followed", "1")]).status == .seeOther)
        let headers = person.headers
        #expect(try counted.calls("/areas/test-campus/menus", headers: headers)["dishesByID"] == 1)
        // The board again, and the place page: where the followed ids lead is kept like the pages.
        #expect(try counted.calls("/areas/test-campus/menus", headers: headers) == ["catalog": 1])
        #expect(try counted.calls("/places/alpha", headers: headers)["dishesByID"] == nil)
    }

    @Test func aFirstVisitReadsOnlyWhatThePageShows() throws {
        let counted = try Counted()
        defer { counted.test.cleanUp() }
        _ = try counted.calls("/")
        // The list by name, whose places "I'm at…" offers too, and the map's view.
        #expect(
            try counted.calls("/areas/test-campus")
                == [
                    "catalog": 1, "presenceInArea": 1, "busynessInArea": 1, "menuDaysInArea": 1, "basemap": 1,
                    "placeQuery": 2,
                ])
        // Someone elsewhere gets their own page, nearest first to them, with "I'm at…" by name; the map's first view
        // is everyone's, read once, and so are the first places by name and the area's menu days (for its tabs). With
        // a position the page asks for the area's walking graph (minutes on foot; one revision read when it is kept).
        #expect(
            try counted.calls("/areas/test-campus?near=35.2335,129.0805")
                == [
                    "catalog": 1, "presenceInArea": 1, "busynessInArea": 1, "basemap": 1, "placeQuery": 2,
                    "routingGraph": 1,
                ])
        #expect(
            try counted.calls("/areas/test-campus?near=35.2338,129.0802")
                == [
                    "catalog": 1, "presenceInArea": 1, "busynessInArea": 1, "basemap": 1, "placeQuery": 1,
                    "routingGraph": 1,
                ])
        #expect(
            try counted.calls("/areas/test-campus/menus")
                == [
                    "catalog": 1, "menusInArea": 2, "menuDaysInArea": 1, "placesInArea": 1, "soldOutMarksInArea": 1,
                    "busynessInArea": 1,
                ])
        #expect(try counted.calls("/onboarding") == ["catalog": 1])
        #expect(try counted.calls("/assets/app.js").isEmpty)
    }

    /// A check-in through the API costs the visitor's reads and one write, which finds the profile as it inserts;
    /// the place is read once per catalog version, not once per check-in, and the session once per cache lifetime
    /// (the write checks it again). Checking out reads the session afresh, as every other change does.
    @Test func aCheckInIsOneWriteAfterTheVisitor() throws {
        let counted = try Counted()
        defer { counted.test.cleanUp() }
        let created = try counted.test.send(.post, "/api/v1/sessions")
        let token = try #require(
            (try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any])?["token"] as? String)
        let headers: Headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        let profile = #"{"firstName":"A","lastName":"B"}"#
        #expect(try counted.test.send(.put, "/api/v1/me/profile", headers: headers, body: profile).status == .ok)
        _ = try counted.calls("/settings")  // the signing secret is read once per process, by its first page
        let visitor = ["catalog": 1, "sessionAndPreferences": 1]
        func checkIn(_ place: String) throws -> [String: Int] {
            try counted.calls(
                "/api/v1/me/checkin", method: .post, headers: headers, body: #"{"placeId":"\#(place)"}"#,
                answering: .created)
        }
        #expect(try checkIn("alpha") == visitor.merging(["place": 1, "checkIn": 1]) { $1 })
        #expect(try checkIn("alpha") == ["catalog": 1, "checkIn": 1])
        counted.test.clock.advance(by: AppCaches.defaultLifetime)
        #expect(try checkIn("alpha") == visitor.merging(["checkIn": 1]) { $1 })
        #expect(
            try counted.calls("/api/v1/me/checkin", method: .delete, headers: headers)
                == visitor.merging(["checkOut": 1]) { $1 })
    }

    /// A place is remembered only for the catalog version it was read at: once a place changes, the next request
    /// reads it again and shows the change.
    @Test func aRememberedPlaceIsReadAgainOnceThePlacesChange() throws {
        let counted = try Counted()
        defer { counted.test.cleanUp() }
        #expect(try counted.calls("/api/v1/places/alpha")["place"] == 1)
        #expect(try counted.calls("/api/v1/places/alpha")["place"] == nil)
        var renamed = try #require(TestApp.samplePlaces.first { $0.id.rawValue == "alpha" })
        renamed.name = LocalizedText("Renamed Alpha")
        try counted.test.store.save(area: TestApp.sampleArea, places: [renamed])
        #expect(try counted.calls("/api/v1/places/alpha")["place"] == 1)
        let body = String(decoding: try counted.test.get("/api/v1/places/alpha").body, as: UTF8.self)
        #expect(body.contains("Renamed Alpha"))
    }
}
