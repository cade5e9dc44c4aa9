import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapOutbound
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Synchronization
import Testing

@testable import GrubmapImport

/// Menu feeds fetched from a real HTTP server on 127.0.0.1, which the outbound client reaches only because its
/// allow list names it: imported, re-fetched with a 304, a broken version that leaves the last good menus, a
/// timeout, backoff, and a second server that never fetches a feed the first holds. Times are given to the
/// scheduler; nothing waits for the clock.
@Suite struct FeedSchedulerTests {
    static let now = OpenMensaImportTests.now
    static let place = Fixtures.geumjeongHall.id

    /// What the feed server answers, changed by the test.
    final class FeedServer: Sendable {
        enum Mode {
            case feed(String, etag: String)
            case broken
            case stall
        }

        let mode = Mutex(Mode.feed(OpenMensaFeeds.version21, etag: "\"v1\""))
        let requests = Mutex<[Headers]>([])
        /// Lets stalled answers go at the end of the test.
        let release = DispatchSemaphore(value: 0)
        let server: HTTPServer

        private let box = Box()

        init() throws {
            let box = box
            server = HTTPServer(
                configuration: ServerConfiguration(port: 0, threading: .threadPerConnection),
                responder: { request in
                    box.owner?.answer(request) ?? Response.text("not ready", status: .serviceUnavailable)
                })
            box.owner = self
            try server.start()
        }

        func answer(_ request: Request) -> Response {
            requests.withLock { $0.append(request.headers) }
            switch mode.withLock({ $0 }) {
            case .feed(let xml, let etag):
                if request.headers["If-None-Match"] == etag {
                    return Response(status: .notModified, headers: ["ETag": etag])
                }
                return Response(
                    status: .ok, headers: ["Content-Type": "application/xml", "ETag": etag], body: Array(xml.utf8))
            case .broken:
                return Response(
                    status: .ok, headers: ["Content-Type": "application/xml", "ETag": "\"broken\""],
                    body: Array("<openmensa version=\"2.1\"><canteen><day date=\"2026-11-09\">".utf8))
            case .stall:
                _ = release.wait(timeout: .now() + 10)
                return Response.text("too late")
            }
        }

        var url: String { "http://127.0.0.1:\(server.port)/feed.xml" }

        /// What `--allow-outbound` would name for this server.
        var prefix: String { "http://127.0.0.1:\(server.port)/" }

        func stop() {
            for _ in 0..<4 { release.signal() }
            server.shutdown(gracePeriod: .seconds(1))
        }

        /// The server's way back to its owner. `@unchecked Sendable`: written once, before the server starts.
        final class Box: @unchecked Sendable {
            weak var owner: FeedServer?
        }
    }

    func withFeed(_ kind: StoreKind, _ body: (any Store, FeedServer) throws -> Void) throws {
        let server = try FeedServer()
        defer { server.stop() }
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall])
            try store.setFeed(
                placeID: Self.place, url: server.url, at: Self.now,
                audit: AuditEntry(
                    at: Self.now, actor: "cli", actorName: "command line", areaID: Fixtures.busan.id,
                    action: "feed.set",
                    subject: Self.place.rawValue, before: nil, after: server.url))
            try body(store, server)
        }
    }

    func scheduler(
        _ store: any Store, allowing server: FeedServer?, owner: String = "server-a", timeout: TimeInterval = 5
    ) throws -> FeedScheduler {
        FeedScheduler(
            store: store, client: CurlClient(allowList: try OutboundAllowList(server.map { [$0.prefix] } ?? [])),
            owner: owner, settings: FeedScheduler.Settings(interval: 3600, timeoutSeconds: timeout))
    }

    @Test(arguments: StoreKind.tested)
    func fetchedThenUnchangedThenBrokenKeepsTheLastGoodMenus(kind: StoreKind) throws {
        try withFeed(kind) { store, server throws in
            let feeds = try scheduler(store, allowing: server)
            #expect(try feeds.runDue(at: Self.now) == [Self.place: .imported(days: 2)])
            let imported = try #require(try store.feed(placeID: Self.place))
            #expect(imported.lastResult == .imported)
            #expect(imported.etag == "\"v1\"")
            #expect(imported.nextFetchAt == Self.now.addingTimeInterval(3600))
            #expect(imported.leaseOwner == nil)
            let good = try store.menu(placeID: Self.place, on: try CalendarDate(parsing: "2026-11-09"))
            #expect(good?.categories.map(\.name) == ["조식", "중식"])

            // Not due yet: nothing is fetched.
            #expect(try feeds.runDue(at: Self.now.addingTimeInterval(60)).isEmpty)
            #expect(server.requests.withLock { $0.count } == 1)

            // Due: asked with the validator, answered 304.
            let later = Self.now.addingTimeInterval(3600)
            #expect(try feeds.runDue(at: later) == [Self.place: .unchanged])
            #expect(server.requests.withLock { $0.last?["If-None-Match"] } == "\"v1\"")
            #expect(try store.feed(placeID: Self.place)?.lastResult == .unchanged)

            // A broken version: an error in words, the menus as they were, and a retry in 5 minutes.
            server.mode.withLock { $0 = .broken }
            let broken = try feeds.fetch(placeID: Self.place, at: later.addingTimeInterval(10))
            guard case .failed(let message) = broken else {
                Issue.record("expected a failure, got \(broken)")
                return
            }
            #expect(message.contains("not valid") && message.contains("the last good menus stay"))
            let failed = try #require(try store.feed(placeID: Self.place))
            #expect(failed.lastResult == .failed)
            #expect(failed.lastMessage == message)
            #expect(failed.failures == 1)
            #expect(failed.nextFetchAt == later.addingTimeInterval(10 + 300))
            #expect(failed.etag == "\"v1\"")
            #expect(failed.lastSuccessAt == later)
            #expect(try store.menu(placeID: Self.place, on: try CalendarDate(parsing: "2026-11-09")) == good)
            // Failing again waits twice as long.
            _ = try feeds.fetch(placeID: Self.place, at: later.addingTimeInterval(400))
            #expect(try store.feed(placeID: Self.place)?.nextFetchAt == later.addingTimeInterval(400 + 600))
        }
    }

    @Test func aFeedThatDoesNotAnswerIsReportedAsATimeout() throws {
        try withFeed(.sqlite) { store, server throws in
            server.mode.withLock { $0 = .stall }
            let run = try scheduler(store, allowing: server, timeout: 1).fetch(placeID: Self.place, at: Self.now)
            #expect(run == .failed("the feed did not answer within 1 second"))
            #expect(try store.feed(placeID: Self.place)?.lastMessage == "the feed did not answer within 1 second")
            #expect(try store.feed(placeID: Self.place)?.leaseOwner == nil)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aSecondServerDoesNotFetchAFeedTheFirstIsFetching(kind: StoreKind) throws {
        try withFeed(kind) { store, server throws in
            // Server A holds the lease, as it does while its fetch is under way.
            let leased = try store.leaseFeed(
                placeID: Self.place, owner: "server-a", at: Self.now, until: Self.now.addingTimeInterval(100))
            #expect(leased != nil)
            let other = try scheduler(store, allowing: server, owner: "server-b")
            #expect(try other.runDue(at: Self.now).isEmpty)
            #expect(try other.fetch(placeID: Self.place, at: Self.now) == .busy)
            #expect(server.requests.withLock { $0.count } == 0)
            // B cannot record a result over A's lease either.
            try store.finishFeedFetch(
                placeID: Self.place, owner: "server-b",
                record: FeedFetchRecord(
                    at: Self.now, result: .failed, message: "x", etag: nil, lastModified: nil,
                    nextFetchAt: Self.now, failures: 9))
            #expect(try store.feed(placeID: Self.place)?.leaseOwner == "server-a")
            // A lease that ran out (its server died) is taken over.
            #expect(try other.runDue(at: Self.now.addingTimeInterval(101)) == [Self.place: .imported(days: 2)])
            #expect(server.requests.withLock { $0.count } == 1)
        }
    }

    /// Two servers asking for the same lease at the same moment, many times: exactly one gets it each time.
    @Test(arguments: StoreKind.tested)
    func leasesAreTakenByExactlyOneOfTwoServersAtOnce(kind: StoreKind) throws {
        try withFeed(kind) { store, _ throws in
            for round in 0..<20 {
                let at = Self.now.addingTimeInterval(Double(round) * 1000)
                let winners = Mutex(0)
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if (try? store.leaseFeed(
                        placeID: Self.place, owner: "server-\(index)", at: at, until: at.addingTimeInterval(500)))
                        != nil
                    {
                        winners.withLock { $0 += 1 }
                    }
                }
                #expect(winners.withLock { $0 } == 1)
            }
        }
    }

    /// Without `--allow-outbound` the feed server on 127.0.0.1 is never asked, and the console's words say why
    /// without saying what (if anything) listens there.
    @Test func aFeedOnLoopbackIsNotFetchedUnlessAllowed() throws {
        try withFeed(.sqlite) { store, server throws in
            let run = try scheduler(store, allowing: nil).fetch(placeID: Self.place, at: Self.now)
            guard case .failed(let message) = run else {
                Issue.record("expected a failure, got \(run)")
                return
            }
            #expect(message.contains("not at a public address") && message.contains("--allow-outbound"))
            #expect(server.requests.withLock { $0.count } == 0)
            let feed = try #require(try store.feed(placeID: Self.place))
            #expect(feed.lastResult == .failed && feed.failures == 1 && feed.leaseOwner == nil)
        }
    }

    @Test func aStoredAddressWithAPasswordIsNeitherFetchedNorShown() throws {
        try withFeed(.sqlite) { store, server throws in
            let url = server.url.replacingOccurrences(of: "http://", with: "http://kim:secret@")
            try store.setFeed(
                placeID: Self.place, url: url, at: Self.now,
                audit: AuditEntry(
                    at: Self.now, actor: "cli", actorName: "command line", areaID: Fixtures.busan.id,
                    action: "feed.set", subject: Self.place.rawValue, before: nil, after: nil))
            let run = try scheduler(store, allowing: server).fetch(placeID: Self.place, at: Self.now)
            #expect(
                run
                    == .failed(
                        "the feed's address holds a user name or password, which Grubmap never sends; set it again without them"
                    ))
            #expect(server.requests.withLock { $0.count } == 0)
            #expect(MenuFeed.redacted(url) == "http://***@127.0.0.1:\(server.server.port)/feed.xml")
        }
    }

    @Test func onlyHTTPAddressesWithoutCredentialsAreFeeds() {
        #expect(MenuFeed.problem(with: "https://user:pw@openmensa.example/feed.xml") == .credentials)
        #expect(MenuFeed.problem(with: "https://user@openmensa.example/feed.xml") == .credentials)
        #expect(MenuFeed.problem(with: "https://@openmensa.example/feed.xml") == .credentials)
        #expect(MenuFeed.problem(with: "ftp://user:pw@openmensa.example/feed.xml") == .notHTTP)
        #expect(MenuFeed.problem(with: "https://openmensa.example/feed.xml?at=@x") == nil)
        #expect(
            MenuFeed.redacted("https://kim:s3cret@openmensa.example/f?x=@y") == "https://***@openmensa.example/f?x=@y")
        #expect(MenuFeed.redacted("https://a@b:c@openmensa.example/") == "https://***@openmensa.example/")
        #expect(MenuFeed.redacted("https://openmensa.example/feed.xml") == "https://openmensa.example/feed.xml")
    }

    @Test func onlyHTTPAddressesAreFeeds() {
        #expect(MenuFeed.isAcceptableURL("https://openmensa.example/feed.xml"))
        #expect(MenuFeed.isAcceptableURL("http://127.0.0.1:8080/f"))
        for bad in [
            "ftp://x/y", "file:///etc/passwd", "javascript:alert(1)", "https://", "not a url", "",
            "https://a b/c", "https://x/" + String(repeating: "a", count: 2001),
        ] {
            #expect(!MenuFeed.isAcceptableURL(bad), "\(bad.prefix(40))")
        }
    }
}

extension FeedScheduler {
    /// Fetches every feed due at `now`, one after another, as the server's fetchers do with one thread.
    func runDue(at now: Date) throws -> [Place.ID: FeedRun] {
        var runs: [Place.ID: FeedRun] = [:]
        for due in try store.dueFeeds(at: now) {
            runs[due.placeID] = try fetch(placeID: due.placeID, at: now)
        }
        return runs
    }
}
