import Dispatch
import Foundation
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// The catalog's version heard rather than asked for on PostgreSQL (``CatalogFreshness``): a server reads it again
/// only once it has heard of a change, its own at once, another's when the notification comes, and always while
/// its listener does not listen.
@Suite("PostgreSQL: the catalog's version, heard", TestPostgres.enabled)
struct CatalogFreshnessTests {
    typealias People = CheckInStoreTests

    /// Moves the catalog's version on `store`'s pool with triggers off (`session_replication_role = replica`): the
    /// change no notification or notice tells, which only a server that asks sees.
    static func moveSilently(_ store: PostgresStore) throws {
        try store.pool.withConnection { connection in
            try connection.execute("SET session_replication_role = replica")
            try connection.execute("UPDATE catalog_version SET version = version + 1 WHERE id = 1")
            try connection.execute("SET session_replication_role = DEFAULT")
        }
    }

    /// Changes place `a` on `store`'s pool, as the console or an import would: the triggers move the version.
    static func touch(_ store: PostgresStore) throws {
        try store.pool.withConnection { connection in
            try connection.execute("UPDATE places SET seats = seats WHERE id = 'a'")
        }
    }

    @Test func aListeningServerAsksOnlyAfterItHearsOfAnotherServersChange() throws {
        try People.withPeople(0, on: .postgreSQL) { first, _, database in
            let here = try #require(first as? PostgresStore)
            let there = try #require(try database.openStore() as? PostgresStore)
            let freshness = try #require(here.catalogCache.freshness)
            let told = DispatchSemaphore(value: 0)
            freshness.observe { told.signal() }
            let listener = here.makeListener { _ in }
            defer { listener.stop() }
            listener.start()
            #expect(told.wait(timeout: .now() + 15) == .success, "listening")

            let version = try here.catalog().version
            try Self.moveSilently(there)
            #expect(try here.catalog().version == version, "nothing heard: the version read is trusted")

            try Self.touch(there)
            #expect(told.wait(timeout: .now() + 15) == .success, "the notification")
            #expect(try here.catalog().version == version + 2, "heard: asked again")

            listener.stop()
            try Self.moveSilently(there)
            #expect(try here.catalog().version == version + 3, "not listening: every read asks")
        }
    }

    @Test func aServersOwnChangeShowsOnItsNextReadBeforeAnyNotification() throws {
        try People.withPeople(0, on: .postgreSQL) { first, _, database in
            let here = try #require(first as? PostgresStore)
            let there = try #require(try database.openStore() as? PostgresStore)
            let freshness = try #require(here.catalogCache.freshness)
            // Listening as far as the store knows, with no listener: only its own connections' notices tell it.
            freshness.listening(true)
            let version = try here.catalog().version
            try Self.touch(there)
            #expect(try here.catalog().version == version, "another's change, not heard")

            try Self.touch(here)
            #expect(try here.catalog().version == version + 2, "its own change, told by the statement's notice")
            try here.save(area: People.area, places: [People.place("c")])
            #expect(try here.catalog().placeCount(inArea: People.area.id) == 3, "a write through the store's API too")
        }
    }
}

@Suite("The catalog's freshness marks")
struct CatalogFreshnessMarkTests {
    @Test func aMarkHoldsWhileListeningWithNothingMovedForAtMostTheLongestTrust() {
        let freshness = CatalogFreshness()
        let start = ContinuousClock.now
        #expect(freshness.mark(at: start) == nil, "not listening yet: nothing is trusted")
        freshness.listening(true)
        let mark = freshness.mark(at: start)!
        #expect(freshness.isCurrent(mark, at: start + .milliseconds(999)))
        #expect(!freshness.isCurrent(mark, at: start + CatalogFreshness.longestTrust))

        freshness.moved()
        #expect(!freshness.isCurrent(mark, at: start), "a move ends it")
        let next = freshness.mark(at: start)!
        freshness.listening(false)
        #expect(!freshness.isCurrent(next, at: start), "so does the listener's loss")
        freshness.listening(true)
        #expect(!freshness.isCurrent(next, at: start), "and listening again: what was sent between was missed")
    }
}
