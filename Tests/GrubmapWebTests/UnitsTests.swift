import Foundation
import GrubmapCore
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

/// Distances in the unit of the reader's region (miles and feet for en-US, kilometres elsewhere) unless they chose
/// one; cached pages are kept per unit.
@Suite struct UnitsTests {
    /// The area page's list, nearest first from the campus's middle: Charlie ~10 m, Alpha ~170 m, Bravo ~720 m.
    static let nearest = "/areas/test-campus?near=35.2335,129.0800"

    static func distances(_ html: String) -> [String] {
        html.components(separatedBy: "<span class=\"distance\">").dropFirst().map { part in
            let text = part.components(separatedBy: "</span>")[0]
            return String(text.split(separator: ">").last ?? "")
        }
    }

    @Test(arguments: [
        ("en-US", ["40 ft", "0.1 mi", "0.4 mi"]), ("en-US,en;q=0.9", ["40 ft", "0.1 mi", "0.4 mi"]),
        ("en-LR", ["40 ft", "0.1 mi", "0.4 mi"]), ("my-MM", ["40 ft", "0.1 mi", "0.4 mi"]),
        ("en-GB", ["10 m", "170 m", "720 m"]), ("ko-KR", ["10 m", "170 m", "720 m"]),
        ("en", ["10 m", "170 m", "720 m"]),
        ("ko-KR,en-US;q=0.8", ["10 m", "170 m", "720 m"]),
    ])
    func aBrowsersRegionChoosesTheUnit(acceptLanguage: String, expected: [String]) throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let html = try Person(test, language: acceptLanguage).html(Self.nearest)
        let shown = Self.distances(html).prefix(3).map {
            $0.replacingOccurrences(of: " away", with: "").replacingOccurrences(of: " 거리", with: "")
        }
        #expect(shown == expected)
    }

    @Test func aSettingOverridesTheRegionAndAutoFollowsItAgain() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test, language: "en-US")
        let settings = try person.html("/settings")
        #expect(settings.contains("id=\"units-auto\" checked"))
        #expect(settings.contains("<strong>Same as my region (miles)</strong>"))
        #expect(try person.post("/settings", [("units", "km")]).status == .seeOther)
        #expect(Self.distances(try person.html(Self.nearest)).first?.hasPrefix("10 m") == true)
        #expect(try person.post("/settings", [("units", "auto")]).status == .seeOther)
        #expect(Self.distances(try person.html(Self.nearest)).first?.hasPrefix("40 ft") == true)
        let korean = try Person(test, language: "ko-KR")
        #expect(try korean.post("/settings", [("units", "mi")]).status == .seeOther)
        #expect(Self.distances(try korean.html(Self.nearest)).first?.hasPrefix("40 ft") == true)
        #expect(try korean.post("/settings", [("units", "furlongs")]).status == .badRequest)
    }

    @Test func aCachedPageIsNeverServedInTheOtherUnit() throws {
        // The same page in the same language for two readers within the cache's lifetime: each in their unit.
        let test = try TestApp.make()
        defer { test.cleanUp() }
        for _ in 0..<2 {
            #expect(Self.distances(try Person(test, language: "en-US").html(Self.nearest)).first == "40 ft away")
            #expect(Self.distances(try Person(test, language: "en-GB").html(Self.nearest)).first == "10 m away")
        }
    }

    @Test func theAPISaysTheUnitInUseAndNullFollowsTheRegionAgain() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let created = try test.send(.post, "/api/v1/sessions")
        let token = try #require(
            (try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any])?["token"] as? String)
        func preferences(_ language: String, patch: String? = nil) throws -> String? {
            let headers: Headers = [
                "Authorization": "Bearer \(token)", "Accept-Language": language, "Content-Type": "application/json",
            ]
            let response =
                try patch.map { try test.send(.patch, "/api/v1/me/preferences", headers: headers, body: $0) }
                ?? test.get("/api/v1/me/preferences", headers: headers)
            return (try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["units"] as? String
        }
        #expect(try preferences("en-US") == "mi")
        #expect(try preferences("en") == "km")
        #expect(try preferences("en-US", patch: #"{"units":"km"}"#) == "km")
        #expect(try preferences("en-US") == "km")
        #expect(try preferences("en-US", patch: #"{"units":null}"#) == "mi")
    }
}
