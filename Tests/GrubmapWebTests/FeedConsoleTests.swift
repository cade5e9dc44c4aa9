import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapImport
import GrubmapOutbound
import GrubmapStore
import Synchronization
import Testing

@testable import GrubmapWeb

/// A place's feed in the console: set, refused when it is not a web address, fetched now by the server's own
/// fetchers (the request only queues it; the page shows the result on the next visit), limited per area, and
/// removed; each change audited. The feed server is a real one on 127.0.0.1, named in the client's allow list.
@Suite struct FeedConsoleTests {
    /// A feed server that answers 404 and counts what it was asked.
    final class MissingFeedServer: Sendable {
        let server: HTTPServer
        let requests = Requests()

        /// How many requests arrived.
        final class Requests: Sendable {
            let count = Atomic<Int>(0)
        }

        init() throws {
            let requests = requests
            server = HTTPServer(
                configuration: ServerConfiguration(port: 0, threading: .threadPerConnection),
                responder: { _ in
                    requests.count.add(1, ordering: .relaxed)
                    return Response.text("no feed here", status: .notFound)
                })
            try server.start()
        }

        var url: String { "http://127.0.0.1:\(server.port)/feed.xml" }
    }

    @Test func aFeedIsSetQueuedByFetchNowFetchedByTheServersFetchersAndRemoved() throws {
        let feedServer = try MissingFeedServer()
        defer { feedServer.server.shutdown(gracePeriod: .seconds(1)) }
        let base = try ConsoleTests.makeApp()
        defer { base.cleanUp() }
        let ended = DispatchSemaphore(value: 0)
        let client = CurlClient(allowList: try OutboundAllowList(["http://127.0.0.1:\(feedServer.server.port)/"]))
        let fetchers = FeedFetchers(
            scheduler: FeedScheduler(store: base.store, client: client, owner: "server-a"), store: base.store,
            limits: .init(threads: 1, perArea: 1), now: { base.clock.now }, finished: { _, _ in ended.signal() })
        defer { fetchers.stop() }
        var environment = base.app.environment
        environment.feeds = fetchers
        let test = TestApp(
            app: App(environment: environment), store: base.store, folder: base.folder, clock: base.clock)
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(person)
        let alpha = try Place.ID("alpha")

        let refused = try person.post("/admin/places/alpha/feed", [("url", "javascript:alert(1)")], csrf: csrf)
        #expect(refused.status == .badRequest)
        #expect(try test.store.feed(placeID: alpha) == nil)

        let saved = try person.post("/admin/places/alpha/feed", [("url", feedServer.url)], csrf: csrf)
        #expect(saved.status == .seeOther)
        #expect(try test.store.feed(placeID: alpha)?.url == feedServer.url)

        // "Fetch now" answers at once: the request queues the fetch and fetches nothing itself.
        let fetched = try person.post("/admin/places/alpha/feed/fetch", [], csrf: csrf)
        #expect(fetched.headers["Location"] == "/admin/places/alpha?done=feed-queued#feed")
        #expect(feedServer.requests.count.load(ordering: .relaxed) == 0)
        let queued = try person.html("/admin/places/alpha?done=feed-queued")
        #expect(queued.contains("Queued: the server fetches it in a moment"))
        #expect(queued.contains("Queued: fetched as soon as a fetcher is free") && queued.contains("Not fetched yet."))

        // The server's fetchers take it on their own thread; the next visit shows what it found.
        fetchers.startThreads()
        #expect(try fetchers.tick().map(\.placeID) == [alpha])
        #expect(ended.wait(timeout: .now() + 20) == .success)
        #expect(feedServer.requests.count.load(ordering: .relaxed) == 1)
        let page = try person.html("/admin/places/alpha")
        #expect(page.contains("Failed") && page.contains("the feed&#39;s server answered HTTP 404"))
        #expect(!page.contains("no feed here"))
        #expect(page.contains("Nothing was imported: the last good menus stay, and the next fetch tries again."))
        // A Korean operator reads what the failure means in Korean; the fetcher's record stays English, marked so.
        let korean = try ConsoleTests.signedIn(test, "lee@example.org", language: "ko-KR")
        let koreanPage = try korean.html("/admin/places/alpha")
        #expect(koreanPage.contains("실패"))
        #expect(koreanPage.contains("아무것도 반영하지 않았어요. 마지막으로 가져온 메뉴는 그대로이고, 다음 가져오기에서 다시 시도해요."))
        #expect(koreanPage.contains("서버 기록(영어): <span lang=\"en\">the feed&#39;s server answered HTTP 404"))

        let removed = try person.post("/admin/places/alpha/feed", [("remove", "1")], csrf: csrf)
        #expect(removed.status == .seeOther)
        #expect(try test.store.feed(placeID: alpha) == nil)
        let actions = try test.store.auditEntries(
            areas: [TestApp.sampleArea.id], includingGlobal: false, action: nil, before: nil, limit: 5
        ).map(\.action)
        #expect(actions.filter { $0.hasPrefix("feed.") }.prefix(2) == ["feed.remove", "feed.set"])
    }

    @Test func anAreaTakesNoMoreFeedsThanItsLimitAndSaysSo() throws {
        let test = try TestApp.make {
            $0.passwordHasher = PasswordHasher(cost: .minimum)
            $0.feedsPerArea = 2
        }
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(person)
        for place in ["alpha", "bravo"] {
            let saved = try person.post(
                "/admin/places/\(place)/feed", [("url", "https://m.example/\(place)")], csrf: csrf)
            #expect(saved.status == .seeOther)
        }
        let refused = try person.post("/admin/places/charlie/feed", [("url", "https://m.example/c")], csrf: csrf)
        #expect(refused.status == .conflict)
        #expect(
            String(decoding: refused.body, as: UTF8.self).contains("This area has 2 feeds, the most one area may have"))
        #expect(try test.store.feed(placeID: try Place.ID("charlie")) == nil)
        // A feed that exists may change its address.
        let changed = try person.post("/admin/places/alpha/feed", [("url", "https://m.example/a2")], csrf: csrf)
        #expect(changed.status == .seeOther)
        #expect(try test.store.feed(placeID: try Place.ID("alpha"))?.url == "https://m.example/a2")
    }

    /// A password in a feed address is refused with its reason; one stored before they were refused is shown
    /// nowhere: not in the address field, not in the audit log.
    @Test func aFeedAddressWithAPasswordIsRefusedAndAStoredOneIsNeverShown() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(person)
        let alpha = try Place.ID("alpha")
        let withPassword = "https://kim:s3cret-pw@mensa.example/feed.xml"

        let refused = try person.post("/admin/places/alpha/feed", [("url", withPassword)], csrf: csrf)
        #expect(refused.status == .badRequest)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("may not hold a user name or password"))
        #expect(!String(decoding: refused.body, as: UTF8.self).contains("s3cret"))
        #expect(try test.store.feed(placeID: alpha) == nil)

        try test.store.setFeed(
            placeID: alpha, url: withPassword, at: test.clock.now,
            audit: AuditEntry(
                at: test.clock.now, actor: "cli", actorName: "command line", areaID: TestApp.sampleArea.id,
                action: "feed.set", subject: "alpha", before: nil, after: withPassword))
        let page = try person.html("/admin/places/alpha")
        #expect(!page.contains("s3cret") && page.contains("https://***@mensa.example/feed.xml"))
        let replaced = try person.post(
            "/admin/places/alpha/feed", [("url", "https://mensa.example/feed.xml")], csrf: csrf)
        #expect(replaced.status == .seeOther)
        let audit = try person.html("/admin/areas/\(TestApp.sampleArea.id)/audit")
        #expect(!audit.contains("s3cret"))
        #expect(audit.contains("https://***@mensa.example/feed.xml → https://mensa.example/feed.xml"))
    }
}
