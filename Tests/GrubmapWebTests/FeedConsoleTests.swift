import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Synchronization
import Testing

@testable import GrubmapWeb

/// A place's feed in the console: set, refused when it is not a web address, fetched now through the server's
/// runner (whose result the page shows in words), and removed; each change audited.
@Suite struct FeedConsoleTests {
    /// A runner that records what it was asked and writes a failure as the scheduler would.
    final class RecordingRunner: MenuFeedRunner {
        let store: any Store
        let asked = Mutex<[Place.ID]>([])

        init(store: any Store) { self.store = store }

        func fetch(placeID: Place.ID, at now: Date) throws -> FeedRun {
            asked.withLock { $0.append(placeID) }
            guard
                try store.leaseFeed(placeID: placeID, owner: "test", at: now, until: now.addingTimeInterval(60)) != nil
            else { return .busy }
            let message = "the feed's server answered 404 not found"
            try store.finishFeedFetch(
                placeID: placeID, owner: "test",
                record: FeedFetchRecord(
                    at: now, result: .failed, message: message, etag: nil, lastModified: nil,
                    nextFetchAt: now.addingTimeInterval(300), failures: 1))
            return .failed(message)
        }
    }

    @Test func aFeedIsSetFetchedNowAndRemoved() throws {
        let base = try ConsoleTests.makeApp()
        defer { base.cleanUp() }
        let runner = RecordingRunner(store: base.store)
        var environment = base.app.environment
        environment.feeds = runner
        let test = TestApp(
            app: App(environment: environment), store: base.store, folder: base.folder, clock: base.clock)
        let person = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(person)

        let refused = try person.post("/admin/places/alpha/feed", [("url", "javascript:alert(1)")], csrf: csrf)
        #expect(refused.status == .badRequest)
        #expect(try test.store.feed(placeID: try Place.ID("alpha")) == nil)

        let saved = try person.post("/admin/places/alpha/feed", [("url", "https://mensa.example/feed.xml")], csrf: csrf)
        #expect(saved.status == .seeOther)
        #expect(try test.store.feed(placeID: try Place.ID("alpha"))?.url == "https://mensa.example/feed.xml")

        let fetched = try person.post("/admin/places/alpha/feed/fetch", [], csrf: csrf)
        #expect(fetched.headers["Location"] == "/admin/places/alpha?done=feed-fetched#feed")
        #expect(runner.asked.withLock { $0 } == [try Place.ID("alpha")])
        let page = try person.html("/admin/places/alpha?done=feed-fetched")
        #expect(page.contains("Failed") && page.contains("answered 404 not found"))

        let removed = try person.post("/admin/places/alpha/feed", [("remove", "1")], csrf: csrf)
        #expect(removed.status == .seeOther)
        #expect(try test.store.feed(placeID: try Place.ID("alpha")) == nil)
        let actions = try test.store.auditEntries(
            areas: [TestApp.sampleArea.id], includingGlobal: false, action: nil, before: nil, limit: 5
        ).map(\.action)
        #expect(actions.prefix(2) == ["feed.remove", "feed.set"])
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
