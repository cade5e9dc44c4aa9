import Foundation
import GrubmapCore
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

/// Every error is answered in one place, outermost in its route group: in the visitor's own language when the
/// visitor is known, with the cookies the request made before it failed, and never kept by a browser.
@Suite struct ErrorAnswerTests {
    @Test func aFailedPageSpeaksTheLanguageTheSessionChoseNotTheBrowsers() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test, language: "en")
        #expect(try person.post("/places/alpha/bookmark", [("bookmarked", "1")]).status == .seeOther)
        #expect(person.cookie != nil)
        #expect(try person.post("/settings", [("language", "ko")]).status == .seeOther)
        // The browser asks for English and has lost its device cookie: only the session says Korean.
        person.cookies[DeviceCookie.name] = nil
        let missing = try person.get("/places/no-such-place")
        #expect(missing.status == .notFound)
        #expect(String(decoding: missing.body, as: UTF8.self).contains("<html lang=\"ko\">"))
        let stranger = try test.get("/places/no-such-place", headers: ["Accept-Language": "en"])
        #expect(String(decoding: stranger.body, as: UTF8.self).contains("<html lang=\"en\">"))
    }

    @Test func aSessionMadeByARequestThatThenFailedIsStillHandedOver() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        // An API client whose token has expired gets a new session with its next change, which is then refused:
        // the client must still learn the new token.
        let refused = try test.send(
            .patch, "/api/v1/me/preferences",
            headers: [
                "Content-Type": "application/json", "Authorization": "Bearer " + String(repeating: "b", count: 43),
            ],
            body: #"{"units":"furlongs"}"#)
        #expect(refused.status == .badRequest)
        let token = try #require(refused.headers[VisitorResolution.sessionTokenHeader])
        let read = try test.get("/api/v1/me/preferences", headers: ["Authorization": "Bearer \(token)"])
        #expect(read.status == .ok)

        // A person's page form: the session cookie comes with the error page.
        let person = try Person(test)
        let missing = try person.post("/places/no-such-place/bookmark", [("bookmarked", "1")])
        #expect(missing.status == .notFound)
        #expect(person.cookie != nil)
    }

    @Test func noErrorAnswerIsKeptByTheBrowser() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let answers = [
            try test.get("/places/no-such-place"), try test.get("/api/v1/areas/atlantis/places"),
            try test.get("/no/such/page"), try test.send(.delete, "/settings"),
            try test.get(
                "/admin/areas/test-campus", headers: ["Cookie": "grubmap_operator=" + String(repeating: "a", count: 43)]
            ),
        ]
        for answer in answers where answer.status.code >= 400 {
            #expect(answer.headers["Cache-Control"] == "no-store", "\(answer.status)")
        }
        #expect(answers.filter { $0.status.code >= 400 }.count == answers.count)
        #expect(try test.get("/areas/test-campus").headers["Cache-Control"] == "no-cache")
    }

    @Test func onlyMethodsThatMayChangeSomethingAreCheckedAsChanges() {
        for method in [GrubmapHTTP.Method.get, .head, .options, Method(rawValue: "TRACE")] {
            #expect(!method.mayChange, "\(method)")
        }
        for method in [GrubmapHTTP.Method.post, .put, .patch, .delete] { #expect(method.mayChange, "\(method)") }
    }
}
