import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapSQL
import Testing

@testable import GrubmapWeb

/// `/` for someone who has not chosen an area: the operator's, else the one they last opened, else the nearest,
/// else the areas to choose from; never the first by id.
@Suite struct FrontDoorTests {
    func location(_ response: Response) -> String? { response.headers["Location"] }

    @Test func afterTheTourANewVisitorIsOfferedTheAreasNotTheFirstByID() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        #expect(location(try person.post("/onboarding", [("outcome", "started")])) == "/areas?locate=1")
        #expect(location(try person.get("/")) == "/areas")
        let chooser = try person.html("/areas?locate=1")
        #expect(chooser.contains("<h1>Where are you eating?</h1>"))
        // Each area as a card: its name, its kind, its number of places, and the page it opens, asking for the
        // position after the tour.
        #expect(chooser.contains("href=\"/areas/test-campus?locate=1\" data-area=\"test-campus\""))
        #expect(chooser.contains("href=\"/areas/another-area?locate=1\" data-area=\"another-area\""))
        #expect(chooser.contains("<span class=\"place-name\">Test Campus</span>"))
        #expect(chooser.contains("<span class=\"place-alt\" lang=\"ko\">테스트 캠퍼스</span>"))
        #expect(chooser.contains("<span class=\"kind\">Venue</span><span>3 places</span>"))
        #expect(chooser.contains("<span>0 places</span>"))
        // Nothing was remembered by looking at the choice.
        #expect(location(try person.get("/")) == "/areas")
    }

    @Test func theChooserSpeaksTheReadersLanguage() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let chooser = try Person(test, language: "ko").html("/areas")
        #expect(chooser.contains("<h1>어디에서 식사하시나요?</h1>"))
        #expect(chooser.contains("<span class=\"place-name\">테스트 캠퍼스</span>"))
        #expect(chooser.contains("<span class=\"kind\">행사장</span><span>3곳</span>"))
        #expect(chooser.contains("lang=\"en\">Another Area</span>"), "an English-only name is marked as English")
    }

    @Test func theAreaOpenedLastIsWhereSlashGoesNext() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        _ = try person.get("/areas/another-area")
        #expect(location(try person.get("/")) == "/areas/another-area")
        _ = try person.get("/areas/test-campus/menus")
        #expect(location(try person.get("/")) == "/areas/test-campus")
        // A browser without the cookie is new: it chooses.
        let other = try Person(test)
        try other.finishOnboarding()
        #expect(location(try other.get("/")) == "/areas")
    }

    @Test func theAreaOpenedLastIsKeptWithAStoredSessionToo() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        #expect(try person.post("/places/alpha/bookmark", [("bookmarked", "1")]).status == .seeOther)
        #expect(person.cookie != nil)
        _ = try person.get("/areas/another-area")
        #expect(location(try person.get("/")) == "/areas/another-area")
    }

    @Test func theOperatorsAreaComesBeforeTheLastOpenedAndThePersonsChoiceBeforeBoth() throws {
        let test = try TestApp.make { $0.defaultAreaID = try? Area.ID("test-campus") }
        defer { test.cleanUp() }
        let person = try Person(test)
        #expect(location(try person.post("/onboarding", [("outcome", "started")])) == "/areas/test-campus?locate=1")
        _ = try person.get("/areas/another-area")
        #expect(location(try person.get("/")) == "/areas/test-campus")
        // The operator's area says "Grubmap opens here"; the one last opened does not.
        #expect(try person.html("/areas/test-campus").contains("default-area is-default"))
        #expect(!(try person.html("/areas/another-area").contains("default-area is-default")))
        _ = try person.post(
            "/settings/default-area", [("defaultArea", "another-area"), ("return", "/areas/another-area")])
        #expect(location(try person.get("/")) == "/areas/another-area")
    }

    @Test func aPositionNearAnAreaOpensIt() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        person.cookies["grubmap_position"] = "37.3318,-121.8909"  // by the San José convention centre
        #expect(location(try person.get("/")) == "/areas/another-area")
        person.cookies["grubmap_position"] = "35.2330,129.0790,set"
        #expect(location(try person.get("/")) == "/areas/test-campus")
        person.cookies["grubmap_position"] = "48.8566,2.3522"  // Paris: near no area
        #expect(location(try person.get("/")) == "/areas")
        person.cookies["grubmap_position"] = "not a position"
        #expect(location(try person.get("/")) == "/areas")
        #expect(location(try person.get("/?near=91,0")) == "/areas", "a bad point in the address is no position")
    }

    @Test func anInstanceWithOneAreaOpensIt() throws {
        let test = try TestApp.make(seed: { try $0.save(area: TestApp.secondArea, places: []) })
        defer { test.cleanUp() }
        let person = try Person(test)
        #expect(location(try person.post("/onboarding", [("outcome", "skipped")])) == "/areas/another-area?locate=1")
    }

    @Test func anInstanceWithoutAreasSaysSoPlainly() throws {
        let test = try TestApp.make(seed: { _ in })
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        #expect(location(try person.get("/")) == "/areas")
        let response = try person.get("/areas")
        #expect(response.status == .notFound)
        #expect(String(decoding: response.body, as: UTF8.self).contains("Grubmap has no areas yet."))
    }

    @Test func savingSettingsWithoutChoosingAnAreaChoosesNone() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        let settings = try person.html("/settings")
        #expect(settings.contains("<option value=\"auto\" selected>Where I was last</option>"))
        #expect(try person.post("/settings", [("defaultArea", "auto"), ("language", "ko")]).status == .seeOther)
        #expect(location(try person.get("/")) == "/areas", "no area was chosen by saving the form")
        _ = try person.get("/areas/another-area")
        #expect(try person.post("/settings", [("defaultArea", "test-campus")]).status == .seeOther)
        #expect(location(try person.get("/")) == "/areas/test-campus")
        #expect(try person.post("/settings", [("defaultArea", "auto")]).status == .seeOther)
        #expect(location(try person.get("/")) == "/areas/another-area", "back to the one opened last")
    }
}

extension FrontDoorTests {
    @Test func aPageAScriptFetchesIsNotTheAreaOpenedLast() throws {
        // The service worker keeps the first area's board for offline use: that is no visit.
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        _ = try person.send(.get, "/areas/test-campus/menus", headers: ["Sec-Fetch-Mode": "cors"])
        #expect(location(try person.get("/")) == "/areas")
        _ = try person.send(.get, "/areas/another-area", headers: ["Sec-Fetch-Mode": "navigate"])
        #expect(location(try person.get("/")) == "/areas/another-area")
    }
}
