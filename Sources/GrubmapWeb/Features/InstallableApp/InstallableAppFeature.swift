import Foundation
import GrubmapHTTP

/// What makes Grubmap an installable, offline-capable app: the web app manifest ("Add to Home Screen" gives an icon
/// and a standalone window opening on the person's default area), the service worker that keeps pages for use
/// without a network (`Resources/Assets/service-worker.js`), and the page it shows for a page it did not keep.
///
/// The manifest and the worker are served from memory at the site's root (the worker's scope is the folder it is
/// served from, so at the root it may control every page); neither touches a session or the database.
struct InstallableAppFeature: RouteCollection {
    func addRoutes(to routes: inout RouteTable) {
        routes.addInline(.get, Paths.manifest, .page, prepared: [Paths.manifest()], manifest)
        routes.addInline(.get, Paths.serviceWorker, .page, prepared: [Paths.serviceWorker()], serviceWorker)
        routes.add(.get, Paths.offline, .page, .none, offline)
    }

    /// `GET /manifest.webmanifest`.
    func manifest(_ context: RequestContext, _: Void) throws -> Response {
        var response = Response(status: .ok, body: Self.manifestBody)
        response.headers["Content-Type"] = "application/manifest+json"
        return response
    }

    /// `GET /service-worker.js`: never cached for long, so browsers see a new version on their next visit.
    func serviceWorker(_ context: RequestContext, _: Void) throws -> Response {
        guard let body = Self.serviceWorkerBody else {
            throw HTTPError.notFound("The service worker is not installed.")
        }
        var response = Response(status: .ok, body: body)
        response.headers["Content-Type"] = "text/javascript; charset=utf-8"
        response.headers["Cache-Control"] = "no-cache"
        response.headers["Service-Worker-Allowed"] = "/"
        return response
    }

    /// `GET /offline`: kept by the worker when it installs, shown for a page it never kept; with `data-refused` set
    /// by the worker, it says instead that a change was refused.
    func offline(_ context: RequestContext, _: Void) throws -> Response {
        let strings = OfflineStrings.forLanguage(context.language)
        let html = Layout(strings: context.strings, title: strings.title).render {
            el(.section, .class("card offline")) {
                el(.h1) { strings.title }
                el(
                    .p, .id("offline-refused"), .class("offline-refused"), Attribute("data-refused", ""),
                    Attribute("hidden", nil)
                ) {
                    strings.refused
                }
                el(.p, .id("offline-not-saved")) { strings.notSaved }
                el(.p) { el(.a, .href(Paths.home())) { strings.tryAgain } }
            }
        }
        return .html(html)
    }

    /// The icons, each as a versioned asset address.
    private static let icons: [[String: String]] = [
        ["src": Assets.path("icon.svg"), "sizes": "any", "type": "image/svg+xml", "purpose": "any"],
        ["src": Assets.path("icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"],
        ["src": Assets.path("icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"],
        ["src": Assets.path("icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "maskable"],
    ]

    /// The manifest. `start_url` is `/`, which opens the person's default area (their choice, whenever they made
    /// it), so the installed app starts where they eat.
    static let manifestBody: [UInt8] = {
        let manifest: [String: Any] = [
            "name": "Grubmap", "short_name": "Grubmap", "id": "/", "start_url": "/", "scope": "/",
            "display": "standalone", "orientation": "portrait",
            "description": "Where to eat nearby, today's menus and who is here.",
            "theme_color": Layout.themeColorLight, "background_color": "#f6f4f1", "icons": icons,
            "categories": ["food", "navigation"],
        ]
        let data = try? JSONSerialization.data(
            withJSONObject: manifest, options: [.sortedKeys, .withoutEscapingSlashes])
        return Array(data ?? Data())
    }()

    /// The worker with its version (every asset's fingerprint, so any changed asset makes a new worker) and the
    /// assets it keeps.
    static let serviceWorkerBody: [UInt8]? = {
        guard let template = Assets.source("service-worker.js") else { return nil }
        let names = Assets.files.keys.sorted()
        let version = Fingerprint.fnv1a64(Array(names.map { $0 + (Assets.files[$0]?.version ?? "") }.joined().utf8))
        let addresses = names.map { "\"\(Assets.path($0))\"" }.joined(separator: ", ")
        let text = String(decoding: template, as: UTF8.self)
            .replacingOccurrences(of: "__VERSION__", with: version)
            .replacingOccurrences(of: "__ASSETS__", with: "[\(addresses)]")
        return Array(text.utf8)
    }()
}
