import Foundation
import GrubmapCore
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

@Suite struct PageTests {
    @Test func areaPageListsPlacesByName() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let response = try test.get("/areas/test-campus")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        let page = String(decoding: response.body, as: UTF8.self)
        let html = String(page[page.range(of: "class=\"places\"")!.upperBound...])
        let order = ["Alpha Hall", "Bravo Hall", "Charlie Hall"].map { html.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        #expect(!html.contains(" away"))
    }

    @Test func areaPageSortsByDistanceWhenNearIsGiven() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let page = String(decoding: try test.get("/areas/test-campus?near=35.2335,129.0800").body, as: UTF8.self)
        let html = String(page[page.range(of: "class=\"places\"")!.upperBound...])
        let order = ["Charlie Hall", "Alpha Hall", "Bravo Hall"].map { html.range(of: $0)!.lowerBound }
        #expect(order == order.sorted())
        #expect(html.contains("10 m away"))
        #expect(html.contains("170 m away"))
    }

    @Test func areaPageSpeaksKoreanWhenAsked() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let html = String(
            decoding: try test.get("/areas/test-campus", headers: ["Accept-Language": "ko-KR,ko;q=0.9,en;q=0.8"]).body,
            as: UTF8.self)
        #expect(html.contains("<html lang=\"ko\">"))
        #expect(html.contains("알파관"))
        #expect(html.contains("이름순"))
        #expect(!html.contains("Alpha Hall"))
    }

    @Test func localNamesAreSubtitlesInOtherLanguages() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let html = String(decoding: try test.get("/areas/test-campus").body, as: UTF8.self)
        #expect(html.contains("Alpha Hall"))
        #expect(html.contains("<span class=\"place-alt\" lang=\"ko\">알파관</span>"))
    }

    @Test func placeNamesAreEscapedEverywhere() throws {
        let hostile = TestApp.place(
            "hostile", ["en": "<script>alert('x')</script> & \"Co\""], latitude: 35.2340, longitude: 129.0801)
        var withDetails = hostile
        withDetails.address = "<img src=x onerror=alert(1)>"
        withDetails.website = "javascript:alert(1)"
        withDetails.phone = "\"><b>"
        let test = try TestApp.make(places: [withDetails])
        defer { test.cleanUp() }
        for target in ["/areas/test-campus", "/places/hostile"] {
            let html = String(decoding: try test.get(target).body, as: UTF8.self)
            #expect(!html.contains("<script>alert"), "\(target)")
            #expect(!html.contains("<img src=x"), "\(target)")
            #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;Co&quot;"), "\(target)")
            #expect(!html.contains("href=\"javascript:"), "\(target)")
        }
    }

    @Test func placePageShowsDetails() throws {
        var place = TestApp.place("delta", ["en": "Delta Diner"], latitude: 35.2341, longitude: 129.0802)
        place.address = "1 Test Street"
        place.phone = "+82 51-510-1234"
        place.website = "https://www.example.org/delta/"
        place.description = LocalizedText("Noodles and rice.")
        place.openingHours = OpeningHours(rules: [
            try .init(
                days: Weekday.parseList("Mo-Fr"), opens: TimeOfDay(parsing: "11:00"),
                closes: TimeOfDay(parsing: "21:30"))
        ])
        let test = try TestApp.make(places: [place])
        defer { test.cleanUp() }
        let html = String(decoding: try test.get("/places/delta").body, as: UTF8.self)
        #expect(html.contains("href=\"tel:+82515101234\""))
        #expect(html.contains("href=\"https://www.example.org/delta/\""))
        #expect(html.contains(">example.org</a>"), "the host name, not the whole address")
        #expect(html.contains("Monday–Friday"))
        #expect(html.contains("11:00–21:30"))
        #expect(html.contains("Noodles and rice."))
        #expect(html.contains("href=\"/areas/test-campus\""))
    }

    @Test func unknownPlaceIsAFriendlyNotFoundPage() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        for target in ["/places/nowhere", "/areas/nowhere", "/places/Not%20An%20Id", "/no/such/page"] {
            let response = try test.get(target)
            #expect(response.status == .notFound, "\(target)")
            #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
            #expect(String(decoding: response.body, as: UTF8.self).contains("Not found"))
        }
    }

    @Test func malformedNearIsABadRequestPage() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        for near in ["abc", "91,0", "0,181", "nan,0", "1,2,3", ""] {
            let response = try test.get("/areas/test-campus?near=\(near)")
            #expect(response.status == .badRequest, "near=\(near)")
        }
    }

    @Test func pagesCarrySecurityHeaders() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let response = try test.get("/areas/test-campus")
        #expect(response.headers["Content-Security-Policy"]?.contains("default-src 'self'") == true)
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
    }
}
