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

/// The server's feed fetchers on threads of their own, against a real feed server on 127.0.0.1 that holds every
/// answer until the test lets it go: "Fetch now" answers at once, fetches run at most so many at once and so many
/// of one area, and a free thread takes the next due feed. The clock is given; nothing sleeps: the test waits only
/// for the server to be asked and for fetches to end.
@Suite struct FeedFetchersTests {
    static let now = OpenMensaImportTests.now
    static let venue = Fixtures.sanJose

    /// A feed server whose answers wait for `release`; `asked` is signalled as each request arrives.
    final class HeldFeedServer: Sendable {
        let server: HTTPServer
        let asked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let log = PathLog()

        /// The paths asked for, in order.
        final class PathLog: Sendable {
            let paths = Mutex<[String]>([])
        }

        init() throws {
            let asked = asked
            let release = release
            let log = log
            server = HTTPServer(
                configuration: ServerConfiguration(port: 0, threading: .threadPerConnection),
                responder: { request in
                    log.paths.withLock { $0.append(request.path) }
                    asked.signal()
                    _ = release.wait(timeout: .now() + 20)
                    return Response(
                        status: .ok, headers: ["Content-Type": "application/xml"],
                        body: Array(OpenMensaFeeds.version21.utf8))
                })
            try server.start()
        }

        func url(_ place: String) -> String { "http://127.0.0.1:\(server.port)/\(place).xml" }
        var prefix: String { "http://127.0.0.1:\(server.port)/" }

        func stop() {
            for _ in 0..<16 { release.signal() }
            server.shutdown(gracePeriod: .seconds(1))
        }
    }

    /// What the fetchers reported, and a signal for each.
    final class Reports: Sendable {
        let runs = Mutex<[Place.ID: FeedRun]>([:])
        let ended = DispatchSemaphore(value: 0)

        func record(_ feed: DueFeed, _ result: Result<FeedRun, any Error>) {
            runs.withLock { $0[feed.placeID] = (try? result.get()) ?? .failed("\(result)") }
            ended.signal()
        }

        /// Waits for `count` more fetches to end; false if they do not within 20 s.
        func waitForEnds(_ count: Int) -> Bool {
            (0..<count).allSatisfy { _ in ended.wait(timeout: .now() + 20) == .success }
        }
    }

    func audit(_ place: Place) -> AuditEntry {
        AuditEntry(
            at: Self.now, actor: "cli", actorName: "command line", areaID: place.areaID, action: "feed.set",
            subject: place.id.rawValue, before: nil, after: nil)
    }

    @Test(arguments: StoreKind.tested)
    func fetchesRunOnTheirOwnThreadsSoManyAtOnceAndSoManyOfOneArea(kind: StoreKind) throws {
        let server = try HeldFeedServer()
        defer { server.stop() }
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            let busan = (1...5).map { Fixtures.place("busan-\($0)", in: Fixtures.busan) }
            let venue = [Fixtures.place("venue-1", in: Self.venue)]
            try store.save(area: Fixtures.busan, places: busan)
            try store.save(area: Self.venue, places: venue)
            for place in busan + venue {
                try store.setFeed(
                    placeID: place.id, url: server.url(place.id.rawValue), at: Self.now, audit: audit(place))
            }
            let reports = Reports()
            let scheduler = FeedScheduler(
                store: store, client: CurlClient(allowList: try OutboundAllowList([server.prefix])),
                owner: "server-a")
            let fetchers = FeedFetchers(
                scheduler: scheduler, store: store, limits: .init(threads: 3, perArea: 2), now: { Self.now },
                finished: reports.record)
            fetchers.startThreads()
            defer { fetchers.stop() }

            // Soonest due first (by place id at one time): two of busan's, then the venue's on the third thread.
            let first = try fetchers.tick()
            #expect(first.map(\.placeID.rawValue) == ["busan-1", "busan-2", "venue-1"])
            #expect((0..<3).allSatisfy { _ in server.asked.wait(timeout: .now() + 20) == .success })
            #expect(Set(server.log.paths.withLock { $0 }) == ["/busan-1.xml", "/busan-2.xml", "/venue-1.xml"])
            // While those hang, nothing more starts, and "Fetch now" answers at once.
            #expect(try fetchers.tick().isEmpty)
            #expect(try fetchers.queueFetch(placeID: busan[4].id, at: Self.now) == .queued)
            #expect(try fetchers.queueFetch(placeID: busan[0].id, at: Self.now) == .fetchingNow)
            #expect(try store.feed(placeID: busan[0].id)?.leaseOwner == "server-a")

            for _ in 0..<3 { server.release.signal() }
            #expect(reports.waitForEnds(3))
            // The three threads are free; busan's share is two.
            #expect(try fetchers.tick().map(\.placeID.rawValue) == ["busan-3", "busan-4"])
            for _ in 0..<2 { server.release.signal() }
            #expect(reports.waitForEnds(2))
            #expect(try fetchers.tick().map(\.placeID.rawValue) == ["busan-5"])
            server.release.signal()
            #expect(reports.waitForEnds(1))
            #expect(try fetchers.tick().isEmpty)
            #expect(fetchers.running.isEmpty)
            #expect(
                reports.runs.withLock { $0 }.values.allSatisfy { if case .imported = $0 { true } else { false } },
                "\(reports.runs.withLock { $0 })")
            #expect(reports.runs.withLock { $0.count } == 6)
            #expect(try store.dueFeeds(at: Self.now).isEmpty)
        }
    }

    @Test(arguments: StoreKind.tested)
    func fetchNowMakesAFeedDueAndSaysWhenItIsBeingFetchedOrMissing(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            let place = Fixtures.geumjeongHall
            try store.save(area: Fixtures.busan, places: [place, Fixtures.dormitory])
            #expect(try store.queueFeedFetch(placeID: place.id, at: Self.now) == .noFeed)
            try store.setFeed(placeID: place.id, url: "https://mensa.example/f.xml", at: Self.now, audit: audit(place))
            try store.finishFeedFetch(
                placeID: place.id, owner: "nobody",
                record: FeedFetchRecord(
                    at: Self.now, result: .imported, message: "", etag: nil, lastModified: nil,
                    nextFetchAt: Self.now, failures: 0))
            // Fetched an hour ago, next due in an hour: "Fetch now" makes it due now.
            let lease = try store.leaseFeed(
                placeID: place.id, owner: "server-a", at: Self.now, until: Self.now.addingTimeInterval(60))
            #expect(lease != nil)
            #expect(try store.queueFeedFetch(placeID: place.id, at: Self.now) == .fetchingNow)
            try store.finishFeedFetch(
                placeID: place.id, owner: "server-a",
                record: FeedFetchRecord(
                    at: Self.now, result: .imported, message: "imported", etag: nil, lastModified: nil,
                    nextFetchAt: Self.now.addingTimeInterval(3600), failures: 0))
            #expect(try store.dueFeeds(at: Self.now).isEmpty)
            #expect(try store.queueFeedFetch(placeID: place.id, at: Self.now) == .queued)
            #expect(try store.dueFeeds(at: Self.now) == [DueFeed(placeID: place.id, areaID: Fixtures.busan.id)])
            #expect(try store.feed(placeID: place.id)?.nextFetchAt == Self.now)
            // Asking again changes nothing.
            #expect(try store.queueFeedFetch(placeID: place.id, at: Self.now.addingTimeInterval(5)) == .queued)
            #expect(try store.feed(placeID: place.id)?.nextFetchAt == Self.now)
        }
    }

    /// The per-area limit on feeds: a new feed past it is refused and nothing is written; changing an existing
    /// feed's URL is not a new feed; and of two places given a feed at the same moment with room for one, exactly
    /// one gets it, every time.
    @Test(arguments: StoreKind.tested)
    func anAreaHasAtMostItsLimitOfFeeds(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            let places = (1...40).map { Fixtures.place("place-\($0)", in: Fixtures.busan) }
            let other = Fixtures.place("venue-1", in: Self.venue)
            try store.save(area: Fixtures.busan, places: places)
            try store.save(area: Self.venue, places: [other])
            let url = "https://mensa.example/feed.xml"
            for place in places.prefix(2) {
                try store.setFeed(placeID: place.id, url: url, at: Self.now, audit: audit(place), limitPerArea: 2)
            }
            #expect(throws: StoreError.feedLimitReached(area: Fixtures.busan.id.rawValue, limit: 2)) {
                try store.setFeed(
                    placeID: places[2].id, url: url, at: Self.now, audit: audit(places[2]), limitPerArea: 2)
            }
            #expect(try store.feed(placeID: places[2].id) == nil)
            try store.setFeed(
                placeID: places[0].id, url: url + "?v=2", at: Self.now, audit: audit(places[0]), limitPerArea: 2)
            #expect(try store.feed(placeID: places[0].id)?.url == url + "?v=2")
            try store.setFeed(placeID: other.id, url: url, at: Self.now, audit: audit(other), limitPerArea: 2)

            for round in 0..<15 {
                let pair = [places[3 + 2 * round], places[4 + 2 * round]]
                let limit = 3 + round
                let saved = Mutex(0)
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    let place = pair[index]
                    if (try? store.setFeed(
                        placeID: place.id, url: url, at: Self.now, audit: audit(place), limitPerArea: limit)) != nil
                    {
                        saved.withLock { $0 += 1 }
                    }
                }
                #expect(saved.withLock { $0 } == 1, "round \(round)")
            }
            #expect(try store.feeds().filter { $0.placeID.rawValue.hasPrefix("place-") }.count == 17)
        }
    }
}
