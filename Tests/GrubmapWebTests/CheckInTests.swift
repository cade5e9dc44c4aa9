import Foundation
import GrubmapCore
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

@Suite struct CheckInTests {
    func makeProfile(
        _ person: Person, first: String = "Ada", last: String = "Lovelace", company: String = "Engines",
        bio: String = "Notes on the analytical engine."
    ) throws -> Response {
        try person.post("/profile", [("firstName", first), ("lastName", last), ("company", company), ("bio", bio)])
    }

    /// The area page with the map at a zoom where each sample place has a pin of its own (at the whole area's zoom
    /// Alpha and Charlie Hall, 150 m apart, share a cluster).
    static let areaView = "/areas/test-campus?zoom=15&center=35.2368,129.0800"

    func count(_ html: String, name: String) -> String? {
        guard let range = html.range(of: "aria-label=\"\(name), ") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }

    @Test func checkingInNeedsAProfileFirst() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        let page = try person.html("/places/alpha")
        #expect(page.contains("href=\"/profile?next=/places/alpha\""))
        let response = try person.post("/places/alpha/checkin", [])
        #expect(response.headers["Location"] == "/profile?next=/places/alpha")
        #expect(count(try person.html(Self.areaView), name: "Alpha Hall") == "nobody checked in")
    }

    @Test func checkInShowsInWhosHereOnThePinAndInTheListThenMovesAndEnds() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let ada = try Person(test)
        #expect(try makeProfile(ada).status == .seeOther)
        #expect(
            try ada.post("/places/alpha/checkin", []).headers["Location"] == "/places/alpha?checked=in#check-in-status")
        let place = try ada.html("/places/alpha")
        #expect(place.contains("Ada Lovelace"))
        #expect(place.contains("data-count=\"1\""))
        #expect(place.contains("action=\"/checkout\""))
        let area = try ada.html(Self.areaView)
        #expect(count(area, name: "Alpha Hall") == "1 person checked in")
        #expect(area.contains(#/class="avatar initials hue-\d+ small"/#))

        // A second person sees it too, and checks in as well.
        let bob = try Person(test)
        _ = try makeProfile(bob, first: "Bob", last: "Builder")
        #expect(try bob.html("/places/alpha").contains("Ada Lovelace"))
        _ = try bob.post("/places/alpha/checkin", [])
        #expect(count(try bob.html(Self.areaView), name: "Alpha Hall") == "2 people checked in")

        // Checking in elsewhere moves Ada: one active check-in per profile.
        _ = try ada.post("/places/bravo/checkin", [])
        let moved = try ada.html(Self.areaView)
        #expect(count(moved, name: "Alpha Hall") == "1 person checked in")
        #expect(count(moved, name: "Bravo Hall") == "1 person checked in")

        // Checking out.
        _ = try ada.post("/checkout", [("next", "/places/bravo")])
        #expect(count(try ada.html(Self.areaView), name: "Bravo Hall") == "nobody checked in")
        let api = try JSONSerialization.jsonObject(with: Data(try test.get("/api/v1/areas/test-campus/places").body))
        let places = (api as? [String: Any])?["places"] as? [[String: Any]] ?? []
        #expect(places.first { $0["id"] as? String == "alpha" }?["checkedInCount"] as? Int == 1)
        #expect(places.first { $0["id"] as? String == "bravo" }?["checkedInCount"] as? Int == 0)
    }

    @Test func aCheckInExpiresAfterThreeHours() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let ada = try Person(test)
        _ = try makeProfile(ada)
        _ = try ada.post("/places/alpha/checkin", [])
        test.clock.advance(by: 3 * 3600 - 1)
        #expect(count(try ada.html(Self.areaView), name: "Alpha Hall") == "1 person checked in")
        test.clock.advance(by: 1)
        #expect(count(try ada.html(Self.areaView), name: "Alpha Hall") == "nobody checked in")
        #expect(!(try ada.html("/places/alpha").contains("Ada Lovelace</span>")))
    }

    @Test func profileProblemsShowNextToTheFieldsWithWhatWasTypedAndNothingSaved() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        let long = String(repeating: "b", count: 101)
        let response = try person.post(
            "/profile", [("firstName", ""), ("lastName", "Typed <kept>"), ("company", "Co"), ("bio", long)])
        #expect(response.status == .unprocessableContent)
        let html = String(decoding: response.body, as: UTF8.self)
        #expect(html.contains("id=\"firstName-problem\""))
        #expect(html.contains("id=\"bio-problem\""))
        #expect(html.contains("value=\"Typed &lt;kept&gt;\""))
        #expect(html.contains(long))
        #expect(try test.store.profile(sessionToken: person.cookie!) == nil)
    }

    @Test func hostileProfileFieldsAreInertInPagesTheMapAndJSON() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let payload = "<script>alert(1)</script>\"'><img src=x onerror=alert(2)>"
        let person = try Person(test)
        #expect(
            try makeProfile(
                person, first: String(payload.prefix(40)), last: "</svg><svg onload=alert(3)>", company: payload,
                bio: payload
            ).status == .seeOther)
        _ = try person.post("/places/alpha/checkin", [])
        for target in ["/places/alpha", "/areas/test-campus", "/profile"] {
            let html = try person.html(target)
            #expect(!html.contains("<script>alert"), "\(target)")
            #expect(!html.contains("<img src=x"), "\(target)")
            #expect(!html.contains("<svg onload"), "\(target)")
        }
        let json = String(decoding: try test.get("/api/v1/places/alpha").body, as: UTF8.self)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let first = (object?["checkedIn"] as? [[String: Any]])?.first
        #expect(first?["company"] as? String == payload)  // stored as typed; JSON is data, escaped by its encoder
        #expect(try test.get("/api/v1/places/alpha").headers["Content-Type"] == "application/json")
    }

    @Test func aMissingOrWrongCSRFTokenIs403AndChangesNothing() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try makeProfile(person)
        for token in ["", "forged"] {
            #expect(try person.post("/places/alpha/checkin", [], csrf: token).status == .forbidden)
            #expect(
                try person.post("/profile", [("firstName", "Eve"), ("lastName", "X")], csrf: token).status == .forbidden
            )
        }
        #expect(try test.store.profile(sessionToken: person.cookie!)?.firstName == "Ada")
        #expect(count(try person.html(Self.areaView), name: "Alpha Hall") == "nobody checked in")
    }

    @Test func fakeAndOversizedAvatarsAreRefused() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try makeProfile(person)
        let csrf = try person.csrfToken()
        for picture in [
            Array("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>".utf8),
            [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 7, count: Avatar.maximumBytes) + [0xFF, 0xD9],
        ] {
            let response = try upload(test, person: person, csrf: csrf, picture: picture)
            #expect(response.status == .unprocessableContent)
            #expect(String(decoding: response.body, as: UTF8.self).contains("id=\"avatar-problem\""))
        }
        #expect(try test.store.profile(sessionToken: person.cookie!)?.avatarType == nil)
        // A real PNG is taken, made anew as a JPEG by Grubmap (never the uploaded bytes), and served as that.
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
            0,
            0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89, 0, 0, 0, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63,
            0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0, 5, 0, 1, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44,
            0xAE, 0x42, 0x60, 0x82,
        ]
        #expect(
            try upload(test, person: person, csrf: csrf, picture: png, declaredType: "image/gif").status == .seeOther)
        let profile = try #require(try test.store.profile(sessionToken: person.cookie!))
        let served = try test.get("/avatars/\(profile.id)")
        #expect(served.headers["Content-Type"] == "image/jpeg")
        #expect(served.body != png)
        #expect(served.body.starts(with: [0xFF, 0xD8, 0xFF]))
    }

    /// Posts the profile form with a picture, as a browser's multipart form would arrive (parts already split).
    func upload(_ test: TestApp, person: Person, csrf: String, picture: [UInt8], declaredType: String = "image/png")
        throws -> Response
    {
        var headers = person.headers
        headers["Content-Type"] = "multipart/form-data; boundary=x"
        var request = try Request(method: .post, target: "/profile", headers: headers)
        request.formParts = [
            FormPart(name: "csrf", data: Array(csrf.utf8)), FormPart(name: "firstName", data: Array("Ada".utf8)),
            FormPart(name: "lastName", data: Array("Lovelace".utf8)),
            FormPart(name: "avatar", filename: "me.png", contentType: declaredType, data: picture),
        ]
        return test.app.responder(request)
    }

    @Test func writesPastTheLimitGet429WithRetryAfter() throws {
        let test = try TestApp.make { $0.writesPerMinute = 5 }
        defer { test.cleanUp() }
        let person = try Person(test)
        _ = try makeProfile(person)
        var statuses: [Int] = []
        for _ in 0..<6 { statuses.append(try person.post("/places/alpha/checkin", []).status.code) }
        #expect(statuses.filter { $0 == 303 }.count == 4)  // the profile was the first write
        let refused = try person.post("/places/alpha/checkin", [])
        #expect(refused.status == .tooManyRequests)
        #expect(Int(refused.headers["Retry-After"] ?? "") ?? 0 >= 1)
        test.clock.advance(by: 61)
        #expect(try person.post("/places/alpha/checkin", []).status == .seeOther)
    }

    @Test func theMapDrawsAPinPerPlaceWithTheCenterAndAScale() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let html = try Person(test).html(Self.areaView)
        #expect(html.components(separatedBy: "class=\"pin\"").count - 1 == 3)
        #expect(html.contains("href=\"/places/alpha\""))
        #expect(html.contains("class=\"map-center\""))
        #expect(html.contains("Scale: the bar is"))
        #expect(!html.contains("<image"))
    }

    @Test func tilesAreDrawnOnlyWhenConfiguredAndAllowedByThePolicy() throws {
        let test = try TestApp.make { $0.tileURL = "https://tiles.example.org/{z}/{x}/{y}.png" }
        defer { test.cleanUp() }
        let response = try Person(test).get("/areas/test-campus")
        let html = String(decoding: response.body, as: UTF8.self)
        #expect(html.contains("<image href=\"https://tiles.example.org/"))
        #expect(
            response.headers["Content-Security-Policy"]?.contains("img-src 'self' data: https://tiles.example.org;")
                == true)
    }

    @Test func theAPIChecksInAndOut() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let token = try #require(
            (try JSONSerialization.jsonObject(with: Data(try test.send(.post, "/api/v1/sessions").body))
                as? [String: Any])?[
                    "token"] as? String)
        let headers: Headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        #expect(
            try test.send(.post, "/api/v1/me/checkin", headers: headers, body: #"{"placeId":"alpha"}"#).status
                == .conflict)
        #expect(
            try test.send(.put, "/api/v1/me/profile", headers: headers, body: #"{"firstName":""}"#).status
                == .badRequest)
        #expect(
            try test.send(.put, "/api/v1/me/profile", headers: headers, body: #"{"firstName":"A","lastName":"B"}"#)
                .status == .ok)
        #expect(
            try test.send(.post, "/api/v1/me/checkin", headers: headers, body: #"{"placeId":"nowhere"}"#).status
                == .notFound)
        #expect(
            try test.send(.post, "/api/v1/me/checkin", headers: headers, body: #"{"placeId":"alpha"}"#).status
                == .created)
        let place =
            try JSONSerialization.jsonObject(with: Data(try test.get("/api/v1/places/alpha").body)) as? [String: Any]
        #expect((place?["checkedIn"] as? [[String: Any]])?.first?["firstName"] as? String == "A")
        #expect(try test.send(.delete, "/api/v1/me/checkin", headers: headers).status == .ok)
        let after =
            try JSONSerialization.jsonObject(with: Data(try test.get("/api/v1/places/alpha").body)) as? [String: Any]
        #expect((after?["checkedIn"] as? [Any])?.isEmpty == true)
    }

    /// A check-in uses the session kept from the person's last request; its write finds the profile by the session
    /// again, so a session removed meanwhile (by another server's clean-up) checks nobody in and says why.
    @Test func aCheckInWithASessionGoneMeanwhileChecksNobodyIn() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let created = try test.send(.post, "/api/v1/sessions")
        let token = try #require(
            (try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any])?["token"] as? String)
        let headers: Headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        let profile = #"{"firstName":"A","lastName":"B"}"#
        #expect(try test.send(.put, "/api/v1/me/profile", headers: headers, body: profile).status == .ok)
        let body = #"{"placeId":"alpha"}"#
        #expect(try test.send(.post, "/api/v1/me/checkin", headers: headers, body: body).status == .created)
        #expect(try test.store.deleteSessions(expiredBefore: test.clock.now.addingTimeInterval(400 * 24 * 3600)) == 1)
        let refused = try test.send(.post, "/api/v1/me/checkin", headers: headers, body: body)
        #expect(refused.status == .conflict)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("profile_required"))
        let place =
            try JSONSerialization.jsonObject(with: Data(try test.get("/api/v1/places/alpha").body)) as? [String: Any]
        #expect((place?["checkedIn"] as? [Any])?.isEmpty == true)
    }

    @Test func placesAreAlsoGeoJSON() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let response = try test.get("/api/v1/areas/test-campus/places.geojson")
        #expect(response.headers["Content-Type"] == "application/geo+json")
        let places = try PlaceGeoJSON.decode(Data(response.body), area: TestApp.sampleArea.id, localLanguage: "ko")
        #expect(places.sorted { $0.id < $1.id } == TestApp.samplePlaces.sorted { $0.id < $1.id })
    }
}
