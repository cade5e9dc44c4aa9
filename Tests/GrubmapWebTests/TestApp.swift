import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapSQL
import GrubmapStore
import GrubmapWeb
import Synchronization

/// An app on a real SQLite file in a fresh temporary folder, with a small area of its own, a clock the test
/// moves by hand and a predictable random source.
struct TestApp {
    let app: App
    let store: SQLiteStore
    let folder: URL
    let clock: TestClock

    /// `seed` fills the new database; by default with ``sampleArea`` (holding `places`) and ``secondArea``.
    static func make(
        places: [Place] = TestApp.samplePlaces, configure: (inout AppConfiguration) -> Void = { _ in },
        seed: ((SQLiteStore) throws -> Void)? = nil
    ) throws -> TestApp {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grubmap-web-\(UUID().uuidString)")
        let store = try SQLiteStore(path: folder.appendingPathComponent("test.sqlite").path)
        if let seed {
            try seed(store)
        } else {
            try store.save(area: sampleArea, places: places)
            try store.save(area: secondArea, places: [])
        }
        var configuration = AppConfiguration(onboarding: try OnboardingCatalog.bundled())
        configure(&configuration)
        let clock = TestClock()
        let counter = Mutex<UInt64>(0)
        let app = App(
            environment: AppEnvironment(
                store: store, now: { clock.now },
                randomBytes: { count in
                    let seed = counter.withLock { value in
                        value += 1
                        return value
                    }
                    var generator = SplitMix64(seed: seed)
                    return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                }, configuration: configuration))
        return TestApp(app: app, store: store, folder: folder, clock: clock)
    }

    /// A `GET` from the peer `address` (empty: unknown, as the server says of a peer it could not read).
    func get(_ target: String, headers: Headers = Headers(), from address: String = "") throws -> Response {
        var request = try Request(method: .get, target: target, headers: headers)
        request.remoteAddress = address
        return app.responder(request)
    }

    func send(
        _ method: GrubmapHTTP.Method, _ target: String, headers: Headers = Headers(), body: String = "",
        from address: String = ""
    ) throws -> Response {
        var request = try Request(method: method, target: target, headers: headers, body: Array(body.utf8))
        request.remoteAddress = address
        return app.responder(request)
    }

    func json(_ target: String) throws -> [String: Any] {
        let response = try get(target)
        return try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: folder)
    }

    static let sampleArea = Area(
        id: try! Area.ID("test-campus"), name: try! LocalizedText(["en": "Test Campus", "ko": "테스트 캠퍼스"]),
        center: try! Coordinate(latitude: 35.2335, longitude: 129.0800),
        bounds: try! Bounds(
            southWest: Coordinate(latitude: 35.22, longitude: 129.07),
            northEast: Coordinate(latitude: 35.24, longitude: 129.09)),
        timeZone: "Asia/Seoul", currency: "KRW", locale: "ko-KR")

    static let secondArea = Area(
        id: try! Area.ID("another-area"), name: LocalizedText("Another Area"),
        center: try! Coordinate(latitude: 37.33, longitude: -121.89),
        bounds: try! Bounds(
            southWest: Coordinate(latitude: 37.32, longitude: -121.90),
            northEast: Coordinate(latitude: 37.34, longitude: -121.88)),
        timeZone: "America/Los_Angeles", currency: "USD", locale: "en-US")

    static func place(_ id: String, _ names: [String: String], latitude: Double, longitude: Double) -> Place {
        Place(
            id: try! Place.ID(id), areaID: sampleArea.id, name: try! LocalizedText(names), kind: .cafeteria,
            coordinate: try! Coordinate(latitude: latitude, longitude: longitude))
    }

    /// Three places: by name Alpha, Bravo, Charlie; by distance from the center Charlie, Alpha, Bravo.
    static let samplePlaces = [
        place("alpha", ["en": "Alpha Hall", "ko": "알파관"], latitude: 35.2350, longitude: 129.0800),
        place("bravo", ["en": "Bravo Hall", "ko": "브라보관"], latitude: 35.2400, longitude: 129.0800),
        place("charlie", ["en": "Charlie Hall", "ko": "찰리관"], latitude: 35.2336, longitude: 129.0800),
    ]
}

/// A wall clock for tests: starts at a fixed date and moves only when told to.
final class TestClock: Sendable {
    private let date = Mutex(Date(timeIntervalSince1970: 1_795_000_000))

    var now: Date { date.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        date.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    func set(_ now: Date) {
        date.withLock { $0 = now }
    }
}
