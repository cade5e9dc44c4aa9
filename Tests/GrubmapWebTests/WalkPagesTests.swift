import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Walks on the pages: the map's route to a place (`walk=`, the place page's "Walk there"), and the list by walking
/// time.
@Suite struct WalkPagesTests {
    private func page(_ test: TestApp, _ target: String) throws -> String {
        let response = try test.get(target)
        #expect(response.status == .ok, "\(target)")
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test func walkThereDrawsTheRouteOnTheMapAndKeepsItInEveryLink() throws {
        let test = try RouteAPITests.makeWithStreets()
        defer { test.cleanUp() }
        let place = try page(test, "/places/bravo?near=35.2336,129.0800")
        let link = "/areas/test-campus?near=35.2336,129.0800&amp;view=map&amp;walk=bravo#map-view"
        #expect(place.contains("<a class=\"button secondary\" href=\"\(link)\">Walk there</a>"))

        let map = try page(test, "/areas/test-campus?near=35.2336,129.0800&view=map&walk=bravo")
        #expect(map.contains("<g class=\"map-route\" role=\"img\" aria-label=\"Walking route to Bravo Hall\">"))
        // 707 m at 4.8 km/h: 9 minutes, as the place page says.
        #expect(map.contains("<span>Walking route to Bravo Hall:</span> <span class=\"figures\">9 min · 710 m</span>"))
        // The view is the route's: zoom and pan links keep it, "Hide the route" drops it and keeps the view.
        let zoomIn = try #require(
            map.firstMatch(
                of:
                    /class="map-control map-zoom-in"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*class="map-control map-zoom-in"/
            ))
        let zoomLink = String(zoomIn.1 ?? zoomIn.2 ?? "")
        #expect(zoomLink.contains("walk=bravo"))
        let hide = try #require(map.firstMatch(of: /<a href="([^"]+)">Hide the route<\/a>/))
        #expect(!hide.1.contains("walk=") && hide.1.contains("zoom="))
        // The map alone, as the script fetches it when the person pans, draws it too.
        let fragment = try page(test, "/areas/test-campus/map?near=35.2336,129.0800&walk=bravo&zoom=17")
        #expect(fragment.contains("class=\"map-route\""))
        let hidden = try page(test, String(hide.1.prefix { $0 != "#" }).replacingOccurrences(of: "&amp;", with: "&"))
        #expect(!hidden.contains("map-route"))
    }

    @Test func aWalkThatCannotBeDrawnSaysWhy() throws {
        let test = try RouteAPITests.makeWithStreets()
        defer { test.cleanUp() }
        let unknown = try page(test, "/areas/test-campus?view=map&walk=bravo")
        #expect(!unknown.contains("class=\"map-route\""))
        #expect(unknown.contains("Share your location or set your position to see the walk to Bravo Hall."))
        // From the island of a street to the east, no street joins.
        let island = try page(test, "/areas/test-campus?near=35.2385,129.0880&view=map&walk=bravo")
        #expect(island.contains("No street Grubmap knows joins your position to Bravo Hall."))
        // From 16 km away, the nearest street says nothing of the way.
        let far = try page(test, "/areas/test-campus?near=35.1,129.0&view=map&walk=bravo")
        #expect(!far.contains("class=\"map-route\""))
        #expect(far.contains("Your position is 15.7 km from the nearest street of this map"))
        let plain = try TestApp.make()
        defer { plain.cleanUp() }
        let noStreets = try page(plain, "/areas/test-campus?near=35.2336,129.0800&view=map&walk=bravo")
        #expect(noStreets.contains("streets are not on the map yet, so no walk can be drawn."))
        #expect(!noStreets.contains("Walk there"))
    }

    @Test func aBadWalkIsA400NamingIt() throws {
        let test = try RouteAPITests.makeWithStreets()
        defer { test.cleanUp() }
        for walk in ["atlantis", "not%20an%20id", String(repeating: "x", count: 300)] {
            let response = try test.get("/areas/test-campus?near=35.2336,129.0800&walk=\(walk)")
            #expect(response.status == .badRequest, "\(walk.prefix(20))")
            #expect(String(decoding: response.body, as: UTF8.self).contains("walk:"), "\(walk.prefix(20))")
        }
    }

    /// A street up the east side (129.081) joined to the one along 129.08 only at its south end: from its north
    /// end, Bravo is nearest by straight line and farthest on foot.
    static func makeWithADetour() throws -> TestApp {
        let test = try TestApp.make()
        var builder = RoutingGraphBuilder(mode: .walk)
        func street(_ from: Int64, _ points: [(Double, Double)]) throws -> [Int32] {
            try points.enumerated().map {
                builder.node(
                    id: from + Int64($0.offset), at: try Coordinate(latitude: $0.element.0, longitude: $0.element.1))
            }
        }
        let west = try street(0, [(35.2336, 129.08), (35.235, 129.08), (35.24, 129.08)])
        let east = try street(10, [(35.2336, 129.081), (35.239, 129.081)])
        for line in [west, east, [west[0], east[0]]] {
            for (a, b) in zip(line, line.dropFirst()) { builder.addSegment(a, b) }
        }
        try test.store.replaceBasemap(
            Basemap(source: .openStreetMap, note: "test", coverage: TestApp.sampleArea.bounds, features: []),
            areaID: TestApp.sampleArea.id, graphs: [builder.build()])
        return test
    }

    private func names(_ page: String) -> [String] {
        page.matches(of: /<span class="place-name"[^>]*>([^<]+)<\/span>/).map { String($0.1) }
    }

    @Test func theListComesNearestOnFootByWalkingTime() throws {
        let test = try Self.makeWithADetour()
        defer { test.cleanUp() }
        let near = "near=35.2390,129.0810"
        #expect(names(try page(test, "/areas/test-campus?\(near)")) == ["Bravo Hall", "Alpha Hall", "Charlie Hall"])
        let walking = try page(test, "/areas/test-campus?\(near)&sort=walking")
        #expect(names(walking) == ["Charlie Hall", "Alpha Hall", "Bravo Hall"])
        #expect(walking.contains("Nearest on foot from your position"))
        #expect(walking.contains("aria-current=\"true\">By walking time</a>"))
        let minutes = walking.matches(of: /<span class="walk">(\d+) min walk<\/span>/).map { Int($0.1)! }
        #expect(minutes.count == 3 && minutes == minutes.sorted())
        // From across town there are no minutes on foot and no such order.
        let far = try page(test, "/areas/test-campus?near=35.1,129.0&sort=walking")
        #expect(!far.contains("min walk") && !far.contains("By walking time"))
        #expect(!(try page(test, "/places/bravo?near=35.1,129.0")).contains("Walk there"))
        // Without a position, or without streets, there is no such order: the list is by name.
        let unknown = try page(test, "/areas/test-campus?sort=walking")
        #expect(names(unknown) == ["Alpha Hall", "Bravo Hall", "Charlie Hall"] && !unknown.contains("By walking time"))
        let plain = try TestApp.make()
        defer { plain.cleanUp() }
        let noStreets = try page(plain, "/areas/test-campus?\(near)&sort=walking")
        #expect(
            names(noStreets) == ["Bravo Hall", "Alpha Hall", "Charlie Hall"] && !noStreets.contains("By walking time"))
    }

    @Test func bookmarksComeFirstByWalkingTimeToo() throws {
        let test = try Self.makeWithADetour()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.post("/places/bravo/bookmark", [("bookmarked", "1"), ("return", "/areas/test-campus")])
        let page = try person.html("/areas/test-campus?near=35.2390,129.0810&sort=walking")
        #expect(names(page) == ["Bravo Hall", "Charlie Hall", "Alpha Hall"])
    }
}
