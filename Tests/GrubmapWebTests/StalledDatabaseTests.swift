import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapSQL
import GrubmapStore
import Synchronization
import Testing

@testable import GrubmapWeb

/// A page whose database calls stall holds up only itself: the server hands it to a worker sized against the
/// database pool, and answers assets from memory on its own threads.
@Suite struct StalledDatabaseTests {
    /// A store whose area presence calls wait at a gate, as calls to a frozen database server do.
    final class StallingStore: Store, ForwardsConsoleCalls, @unchecked Sendable {
        let base: SQLiteStore
        var consoleStore: any Store { base }
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)

        init(_ base: SQLiteStore) { self.base = base }

        func presence(inArea id: Area.ID, at date: Date, sample: Int) throws -> [Place.ID: PlacePresence] {
            // As every store call that goes to the database: never on the network thread.
            try NetworkThreadAttempt.refuseWaiting()
            entered.signal()
            release.wait()
            return try base.presence(inArea: id, at: date, sample: sample)
        }

        func catalog() throws -> Catalog { try base.catalog() }
        func save(area: Area, places: [Place]) throws { try base.save(area: area, places: places) }
        func isEmpty() throws -> Bool { try base.isEmpty() }
        func place(id: Place.ID) throws -> Place? { try base.place(id: id) }
        func places(ids: [Place.ID]) throws -> [Place] { try base.places(ids: ids) }
        func places(inArea id: Area.ID, after: Place.ID?, limit: Int) throws -> [Place] {
            try base.places(inArea: id, after: after, limit: limit)
        }
        func places(matching query: PlaceQuery) throws -> PlaceResults { try base.places(matching: query) }
        func importPlaces(
            into area: Area.ID, from next: () throws -> Place?, progress: (PlaceImport.Progress) -> Void
        ) throws -> PlaceImport.Summary {
            try base.importPlaces(into: area, from: next, progress: progress)
        }
        func checkHealth() throws { try base.checkHealth() }
        func basemap(areaID: Area.ID) throws -> StoredBasemap? { try base.basemap(areaID: areaID) }
        func replaceBasemap(_ basemap: Basemap, areaID: Area.ID, graphs: [RoutingGraph]) throws {
            try base.replaceBasemap(basemap, areaID: areaID, graphs: graphs)
        }
        func routingGraph(areaID: Area.ID, mode: TravelMode) throws -> RoutingGraph? {
            try base.routingGraph(areaID: areaID, mode: mode)
        }
        func serverSecret(orCreate make: () -> [UInt8]) throws -> [UInt8] { try base.serverSecret(orCreate: make) }
        func createSession(_ session: Session) throws { try base.createSession(session) }
        func sessionAndPreferences(token: String) throws -> (session: Session, preferences: Preferences)? {
            try base.sessionAndPreferences(token: token)
        }
        func extendSession(token: String, until expiresAt: Date) throws {
            try base.extendSession(token: token, until: expiresAt)
        }
        func deleteSessions(expiredBefore date: Date) throws -> Int { try base.deleteSessions(expiredBefore: date) }
        func updatePreferences(sessionToken: String, _ change: (inout Preferences) throws -> Void) throws -> Preferences
        {
            try base.updatePreferences(sessionToken: sessionToken, change)
        }
        func menu(placeID: Place.ID, on date: CalendarDate) throws -> Menu? {
            try base.menu(placeID: placeID, on: date)
        }
        func menuDays(placeID: Place.ID, in dates: ClosedRange<CalendarDate>) throws -> [CalendarDate: MenuDayKind] {
            try base.menuDays(placeID: placeID, in: dates)
        }
        func menus(inArea id: Area.ID, on date: CalendarDate) throws -> [Place.ID: Menu] {
            try base.menus(inArea: id, on: date)
        }
        func menuDays(inArea id: Area.ID, in dates: ClosedRange<CalendarDate>) throws
            -> [Place.ID: [CalendarDate: MenuDayKind]]
        {
            try base.menuDays(inArea: id, in: dates)
        }
        func replaceMenus(_ menus: [Menu], placeID: Place.ID) throws { try base.replaceMenus(menus, placeID: placeID) }
        func profile(sessionToken: String) throws -> Profile? { try base.profile(sessionToken: sessionToken) }
        func profile(id: Profile.ID) throws -> Profile? { try base.profile(id: id) }
        func saveProfile(_ profile: Profile, sessionToken: String, avatar: AvatarChange) throws {
            try base.saveProfile(profile, sessionToken: sessionToken, avatar: avatar)
        }
        func avatar(profileID: Profile.ID) throws -> Avatar? { try base.avatar(profileID: profileID) }
        func checkIn(
            sessionToken: String, at placeID: Place.ID, from startedAt: Date, until expiresAt: Date,
            bucket: PopularTimes.Bucket
        ) throws -> CheckIn? {
            try base.checkIn(sessionToken: sessionToken, at: placeID, from: startedAt, until: expiresAt, bucket: bucket)
        }
        func checkOut(sessionToken: String) throws -> Bool { try base.checkOut(sessionToken: sessionToken) }
        func checkIn(profileID: Profile.ID, activeAt date: Date) throws -> CheckIn? {
            try base.checkIn(profileID: profileID, activeAt: date)
        }
        func presence(atPlace id: Place.ID, at date: Date, newest: Int) throws -> PlacePeople {
            try base.presence(atPlace: id, at: date, newest: newest)
        }
    }

    @Test func twoStalledPagesHoldUpNeitherTheHealthCheckNorAnAsset() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let store = StallingStore(test.store)
        var environment = test.app.environment
        environment.store = store
        let app = App(environment: environment)
        // Two database connections and two workers more, as `grubmap serve` sizes them; one network thread.
        let stalled = try TwoStalledPages(app, store: store, workers: 2 + 2)
        let server = stalled.server
        defer { server.shutdown(gracePeriod: .zero) }
        // Both are now waiting on the database. Others still get answers.
        let health = try Connection(port: server.port).get("/healthz")
        #expect(health.hasPrefix("HTTP/1.1 200"))
        let script = try Connection(port: server.port).get(Assets.path("app.js"))
        #expect(script.hasPrefix("HTTP/1.1 200"))
        #expect(script.contains("text/javascript"))
        stalled.release()
    }

    @Test func aReturningVisitorsKeptPageComesWhileEveryWorkerWaitsOnTheDatabase() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let person = try Person(test)
        try person.finishOnboarding()
        let store = StallingStore(test.store)
        var environment = test.app.environment
        environment.store = store
        let app = App(environment: environment)
        // The visitor read the place page a moment ago: their session and the page are kept.
        let headers = person.headers.map { "\($0.0): \($0.1)\r\n" }.joined()
        let first = app.responder(try Request(method: .get, target: "/places/alpha", headers: person.headers))
        #expect(first.status == .ok)
        let stalled = try TwoStalledPages(app, store: store, workers: 2)
        let server = stalled.server
        defer { server.shutdown(gracePeriod: .zero) }
        // Both workers wait on the database; the kept page needs neither.
        let page = try Connection(port: server.port).get("/places/alpha", headers: headers)
        #expect(page.hasPrefix("HTTP/1.1 200"))
        #expect(page.hasSuffix(String(decoding: first.body, as: UTF8.self)))
        stalled.release()
    }

    /// A server of `app` with one network thread and `workers` workers, and two area pages asked of it that wait
    /// on the stalled database (a worker each) until ``release()``.
    struct TwoStalledPages {
        let server: HTTPServer
        let store: StallingStore
        let connections: [Connection]

        init(_ app: App, store: StallingStore, workers: Int) throws {
            server = HTTPServer(
                configuration: ServerConfiguration(port: 0, threading: .pool(threads: 1), workerCount: workers),
                inlineResponder: app.inlineResponder, responder: app.responder)
            try server.start()
            self.store = store
            let port = server.port
            connections = try (0..<2).map { _ in try Connection(port: port) }
            for connection in connections {
                connection.send("GET /areas/test-campus HTTP/1.1\r\nHost: x\r\n\r\n")
            }
            store.entered.wait()
            store.entered.wait()
        }

        /// Lets both pages through: each is answered.
        func release() {
            store.release.signal()
            store.release.signal()
            for connection in connections { #expect(connection.readResponse().hasPrefix("HTTP/1.1 200")) }
        }
    }

    /// One TCP connection to the server on 127.0.0.1.
    final class Connection {
        let socket: Int32

        init(port: UInt16) throws {
            socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        }

        deinit { close(socket) }

        func send(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Foundation.send(socket, $0.baseAddress, $0.count, 0) }
        }

        func get(_ target: String, headers: String = "") -> String {
            send("GET \(target) HTTP/1.1\r\nHost: x\r\n\(headers)Connection: close\r\n\r\n")
            return readResponse()
        }

        /// Everything up to the end of the headers and the body they announce (or until the peer closes).
        func readResponse() -> String {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = recv(socket, &buffer, buffer.count, 0)
                if count <= 0 { break }
                received += buffer[0..<count]
                let text = String(decoding: received, as: UTF8.self)
                if let end = text.range(of: "\r\n\r\n"),
                    let length = text[..<end.lowerBound].split(separator: "\r\n")
                        .first(where: { $0.lowercased().hasPrefix("content-length:") })
                        .flatMap({ Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }),
                    received.count >= text.utf8.distance(from: text.utf8.startIndex, to: end.upperBound) + length
                {
                    break
                }
            }
            return String(decoding: received, as: UTF8.self)
        }
    }
}
