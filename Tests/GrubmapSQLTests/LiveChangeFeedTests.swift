import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Synchronization
import Testing

/// SQLite's change feed: a watcher hears of each committed write that changed who is checked in where, after it
/// committed, and never of a write that failed or changed nothing.
@Suite("Store: SQLite's live change feed")
struct LiveChangeFeedTests {
    typealias People = CheckInStoreTests

    /// What a watcher heard, and whether each change was already readable from another connection when it did.
    final class Heard: Sendable {
        private let batches = Mutex<[Set<LiveChange>]>([])
        private let visible = Mutex<[Bool]>([])
        var all: [Set<LiveChange>] { batches.withLock { $0 } }
        var wereCommitted: [Bool] { visible.withLock { $0 } }

        func record(_ changes: Set<LiveChange>, committed: Bool) {
            batches.withLock { $0.append(changes) }
            visible.withLock { $0.append(committed) }
        }
    }

    static func place(_ id: String) -> Place.ID { try! Place.ID(id) }

    @Test func aWatcherHearsCommittedCheckInsMovesAndCheckOuts() throws {
        try People.withPeople(2, on: .sqlite) { store, _, database in
            let feed = try #require(store as? any LiveChangeFeed)
            let reader = try database.openStore()
            let heard = Heard()
            let at = People.at(0)
            let watch = feed.watch { changes in
                // Read through another store, on another connection: the change must be there already.
                let count = (try? reader.presence(atPlace: Self.place("a"), at: at, newest: 0).count) ?? -1
                heard.record(changes, committed: count > 0 || !changes.contains(.presence(Self.place("a"))))
            }
            try People.checkIn(store, 0, at: "a", from: at, until: People.at(3600))
            try People.checkIn(store, 0, at: "b", from: at, until: People.at(3600))
            #expect(try store.checkOut(sessionToken: People.token(0)))
            #expect(
                heard.all == [
                    [.presence(Self.place("a"))], [.presence(Self.place("a")), .presence(Self.place("b"))],
                    [.presence(Self.place("b"))],
                ])
            #expect(heard.wereCommitted.first == true, "told after the commit, not before")

            // A check-in at a place that does not exist fails: nothing is told. Nor of nothing to check out.
            #expect(throws: (any Error).self) {
                try store.checkIn(
                    sessionToken: People.token(1), at: Self.place("nowhere"), from: at, until: People.at(3600),
                    bucket: PopularTimes.Bucket(instant: at, timeZone: .gmt))
            }
            #expect(try !store.checkOut(sessionToken: People.token(1)))
            #expect(
                try store.checkIn(
                    sessionToken: "no-such-session", at: Self.place("a"), from: at, until: at,
                    bucket: PopularTimes.Bucket(instant: at, timeZone: .gmt)) == nil)
            #expect(heard.all.count == 3)

            watch.cancel()
            try People.checkIn(store, 1, at: "a", from: at, until: People.at(3600))
            #expect(heard.all.count == 3, "a cancelled watch hears nothing more")
        }
    }
}
