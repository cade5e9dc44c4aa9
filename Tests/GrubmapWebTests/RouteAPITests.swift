import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// `GET /api/v1/routes/walk`: the contract's shape, snapping, and each bad input named.
@Suite struct RouteAPITests {
    private func body(_ response: Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    /// The test campus with one street along 129.08 east (through Charlie, Alpha and Bravo) and an island of a
    /// street to the east.
    static func makeWithStreets() throws -> TestApp {
        let test = try TestApp.make()
        var builder = RoutingGraphBuilder(mode: .walk)
        var previous: Int32?
        for (index, latitude) in stride(from: 35.225, through: 35.2401, by: 0.0005).enumerated() {
            let node = builder.node(id: Int64(index), at: try Coordinate(latitude: latitude, longitude: 129.08))
            if let previous { builder.addSegment(previous, node) }
            previous = node
        }
        let a = builder.node(id: 1_000, at: try Coordinate(latitude: 35.238, longitude: 129.088))
        let b = builder.node(id: 1_001, at: try Coordinate(latitude: 35.239, longitude: 129.088))
        builder.addSegment(a, b)
        let coverage = TestApp.sampleArea.bounds
        let street = BasemapFeature(
            kind: .footway,
            parts: [
                [
                    try Coordinate(latitude: 35.225, longitude: 129.08),
                    try Coordinate(latitude: 35.24, longitude: 129.08),
                ]
            ])
        try test.store.replaceBasemap(
            Basemap(source: .openStreetMap, note: "test", coverage: coverage, features: [street]),
            areaID: TestApp.sampleArea.id, graphs: [builder.build()])
        return test
    }

    @Test func aWalkToAPlaceHasTheContractShape() throws {
        let test = try Self.makeWithStreets()
        defer { test.cleanUp() }
        let response = try test.get("/api/v1/routes/walk?from=35.2336,129.0800&to=alpha")
        #expect(response.status == .ok)
        let json = try body(response)
        #expect(
            Set(json.keys) == ["areaId", "placeId", "distanceMeters", "durationSeconds", "snapMeters", "geometry"])
        #expect(json["areaId"] as? String == "test-campus" && json["placeId"] as? String == "alpha")
        let meters = try #require(json["distanceMeters"] as? Double)
        #expect(abs(meters - 155.3) < 1)
        #expect(json["durationSeconds"] as? Int == Int((meters / RoutingGraph.walkingMetersPerSecond).rounded()))
        #expect(json["snapMeters"] as? [String: Double] == ["from": 0, "to": 0])
        let geometry = try #require(json["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "LineString")
        let line = try #require(geometry["coordinates"] as? [[Double]])
        #expect(line.first == [129.08, 35.2336] && line.last == [129.08, 35.235])
    }

    @Test func thePointsAreSnappedAndSayHowFar() throws {
        let test = try Self.makeWithStreets()
        defer { test.cleanUp() }
        let json = try body(try test.get("/api/v1/routes/walk?from=35.2336,129.085&to=35.2336,129.08"))
        let snap = try #require(json["snapMeters"] as? [String: Double])
        #expect(abs((snap["from"] ?? 0) - 454.9) < 1 && snap["to"] == 0)
        #expect(json["distanceMeters"] as? Double == 0)
        let same = try body(try test.get("/api/v1/routes/walk?from=35.235,129.08&to=alpha"))
        #expect(same["distanceMeters"] as? Double == 0 && same["durationSeconds"] as? Int == 0)
    }

    @Test func badWalksNameWhatIsWrong() throws {
        let test = try Self.makeWithStreets()
        defer { test.cleanUp() }
        let cases: [(String, Int, String, String)] = [
            ("to=alpha", 400, "missing_parameter", "from: missing"),
            ("from=35.2,129.08", 400, "missing_parameter", "to: missing"),
            ("from=90.5,0&to=alpha", 400, "invalid_coordinate", "from: latitude 90.5 is outside [-90, 90]"),
            ("from=35.2,129.08&to=-91,0", 400, "invalid_destination", "to: latitude -91.0 is outside"),
            ("from=35.2,129.08&to=nowhere", 404, "not_found", "to: there is no place \"nowhere\""),
            ("from=35.2,129.08&to=alpha&area=another-area", 400, "area_mismatch", "area: the place \"alpha\" is in"),
            ("from=0,0&to=1,1", 400, "area_required", "to: no area contains 1.0,1.0"),
            ("from=35.23,129.08&to=35.2385,129.088", 404, "no_route", "to: no route joins the two points"),
            ("from=37.33,-121.89&to=37.331,-121.89", 404, "no_routing_graph", "area: the area \"another-area\" has"),
        ]
        for (query, status, code, message) in cases {
            let response = try test.get("/api/v1/routes/walk?\(query)")
            #expect(response.status.code == status, "\(query)")
            let error = try body(response)["error"] as? [String: String]
            #expect(error?["code"] == code, "\(query)")
            #expect(error?["message"]?.hasPrefix(message) == true, "\(query): \(error?["message"] ?? "")")
        }
    }

    @Test func thePlacePageSaysMinutesOnFootWhenTheAreaHasStreets() throws {
        let test = try Self.makeWithStreets()
        defer { test.cleanUp() }
        let page = String(decoding: try test.get("/places/bravo?near=35.2336,129.0800").body, as: UTF8.self)
        // 707 m at 4.8 km/h: 8 min 50 s, shown as 9 minutes.
        #expect(page.contains("<p class=\"meta walk\">9 min walk"))
        let unknown = String(decoding: try test.get("/places/bravo").body, as: UTF8.self)
        #expect(!unknown.contains("meta walk"))
        let plain = try TestApp.make()
        defer { plain.cleanUp() }
        let without = String(decoding: try plain.get("/places/bravo?near=35.2336,129.0800").body, as: UTF8.self)
        #expect(!without.contains("meta walk"))
    }

    @Test func faresArePricedOnTheDrivingRouteWhereThereIsOne() throws {
        let test = try TestApp.makeWithFares()
        defer { test.cleanUp() }
        let query = "/api/v1/fares?from=35.2336,129.0800&to=bravo"
        let before = try body(try test.get(query))
        #expect(before["routedMeters"] == nil)
        // A road around three sides of a block: 455 m east, 711 m north, 455 m west.
        var builder = RoutingGraphBuilder(mode: .drive)
        let corners = try [(35.2336, 129.08), (35.2336, 129.085), (35.24, 129.085), (35.24, 129.08)].enumerated().map {
            builder.node(id: Int64($0.offset), at: try Coordinate(latitude: $0.element.0, longitude: $0.element.1))
        }
        for (a, b) in zip(corners, corners.dropFirst()) { builder.addSegment(a, b) }
        let street = BasemapFeature(
            kind: .street,
            parts: [
                [
                    try Coordinate(latitude: 35.2336, longitude: 129.08),
                    try Coordinate(latitude: 35.24, longitude: 129.08),
                ]
            ])
        try test.store.replaceBasemap(
            Basemap(source: .openStreetMap, note: "test", coverage: TestApp.sampleArea.bounds, features: [street]),
            areaID: TestApp.sampleArea.id, graphs: [builder.build()])
        let after = try body(try test.get(query))
        let routed = try #require(after["routedMeters"] as? Double)
        #expect(abs(routed - 1_621) < 3)
        #expect(after["distanceMeters"] as? Int == Int(routed.rounded()))
        let page = String(decoding: try test.get("/places/bravo?near=35.2336,129.0800").body, as: UTF8.self)
        #expect(page.contains("along the roads"))
        let straight = String(decoding: try test.get("/places/bravo?near=35.2336,129.0800&via=x").body, as: UTF8.self)
        #expect(!straight.contains("estimated from the straight line"))
    }

    @Test func theListSaysMinutesOnFootWhenTheAreaHasStreets() throws {
        let test = try Self.makeWithStreets()
        defer { test.cleanUp() }
        let page = String(decoding: try test.get("/areas/test-campus?near=35.2336,129.0800").body, as: UTF8.self)
        // Charlie is 0 m away (1 minute at least), Alpha 155 m (2), Bravo 707 m (9).
        for minutes in [1, 2, 9] { #expect(page.contains("<span class=\"walk\">\(minutes) min walk</span>")) }
        let plain = try TestApp.make()
        defer { plain.cleanUp() }
        let without = String(decoding: try plain.get("/areas/test-campus?near=35.2336,129.0800").body, as: UTF8.self)
        #expect(!without.contains("min walk"))
    }

    @Test func theBoardSaysMinutesOnFootWhenTheAreaHasStreets() throws {
        let test = try Self.makeWithStreets()
        defer { test.cleanUp() }
        let board = String(decoding: try test.get("/areas/test-campus/menus?near=35.2336,129.0800").body, as: UTF8.self)
        // Wherever a card shows its facts (a serving place), it shows the minutes on foot too.
        #expect(board.contains("min walk</span>") == board.contains("class=\"card-facts\""))
        let plain = try TestApp.make()
        defer { plain.cleanUp() }
        let without = String(
            decoding: try plain.get("/areas/test-campus/menus?near=35.2336,129.0800").body, as: UTF8.self)
        #expect(!without.contains("min walk"))
    }

    @Test func placesComeNearestOnFootWithOrderWalking() throws {
        let test = try Self.makeWithStreets()
        defer { test.cleanUp() }
        // From beside the street near Charlie: Charlie, Alpha, Bravo on foot.
        let json = try body(try test.get("/api/v1/areas/test-campus/places?order=walking&near=35.2336,129.0805"))
        let places = try #require(json["places"] as? [[String: Any]])
        #expect(places.map { $0["id"] as? String } == ["charlie", "alpha", "bravo"])
        let seconds = places.compactMap { $0["walkingSeconds"] as? Int }
        #expect(seconds.count == 3 && seconds == seconds.sorted())
        let cases: [(String, Int, String)] = [
            ("order=walking", 400, "missing_parameter"),
            ("order=fastest&near=35.2,129.08", 400, "invalid_order"),
            ("order=walking&near=35.2,129.08&bbox=1,1,2,2", 400, "contradictory_parameters"),
            ("order=walking&near=35.2,129.08&limit=0", 400, "invalid_limit"),
        ]
        for (query, status, code) in cases {
            let response = try test.get("/api/v1/areas/test-campus/places?\(query)")
            #expect(response.status.code == status, "\(query)")
            #expect((try body(response)["error"] as? [String: String])?["code"] == code, "\(query)")
        }
        let missing = try test.get("/api/v1/areas/another-area/places?order=walking&near=37.33,-121.89")
        #expect((try body(missing)["error"] as? [String: String])?["code"] == "no_routing_graph")
    }
}
