import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import GrubmapWeb

/// An app on a real SQLite file in a fresh temporary folder, with a small area of its own.
struct TestApp {
    let app: App
    let store: SQLiteStore
    let folder: URL

    static func make(places: [Place] = TestApp.samplePlaces, configuration: AppConfiguration = AppConfiguration())
        throws -> TestApp
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grubmap-web-\(UUID().uuidString)")
        let store = try SQLiteStore(path: folder.appendingPathComponent("test.sqlite").path)
        try store.save(area: sampleArea, places: places)
        try store.save(area: secondArea, places: [])
        let app = App(environment: AppEnvironment(store: store, configuration: configuration))
        return TestApp(app: app, store: store, folder: folder)
    }

    func get(_ target: String, headers: Headers = Headers()) throws -> Response {
        app.responder(try Request(method: .get, target: target, headers: headers))
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
