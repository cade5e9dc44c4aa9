import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Synchronization
import Testing

/// The stores' change feed: a watcher hears of each committed write that changed who is checked in where, the line
/// reports counting or the sold-out marks, after it committed, and never of a write that failed or changed nothing
/// (PostgreSQL's own watchers too; what other servers hear is in ``PostgresListenerTests``).
@Suite("Store: the live change feed")
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

    @Test(arguments: StoreKind.tested)
    func aWatcherHearsCommittedCheckInsMovesAndCheckOuts(kind: StoreKind) throws {
        try People.withPeople(2, on: kind) { store, _, database in
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

    @Test(arguments: StoreKind.tested)
    func aWatcherHearsLineReportsAndSoldOutMarksButNotReportsThatMarkNothing(kind: StoreKind) throws {
        typealias Marks = SoldOutStoreTests
        try Marks.store(kind) { store in
            let feed = try #require(store as? any LiveChangeFeed)
            let heard = Heard()
            let watch = feed.watch { heard.record($0, committed: true) }
            defer { watch.cancel() }
            let place = Marks.place
            // Two people's sold-out reports mark nothing: nothing changed that a page shows.
            try Marks.report(store, 1, at: 0)
            try Marks.report(store, 2, at: 1)
            #expect(heard.all.isEmpty)
            try Marks.report(store, 3, at: 2)
            #expect(heard.all == [[.soldOut(place)]], "the third report marks the meal")
            try Marks.report(store, 4, at: 3)
            #expect(heard.all.count == 1, "a fourth finds it marked already")

            let mark = SoldOutMark(
                placeID: place, date: Marks.today, mealID: Marks.stew, at: Marks.at(4), by: .operator)
            try store.markSoldOut(mark, operatorID: nil, audit: Marks.audit("menu.sold_out"))
            #expect(
                try store.clearSoldOut(placeID: place, date: Marks.today, mealID: Marks.stew, audit: Marks.audit("c")))
            #expect(
                try !store.clearSoldOut(placeID: place, date: Marks.today, mealID: Marks.stew, audit: Marks.audit("c")))
            #expect(heard.all.dropFirst() == [[.soldOut(place)], [.soldOut(place)]], "a mark and its clearing, once")

            func reportLine(at placeID: Place.ID, minutes: Double) throws -> LineReportResult {
                try store.reportLine(
                    placeID: placeID, reporter: Marks.person(1), level: .long, at: Marks.at(minutes),
                    bucket: PopularTimes.Bucket(instant: Marks.at(minutes), timeZone: .gmt), policy: .standard)
            }
            #expect(try reportLine(at: place, minutes: 5) == .stored)
            #expect(heard.all.last == [.lineReports(place)])
            #expect(try reportLine(at: place, minutes: 6) != .stored, "too soon: nothing stored")
            #expect(throws: (any Error).self) { try reportLine(at: Self.place("nowhere"), minutes: 7) }
            #expect(throws: (any Error).self) {
                try store.reportSoldOut(
                    placeID: Self.place("nowhere"), date: Marks.today, mealID: Marks.cutlet, reporter: Marks.person(9),
                    at: Marks.at(8), policy: .standard)
            }
            #expect(heard.all.count == 4, "refused and failed writes tell nothing")
        }
    }

    @Test(arguments: StoreKind.tested)
    func aWatcherHearsMenusAndPlacesChangedButNotAFailedReplacement(kind: StoreKind) throws {
        typealias Marks = SoldOutStoreTests
        try Marks.store(kind) { store in
            let feed = try #require(store as? any LiveChangeFeed)
            let heard = Heard()
            let watch = feed.watch { heard.record($0, committed: true) }
            defer { watch.cancel() }
            let place = Marks.place
            let tomorrow = Marks.today.adding(days: 1)
            let won = try Currency(code: "KRW")
            let menus = [try Menu(date: Marks.today, status: .closed, currency: won)]
            try store.replaceMenus(menus, placeID: place)
            #expect(heard.all == [[.menu(place, Marks.today)]])
            try store.replaceMenus(menus, placeID: place)
            #expect(heard.all.count == 1, "the same menu again (a feed fetched again) changes nothing")
            #expect(throws: (any Error).self) { try store.replaceMenus(menus + menus, placeID: place) }
            #expect(throws: (any Error).self) { try store.replaceMenus(menus, placeID: Self.place("nowhere")) }
            #expect(heard.all.count == 1, "failed replacements tell nothing")
            try store.replaceMenus([try Menu(date: tomorrow, status: .closed, currency: won)], placeID: place)
            #expect(heard.all.last == [.menu(place, tomorrow)])
            let noted = try Menu(date: Marks.today, status: .closed, currency: won, note: "Holiday")
            try store.replaceMenus(
                [noted], removing: [tomorrow, tomorrow.adding(days: 1)], placeID: place,
                audit: Marks.audit("menu.replace"))
            #expect(
                heard.all.last == [.menu(place, Marks.today), .menu(place, tomorrow)], "a day without a menu is not")

            try store.savePlace(Fixtures.geumjeongHall, audit: Marks.audit("place.save"))
            #expect(heard.all.last == [.place(place)])
            try store.archivePlace(id: place, at: Marks.at(0), audit: Marks.audit("place.archive"))
            #expect(heard.all.last == [.presence(place), .place(place)])
        }
    }

    @Test func onSQLiteAWriteByAnotherProcessIsFoundByLookingAndNothingElseIs() throws {
        try People.withPeople(2, on: .sqlite) { first, _, database in
            let store = try #require(first as? SQLiteStore)
            // Another process on the same file: a store of its own, whose writes this one is never told.
            let other = try database.openStore()
            let missed = Mutex(0)
            let heard = Heard()
            let watch = store.watch(
                { heard.record($0, committed: true) }, mayHaveMissed: { missed.withLock { $0 += 1 } })
            defer { watch.cancel() }
            store.lookForUntoldWrites()
            #expect(missed.withLock { $0 } == 0, "the first look only learns where the file is")
            store.lookForUntoldWrites()
            #expect(missed.withLock { $0 } == 0, "nothing written: nothing missed")

            try People.checkIn(other, 0, at: "a", from: People.at(0), until: People.at(3600))
            #expect(heard.all.isEmpty, "the other process's write is not told")
            store.lookForUntoldWrites()
            #expect(missed.withLock { $0 } == 1, "but the next look finds the file written")
            store.lookForUntoldWrites()
            #expect(missed.withLock { $0 } == 1, "once")

            try People.checkIn(other, 1, at: "b", from: People.at(0), until: People.at(3600))
            try People.checkIn(other, 0, at: "b", from: People.at(0), until: People.at(3600))
            store.lookForUntoldWrites()
            #expect(missed.withLock { $0 } == 2, "several writes between two looks: one reading again")
        }
    }
}
