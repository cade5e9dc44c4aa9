import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// A new place in the console: no position until one is picked or typed, a click on the map (as a browser without
/// the script sends it) that sets the position unsaved, the map at the area's true shape, and an id made from the
/// name.
@Suite struct PlacePickerConsoleTests {
    private func body(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

    private func field(_ html: String, _ id: String) -> String? {
        guard let start = html.range(of: "id=\"\(id)\" name=\"\(id)\" autocomplete=\"off\" value=\"") else {
            return nil
        }
        return String(html[start.upperBound...].prefix { $0 != "\"" })
    }

    @Test func aNewPlaceHasNoPositionAndSavingWithoutOneIsAProblemOfTheField() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let form = try person.html("/admin/areas/test-campus/places/new")
        #expect(field(form, "latitude") == "" && field(form, "longitude") == "")
        // Nothing is marked, and the area's other places are drawn with their names.
        #expect(form.contains("class=\"map-picked\" transform=\"translate(0 0)\" display=\"none\""))
        for name in ["Alpha Hall", "Bravo Hall", "Charlie Hall"] {
            #expect(form.contains(">\(name)</text>"), "\(name)")
        }
        #expect(form.contains("alt=\"Map of Test Campus with its 3 places: a click sets the position\""))

        let refused = try person.post(
            "/admin/areas/test-campus/places/new", [("id", "delta"), ("nameEn", "Delta Hall"), ("kind", "cafeteria")],
            csrf: try ConsoleTests.consoleCSRF(person))
        #expect(refused.status == .unprocessableContent)
        let html = body(refused)
        #expect(html.contains("Set the position: click the place on the map, or type its latitude and longitude."))
        #expect(html.contains("href=\"#latitude\""))
        #expect(try test.store.consolePlace(id: try Place.ID("delta")) == nil)
    }

    @Test func aClickOnTheMapSetsThePositionUnsavedAndEnterSaves() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(person)
        let layout = ConsolePositionMap.Layout(bounds: TestApp.sampleArea.bounds, variant: .narrow)
        let typed = [("id", ""), ("nameEn", "Delta Hall"), ("kind", "cafeteria"), ("latitude", ""), ("longitude", "")]
        // A click a quarter across and three quarters down the phone's map.
        let (x, y) = (layout.displayWidth / 4, layout.displayHeight * 3 / 4)
        let clicked = try person.post(
            "/admin/areas/test-campus/places/new", typed + [("pick-narrow.x", "\(x)"), ("pick-narrow.y", "\(y)")],
            csrf: csrf)
        #expect(clicked.status == .ok)
        let html = body(clicked)
        #expect(html.contains("Position set from the map. The place is not saved yet."))
        let expected = try #require(layout.coordinate(x: Double(x), y: Double(y)))
        let latitude = try #require(field(html, "latitude").flatMap(Double.init))
        let longitude = try #require(field(html, "longitude").flatMap(Double.init))
        #expect(abs(latitude - expected.latitude) < 1e-6 && abs(longitude - expected.longitude) < 1e-6)
        // South-west of the middle of the area's bounds.
        #expect(latitude < 35.23 && longitude < 129.08)
        #expect(!html.contains("class=\"map-picked\" transform=\"translate(0 0)\" display=\"none\""))
        #expect(field(html, "nameEn") == "Delta Hall")
        #expect(try test.store.consolePlace(id: try Place.ID("delta-hall")) == nil)

        // Enter in a field "clicks" the first submit button, the map, at 0,0: that saves.
        let saved = try person.post(
            "/admin/areas/test-campus/places/new",
            [
                ("nameEn", "Delta Hall"), ("kind", "cafeteria"), ("latitude", String(latitude)),
                ("longitude", String(longitude)), ("pick-narrow.x", "0"), ("pick-narrow.y", "0"),
            ], csrf: csrf)
        #expect(saved.status == .seeOther)
        let place = try #require(try test.store.place(id: try Place.ID("delta-hall")))
        #expect(abs(place.coordinate.latitude - expected.latitude) < 1e-6)

        for bad in [("abc", "1"), ("1e309", "2"), ("-5", "3"), ("99999", "4")] {
            let response = try person.post(
                "/admin/areas/test-campus/places/new", typed + [("pick-wide.x", bad.0), ("pick-wide.y", bad.1)],
                csrf: csrf)
            #expect(response.status == .badRequest, "\(bad)")
        }
    }

    @Test func theMapHasTheShapeOfTheAreasBoundsInWebMercator() throws {
        for area in [TestApp.sampleArea, TestApp.secondArea] {
            let northWest = WebMercator.project(
                try Coordinate(latitude: area.bounds.northEast.latitude, longitude: area.bounds.southWest.longitude))
            let southEast = WebMercator.project(
                try Coordinate(latitude: area.bounds.southWest.latitude, longitude: area.bounds.northEast.longitude))
            let aspect = (southEast.y - northWest.y) / (southEast.x - northWest.x)
            for variant in ConsolePositionMap.Variant.allCases {
                let layout = ConsolePositionMap.Layout(bounds: area.bounds, variant: variant)
                let shown = Double(layout.displayHeight) / Double(layout.displayWidth)
                #expect(abs(shown / aspect - 1) < 0.02, "\(area.id) \(variant)")
                #expect(
                    Double(layout.displayWidth) <= variant.box.width
                        && Double(layout.displayHeight) <= variant.box.height)
                // Its corners are the bounds' corners.
                let corner = try #require(layout.coordinate(x: 0, y: 0))
                #expect(abs(corner.latitude - area.bounds.northEast.latitude) < 0.0005)
                #expect(abs(corner.longitude - area.bounds.southWest.longitude) < 0.0005)
                #expect(layout.coordinate(x: Double(layout.displayWidth) + 1, y: 0) == nil)
            }
        }
    }

    @Test func theIdIsMadeFromTheNameWhenNoneIsTyped() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(person)
        let position = [("kind", "cafeteria"), ("latitude", "35.2340"), ("longitude", "129.0810")]
        for (names, id) in [
            ([("nameEn", "Alpha Hall")], "alpha-hall"), ([("nameEn", "Alpha Hall")], "alpha-hall-2"),
            ([("nameEn", ""), ("nameKo", "금정회관")], "geumjeonghoegwan"), ([("nameEn", "Café Zoë")], "cafe-zoe"),
        ] {
            let response = try person.post(
                "/admin/areas/test-campus/places/new", [("id", " ")] + names + position, csrf: csrf)
            #expect(response.status == .seeOther, "\(id)")
            #expect(response.headers["Location"] == "/admin/places/\(id)?done=saved")
        }
        // A name that gives no id: the id field says so.
        let emoji = try person.post(
            "/admin/areas/test-campus/places/new", [("nameEn", "🍔")] + position, csrf: csrf)
        #expect(emoji.status == .unprocessableContent)
        #expect(body(emoji).contains("Type an id, or a name to make it from"))

        let json = { (name: String) throws -> String? in
            let response = try person.get(
                "/admin/areas/test-campus/places/new/id?name="
                    + (name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
            #expect(response.status == .ok && response.headers["Cache-Control"] == "no-store")
            return (try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String])?["id"]
        }
        #expect(try json("Bravo Hall") == "bravo-hall")
        #expect(try json("Alpha Hall") == "alpha-hall-3")
        #expect(try json("alpha") == "alpha-2")
        #expect(try json("🍔") == "")
        #expect(try json(String(repeating: "x ", count: 5000))?.utf8.count ?? 99 <= 64)
        let korean = try ConsoleTests.signedIn(test, "lee@example.org", language: "ko")
        let page = try korean.html("/admin/areas/test-campus/places/new")
        #expect(page.contains("이름에서 만들어져요") && page.contains("data-id-from-name=\"nameEn nameKo\""))
    }
}
