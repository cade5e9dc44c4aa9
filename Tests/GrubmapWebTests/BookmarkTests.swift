import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

@Suite struct BookmarkTests {
    /// The place ids of the area page's list, in order.
    func listed(_ person: Person, _ target: String = "/areas/test-campus") throws -> [String] {
        let html = try person.html(target)
        return html.components(separatedBy: "<li class=\"place-row\" data-place=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
    }

    func bookmark(_ person: Person, _ id: String, _ on: Bool = true, return path: String = "/areas/test-campus")
        throws -> Response
    {
        try person.post("/places/\(id)/bookmark", [("bookmarked", on ? "1" : "0"), ("return", path)])
    }

    func json(_ response: Response) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
    }

    @Test func bookmarkedPlacesComeFirstInTheOrderTheyWereBookmarked() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        #expect(try listed(person) == ["alpha", "bravo", "charlie"])
        let response = try bookmark(person, "charlie", return: "/areas/test-campus?sort=name")
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/areas/test-campus?sort=name&bookmarked=charlie")
        #expect(try listed(person) == ["charlie", "alpha", "bravo"])
        _ = try bookmark(person, "bravo")
        #expect(try listed(person) == ["charlie", "bravo", "alpha"])
        // By distance the rest are nearest first, the bookmarks still first in their order.
        #expect(try listed(person, "/areas/test-campus?near=35.2335,129.0800") == ["charlie", "bravo", "alpha"])
        // Bookmarking again changes nothing; removing puts the place back in its place.
        _ = try bookmark(person, "charlie")
        #expect(try listed(person) == ["charlie", "bravo", "alpha"])
        _ = try bookmark(person, "charlie", false)
        #expect(try listed(person) == ["bravo", "alpha", "charlie"])
        // Another person has their own bookmarks.
        #expect(try listed(try Person(test)) == ["alpha", "bravo", "charlie"])
    }

    @Test func theStarsSayWhichPlacesAreBookmarked() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try bookmark(person, "bravo")
        let html = try person.html("/areas/test-campus")
        #expect(html.contains("data-place=\"bravo\" data-rank=\"1\" data-bookmark=\"0\""))
        #expect(html.contains("data-place=\"alpha\" data-rank=\"0\">"))
        #expect(html.contains("aria-pressed=\"true\" aria-label=\"Bookmark Bravo Hall\""))
        #expect(html.contains("aria-pressed=\"false\" aria-label=\"Bookmark Alpha Hall\""))
        #expect(html.contains("formaction=\"/places/bravo/bookmark\" name=\"bookmarked\" value=\"0\""))
        #expect(html.contains("formaction=\"/places/alpha/bookmark\" name=\"bookmarked\" value=\"1\""))
        // The three stars are buttons of the page's one form, which holds the token and the way back once.
        #expect(html.components(separatedBy: "form=\"bookmark-form\"").count - 1 == 3)
        #expect(html.components(separatedBy: "id=\"bookmark-form\"").count - 1 == 1)
        #expect(html.contains("/assets/menus.js?v="))
        let place = try person.html("/places/bravo")
        #expect(place.contains("class=\"bookmark-button bookmark-pill\""))
        #expect(place.contains("id=\"bookmark-form\""))
        #expect(place.contains("aria-pressed=\"true\""))
        #expect(place.contains("name=\"return\" value=\"/places/bravo\""))
        let korean = try Person(test, language: "ko").html("/places/bravo")
        #expect(korean.contains("aria-label=\"브라보관 즐겨찾기\""))
    }

    @Test func scriptsGetJSONAndTheHeaderTokenIsEnough() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        let token = try person.csrfToken()
        let headers: Headers = [
            "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json", "X-CSRF-Token": token,
        ]
        let response = try person.send(.post, "/places/charlie/bookmark", headers: headers, body: "bookmarked=1")
        #expect(response.status == .ok)
        let body = try json(response)
        #expect(body["placeId"] as? String == "charlie")
        #expect(body["bookmarked"] as? Bool == true)
        #expect(body["bookmarks"] as? [String] == ["charlie"])
        #expect(body["message"] as? String == "Charlie Hall is bookmarked.")
        #expect(try listed(person).first == "charlie")
        let removed = try json(
            try person.send(.post, "/places/charlie/bookmark", headers: headers, body: "bookmarked=0"))
        #expect(removed["message"] as? String == "Charlie Hall is no longer bookmarked.")
    }

    @Test func aPostWithoutTheTokenIsRefusedAndChangesNothing() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.get("/areas/test-campus")
        #expect(try person.post("/places/charlie/bookmark", [("bookmarked", "1")], csrf: "forged").status == .forbidden)
        var headers = person.headers
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        #expect(
            try test.send(.post, "/places/charlie/bookmark", headers: headers, body: "bookmarked=1").status
                == .forbidden)
        #expect(try listed(person) == ["alpha", "bravo", "charlie"])
    }

    @Test func badPostsAreRefusedClearly() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        #expect(try person.post("/places/nowhere/bookmark", [("bookmarked", "1")]).status == .notFound)
        #expect(try person.post("/places/alpha/bookmark", [("bookmarked", "yes")]).status == .badRequest)
        #expect(try person.post("/places/alpha/bookmark", []).status == .badRequest)
        #expect(try test.send(.get, "/places/alpha/bookmark").status == .methodNotAllowed)
        #expect(try listed(person) == ["alpha", "bravo", "charlie"])
    }

    @Test(arguments: [
        "//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "", "/a\r\nb",
    ])
    func theReturnPathStaysOnThisSite(path: String) throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let response = try bookmark(try Person(test), "alpha", return: path)
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/places/alpha?bookmarked=alpha")
    }

    @Test func bookmarksOfPlacesThatNoLongerExistAreDroppedSilently() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try bookmark(person, "bravo")
        let gone = try Place.ID("gone-hall")
        try test.store.updatePreferences(sessionToken: try #require(person.cookie)) { preferences in
            try preferences.set([gone, try Place.ID("bravo"), try Place.ID("charlie")], for: PreferenceKeys.bookmarks)
        }
        #expect(try listed(person) == ["bravo", "charlie", "alpha"])
        let preferences = try json(try person.get("/api/v1/me/preferences"))
        #expect(preferences["bookmarks"] as? [String] == ["bravo", "charlie"])
        // The next change forgets it for good.
        _ = try bookmark(person, "alpha")
        #expect(
            try test.store.preferences(sessionToken: try #require(person.cookie))[PreferenceKeys.bookmarks].map(
                \.rawValue) == [
                    "bravo", "charlie", "alpha",
                ])
    }

    @Test func theAPIListsTheCallersBookmarksFirst() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let token = try #require(try json(try test.send(.post, "/api/v1/sessions"))["token"] as? String)
        func patch(_ body: String) throws -> Response {
            try test.send(
                .patch, "/api/v1/me/preferences",
                headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"], body: body)
        }
        func places(_ target: String) throws -> [String] {
            let response = try test.get(target, headers: ["Authorization": "Bearer \(token)"])
            return ((try json(response)["places"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
        }
        #expect(try patch(#"{"bookmarks":["charlie","bravo","charlie"]}"#).status == .ok)
        #expect(try json(try patch("{}"))["bookmarks"] as? [String] == ["charlie", "bravo"])
        #expect(try places("/api/v1/areas/test-campus/places") == ["charlie", "bravo", "alpha"])
        #expect(try places("/api/v1/areas/test-campus/places?near=35.2335,129.0800") == ["charlie", "bravo", "alpha"])
        let anonymous = try json(try test.get("/api/v1/areas/test-campus/places"))["places"] as? [[String: Any]]
        #expect(anonymous?.compactMap { $0["id"] as? String } == ["alpha", "bravo", "charlie"])

        for (body, message) in [
            (#"{"bookmarks":["nowhere"]}"#, "bookmarks: there is no place \"nowhere\""),
            (#"{"bookmarks":"alpha"}"#, "bookmarks: must be a list of place ids"),
            (#"{"bookmarks":[1]}"#, "bookmarks: must be a list of place ids"),
            (#"{"bookmarks":["Not An Id"]}"#, "bookmarks: there is no place \"Not An Id\""),
            (#"{"bookmarks":{"a":1}}"#, "bookmarks: must be a list of place ids"),
        ] {
            let response = try patch(body)
            #expect(response.status == .badRequest, "\(body)")
            #expect((try json(response)["error"] as? [String: String])?["message"] == message, "\(body)")
        }
        #expect(try places("/api/v1/areas/test-campus/places") == ["charlie", "bravo", "alpha"])
        #expect(try patch(#"{"bookmarks":null}"#).status == .ok)
        #expect(try places("/api/v1/areas/test-campus/places") == ["alpha", "bravo", "charlie"])
    }
}

@Suite struct DefaultAreaTests {
    @Test func theFirstVisitOffersTheAreasUnlessTheOperatorChoseOne() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        #expect(try person.get("/").headers["Location"] == "/areas")
        let configured = try TestApp.make { $0.defaultAreaID = try! Area.ID("test-campus") }
        defer { configured.cleanUp() }
        let other = try Person(configured)
        try other.finishOnboarding()
        #expect(try other.get("/").headers["Location"] == "/areas/test-campus")
    }

    @Test func theAreaPagesButtonMakesItTheDefaultAndSlashFollows() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        let before = try person.html("/areas/test-campus")
        #expect(before.contains("action=\"/settings/default-area\""))
        #expect(before.contains("Open Grubmap here"))
        #expect(try person.html("/areas/another-area").contains("Open Grubmap here"), "nothing is the default yet")

        let response = try person.post(
            "/settings/default-area", [("defaultArea", "test-campus"), ("return", "/areas/test-campus")])
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/areas/test-campus")
        #expect(try person.get("/").headers["Location"] == "/areas/test-campus")
        let after = try person.html("/areas/test-campus")
        #expect(after.contains("Grubmap opens here"))
        #expect(!after.contains("action=\"/settings/default-area\""))
        #expect(try person.html("/areas/another-area").contains("Open Grubmap here"))
        // Settings shows the same choice.
        #expect(try person.html("/settings").contains("<option value=\"test-campus\" selected>"))
        // Korean.
        let korean = try Person(test, language: "ko")
        #expect(try korean.html("/areas/test-campus").contains("처음 화면으로 설정"))
    }

    @Test func anUnknownAreaIsRefusedAndChangesNothing() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        #expect(try person.post("/settings/default-area", [("defaultArea", "atlantis")]).status == .badRequest)
        #expect(try person.post("/settings/default-area", []).status == .badRequest)
        #expect(
            try person.post("/settings/default-area", [("defaultArea", "test-campus")], csrf: "forged").status
                == .forbidden)
        #expect(try person.get("/").headers["Location"] == "/areas")
    }
}
