import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapImport
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Every page and API body, rendered from the demo data at a fixed time in both languages, compared byte for byte
/// with the files in `Snapshots/`, which are kept in the repository so a change to what people see is reviewed as
/// a diff. `GRUBMAP_RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests` writes them anew; a missing file is
/// written and fails the test, so it is looked at before it counts.
@Suite struct SnapshotTests {
    /// Wednesday 18 November 2026, 12:30 in Busan (03:30 UTC): lunch is being served.
    static let now = Date(timeIntervalSince1970: 1_794_972_600)

    static let pages = [
        ("home", "/"), ("onboarding-page-2", "/onboarding?page=1"), ("settings", "/settings"), ("profile", "/profile"),
        ("area-san-jose", "/areas/san-jose-convention-center"),
        ("area-pnu-busan-nearest", "/areas/pnu-busan?near=35.2335,129.0800"),
        ("place-geumjeong-hall", "/places/pnu-busan-geumjeong-hall"),
        ("place-geumjeong-hall-tomorrow", "/places/pnu-busan-geumjeong-hall?date=2026-11-19&near=35.2335,129.0800"),
        ("place-original-joes", "/places/original-joes?near=37.3318,-121.8863"), ("not-found", "/areas/atlantis"),
        ("board-pnu-busan", "/areas/pnu-busan/menus"),
        ("board-pnu-busan-filter", "/areas/pnu-busan/menus?filter=open"),
        ("board-pnu-busan-sunday", "/areas/pnu-busan/menus?date=2026-11-15&near=35.2335,129.0800"),
        ("areas", "/areas"),
    ]

    static let bodies = [
        ("api-areas", "/api/v1/areas"), ("api-places-pnu-busan", "/api/v1/areas/pnu-busan/places"),
        ("api-places-near", "/api/v1/areas/san-jose-convention-center/places?near=37.3318,-121.8863"),
        ("api-place", "/api/v1/places/pnu-busan-geumjeong-hall"),
        ("api-menu", "/api/v1/places/pnu-busan-geumjeong-hall/menu"),
        ("api-popular-times", "/api/v1/places/pnu-busan-geumjeong-hall/popular-times"),
        ("api-board", "/api/v1/areas/pnu-busan/menus"),
        ("api-fares", "/api/v1/fares?from=37.3318,-121.8863&to=original-joes"),
        ("api-distance", "/api/v1/distance?from=37.3318,-121.8863&to=35.2316,129.0825"),
        ("api-places-geojson", "/api/v1/areas/pnu-miryang/places.geojson"),
        ("api-preferences", "/api/v1/me/preferences"),
        ("api-not-found", "/api/v1/places/nowhere"), ("api-bad-coordinate", "/api/v1/distance?from=91,0&to=0,0"),
    ]

    @Test(arguments: Language.allCases)
    func pagesMatchTheirSnapshots(language: Language) throws {
        let demo = try DemoApp()
        defer { demo.cleanUp() }
        for (name, target) in Self.pages {
            try demo.expectSnapshot(of: target, named: "\(name).\(language.rawValue).html", language: language)
        }
    }

    @Test(arguments: Language.allCases)
    func apiBodiesMatchTheirSnapshots(language: Language) throws {
        let demo = try DemoApp()
        defer { demo.cleanUp() }
        for (name, target) in Self.bodies {
            try demo.expectSnapshot(of: target, named: "\(name).\(language.rawValue).json", language: language)
        }
    }

    /// The demo data on a fresh SQLite file, with the fixed clock and a predictable random source.
    struct DemoApp {
        let test: TestApp

        init() throws {
            test = try TestApp.make(seed: { store in
                _ = try DemoData.load(into: store)
                _ = try DemoMenus.load(into: store, now: SnapshotTests.now)
                _ = try DemoPopularTimes.load(into: store, now: SnapshotTests.now)
            })
            test.clock.set(SnapshotTests.now)
        }

        func cleanUp() { test.cleanUp() }

        func expectSnapshot(
            of target: String, named name: String, language: Language, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            try expectSnapshot(
                try test.get(target, headers: ["Accept-Language": language.rawValue]), named: name,
                sourceLocation: sourceLocation)
        }

        /// Compares a response's body with its snapshot file.
        func expectSnapshot(_ response: Response, named name: String, sourceLocation: SourceLocation = #_sourceLocation)
            throws
        {
            // Asset fingerprints change with every edit of a script or the style sheet; what a page shows does not.
            let body = Array(
                String(decoding: response.body, as: UTF8.self).replacing(#/\?v=[0-9a-f]{16}/#, with: "?v=fingerprint")
                    .utf8)
            let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Snapshots").appendingPathComponent(name)
            let recording = ProcessInfo.processInfo.environment["GRUBMAP_RECORD_SNAPSHOTS"] == "1"
            guard !recording, let kept = FileManager.default.contents(atPath: file.path) else {
                try Data(body).write(to: file)
                Issue.record(
                    "\(name): recorded anew; look at it, then run the tests again", sourceLocation: sourceLocation)
                return
            }
            if Array(kept) != body {
                let got = String(decoding: body, as: UTF8.self)
                let want = String(decoding: kept, as: UTF8.self)
                let at = zip(got, want).prefix { $0 == $1 }.count
                Issue.record(
                    "\(name) differs from its snapshot at character \(at): got …\(got.dropFirst(max(0, at - 60)).prefix(160))…",
                    sourceLocation: sourceLocation)
            }
        }
    }
}

/// The console's pages for an admin of both demo campuses, from the demo data at the snapshots' fixed time.
@Suite struct ConsoleSnapshotTests {
    static let pages = [
        ("console-sign-in", "/admin/sign-in"), ("console-home", "/admin"),
        ("console-places", "/admin/areas/pnu-busan/places"),
        ("console-place", "/admin/places/pnu-busan-geumjeong-hall"),
        ("console-new-place", "/admin/areas/pnu-busan/places/new"),
        ("console-menus", "/admin/places/pnu-busan-geumjeong-hall/menus"),
        ("console-moderation", "/admin/areas/pnu-busan/moderation"), ("console-audit", "/admin/areas/pnu-busan/audit"),
        ("console-dishes", "/admin/areas/pnu-busan/dishes"),
        ("console-account", "/admin/account"), ("console-api-keys", "/admin/areas/pnu-busan/api-keys"),
    ]

    @Test(arguments: Language.allCases)
    func consolePagesMatchTheirSnapshots(language: Language) throws {
        let demo = try SnapshotTests.DemoApp()
        defer { demo.cleanUp() }
        let test = demo.test
        let link = try OperatorEnrolment(store: test.store, randomBytes: test.app.environment.randomBytes)
            .add(
                email: "organiser@example.org", role: .admin,
                areaIDs: [try Area.ID("pnu-busan"), try Area.ID("san-jose-convention-center")], by: .commandLine,
                now: test.clock.now
            ).link.token
        let person = try Person(test, language: language.rawValue)
        _ = try person.get("/admin/setup?token=\(link)")
        _ = try person.post(
            "/admin/setup", [("token", link), ("password", ConsoleTests.password), ("repeat", ConsoleTests.password)],
            csrf: person.cookies["grubmap_console_csrf"])
        _ = try person.post(
            "/admin/sign-in", [("email", "organiser@example.org"), ("password", ConsoleTests.password)],
            csrf: person.cookies["grubmap_console_csrf"])
        for (name, target) in Self.pages {
            try demo.expectSnapshot(try person.get(target), named: "\(name).\(language.rawValue).html")
        }
    }
}
