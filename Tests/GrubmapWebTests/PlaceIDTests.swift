import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// A place's id is taken once, whichever area has it: making a place with a taken id through the console is 409
/// naming the id, and through the admin API 400 `place_in_other_area` naming the place and its area (the rule of
/// every admin call about another area's place), and nothing changes, even when the place is in an area the operator
/// cannot see.
@Suite struct PlaceIDTests {
    private func body(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

    /// A place of the second area, which the sample area's operators and keys cannot see.
    private func hiddenPlace(_ test: TestApp) throws -> Place {
        var place = TestApp.place("hidden-hall", ["en": "Hidden Hall"], latitude: 37.33, longitude: -121.89)
        place.areaID = TestApp.secondArea.id
        try test.store.createPlace(
            place,
            audit: AuditEntry(
                at: test.clock.now, actor: "cli", actorName: "test", areaID: place.areaID, action: "place.create",
                subject: place.id.rawValue, before: nil, after: nil))
        return place
    }

    private func audit(_ test: TestApp) throws -> [AuditEntry] {
        try test.store.auditEntries(
            areas: [TestApp.sampleArea.id, TestApp.secondArea.id], includingGlobal: true, action: nil, before: nil,
            limit: 100)
    }

    @Test(arguments: ["en", "ko"])
    func theConsoleShowsTheFormAgainWithTheTakenID(language: String) throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let hidden = try hiddenPlace(test)
        let person = try ConsoleTests.signedIn(test, "kim@example.org", language: language)
        let csrf = try ConsoleTests.consoleCSRF(person)
        let before = try audit(test)
        for id in ["hidden-hall", "alpha"] {
            let response = try person.post(
                "/admin/areas/test-campus/places/new",
                [
                    ("id", id), ("nameEn", "Taken Hall"), ("kind", "cafeteria"), ("latitude", "35.2340"),
                    ("longitude", "129.0810"),
                ], csrf: csrf)
            #expect(response.status == .conflict)
            let page = body(response)
            // The error sits on the id field, names the id, and the form keeps what was typed.
            #expect(page.contains("id=\"id-problem\""))
            #expect(page.contains("\u{201C}\(id)\u{201D}"))
            #expect(page.contains(language == "ko" ? "다른 장소가 이미" : "Another place has the id"))
            #expect(page.contains("value=\"Taken Hall\""))
        }
        #expect(try test.store.consolePlace(id: hidden.id)?.place == hidden)
        #expect(try test.store.consolePlace(id: try Place.ID("alpha"))?.place.name.text(in: .english) == "Alpha Hall")
        #expect(try audit(test) == before)
    }

    @Test func theAdminAPIAnswers400NamingThePlaceAndItsArea() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let hidden = try hiddenPlace(test)
        let key = try AdminAPIs.makeKey(test, area: TestApp.sampleArea.id, scope: .write)
        let before = try audit(test)
        let body = """
            {"id": "hidden-hall", "areaID": "test-campus", "name": {"en": "Taken Hall"}, "kind": "cafeteria",
             "coordinate": {"latitude": 35.234, "longitude": 129.081}, "openingHours": []}
            """
        for (method, text) in [(GrubmapHTTP.Method.put, body), (.get, "")] {
            let response = try AdminAPIs.call(test, method, "/api/v1/admin/places/hidden-hall", key: key, body: text)
            #expect(response.status == .badRequest)
            let error = (try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["error"]
            let fields = try #require(error as? [String: Any])
            #expect(fields["code"] as? String == "place_in_other_area")
            #expect(
                fields["message"] as? String
                    == "id: the place hidden-hall is of the area another-area, and this key is for test-campus only; "
                    + "nothing was changed.")
        }
        #expect(try test.store.consolePlace(id: hidden.id)?.place == hidden)
        #expect(try audit(test) == before)
        // An id no place has is still 404 to read.
        #expect(try AdminAPIs.call(test, .get, "/api/v1/admin/places/no-such-hall", key: key).status == .notFound)
    }
}

/// The admin API helpers of ``AdminAPITests`` for other suites.
enum AdminAPIs {
    static func makeKey(_ test: TestApp, area: Area.ID, scope: APIKey.Scope) throws -> String {
        try AdminAPITests.makeKey(test, area: area, scope: scope)
    }

    static func call(_ test: TestApp, _ method: GrubmapHTTP.Method, _ target: String, key: String, body: String = "")
        throws -> Response
    {
        try AdminAPITests().call(test, method, target, key: key, body: body)
    }
}
