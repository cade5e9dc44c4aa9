import Foundation
import Testing

@testable import GrubmapCore

@Suite struct PlaceGeoJSONTests {
    let area = try! Area.ID("pnu-busan")

    func place() throws -> Place {
        Place(
            id: try Place.ID("geumjeong-hall"), areaID: area,
            name: try LocalizedText(["ko": "금정회관", "en": "Geumjeong Hall"]), kind: .cafeteria,
            coordinate: try Coordinate(latitude: 35.233_912, longitude: 129.081_356), address: "부산광역시 금정구",
            phone: "+82 51-510-1234", website: "https://www.pusan.ac.kr/",
            description: try LocalizedText(["ko": "학생식당", "en": "Student cafeteria"]),
            openingHours: OpeningHours(rules: [
                try .init(
                    days: Weekday.parseList("Mo-Fr"), opens: TimeOfDay(parsing: "08:00"),
                    closes: TimeOfDay(parsing: "19:00"))
            ]), seats: 420)
    }

    @Test func exportThenImportGivesTheSamePlaces() throws {
        let original = [
            try place(),
            Place(
                id: try Place.ID("b"), areaID: area, name: LocalizedText("B"), kind: .cafe,
                coordinate: try Coordinate(latitude: -33.5, longitude: -70.25)),
        ]
        let data = PlaceGeoJSON.encode(original, localLanguage: "ko")
        let decoded = try PlaceGeoJSON.decode(data, area: area, localLanguage: "ko")
        #expect(decoded.sorted { $0.id < $1.id } == original.sorted { $0.id < $1.id })
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let feature = (object?["features"] as? [[String: Any]])?.first { $0["id"] as? String == "geumjeong-hall" }
        #expect((feature?["properties"] as? [String: Any])?["name"] as? String == "금정회관")
        #expect((feature?["geometry"] as? [String: Any])?["coordinates"] as? [Double] == [129.081_356, 35.233_912])
        #expect((feature?["properties"] as? [String: Any])?["seats"] as? Int == 420)
        #expect(decoded.first { $0.id.rawValue == "b" }?.seats == nil)
    }

    @Test func aPlaceStoredBeforeSeatsExistedStillDecodes() throws {
        var encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try place())) as? [String: Any]
        #expect(encoded?["seats"] as? Int == 420)
        encoded?["seats"] = nil
        let old = try JSONSerialization.data(withJSONObject: encoded ?? [:])
        let decoded = try JSONDecoder().decode(Place.self, from: old)
        #expect(decoded.seats == nil)
        #expect(decoded.name == (try place()).name)
    }

    @Test func aPlainNameIsInTheAreasLanguage() throws {
        let json =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"x","geometry":{"type":"Point","coordinates":[129.08,35.23]},"properties":{"name":"학생회관"}}]}"#
        let places = try PlaceGeoJSON.decode(Data(json.utf8), area: area, localLanguage: "ko")
        #expect(places.first?.name.values == ["ko": "학생회관"])
        #expect(places.first?.kind == .restaurant)
    }

    @Test(arguments: [
        ("[]", "the top level must be a FeatureCollection"),
        ("not json", "the file is not JSON"),
        (#"{"type":"Feature"}"#, "the top level must be a FeatureCollection"),
        (#"{"type":"FeatureCollection","features":{}}"#, "\"features\" must be a list"),
        (#"{"type":"FeatureCollection","features":[1]}"#, "feature 1: is not a Feature object"),
        (
            feature(#""geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]},"properties":{"name":"A"}"#),
            "feature 1 (\"A\"): needs a Point geometry with [longitude, latitude]"
        ),
        (
            feature(#""geometry":{"type":"Point","coordinates":[0,91]},"properties":{"name":"A"}"#),
            "feature 1 (\"A\"): coordinates: latitude 91.0 is outside [-90, 90]"
        ),
        (
            feature(#""geometry":{"type":"Point","coordinates":["0","1"]},"properties":{"name":"A"}"#),
            "feature 1 (\"A\"): needs a Point geometry with [longitude, latitude]"
        ),
        (
            feature(#""geometry":{"type":"Point","coordinates":[0,1]},"properties":{"name":""}"#),
            "feature 1 (\"\"): needs a non-empty \"name\""
        ),
        (
            feature(#""geometry":{"type":"Point","coordinates":[0,1]},"properties":{"name":"A","kind":"bar"}"#),
            "feature 1 (\"A\"): kind must be one of restaurant, cafeteria, cafe, dormitory"
        ),
        (
            feature(
                #""geometry":{"type":"Point","coordinates":[0,1]},"properties":{"name":"A","website":"javascript:alert(1)"}"#
            ),
            "feature 1 (\"A\"): website must be an http or https address"
        ),
        (
            feature(
                #""geometry":{"type":"Point","coordinates":[0,1]},"properties":{"name":"A","openingHours":"24/7"}"#),
            "feature 1 (\"A\"): openingHours must be a list of {\"days\": \"Mo-Fr\", \"opens\": \"11:00\", \"closes\": \"21:00\"}"
        ),
        (
            feature(#""geometry":{"type":"Point","coordinates":[0,1]},"properties":{"name":"A","seats":0}"#),
            "feature 1 (\"A\"): seats must be a whole number from 1 to 100000"
        ),
        (
            feature(#""geometry":{"type":"Point","coordinates":[0,1]},"properties":{"name":"A","seats":12.5}"#),
            "feature 1 (\"A\"): seats must be a whole number from 1 to 100000"
        ),
        (
            feature(#""geometry":{"type":"Point","coordinates":[0,1]},"properties":{"name":"A","seats":"40"}"#),
            "feature 1 (\"A\"): seats must be a whole number from 1 to 100000"
        ),
        (
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[0,1]},"properties":{"name":"No id"}}]}"#,
            "feature 1 (\"No id\"): needs a string \"id\" (the place's stable id, like \"geumjeong-hall\")"
        ),
    ])
    func brokenDocumentsNameTheFeature(json: String, message: String) {
        do {
            _ = try PlaceGeoJSON.decode(Data(json.utf8), area: area, localLanguage: "en")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func duplicateIdsAreRefused() {
        let one =
            #"{"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[0,1]},"properties":{"name":"A"}}"#
        let json = #"{"type":"FeatureCollection","features":["# + one + "," + one + "]}"
        #expect(throws: PlaceGeoJSONError.feature(2, "A", "the id \"a\" is used by an earlier feature")) {
            try PlaceGeoJSON.decode(Data(json.utf8), area: area, localLanguage: "en")
        }
    }

    static func feature(_ body: String) -> String {
        #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"a","# + body + "}]}"
    }
}

@Suite struct WebMercatorTests {
    @Test func projectsTheEquatorAndTheCutOff() throws {
        let origin = WebMercator.project(try Coordinate(latitude: 0, longitude: 0))
        #expect(abs(origin.x - 0.5) < 1e-12 && abs(origin.y - 0.5) < 1e-12)
        let corner = WebMercator.project(try Coordinate(latitude: WebMercator.maximumLatitude, longitude: -180))
        #expect(abs(corner.x) < 1e-12 && abs(corner.y) < 1e-9)
        let north = WebMercator.project(try Coordinate(latitude: 90, longitude: 0))
        #expect(north.y >= 0 && north.y.isFinite)
    }
}

/// Files read a feature at a time: the same places as a whole document, in any member order, and a clear error for
/// what a whole read would refuse.
@Suite struct PlaceGeoJSONReaderTests {
    let area = try! Area.ID("pnu-busan")

    func read(_ text: String, chunkSize: Int = 7) throws(PlaceGeoJSONError) -> [Place] {
        let bytes = Array(text.utf8)
        var offset = 0
        var reader = PlaceGeoJSONReader(area: area, localLanguage: "ko") {
            guard offset < bytes.count else { return nil }
            defer { offset += chunkSize }
            return Array(bytes[offset..<min(offset + chunkSize, bytes.count)])
        }
        var places: [Place] = []
        while let place = try reader.next() { places.append(place) }
        return places
    }

    static func feature(_ id: String, _ name: String = "A") -> String {
        #"{"type":"Feature","id":"\#(id)","geometry":{"type":"Point","coordinates":[129.08,35.23]},"properties":{"name":"\#(name)"}}"#
    }

    @Test func readsFeaturesInAnyMemberOrder() throws {
        let text = #"""
            {"features": [\#(Self.feature("a")), \#(Self.feature("b"))], "name": {"skipped": [1, {"x": "y"}]},
             "bbox": [0, 0, 1, 1], "type": "FeatureCollection"}
            """#
        #expect(try read(text).map(\.id.rawValue) == ["a", "b"])
        #expect(try read("\u{FEFF}" + text, chunkSize: 1).count == 2)
        let whole = try PlaceGeoJSON.decode(Data(text.utf8), area: area, localLanguage: "ko")
        #expect(try read(text, chunkSize: 3) == whole)
    }

    @Test(arguments: [
        (#"{"type":"FeatureCollection","features":[]} x"#, "the file is not JSON"),
        (#"{"type":"FeatureCollection"}"#, "\"features\" must be a list"),
        (#"{"features":[],"type":"Topology"}"#, "the top level must be a FeatureCollection"),
        (#"{"type":"FeatureCollection","features":[{"type":"Feature",]}"#, "feature 1: is not valid JSON"),
        ("null", "the top level must be a FeatureCollection"),
        ("", "the file is not JSON"),
    ])
    func refusesWhatAWholeReadRefuses(text: String, start: String) {
        do {
            _ = try read(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.hasPrefix(start), "\(text): \(error)")
        }
    }

    @Test func refusesHostileFeatures() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let nested = #"{"type":"FeatureCollection","features":[{"type":"Feature","x":\#(deep)}]}"#
        #expect(throws: PlaceGeoJSONError.self) { try read(nested) }
        let huge =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","x":""#
            + String(repeating: "x", count: PlaceGeoJSONReader.maximumFeatureBytes + 10) + #""}]}"#
        #expect(throws: PlaceGeoJSONError.self) { try read(huge, chunkSize: 65536) }
        let nul = Self.feature("a", "A\\u0000B")
        #expect(
            throws: PlaceGeoJSONError.feature(1, "A\u{0}B", "name contains a NUL character")
        ) { try read(#"{"type":"FeatureCollection","features":[\#(nul)]}"#) }
    }
}
