import Foundation
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

/// What the service worker may keep for use without a network, as the server hands it over: offline copies of
/// pages that hold nothing of the person who opened them (no name, bio, check-in, bookmark, position or CSRF token),
/// and the offline key that changes with the device cookie and the session. What the worker does with them in a
/// browser is in `Tests/Browser/test_offline.py`.
@Suite struct OfflineCopyTests {
    static let copy: Headers = [OfflineCopies.header: "1"]

    /// Ada, with a profile, checked in at Alpha Hall, with Alpha bookmarked and a position shared.
    func ada(_ test: TestApp) throws -> Person {
        let ada = try Person(test)
        _ = try ada.post(
            "/profile",
            [("firstName", "Ada"), ("lastName", "Lovelace"), ("company", "Engines"), ("bio", "Notes on the engine.")])
        #expect(try ada.post("/places/alpha/checkin", []).status == .seeOther)
        #expect(try ada.post("/places/alpha/bookmark", [("bookmarked", "1")]).status == .seeOther)
        ada.cookies["grubmap_position"] = "35.2368%2C129.0800"
        return ada
    }

    func text(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test(arguments: ["/places/alpha", "/areas/test-campus", "/areas/test-campus/menus", "/areas/test-campus?view=map"])
    func anOfflineCopyHoldsNothingOfThePerson(path: String) throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let ada = try ada(test)
        let token = try ada.csrfToken()
        let seen = try ada.html(path)
        // The page Ada sees is hers: the CSRF token, and on the place page her name and check-in.
        #expect(seen.contains(token))
        if path.hasPrefix("/places/") { #expect(seen.contains("Ada Lovelace") && seen.contains("checked in here")) }

        let response = try ada.send(.get, path, headers: Self.copy)
        #expect(response.status == .ok)
        let copy = text(response)
        for personal in [
            token, "Ada", "Lovelace", "Engines", "Notes on the engine", "checked in here",
            "data-place=\"alpha\" aria-pressed=\"true\"",
            "AL</span>", "/checkout",
        ] {
            #expect(!copy.contains(personal), "\(path): the offline copy holds \(personal)")
        }
        #expect(copy.contains("name=\"csrf\" value=\"\"") || !copy.contains("name=\"csrf\""))
        // Nothing for the browser to keep beside the worker's copy, and no cookie: not even a new device's.
        #expect(response.headers["Set-Cookie"] == nil)
        #expect(response.headers["Cache-Control"] == "no-store")
        #expect(response.headers[OfflineKey.header] == nil)
    }

    @Test func anOfflineCopyCountsWhoIsHereWithoutNamingThem() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        _ = try ada(test)
        let stranger = try Person(test)
        let place = text(try stranger.send(.get, "/places/alpha", headers: Self.copy))
        #expect(place.contains("1 person checked in"))
        #expect(place.contains("see who&#39;s here and can check in"))
        #expect(!place.contains("action=\"/places/alpha/checkin\""))
        let area = text(try stranger.send(.get, "/areas/test-campus", headers: Self.copy))
        #expect(area.contains("1 person checked in") && !area.contains("avatar initials"))
        // The same person's live page still shows who is here.
        #expect(try stranger.html("/places/alpha").contains("Ada Lovelace"))
    }

    @Test func anOfflineCopyKeepsTheDevicesLanguage() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try person.post("/settings", [("language", "ko")])
        let copy = text(try person.send(.get, "/places/alpha", headers: Self.copy))
        #expect(copy.contains("<html lang=\"ko\""))
    }

    @Test func theOfflineKeyChangesWithTheSessionAndTheDevice() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        let first = try person.get("/areas/test-campus")
        let key = try #require(first.headers[OfflineKey.header])
        #expect(key.count == 16)
        let cookie = try #require(
            first.headers.values(for: "Set-Cookie").first { $0.hasPrefix(OfflineKey.cookieName + "=") })
        // Scripts and the service worker read it: not HttpOnly, and not the session or device id.
        #expect(cookie.hasPrefix("\(OfflineKey.cookieName)=\(key);") && !cookie.contains("HttpOnly"))
        #expect(cookie.contains("SameSite=Lax"))
        // Sent again only when it changes, so pages stay cacheable (an ETag, a 304).
        let again = try person.get("/areas/test-campus")
        #expect(again.headers[OfflineKey.header] == key)
        #expect(!again.headers.values(for: "Set-Cookie").contains { $0.hasPrefix(OfflineKey.cookieName) })
        #expect(again.headers["ETag"] != nil)

        // The first stored change makes a session: a new key, handed over with the session cookie.
        let bookmark = try person.post("/places/alpha/bookmark", [("bookmarked", "1")])
        let sessionKey = try #require(person.cookies[OfflineKey.cookieName])
        #expect(sessionKey != key)
        #expect(bookmark.headers.values(for: "Set-Cookie").contains { $0.hasPrefix(VisitorResolution.sessionCookie) })
        #expect(try person.get("/settings").headers[OfflineKey.header] == sessionKey)

        // The session gone (expired, or its cookie cleared): the key of the device alone again.
        person.cookie = nil
        #expect(try person.get("/settings").headers[OfflineKey.header] == key)
        // Another device (cookies cleared): another key.
        let other = try Person(test)
        #expect(try other.get("/settings").headers[OfflineKey.header] != key)
    }

    @Test func anOfflineCopyIsAskedForByGetOnly() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        // A change with the header is an ordinary change: its CSRF token is checked as ever.
        var headers = Self.copy
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        let post = try person.send(.post, "/places/alpha/bookmark", headers: headers, body: "bookmarked=1&csrf=")
        #expect(post.status == .forbidden)
    }
}
