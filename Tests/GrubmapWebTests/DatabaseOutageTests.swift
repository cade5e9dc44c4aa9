import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// A store whose database is down: every call fails as a PostgreSQL store's does when the server is gone.
struct UnreachableStore: Store {
    var down: DatabaseUnavailableError {
        DatabaseUnavailableError(reason: "PostgreSQL connection failed: connection refused")
    }

    func catalog() throws -> Catalog { throw down }
    func save(area: Area, places: [Place]) throws { throw down }
    func isEmpty() throws -> Bool { throw down }
    func place(id: Place.ID) throws -> Place? { throw down }
    func places(ids: [Place.ID]) throws -> [Place] { throw down }
    func places(inArea id: Area.ID, after: Place.ID?, limit: Int) throws -> [Place] { throw down }
    func places(matching query: PlaceQuery) throws -> PlaceResults { throw down }
    func importPlaces(into area: Area.ID, from next: () throws -> Place?, progress: (PlaceImport.Progress) -> Void)
        throws -> PlaceImport.Summary
    { throw down }
    func checkHealth() throws { throw down }
    func basemap(areaID: Area.ID) throws -> StoredBasemap? { throw down }
    func replaceBasemap(_ basemap: Basemap, areaID: Area.ID, graphs: [RoutingGraph]) throws { throw down }
    func routingGraph(areaID: Area.ID, mode: TravelMode) throws -> RoutingGraph? { throw down }
    func serverSecret(orCreate make: () -> [UInt8]) throws -> [UInt8] { throw down }
    func createSession(_ session: Session) throws { throw down }
    func sessionAndPreferences(token: String) throws -> (session: Session, preferences: Preferences)? { throw down }
    func extendSession(token: String, until expiresAt: Date) throws { throw down }
    func deleteSessions(expiredBefore date: Date) throws -> Int { throw down }
    func updatePreferences(sessionToken: String, _ change: (inout Preferences) throws -> Void) throws -> Preferences {
        throw down
    }
    func menu(placeID: Place.ID, on date: CalendarDate) throws -> Menu? { throw down }
    func menuDays(placeID: Place.ID, in dates: ClosedRange<CalendarDate>) throws -> [CalendarDate: MenuDayKind] {
        throw down
    }
    func menus(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: Menu] { throw down }
    func menuDays(inArea id: Area.ID, in dates: ClosedRange<CalendarDate>) throws
        -> [Place.ID: [CalendarDate: MenuDayKind]]
    { throw down }
    func replaceMenus(_ menus: [Menu], placeID: Place.ID) throws { throw down }
    func profile(sessionToken: String) throws -> Profile? { throw down }
    func profile(id: Profile.ID) throws -> Profile? { throw down }
    func saveProfile(_ profile: Profile, sessionToken: String, avatar: AvatarChange) throws { throw down }
    func avatar(profileID: Profile.ID) throws -> Avatar? { throw down }
    func checkIn(
        sessionToken: String, at placeID: Place.ID, from startedAt: Date, until expiresAt: Date,
        bucket: PopularTimes.Bucket
    ) throws -> CheckIn? { throw down }
    func checkOut(sessionToken: String) throws -> Bool { throw down }
    func checkIn(profileID: Profile.ID, activeAt date: Date) throws -> CheckIn? { throw down }
    func presence(atPlace id: Place.ID, at date: Date, newest: Int) throws -> PlacePeople { throw down }
    func presence(inArea id: Area.ID, at date: Date, sample: Int) throws -> [Place.ID: PlacePresence] { throw down }
    func reportLine(
        placeID: Place.ID, reporter: ReporterKey, level: LineLevel, at date: Date, bucket: PopularTimes.Bucket,
        policy: LineReportPolicy
    ) throws -> LineReportResult { throw down }
    func busyness(atPlace id: Place.ID, at date: Date) throws -> LiveCounts { throw down }
    func busyness(inArea id: Area.ID, at date: Date) throws -> [Place.ID: LiveCounts] { throw down }
    func popularTimes(placeID: Place.ID, weeks: ClosedRange<Int64>) throws -> PopularTimes { throw down }
    func addPopularCounts(_ counts: [PopularTimes.Count], placeID: Place.ID, sample: Bool) throws { throw down }
    func pruneLive(now: Date, oldestWeek: Int64) throws -> LivePruneSummary { throw down }
}

@Suite("Database outages")
struct DatabaseOutageTests {
    let app = App(
        environment: AppEnvironment(
            store: UnreachableStore(), configuration: AppConfiguration(onboarding: try! OnboardingCatalog.bundled())))

    func get(_ target: String, headers: Headers = Headers()) throws -> Response {
        app.responder(try Request(method: .get, target: target, headers: headers))
    }

    @Test func theAPIAnswers503WithACodeClientsCanBranchOn() throws {
        let response = try get(
            "/api/v1/areas", headers: ["Authorization": "Bearer " + String(repeating: "a", count: 43)])
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers["Retry-After"] == "5")
        let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: [String: String]]
        #expect(body?["error"]?["code"] == "database_unavailable")
        #expect(body?["error"]?["message"]?.contains("database") == true)
    }

    @Test func theHealthCheckSaysTheDatabaseIsDown() throws {
        let response = try get("/healthz")
        #expect(response.status == .serviceUnavailable)
        let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String]
        #expect(body == ["status": "unavailable", "database": "down"])
    }

    @Test func pagesShowTheErrorPage() throws {
        let response = try get("/areas/test-campus")
        #expect(response.status == .serviceUnavailable)
        #expect(String(decoding: response.body, as: UTF8.self).contains("<html"))
    }

    @Test func aReturningVisitorStillGetsTheAssetsAndErrorPagesInTheirLanguage() throws {
        // A Korean-speaking person's cookies, made while the database was up.
        let up = try TestApp.make()
        defer { up.cleanUp() }
        let person = try Person(up)
        _ = try person.post("/settings", [("language", "ko")])
        _ = try person.post("/places/alpha/bookmark", [("bookmarked", "1")])
        #expect(person.cookie != nil)
        let headers = person.headers
        for asset in ["app.js", "app.css", "menus.js"] {
            let response = try get("/assets/\(asset)", headers: headers)
            #expect(response.status == .ok, "\(asset)")
            #expect(response.body == Assets.files[asset]?.body)
        }
        for target in ["/areas/test-campus", "/places/alpha", "/settings"] {
            let page = try get(target, headers: headers)
            #expect(page.status == .serviceUnavailable)
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(html.contains("<html lang=\"ko\">"), "\(target)")
            #expect(page.headers["Retry-After"] == "5")
            #expect(page.headers["Content-Security-Policy"] != nil)
        }
    }
}
