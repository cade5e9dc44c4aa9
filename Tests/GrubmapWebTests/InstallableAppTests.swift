import Foundation
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

/// The installable app's parts as the server sends them: a manifest whose icons are served assets, a service worker
/// with its version and asset list written in, and the offline page in each language. What they do in a browser
/// (installing, keeping pages, opening offline) is in `Tests/Browser/test_offline.py`.
@Suite struct InstallableAppTests {
    @Test func theManifestNamesIconsThatAreServed() throws {
        let app = try TestApp.make()
        defer { app.cleanUp() }
        let response = try app.get("/manifest.webmanifest")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/manifest+json")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(manifest["start_url"] as? String == "/" && manifest["display"] as? String == "standalone")
        let icons = try #require(manifest["icons"] as? [[String: String]])
        #expect(Set(icons.compactMap { $0["sizes"] }) == ["any", "192x192", "512x512"])
        for icon in icons {
            let served = try app.get(try #require(icon["src"]))
            #expect(served.status == .ok, "\(icon)")
            #expect(served.headers["Content-Type"] == icon["type"], "\(icon)")
        }
        let page = String(decoding: try app.get("/areas/test-campus").body, as: UTF8.self)
        #expect(page.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
    }

    @Test func theServiceWorkerCarriesItsVersionAndEveryAsset() throws {
        let app = try TestApp.make()
        defer { app.cleanUp() }
        let response = try app.get("/service-worker.js")
        #expect(response.status == .ok)
        #expect(response.headers["Cache-Control"] == "no-cache")
        let script = String(decoding: response.body, as: UTF8.self)
        #expect(!script.contains("__VERSION__") && !script.contains("__ASSETS__"))
        #expect(script.contains(#"const VERSION = ""#))
        for name in Assets.files.keys {
            #expect(script.contains(Assets.path(name)), "\(name) is not kept for offline use")
        }
        // Served from the root only: under /assets/ its scope would be /assets/.
        #expect(try app.get("/assets/service-worker.js").status == .notFound)
    }

    @Test func theOfflinePageSaysWhatStillWorksInEachLanguage() throws {
        let app = try TestApp.make()
        defer { app.cleanUp() }
        let korean = String(decoding: try app.get("/offline", headers: ["Accept-Language": "ko"]).body, as: UTF8.self)
        #expect(korean.contains(OfflineStrings.korean.title) && korean.contains(OfflineStrings.korean.refused))
        let english = try app.get("/offline")
        #expect(english.status == .ok)
        #expect(String(decoding: english.body, as: UTF8.self).contains("This page was not saved on this device."))
    }
}
