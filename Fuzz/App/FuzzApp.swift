import Foundation
import FuzzSupport
import GrubmapCore
import GrubmapHTTP
import GrubmapImport
import GrubmapSQL
import GrubmapWeb

/// libFuzzer's entry: a request through the whole app (routing, middleware, query parameters, cookies, form and
/// JSON bodies) on a real SQLite file with the demo data. API requests carry a real bearer token, so their bodies
/// reach the decoders behind the session and CSRF checks.
///
/// The input: a first line `METHOD /path?query`, a second line with the body's content type, a third with a Cookie
/// header, and the body after it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzApp(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
    let line = parts.first ?? ""
    let method = line.split(separator: " ").first.map(String.init) ?? "GET"
    let target = line.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init) ?? "/"
    var headers: Headers = ["Accept-Language": "ko"]
    if parts.count > 1, !parts[1].isEmpty { headers["Content-Type"] = parts[1] }
    if parts.count > 2, !parts[2].isEmpty { headers["Cookie"] = parts[2] }
    if target.hasPrefix("/api/") { headers["Authorization"] = "Bearer " + Fixture.shared.token }
    let body = parts.count > 3 ? Array(parts[3].utf8) : []
    var request = Request.lenient(method: Method(rawValue: method), target: target, headers: headers, body: body)
    request.remoteAddress = "127.0.0.1"
    _ = Fixture.shared.app.responder(request)
    return 0
}

/// The app and a session, made once per fuzzing process.
final class Fixture: Sendable {
    static let shared = Fixture()
    let app: App
    let token: String

    /// The process's own database folder, removed when the process exits.
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grubmap-fuzz-\(getpid())")

    private init() {
        atexit { try? FileManager.default.removeItem(at: Fixture.folder) }
        let store = try! SQLiteStore(path: Self.folder.appendingPathComponent("fuzz.sqlite").path)
        _ = try! DemoData.load(into: store)
        var configuration = AppConfiguration(onboarding: try! OnboardingCatalog.bundled())
        configuration.writesPerMinute = 1_000_000_000
        configuration.newSessionsBurst = 1_000_000_000
        app = App(environment: AppEnvironment(store: store, configuration: configuration))
        let created = app.responder(Request.lenient(method: .post, target: "/api/v1/sessions"))
        let body = try! JSONSerialization.jsonObject(with: Data(created.body)) as! [String: Any]
        token = body["token"] as! String
        let profile = Request.lenient(
            method: .put, target: "/api/v1/me/profile",
            headers: ["Authorization": "Bearer " + token, "Content-Type": "application/json"],
            body: Array(#"{"firstName":"Fuzz","lastName":"Tester"}"#.utf8))
        _ = app.responder(profile)
    }
}

@main enum Main {
    static func main() { fuzzMain(fuzzApp) }
}
