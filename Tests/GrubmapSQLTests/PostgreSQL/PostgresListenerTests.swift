import Dispatch
import Foundation
import GrubmapCore
import GrubmapSQLTestSupport
import GrubmapStore
import Synchronization
import Testing

@testable import GrubmapSQL

/// Live changes across servers on PostgreSQL: what one store commits reaches the watchers of another store on the
/// same database (another server) through `NOTIFY grubmap_events` and that store's ``PostgresListener``.
@Suite("PostgreSQL: live changes across servers", TestPostgres.enabled)
struct PostgresListenerTests {
    typealias People = CheckInStoreTests

    /// What a watcher heard, with a wait for more that ends as soon as it comes (or after 15 s).
    final class Ears: Sendable {
        private let heard = Mutex<(changes: [Set<LiveChange>], missed: Int)>(([], 0))
        private let news = DispatchSemaphore(value: 0)

        var changes: [Set<LiveChange>] { heard.withLock { $0.changes } }
        var missed: Int { heard.withLock { $0.missed } }

        func watch(_ feed: any LiveChangeFeed) -> LiveWatch {
            feed.watch(
                { changes in
                    self.heard.withLock { $0.changes.append(changes) }
                    self.news.signal()
                },
                mayHaveMissed: {
                    self.heard.withLock { $0.missed += 1 }
                    self.news.signal()
                })
        }

        /// Waits until `done` holds, woken by each thing heard; false after 15 s without it.
        func wait(until done: (Ears) -> Bool) -> Bool {
            let deadline = DispatchTime.now() + 15
            while !done(self) {
                if news.wait(timeout: deadline) == .timedOut { return done(self) }
            }
            return true
        }
    }

    /// Log lines, kept.
    final class Log: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func write(_ line: String) { lines.withLock { $0.append(line) } }
    }

    static func place(_ id: String) -> Place.ID { try! Place.ID(id) }

    @Test func aCheckInThroughOneServerReachesTheOthersWatchersOnce() throws {
        try People.withPeople(1, on: .postgreSQL) { first, _, database in
            let a = try #require(first as? PostgresStore)
            let b = try #require(try database.openStore() as? PostgresStore)
            #expect(a.server != b.server)
            let (earsA, earsB, log) = (Ears(), Ears(), Log())
            let watches = [earsA.watch(a), earsB.watch(b)]
            let listeners = [a.makeListener(log: log.write), b.makeListener(log: log.write)]
            defer {
                listeners.forEach { $0.stop() }
                watches.forEach { $0.cancel() }
            }
            listeners.forEach { $0.start() }
            // Each listener says "may have missed" once it listens: before it, nothing was heard.
            #expect(earsA.wait { $0.missed == 1 } && earsB.wait { $0.missed == 1 })

            try People.checkIn(a, 0, at: "a", from: People.at(0), until: People.at(3600))
            #expect(earsA.changes == [[.presence(Self.place("a"))]], "A tells its own watchers at once")
            #expect(earsB.wait { $0.changes.count == 1 })
            #expect(earsB.changes == [[.presence(Self.place("a"))]], "B hears A's check-in")

            // The same person moves through B. Notifications arrive in commit order, so once A hears B's, it has
            // already had (and skipped) its own.
            try People.checkIn(b, 0, at: "b", from: People.at(60), until: People.at(3600))
            #expect(earsA.wait { $0.changes.count == 2 })
            let move: Set<LiveChange> = [.presence(Self.place("a")), .presence(Self.place("b"))]
            #expect(
                earsA.changes == [[.presence(Self.place("a"))], move], "A heard its own check-in once, then B's move")
            #expect(earsB.changes == [[.presence(Self.place("a"))], move])
            #expect(log.all.isEmpty)
            #expect(listeners.map(\.listens) == [1, 1])
        }
    }

    @Test func eachCommittedWriteHasNotifiedWhenItReturnsAndAFailedOneNotifiesNobody() throws {
        try People.withPeople(2, on: .postgreSQL) { first, _, _ in
            let store = try #require(first as? PostgresStore)
            let ear = try PostgresConnection(configuration: store.configuration)
            try ear.listen(LiveNotification.channel)
            /// What the write answered, and the payloads it sent (right after its commit, before it returned: this store has
            /// no listener, so it is not a server's, and sends on the writer's thread).
            func sent<T>(by write: () throws -> T) throws -> (T, [String]) {
                let answer = try write()
                return (answer, try ear.notifications(waitingAtMost: 5).map(\.payload))
            }
            func payloads(_ changes: Set<LiveChange>) -> [String] {
                LiveNotification.payloads(for: changes, server: store.server)
            }
            let (a, b) = (Self.place("a"), Self.place("b"))
            let (from, until) = (People.at(0), People.at(3600))

            // A check-in and a move: its one statement names the place left.
            #expect(
                try sent { try People.checkIn(store, 0, at: "a", from: from, until: until) }.1
                    == payloads([.presence(a)]))
            let move = try sent { try People.checkIn(store, 0, at: "b", from: from, until: until) }
            #expect(move.1 == payloads([.presence(a), .presence(b)]))
            #expect(
                try sent { try People.checkIn(store, 0, at: "b", from: from, until: until) }.1
                    == payloads([.presence(b)]))

            // A check-in at a place that does not exist fails on its foreign key: nothing is sent. What the next write
            // sends is all that comes.
            #expect(throws: (any Error).self) {
                try store.checkIn(
                    sessionToken: People.token(1), at: Self.place("nowhere"), from: from, until: until,
                    bucket: PopularTimes.Bucket(instant: from, timeZone: .gmt))
            }
            let out = try sent { try store.checkOut(sessionToken: People.token(0)) }
            #expect(out == (true, payloads([.presence(b)])))
            #expect(try !store.checkOut(sessionToken: People.token(0)), "nothing left to check out")

            let reporter = try #require(ReporterKey(hex: String(repeating: "a", count: 64)))
            let report = {
                try store.reportLine(
                    placeID: a, reporter: reporter, level: .long, at: from,
                    bucket: PopularTimes.Bucket(instant: from, timeZone: .gmt), policy: .standard)
            }
            let stored = try sent(by: report)
            #expect(stored.0 == .stored)
            #expect(stored.1 == payloads([.lineReports(a)]), "only the report's: the empty check-out sent nothing")
            #expect(try report() != .stored, "too soon: nothing stored")

            // A write of several statements in a transaction.
            let audit = AuditEntry(
                at: from, actor: "op-1", actorName: "Op", areaID: People.area.id, action: "place.archive", subject: "b",
                before: nil, after: nil)
            let archived = try sent { try store.archivePlace(id: b, at: from, audit: audit) }
            #expect(
                archived == (0, payloads([.presence(b), .place(b)])),
                "only the archive's: the refused report sent nothing")
            #expect(throws: (any Error).self) { try store.archivePlace(id: b, at: from, audit: audit) }
            let last = try sent { try People.checkIn(store, 1, at: "a", from: from, until: until) }
            #expect(last.1 == payloads([.presence(a)]))
        }
    }

    @Test func aPayloadOfAnotherVersionOrMalformedIsIgnoredWithALogLine() throws {
        try TestPostgres.withDatabase { configuration in
            let (ears, log) = (Ears(), Log())
            let feed = LiveChangeWatchers()
            let watch = ears.watch(feed)
            let listener = PostgresListener(
                configuration: configuration, server: "this-one", deliver: feed.tell,
                mayHaveMissed: feed.tellMayHaveMissed, log: log.write)
            defer {
                listener.stop()
                watch.cancel()
            }
            listener.start()
            #expect(ears.wait { $0.missed == 1 })

            let sender = try PostgresConnection(configuration: configuration)
            let bad = [
                "not json", "", "{\"version\":2,\"server\":\"newer\",\"changes\":[[\"presence\",\"a\"]]}",
                "{\"version\":1,\"server\":\"other\",\"changes\":[[\"presence\",\"Not A Slug\"]]}",
                "{\"version\":1,\"server\":\"other\",\"changes\":[[\"weather\",\"a\"]]}",
                "{\"version\":1,\"changes\":[]}", String(repeating: "[", count: 7_000),
            ]
            // A server whose id begins with this one's is another server (its own payloads are told by their head).
            let good =
                LiveNotification.payloads(for: [.presence(Self.place("b"))], server: "other")
                + LiveNotification.payloads(for: [.presence(Self.place("d"))], server: "this-one-too")
            let mine = LiveNotification.payloads(for: [.presence(Self.place("c"))], server: "this-one")
            for payload in bad + mine + good {
                try sender.execute("SELECT pg_notify(\(LiveNotification.channel), \(payload))")
            }
            #expect(ears.wait { $0.changes.count == 2 })
            #expect(
                ears.changes == [[.presence(Self.place("b"))], [.presence(Self.place("d"))]],
                "only the other servers' good payloads are told")
            let ignored = log.all.filter { $0.contains("ignored a notification on grubmap_events") }
            #expect(ignored.count == bad.count, "\(log.all)")
            #expect(ignored.contains { $0.contains("version 2, from another version of Grubmap") })
            #expect(listener.listens == 1, "still the same connection")
        }
    }

    /// Counts the database keeps refusing (here a trigger on `popular_counts`; a permission taken away would do) are
    /// held back and tried again after a pause that grows, not with every write, while the changes still reach the
    /// other servers; once the refusal ends, they are all added.
    @Test func countsRefusedOverAndOverAreHeldBackWhileTheChangesStillGo() throws {
        try People.withPeople(1, on: .postgreSQL) { first, _, database in
            let a = try #require(first as? PostgresStore)
            let b = try #require(try database.openStore() as? PostgresStore)
            let admin = try PostgresConnection(configuration: a.configuration)
            try admin.executeScript(
                """
                CREATE FUNCTION refuse_counts() RETURNS trigger LANGUAGE plpgsql AS
                    $$ BEGIN RAISE EXCEPTION 'counts refused'; END $$;
                CREATE TRIGGER refuse_counts BEFORE INSERT OR UPDATE ON popular_counts
                    FOR EACH ROW EXECUTE FUNCTION refuse_counts();
                """)
            let (ears, log) = (Ears(), Log())
            let watch = ears.watch(b)
            let listeners = [a.makeListener(log: log.write), b.makeListener(log: { _ in })]
            defer {
                listeners.forEach { $0.stop() }
                watch.cancel()
            }
            listeners.forEach { $0.start() }
            #expect(ears.wait { $0.missed == 1 })
            let place = Self.place("a")
            let bucket = PopularTimes.Bucket(instant: People.at(0), timeZone: .gmt)
            // Twenty writes, each once the other server heard the one before.
            let started = ContinuousClock.now
            for count in 1...20 {
                a.didCommit([.presence(place)], adding: .checkIn(at: place, bucket: bucket))
                #expect(ears.wait { $0.changes.count == count })
            }
            let refusals = log.all.filter { $0.contains("could not add the counts") }
            // Tried at once, then after 1, 2, 4… seconds: however slow the machine, far fewer than one a write.
            let seconds = (ContinuousClock.now - started) / .seconds(1)
            #expect(!refusals.isEmpty)
            #expect(Double(refusals.count) <= 2 + log2(seconds + 1), "\(refusals.count) in \(seconds) s: \(log.all)")

            try admin.execute("DROP TRIGGER refuse_counts ON popular_counts")
            a.finishSending()
            let counted = try a.popularTimes(placeID: place, weeks: bucket.week...bucket.week)
            #expect(counted.totals[bucket.weekday][bucket.hour] == 20)
        }
    }

    /// Popular-times counts left for after a commit are kept while the database refuses them, and added (once) when
    /// it takes them again: here by the stop's ``PostgresStore/finishSending()``.
    @Test func countsTheDatabaseRefusedAreAddedOnceItIsBack() throws {
        let cluster = try OwnCluster()
        defer { cluster.remove() }
        let store = try PostgresStore(
            configuration: PostgresConfiguration(url: cluster.url, timeoutSeconds: 2, maximumConnections: 2))
        try store.save(area: People.area, places: [People.place("a")])
        let place = People.place("a").id
        let bucket = PopularTimes.Bucket(instant: People.at(0), timeZone: .gmt)
        func counted() throws -> Int {
            try store.popularTimes(placeID: place, weeks: bucket.week...bucket.week).totals[bucket.weekday][bucket.hour]
        }
        store.didCommit([], adding: .checkIn(at: place, bucket: bucket))
        #expect(try counted() == 1)

        try cluster.run("down")
        store.didCommit([], adding: .checkIn(at: place, bucket: bucket))
        store.didCommit([], adding: .report(at: place, bucket: bucket))
        try cluster.run("up")
        store.finishSending()
        #expect(try counted() == 3)
        store.finishSending()
        #expect(try counted() == 3, "added once")
    }

    @Test func afterTheClusterRestartsTheListenerListensAgainAndSaysChangesMayHaveBeenMissed() throws {
        let cluster = try OwnCluster()
        defer { cluster.remove() }
        let configuration = PostgresConfiguration(url: cluster.url, timeoutSeconds: 2)
        let (ears, log) = (Ears(), Log())
        let feed = LiveChangeWatchers()
        let watch = ears.watch(feed)
        let listener = PostgresListener(
            configuration: configuration, server: "this-one", deliver: feed.tell, mayHaveMissed: feed.tellMayHaveMissed,
            log: log.write)
        defer {
            listener.stop()
            watch.cancel()
        }
        listener.start()
        #expect(ears.wait { $0.missed == 1 })

        try cluster.run("restart")
        #expect(ears.wait { $0.missed == 2 }, "\(log.all)")
        #expect(listener.listens == 2)
        #expect(log.all.contains { $0.contains("lost grubmap_events") })
        #expect(log.all.contains { $0.contains("listening on grubmap_events again") })

        // It listens again: a change sent now is heard.
        let sender = try PostgresConnection(configuration: configuration)
        let payload = try #require(LiveNotification.payloads(for: [.presence(Self.place("a"))], server: "other").first)
        try sender.execute("SELECT pg_notify(\(LiveNotification.channel), \(payload))")
        #expect(ears.wait { $0.changes.count == 1 })
        #expect(ears.changes == [[.presence(Self.place("a"))]])
    }
}

/// A throwaway cluster of the test's own (scripts/postgres-test-cluster), so restarting it disturbs no other test.
private struct OwnCluster {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/postgres-test-cluster")
        .path
    let folder: String
    /// The script's URL: the socket folder, percent-encoded, as the host.
    var url: String {
        let unreserved = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-~")
        let host = (folder + "/sock").addingPercentEncoding(withAllowedCharacters: unreserved) ?? folder
        return "postgresql://postgres@\(host):5432/postgres"
    }

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("grubmap-listener-\(UUID().uuidString)")
            .path
        try run("start")
    }

    func run(_ command: String) throws {
        guard Self.run([Self.script, command, folder]) == 0 else {
            throw Failed(description: "postgres-test-cluster \(command) \(folder) failed")
        }
    }

    func remove() {
        _ = Self.run([Self.script, "stop", folder])
    }

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs a command with the test's standard output and error, and returns its exit status. `posix_spawn` and
    /// `waitpid` rather than Foundation's `Process`, whose wait for the exit hung here once the script's child had
    /// exited (a zombie never reaped).
    private static func run(_ arguments: [String]) -> Int32 {
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, arguments[0], nil, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }
}

/// The notification payload: every change survives the trip, and many changes are split under PostgreSQL's limit.
@Suite("PostgreSQL: live notification payloads")
struct LiveNotificationTests {
    @Test func changesRoundTripWithTheirServer() throws {
        let place = try Place.ID("pnu-geumjeong")
        let changes: Set<LiveChange> = [
            .presence(try Place.ID("a")), .presence(place), .lineReports(place), .soldOut(place),
            .menu(place, try CalendarDate(year: 2026, month: 12, day: 3)), .place(place), .ratings(place),
        ]
        let payloads = LiveNotification.payloads(for: changes, server: "3f9c")
        #expect(payloads.count == 1)
        #expect(try LiveNotification(payload: payloads[0]) == LiveNotification(server: "3f9c", changes: changes))
        #expect(LiveNotification.payloads(for: [], server: "3f9c").isEmpty)
    }

    @Test func manyChangesAreSplitUnderTheLimit() throws {
        let changes = Set(
            try (0..<500).map { LiveChange.presence(try Place.ID("place-\($0)-" + String(repeating: "x", count: 50))) })
        let payloads = LiveNotification.payloads(for: changes, server: "3f9c")
        #expect(payloads.count > 1)
        #expect(payloads.allSatisfy { $0.utf8.count < 8_000 })
        let read = try payloads.map { try LiveNotification(payload: $0) }
        #expect(read.allSatisfy { $0.server == "3f9c" })
        #expect(read.reduce(into: Set<LiveChange>()) { $0.formUnion($1.changes) } == changes)
    }
}
