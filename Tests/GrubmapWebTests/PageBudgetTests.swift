import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapTestTiers
import Testing

@testable import GrubmapWeb

/// However many people check in with however large profiles, a place's page and its API body stay small: every
/// field is bounded in characters and in scalars, and who's here lists the newest 24 and counts the rest.
@Suite struct PageBudgetTests {
    /// The most a page may weigh, in bytes, before compression.
    static let pageBudget = 512 * 1024
    /// The largest profile the limits allow, in bytes: every character a 25-byte family emoji of 7 scalars.
    static let family = "👩‍👩‍👧‍👦"

    @Test(.tags(.slow), .leftOutOfMakeCheck) func a120PersonCrowdOfTheLargestProfilesKeepsThePlacePageInItsBudget()
        throws
    {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        for index in 0..<120 {
            let person = try Person(test)
            _ = try person.get("/places/alpha")
            let saved = try person.post(
                "/profile",
                [
                    ("firstName", String(repeating: Self.family, count: 39) + "\(index % 10)"),
                    ("lastName", "Kim" + String(repeating: Self.family, count: 37)),
                    ("company", String(repeating: Self.family, count: 60)),
                    ("bio", String(repeating: Self.family, count: 100)),
                ])
            #expect(saved.status == .seeOther, "profile \(index): \(saved.status)")
            #expect(try person.post("/places/alpha/checkin", []).status == .seeOther)
        }
        let page = try Person(test).get("/places/alpha")
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(page.body.count < Self.pageBudget, "\(page.body.count) bytes")
        #expect(html.components(separatedBy: "class=\"person\"").count - 1 == WhosHere.shown)
        #expect(html.contains("and 96 more people"))
        #expect(html.contains("data-count=\"120\""))
        let api = try test.get("/api/v1/places/alpha")
        #expect(api.body.count < Self.pageBudget)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(api.body)) as? [String: Any])
        #expect((body["checkedIn"] as? [Any])?.count == CatalogAPI.checkedInListed)
        #expect(body["checkedInCount"] as? Int == 120)
        // One character more than a field allows, in scalars or in characters, is refused.
        let person = try Person(test)
        _ = try person.get("/profile")
        let tooMany = try person.post(
            "/profile", [("firstName", "a" + String(repeating: "\u{0301}", count: 120_000)), ("lastName", "b")])
        #expect(tooMany.status == .unprocessableContent)
        #expect(tooMany.body.count < 64 * 1024)
    }
}
