import Dispatch
import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Two servers on one PostgreSQL database: a change answered by one drops the pages the other keeps as soon as the
/// other's listener hears it, so the next page load there shows it, without waiting for the caches' lifetime (the
/// clock never moves here).
@Suite(TestPostgres.enabled) struct CrossServerCacheTests {
    /// A server of the sample area on `store`, on the shared clock.
    static func server(_ store: PostgresStore, clock: TestClock) throws -> App {
        App(
            environment: AppEnvironment(
                store: store, now: { clock.now },
                randomBytes: { count in (0..<count).map { _ in UInt8.random(in: .min ... .max) } },
                configuration: AppConfiguration(onboarding: try OnboardingCatalog.bundled())))
    }

    /// Checks a new person named `name` in at alpha through `app`'s API.
    static func checkIn(_ name: String, through app: App) throws {
        func send(_ method: GrubmapHTTP.Method, _ target: String, _ headers: Headers, _ body: String) throws -> Response
        {
            app.responder(try Request(method: method, target: target, headers: headers, body: Array(body.utf8)))
        }
        let made = try send(.post, "/api/v1/sessions", [:], "")
        let token = try #require(
            (try JSONSerialization.jsonObject(with: Data(made.body)) as? [String: Any])?["token"] as? String)
        let headers: Headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        let profile = #"{"firstName":"\#(name)","lastName":"L","company":"","bio":""}"#
        #expect(try send(.put, "/api/v1/me/profile", headers, profile).status == .ok)
        #expect(try send(.post, "/api/v1/me/checkin", headers, #"{"placeId":"alpha"}"#).status == .created)
    }

    @Test func aCheckInThroughOneServerShowsOnTheOthersNextPageOnceItsListenerHearsIt() throws {
        try TestPostgres.withDatabase { configuration in
            let (first, second) = (
                try PostgresStore(configuration: configuration), try PostgresStore(configuration: configuration)
            )
            try first.save(area: TestApp.sampleArea, places: TestApp.samplePlaces)
            let clock = TestClock()
            let (here, there) = (try Self.server(first, clock: clock), try Self.server(second, clock: clock))
            func page() throws -> String {
                String(decoding: here.responder(try Request(method: .get, target: "/places/alpha")).body, as: UTF8.self)
            }
            // Told after the server's caches (watchers are told in the order they started watching).
            let heard = DispatchSemaphore(value: 0)
            let watch = first.watch({ _ in heard.signal() }, mayHaveMissed: { heard.signal() })
            let listener = first.makeListener { _ in }
            defer {
                listener.stop()
                watch.cancel()
            }

            #expect(try !page().contains("Ada"))
            try Self.checkIn("Ada", through: there)
            #expect(try !page().contains("Ada"), "kept: this server has heard of nothing yet")

            // Listening: the server's caches drop what they kept, since it may have missed changes.
            listener.start()
            #expect(heard.wait(timeout: .now() + 15) == .success)
            #expect(try page().contains("Ada"))

            try Self.checkIn("Grace", through: there)
            #expect(heard.wait(timeout: .now() + 15) == .success)
            #expect(try page().contains("Grace"), "heard through LISTEN: the kept page is dropped")
        }
    }

    /// The same through the fast lane's kept answers (``KeptAnswers``), on a real server: a place page kept and sent
    /// again from memory is not sent after the listener hears of a check-in through the other server, and a place
    /// renamed in the database by another process shows once the server heard the catalog's notification and the
    /// catalog read with it is a tenth of a second old on the server's clock, as the kept pages promise.
    @Test func theFastLaneSendsNoKeptAnswerPastWhatTheServerHeardOrItsCatalog() throws {
        try TestPostgres.withDatabase { configuration in
            let (first, second) = (
                try PostgresStore(configuration: configuration), try PostgresStore(configuration: configuration)
            )
            try first.save(area: TestApp.sampleArea, places: TestApp.samplePlaces)
            let clock = TestClock()
            let (here, there) = (try Self.server(first, clock: clock), try Self.server(second, clock: clock))
            let lane = PreparedAnswersTests.Pair.Count()
            let server = HTTPServer(
                configuration: ServerConfiguration(port: 0, threading: .pool(threads: 2), workerCount: 2),
                inlineResponder: here.inlineResponder,
                prepared: PreparedAnswers(
                    sent: { _ in lane.value.add(1, ordering: .relaxed) }, keeping: here.keptAnswers),
                responder: here.responder)
            try server.start()
            let heard = DispatchSemaphore(value: 0)
            let watch = first.watch({ _ in heard.signal() }, mayHaveMissed: { heard.signal() })
            let listener = first.makeListener { _ in }
            defer {
                listener.stop()
                watch.cancel()
                server.shutdown(gracePeriod: .seconds(1))
            }
            listener.start()
            #expect(heard.wait(timeout: .now() + 15) == .success)
            func page() throws -> String {
                try PreparedAnswersTests.exchange(
                    "GET /places/alpha HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n", port: server.port)
            }
            #expect(try !page().contains("Ada"))
            #expect(try !page().contains("Ada"))
            #expect(lane.value.load(ordering: .relaxed) == 0, "a first visit's page sets a cookie: never kept")

            // A page anyone may be sent again: the places API's list.
            func list() throws -> String {
                try PreparedAnswersTests.exchange(
                    "GET /api/v1/areas/test-campus/places HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n",
                    port: server.port)
            }
            let before = try list()
            #expect(try list() == before)
            #expect(lane.value.load(ordering: .relaxed) == 1)
            try Self.checkIn("Ada", through: there)
            #expect(heard.wait(timeout: .now() + 15) == .success)
            let counted = try list()
            #expect(counted != before, "heard through LISTEN: the kept answer is not sent again")
            #expect(lane.value.load(ordering: .relaxed) == 1)
            #expect(try list() == counted)
            #expect(lane.value.load(ordering: .relaxed) == 2)

            let catalogHeard = DispatchSemaphore(value: 0)
            first.catalogCache.freshness?.observe { catalogHeard.signal() }
            var renamed = TestApp.samplePlaces[0]
            renamed.name = LocalizedText("Renamed Hall")
            try second.save(area: TestApp.sampleArea, places: [renamed])
            #expect(catalogHeard.wait(timeout: .now() + 15) == .success, "the catalog's notification")
            clock.advance(by: KeptCatalog.trustedAge)
            #expect(try list().contains("Renamed Hall"))
        }
    }
}
