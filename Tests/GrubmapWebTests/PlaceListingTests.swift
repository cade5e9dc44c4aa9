import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// An area of more places than a page: `/api/v1/areas/{id}/places` a page at a time by cursor, near a point, in a
/// box or a radius, with clear 400s naming what is wrong; and the area page's first 50 with "More".
@Suite struct PlaceListingTests {
    /// 130 places in a grid over the test campus, named "Place 000" to "Place 129".
    static let places: [Place] = (0..<130).map { index in
        TestApp.place(
            String(format: "p%03d", index), ["en": String(format: "Place %03d", index)],
            latitude: 35.222 + Double(index / 13) * 0.0017, longitude: 129.072 + Double(index % 13) * 0.0013)
    }

    static func ids(_ body: [String: Any]) -> [String] {
        (body["places"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    /// Every page of a listing, following `nextCursor` from `target`.
    static func allPages(_ test: TestApp, _ target: String) throws -> (ids: [String], pages: Int) {
        var ids: [String] = []
        var pages = 0
        var next: String? = target
        while let page = next {
            let body = try test.json(page)
            ids += Self.ids(body)
            pages += 1
            next = (body["nextCursor"] as? String).map { cursor in
                target + (target.contains("?") ? "&" : "?") + "cursor=" + cursor
            }
        }
        return (ids, pages)
    }

    @Test func pagesOfFiftyFollowByCursorInEveryOrder() throws {
        let test = try TestApp.make(places: Self.places)
        defer { test.cleanUp() }
        let first = try test.json("/api/v1/areas/test-campus/places")
        #expect(Self.ids(first) == (0..<50).map { String(format: "p%03d", $0) })
        let byName = try Self.allPages(test, "/api/v1/areas/test-campus/places")
        #expect(byName.ids == Self.places.map(\.id.rawValue))
        #expect(byName.pages == 3)
        let near = "/api/v1/areas/test-campus/places?near=35.23,129.08&limit=17"
        let byDistance = try Self.allPages(test, near)
        let center = try Coordinate(latitude: 35.23, longitude: 129.08)
        let expected = Self.places.sorted {
            (center.distance(to: $0.coordinate), $0.id) < (center.distance(to: $1.coordinate), $1.id)
        }
        #expect(byDistance.ids == expected.map(\.id.rawValue))
        #expect(byDistance.pages == 8)
        let withDistances = try #require(try test.json(near)["places"] as? [[String: Any]])
        #expect(withDistances.allSatisfy { $0["distanceMeters"] is Double })
    }

    @Test func boxesAndRadiiKeepOnlyTheirPlaces() throws {
        let test = try TestApp.make(places: Self.places)
        defer { test.cleanUp() }
        let box = try GeoBox(parsing: "129.0745,35.2250,129.0800,35.2290")
        let inBox = try test.json("/api/v1/areas/test-campus/places?bbox=\(box)&limit=500")
        let expected = Self.places.filter { box.contains($0.coordinate) }.sorted {
            (box.center.distance(to: $0.coordinate), $0.id) < (box.center.distance(to: $1.coordinate), $1.id)
        }
        #expect(Self.ids(inBox) == expected.map(\.id.rawValue))
        #expect(!expected.isEmpty && expected.count < 130)
        // Distances are the caller's, from `near`: a box alone has none.
        #expect((inBox["places"] as? [[String: Any]])?.allSatisfy { $0["distanceMeters"] == nil } == true)
        let center = try Coordinate(latitude: 35.23, longitude: 129.08)
        let withinRadius = try test.json("/api/v1/areas/test-campus/places?near=35.23,129.08&radius=300&limit=500")
        #expect(
            Set(Self.ids(withinRadius))
                == Set(Self.places.filter { center.distance(to: $0.coordinate) <= 300 }.map(\.id.rawValue)))
    }

    @Test(arguments: [
        ("sort=name", "unknown_parameter", "sort: not a parameter here"),
        ("near=35,129&near=36,129", "repeated_parameter", "near: given more than once"),
        ("near=91,0", "invalid_coordinate", "near: latitude 91.0 is outside"),
        ("bbox=1,2,3", "invalid_bbox", "bbox: expected W,S,E,N"),
        ("bbox=129,36,130,35", "invalid_bbox", "bbox: south 36.0 is north of north 35.0"),
        ("near=35,129&radius=-5", "invalid_radius", "radius: expected metres"),
        ("near=35,129&radius=abc", "invalid_radius", "radius: expected metres"),
        ("radius=500", "contradictory_parameters", "radius: needs near"),
        ("limit=0", "invalid_limit", "limit: expected a whole number from 1 to 500"),
        ("limit=501", "invalid_limit", "limit: expected a whole number from 1 to 500"),
        ("cursor=not-a-cursor", "invalid_cursor", "cursor: not a cursor of this listing"),
    ])
    func mistakesAreA400NamingTheParameter(query: String, code: String, message: String) throws {
        let test = try TestApp.make(places: Self.places)
        defer { test.cleanUp() }
        let response = try test.get("/api/v1/areas/test-campus/places?\(query)")
        #expect(response.status == .badRequest)
        let error = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: [String: String]]
        #expect(error?["error"]?["code"] == code)
        #expect(error?["error"]?["message"]?.hasPrefix(message) == true, "\(String(describing: error))")
    }

    @Test func aCursorOfOtherParametersIsRefused() throws {
        let test = try TestApp.make(places: Self.places)
        defer { test.cleanUp() }
        let cursor = try #require(try test.json("/api/v1/areas/test-campus/places?near=35.23,129.08")["nextCursor"])
        for other in ["near=35.24,129.08", "", "near=35.23,129.08&radius=900", "bbox=129,35,130,36"] {
            let response = try test.get("/api/v1/areas/test-campus/places?\(other)&cursor=\(cursor)")
            #expect(response.status == .badRequest, "\(other)")
            #expect(String(decoding: response.body, as: UTF8.self).contains("belongs to other parameters"))
        }
        // A cursor changed by hand (here the query's fingerprint in it) is refused, not followed somewhere else.
        var changed = Array(try #require(cursor as? String))
        changed[5] = changed[5] == "A" ? "B" : "A"
        let tampered = try test.get("/api/v1/areas/test-campus/places?near=35.23,129.08&cursor=\(String(changed))")
        #expect(tampered.status == .badRequest)
    }

    @Test func bookmarksComeFirstOnceAcrossPages() throws {
        let test = try TestApp.make(places: Self.places)
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        for id in ["p120", "p007"] { _ = try person.post("/places/\(id)/bookmark", [("bookmarked", "1")]) }
        var ids: [String] = []
        var target: String? = "/api/v1/areas/test-campus/places?limit=40"
        while let page = target {
            let body = try JSONSerialization.jsonObject(with: Data(try person.get(page).body)) as? [String: Any] ?? [:]
            ids += Self.ids(body)
            target = (body["nextCursor"] as? String).map { "/api/v1/areas/test-campus/places?limit=40&cursor=\($0)" }
        }
        #expect(ids.prefix(2) == ["p120", "p007"])
        #expect(ids.count == 130)
        #expect(Set(ids).count == 130)
    }

    @Test func theAreaPageShowsFiftyThenMore() throws {
        let test = try TestApp.make(places: Self.places)
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        let first = try person.html("/areas/test-campus")
        #expect(first.components(separatedBy: "class=\"card place\"").count - 1 == 50)
        #expect(first.contains("130 places"))
        #expect(first.contains("Places 1–50 of 130"))
        // The map draws every place of its view while they are at most 500: no line under it.
        #expect(!first.contains("The map shows the"))
        let more = try #require(first.firstMatch(of: #/href="(/areas/test-campus\?[^"]*cursor=[^"]*)" rel="next"/#))
        // A browser keeps the link's fragment to itself.
        let nextPath = String(more.1).replacingOccurrences(of: "&amp;", with: "&").split(separator: "#")[0]
        let second = try person.html(String(nextPath))
        #expect(second.contains("Places 51–100 of 130"))
        #expect(second.contains("Place 050"))
        #expect(!second.contains("class=\"place-row\" data-place=\"p049\""))
        #expect(second.contains("Back to the first places"))
        let bad = try person.get("/areas/test-campus?cursor=nonsense")
        #expect(bad.status == .badRequest)
    }

    @Test func theMapDrawsAtMostFiveHundredOfItsView() throws {
        // 520 places heaped near the campus's middle, all inside the map's first view.
        let crowd = (0..<520).map { index in
            TestApp.place(
                String(format: "c%03d", index), ["en": String(format: "Crowd %03d", index)],
                latitude: 35.2280 + Double(index / 26) * 0.00005, longitude: 129.0780 + Double(index % 26) * 0.00005)
        }
        let test = try TestApp.make(places: crowd)
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        let page = try person.html("/areas/test-campus")
        #expect(page.contains("520 places"))
        #expect(page.contains("The map shows the 500 places nearest its middle of 520; the list has them all."))
        // The map alone, as the page script fetches it when the view moves, says the same under it.
        let map = try person.html("/areas/test-campus/map")
        #expect(map.contains("The map shows the 500 places nearest its middle of 520"))
    }
}
