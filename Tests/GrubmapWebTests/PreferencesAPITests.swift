import Foundation
import GrubmapCore
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

@Suite struct PreferencesAPITests {
    func json(_ response: Response) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
    }

    func newToken(_ test: TestApp) throws -> String {
        let response = try test.send(.post, "/api/v1/sessions")
        #expect(response.status == .created)
        return try #require(try json(response)["token"] as? String)
    }

    func patch(_ test: TestApp, token: String, _ body: String, type: String = "application/json") throws -> Response {
        try test.send(
            .patch, "/api/v1/me/preferences", headers: ["Authorization": "Bearer \(token)", "Content-Type": type],
            body: body)
    }

    @Test func aBearerSessionReadsAndWritesItsPreferences() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let token = try newToken(test)
        let defaults = try json(try test.get("/api/v1/me/preferences", headers: ["Authorization": "Bearer \(token)"]))
        #expect(defaults["units"] as? String == "km")
        #expect(defaults["onboardingStyle"] as? String == "basic")
        #expect(defaults["defaultArea"] is NSNull)
        #expect(defaults["language"] is NSNull)
        #expect(defaults["seenOnboardingVersion"] is NSNull)

        let response = try patch(test, token: token, #"{"units":"mi","defaultArea":"test-campus","language":"ko"}"#)
        #expect(response.status == .ok)
        let saved = try json(try test.get("/api/v1/me/preferences", headers: ["Authorization": "Bearer \(token)"]))
        #expect(saved["units"] as? String == "mi")
        #expect(saved["defaultArea"] as? String == "test-campus")
        #expect(saved["language"] as? String == "ko")
    }

    @Test(arguments: [
        (#"{"units":"furlongs"}"#, "units"),
        (#"{"units":3}"#, "units"),
        (#"{"onboardingStyle":"carousel"}"#, "onboardingStyle"),
        (#"{"onboardingStyle":null}"#, "onboardingStyle"),
        (#"{"defaultArea":"atlantis"}"#, "defaultArea"),
        (#"{"defaultArea":42}"#, "defaultArea"),
        (#"{"language":"fr"}"#, "language"),
        (#"{"seenOnboardingVersion":-1}"#, "seenOnboardingVersion"),
        (#"{"seenOnboardingVersion":1.5}"#, "seenOnboardingVersion"),
        (#"{"seenOnboardingVersion":true}"#, "seenOnboardingVersion"),
        (#"{"favouriteColour":"orange"}"#, "favouriteColour"),
        (#"{"units":"mi","language":["ko"]}"#, "language"),
        (#"{"priceRole":"professor"}"#, "priceRole"),
        (#"{"priceRole":null}"#, "priceRole"),
        (#"{"diet":"carnivore"}"#, "diet"),
        (#"{"avoidAllergens":"eggs"}"#, "avoidAllergens"),
        (#"{"avoidAllergens":["eggs","kryptonite"]}"#, "avoidAllergens"),
        (#"{"avoidAllergens":[1]}"#, "avoidAllergens"),
    ])
    func invalidValuesAre400NamingTheFieldAndSaveNothing(body: String, field: String) throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let token = try newToken(test)
        #expect(try patch(test, token: token, #"{"onboardingStyle":"slides"}"#).status == .ok)
        let response = try patch(test, token: token, body)
        #expect(response.status == .badRequest)
        let error = try #require(try json(response)["error"] as? [String: String])
        #expect(error["code"] == "invalid_preference")
        #expect(error["message"]?.hasPrefix(field + ":") == true, "\(error)")
        let stored = try json(try test.get("/api/v1/me/preferences", headers: ["Authorization": "Bearer \(token)"]))
        #expect(stored["units"] as? String == "km")
        #expect(stored["onboardingStyle"] as? String == "slides")
    }

    @Test func menuPreferencesAreReadAndWrittenThroughTheAPI() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let token = try newToken(test)
        let defaults = try json(try test.get("/api/v1/me/preferences", headers: ["Authorization": "Bearer \(token)"]))
        #expect(defaults["priceRole"] as? String == "student")
        #expect(defaults["diet"] as? String == "all")
        #expect(defaults["avoidAllergens"] as? [String] == [])
        let response = try patch(
            test, token: token, #"{"priceRole":"employee","diet":"vegan","avoidAllergens":["soy","eggs","soy"]}"#)
        #expect(response.status == .ok)
        let saved = try json(response)
        #expect(saved["priceRole"] as? String == "employee")
        #expect(saved["diet"] as? String == "vegan")
        #expect(saved["avoidAllergens"] as? [String] == ["eggs", "soy"])
    }

    @Test(arguments: ["", "not json", "[1,2]", "\"units\"", "{\"units\":", String(repeating: "[", count: 100_000)])
    func malformedBodiesAreBadRequests(body: String) throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let response = try patch(test, token: try newToken(test), body)
        #expect(response.status == .badRequest)
    }

    @Test func aBodyOfAnotherTypeIs415() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        #expect(try patch(test, token: try newToken(test), "units=mi", type: "text/plain").status.code == 415)
    }

    @Test func aForgedBearerTokenIsANewVisitorGivenAFreshSession() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let response = try patch(test, token: String(repeating: "Z", count: 43), #"{"units":"mi"}"#)
        #expect(response.status == .ok)
        let fresh = try #require(response.headers[VisitorResolution.sessionTokenHeader])
        let stored = try json(try test.get("/api/v1/me/preferences", headers: ["Authorization": "Bearer \(fresh)"]))
        #expect(stored["units"] as? String == "mi")
    }

    @Test func cookieSessionsMustSendTheCSRFHeader() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        let csrf = try person.csrfToken()
        var headers = person.headers
        headers["Content-Type"] = "application/json"
        let refused = try test.send(.patch, "/api/v1/me/preferences", headers: headers, body: #"{"units":"mi"}"#)
        #expect(refused.status == .forbidden)
        headers["X-CSRF-Token"] = csrf
        let accepted = try test.send(.patch, "/api/v1/me/preferences", headers: headers, body: #"{"units":"mi"}"#)
        #expect(accepted.status == .ok)
    }

    @Test func settingsFormRefusesAnUnknownStyleOrAreaAndSavesNothing() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        #expect(try person.post("/settings", [("units", "mi")]).status == .seeOther)
        for fields in [
            [("onboardingStyle", "carousel"), ("units", "km")], [("defaultArea", "atlantis"), ("units", "km")],
        ] {
            let response = try person.post("/settings", fields)
            #expect(response.status == .badRequest)
            let page = String(decoding: response.body, as: UTF8.self)
            #expect(page.contains(#"<div class="error-summary""#) && page.contains("id=\"\(fields[0].0)-problem\""))
            // What the person chose stays chosen in the form, though nothing was saved.
            #expect(page.contains(#"name="units" value="km" id="units-km" checked"#))
        }
        let settings = try person.html("/settings")
        #expect(settings.contains(#"name="units" value="mi" id="units-mi" checked"#))
        #expect(settings.contains(#"name="onboardingStyle" value="basic" id="onboardingStyle-basic" checked"#))
    }

    @Test func milesShowOnTheAreaPage() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.post("/settings", [("units", "mi")])
        let html = try person.html("/areas/test-campus?near=35.2335,129.0800")
        #expect(html.contains("40 ft away"))  // 11.1 m
        #expect(html.contains("0.1 mi away"))
    }
}
