import Dispatch
import Foundation
import GrubmapCore
import GrubmapSQLTestSupport
import GrubmapStore
import Synchronization
import Testing

@testable import GrubmapSQL

/// Profiles and check-ins, on every database (see ``StoreKind``).
@Suite("Store: profiles and check-ins")
struct CheckInStoreTests {
    static let area = Area(
        id: try! Area.ID("campus"), name: LocalizedText("Campus"),
        center: try! Coordinate(latitude: 35, longitude: 129),
        bounds: try! Bounds(
            southWest: Coordinate(latitude: 34.9, longitude: 128.9),
            northEast: Coordinate(latitude: 35.1, longitude: 129.1)),
        timeZone: "Asia/Seoul", currency: "KRW", locale: "ko-KR")

    static func place(_ id: String) -> Place {
        Place(
            id: try! Place.ID(id), areaID: area.id, name: LocalizedText(id), kind: .cafeteria,
            coordinate: try! Coordinate(latitude: 35, longitude: 129))
    }

    /// A store with two places and `people` sessions, each with a profile.
    static func withPeople(
        _ people: Int, on kind: StoreKind, _ body: (any Store, [Profile], TestDatabase) throws -> Void
    ) throws {
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            try store.save(area: area, places: [place("a"), place("b")])
            var profiles: [Profile] = []
            for index in 0..<people {
                let token = token(index)
                try store.createSession(
                    Session(
                        token: token, csrfToken: "c", createdAt: Date(timeIntervalSince1970: 0),
                        expiresAt: Date(timeIntervalSince1970: 4_000_000_000)))
                let profile = Profile(id: try Profile.ID("p\(index)"), firstName: "P\(index)", lastName: "Q")
                try store.saveProfile(profile, sessionToken: token, avatar: .keep)
                profiles.append(profile)
            }
            try body(store, profiles, database)
        }
    }

    /// The session token of person `index` of ``withPeople(_:on:_:)``.
    static func token(_ index: Int) -> String { "session-\(index)-" + String(repeating: "x", count: 32) }

    /// Checks person `index` in through their session; the store answers with their check-in.
    static func checkIn(_ store: any Store, _ index: Int, at place: String, from start: Date, until end: Date) throws {
        let placeID = try Place.ID(place)
        #expect(
            try store.checkIn(
                sessionToken: token(index), at: placeID, from: start, until: end,
                bucket: PopularTimes.Bucket(instant: start, timeZone: area.clockTimeZone))
                == CheckIn(profileID: try Profile.ID("p\(index)"), placeID: placeID, startedAt: start, expiresAt: end))
    }

    static func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + seconds) }

    @Test(arguments: StoreKind.tested)
    func profilesAndAvatarsRoundTrip(kind: StoreKind) throws {
        try Self.withPeople(1, on: kind) { store, profiles, _ throws in
            let token = Self.token(0)
            var profile = profiles[0]
            #expect(try store.profile(sessionToken: token) == profile)
            let picture = try Avatar(bytes: [0xFF, 0xD8, 0xFF, 0x00, 0x00, 0xFF, 0xD9])
            try store.saveProfile(profile, sessionToken: token, avatar: .replace(picture))
            profile.avatarType = .jpeg
            #expect(try store.profile(id: profile.id) == profile)
            #expect(try store.avatar(profileID: profile.id) == picture)
            profile.bio = "새 소개"
            try store.saveProfile(profile, sessionToken: token, avatar: .keep)
            #expect(try store.profile(id: profile.id)?.bio == "새 소개")
            #expect(try store.avatar(profileID: profile.id) == picture)
            try store.saveProfile(profile, sessionToken: token, avatar: .remove)
            #expect(try store.avatar(profileID: profile.id) == nil)
            #expect(try store.profile(id: profile.id)?.avatarType == nil)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aProfileHasOneCheckInThatMovesAndEnds(kind: StoreKind) throws {
        try Self.withPeople(2, on: kind) { store, profiles, _ throws in
            try Self.checkIn(store, 0, at: "a", from: Self.at(0), until: Self.at(100))
            try Self.checkIn(store, 1, at: "a", from: Self.at(5), until: Self.at(100))
            #expect(
                try store.presence(atPlace: Self.place("a").id, at: Self.at(10), newest: 10).newest.map(\.profile.id)
                    == [
                        profiles[1].id, profiles[0].id,
                    ])
            try Self.checkIn(store, 0, at: "b", from: Self.at(20), until: Self.at(120))
            let presence = try store.presence(inArea: Self.area.id, at: Self.at(30), sample: 4)
            #expect(presence[Self.place("a").id]?.count == 1)
            #expect(presence[Self.place("b").id]?.count == 1)
            #expect(try store.checkOut(sessionToken: Self.token(0)))
            #expect(!(try store.checkOut(sessionToken: Self.token(0))))
            #expect(try store.checkIn(profileID: profiles[0].id, activeAt: Self.at(30)) == nil)
        }
    }

    @Test(arguments: StoreKind.tested)
    func whoIsHereListsTheNewestAndCountsTheRest(kind: StoreKind) throws {
        try Self.withPeople(30, on: kind) { store, profiles, _ throws in
            for index in profiles.indices {
                try Self.checkIn(store, index, at: "a", from: Self.at(Double(index)), until: Self.at(1000))
            }
            let people = try store.presence(atPlace: Self.place("a").id, at: Self.at(100), newest: 24)
            #expect(people.count == 30)
            #expect(people.newest.map(\.profile.id) == profiles.suffix(24).reversed().map(\.id))
            #expect(people.more == 6)
            let none = try store.presence(atPlace: Self.place("a").id, at: Self.at(100), newest: 0)
            #expect(none.count == 30 && none.newest.isEmpty)
            #expect(try store.presence(atPlace: Self.place("b").id, at: Self.at(100), newest: 24).count == 0)
        }
    }

    @Test(arguments: StoreKind.tested)
    func expiredCheckInsNeverShow(kind: StoreKind) throws {
        try Self.withPeople(1, on: kind) { store, profiles, _ throws in
            try Self.checkIn(store, 0, at: "a", from: Self.at(0), until: Self.at(60))
            #expect(
                try store.presence(inArea: Self.area.id, at: Self.at(59), sample: 4)[Self.place("a").id]?.count == 1)
            #expect(try store.presence(inArea: Self.area.id, at: Self.at(60), sample: 4).isEmpty)
            #expect(try store.presence(atPlace: Self.place("a").id, at: Self.at(60), newest: 10).count == 0)
            #expect(try store.checkIn(profileID: profiles[0].id, activeAt: Self.at(60)) == nil)
        }
    }

    @Test(arguments: StoreKind.tested)
    func concurrentCheckInsOfManyPeopleLeaveExactCounts(kind: StoreKind) throws {
        try Self.withPeople(20, on: kind) { store, _, _ throws in
            onThreads(20) { index in
                for round in 0..<5 {
                    _ = try? store.checkIn(
                        sessionToken: Self.token(index), at: Self.place(round % 2 == 0 ? "a" : "b").id,
                        from: Self.at(Double(round)), until: Self.at(1000),
                        bucket: PopularTimes.Bucket(instant: Self.at(Double(round)), timeZone: .gmt))
                }
            }
            let presence = try store.presence(inArea: Self.area.id, at: Self.at(10), sample: 4)
            #expect(presence[Self.place("a").id]?.count == 20)
            #expect(presence[Self.place("b").id] == nil)
            #expect(presence[Self.place("a").id]?.newest.count == 4)
        }
    }

    @Test(arguments: StoreKind.tested)
    func deletingASessionDeletesItsProfileAndCheckIn(kind: StoreKind) throws {
        try Self.withPeople(1, on: kind) { store, profiles, _ throws in
            try Self.checkIn(store, 0, at: "a", from: Self.at(0), until: Self.at(100))
            #expect(try store.deleteSessions(expiredBefore: Date(timeIntervalSince1970: 5_000_000_000)) == 1)
            #expect(try store.profile(id: profiles[0].id) == nil)
            #expect(try store.presence(atPlace: Self.place("a").id, at: Self.at(10), newest: 10).count == 0)
        }
    }

    /// Two servers (two stores, each with its own pool) take check-ins of the same profiles at the same time, each
    /// profile from two threads at once: every profile still has exactly one check-in.
    @Test(arguments: StoreKind.tested)
    func concurrentCheckInsThroughTwoServersLeaveOneCheckInPerProfile(kind: StoreKind) throws {
        try Self.withPeople(40, on: kind) { first, profiles, database throws in
            let servers = [first, try database.openStore(maximumConnections: 4)]
            let failures = Failures()
            onThreads(16) { thread in
                for round in 0..<10 {
                    for index in profiles.indices where index % 8 == thread % 8 {
                        do {
                            _ = try servers[(thread + round) % 2].checkIn(
                                sessionToken: Self.token(index), at: Self.place(round % 2 == 0 ? "a" : "b").id,
                                from: Self.at(Double(round)), until: Self.at(1000),
                                bucket: PopularTimes.Bucket(instant: Self.at(Double(round)), timeZone: .gmt))
                        } catch {
                            failures.add("\(error)")
                        }
                    }
                }
            }
            #expect(failures.all.isEmpty)
            for server in servers {
                let presence = try server.presence(inArea: Self.area.id, at: Self.at(20), sample: 0)
                #expect(presence.values.map(\.count).reduce(0, +) == 40)
            }
            for profile in profiles {
                #expect(try servers[1].checkIn(profileID: profile.id, activeAt: Self.at(20)) != nil)
            }
            // Every check-in counted once in popular times, however many rows (shards) the counts went to.
            let week = PopularTimes.Bucket(instant: Self.at(0), timeZone: .gmt).week
            let counted = try ["a", "b"].map { place in
                try servers[0].popularTimes(placeID: Self.place(place).id, weeks: PopularTimes.window(endingAt: week))
                    .totals.joined().reduce(0, +)
            }
            #expect(counted == [400, 400])
        }
    }

    /// PostgreSQL's statement for many check-ins: each comes back as its own, a move with the place it left, a session
    /// without a profile as none (nothing written); one to a place that does not exist fails the statement, with the
    /// server's error, which makes the store write the others again one by one.
    @Test(TestPostgres.enabled)
    func manyCheckInsInOneStatementAnswerEachOnItsOwn() throws {
        try Self.withPeople(3, on: .postgreSQL) { store, profiles, database throws in
            try Self.checkIn(store, 2, at: "a", from: Self.at(0), until: Self.at(1000))
            let lone = "lone-session-" + String(repeating: "y", count: 32)
            try store.createSession(
                Session(
                    token: lone, csrfToken: "c", createdAt: Self.at(0), expiresAt: Date(timeIntervalSince1970: 4e9)))
            func write(_ token: String, _ place: String) throws -> CheckInWrite {
                CheckInWrite(
                    session: TokenDigest(token), placeID: try Place.ID(place), startedAt: Self.at(10),
                    expiresAt: Self.at(1000), bucket: PopularTimes.Bucket(instant: Self.at(10), timeZone: .gmt))
            }
            let connection = try PostgresConnection(configuration: PostgresConfiguration(url: database.location))
            let written = try CheckInWrite.write(
                [write(Self.token(0), "b"), write(Self.token(1), "a"), write(Self.token(2), "b"), write(lone, "a")],
                on: connection)
            #expect(written.map(\.profileID) == [profiles[0].id, profiles[1].id, profiles[2].id, nil])
            #expect(written.map(\.left) == [nil, nil, Self.place("a").id, nil])
            #expect(written.map(\.counts.isEmpty) == [false, false, false, true])
            for (index, place) in ["b", "a", "b"].enumerated() {
                #expect(
                    try store.checkIn(profileID: profiles[index].id, activeAt: Self.at(20))?.placeID
                        == Self.place(place).id)
            }
            #expect(throws: PostgresError.self) {
                try CheckInWrite.write([write(Self.token(0), "a"), write(Self.token(1), "gone")], on: connection)
            }
            // Nothing of the refused statement was written.
            #expect(try store.checkIn(profileID: profiles[0].id, activeAt: Self.at(20))?.placeID == Self.place("b").id)
        }
    }

    /// Check-ins that arrive while one is being written wait for it and go together, through the store: each gets
    /// its own answer, one to a place that does not exist fails alone, and two of one session both land, in turn.
    @Test(TestPostgres.enabled)
    func checkInsQueuedBehindOneUnderWayGoTogetherAndFailAlone() throws {
        try Self.withPeople(4, on: .postgreSQL) { first, profiles, database throws in
            let store = first as! PostgresStore
            try Self.checkIn(store, 0, at: "a", from: Self.at(0), until: Self.at(1000))
            // Another connection holds person 0's row, so their next check-in waits with the others queued behind.
            let holder = try PostgresConnection(configuration: PostgresConfiguration(url: database.location))
            try holder.execute("BEGIN")
            try holder.execute("SELECT 1 FROM check_ins WHERE profile_id = 'p0' FOR UPDATE")
            let writes: [(person: Int, place: String)] = [(0, "b"), (1, "a"), (2, "gone"), (3, "b"), (1, "b")]
            let outcomes = Mutex<[Int: Result<CheckIn?, any Error>]>([:])
            let group = DispatchGroup()
            for (index, write) in writes.enumerated() {
                group.enter()
                Thread {
                    let outcome = Result {
                        try store.checkIn(
                            sessionToken: Self.token(write.person), at: try Place.ID(write.place), from: Self.at(10),
                            until: Self.at(1000), bucket: PopularTimes.Bucket(instant: Self.at(10), timeZone: .gmt))
                    }
                    outcomes.withLock { $0[index] = outcome }
                    group.leave()
                }.start()
                if index == 0 {
                    // Person 0's write is taken by the writer alone and waits on the row before the others arrive.
                    try waitUntil {
                        try holder.fetchOne(
                            "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"
                        )?.value(named: "n", as: Int64.self) == 1
                    }
                }
            }
            try waitUntil { store.queuedCheckIns == writes.count - 1 }
            try holder.execute("COMMIT")
            group.wait()
            let results = outcomes.withLock { outcomes in writes.indices.map { outcomes[$0]! } }
            #expect(throws: PostgresError.self) { try results[2].get() }
            for index in [0, 1, 3, 4] {
                #expect(try results[index].get()?.placeID == Self.place(writes[index].place).id, "write \(index)")
            }
            #expect(try store.checkIn(profileID: profiles[0].id, activeAt: Self.at(20))?.placeID == Self.place("b").id)
            #expect(try store.checkIn(profileID: profiles[2].id, activeAt: Self.at(20)) == nil)
            #expect(try store.checkIn(profileID: profiles[3].id, activeAt: Self.at(20))?.placeID == Self.place("b").id)
            // Person 1's two check-ins went in turn; which came last is the threads' order.
            #expect(try store.checkIn(profileID: profiles[1].id, activeAt: Self.at(20)) != nil)
        }
    }

    /// Two servers send in the background, as `grubmap serve` does on PostgreSQL: each adds the counts of the
    /// check-ins committed while it was adding others in one statement, after the commits. Once both have sent what
    /// is pending (as a server does when it stops), every check-in is counted once, in the hour it was made, and a
    /// count for a place deleted meanwhile is dropped without holding back the others.
    @Test(TestPostgres.enabled)
    func countsAddedAfterTheCommitsByTwoServersAreExact() throws {
        try Self.withPeople(24, on: .postgreSQL) { first, profiles, database throws in
            let servers = [first, try database.openStore(maximumConnections: 4)].map { $0 as! PostgresStore }
            let logs = Failures()
            let listeners = servers.map { $0.makeListener(log: logs.add) }  // from now on, sent in the background
            defer { listeners.forEach { $0.stop() } }
            let failures = Failures()
            onThreads(12) { thread in
                for round in 0..<10 {
                    for index in profiles.indices where index % 12 == thread {
                        do {
                            _ = try servers[(thread + round) % 2].checkIn(
                                sessionToken: Self.token(index), at: Self.place(round % 2 == 0 ? "a" : "b").id,
                                from: Self.at(Double(round * 3600)), until: Self.at(100_000),
                                bucket: PopularTimes.Bucket(instant: Self.at(Double(round * 3600)), timeZone: .gmt))
                        } catch {
                            failures.add("\(error)")
                        }
                    }
                }
            }
            servers.forEach { $0.finishSending() }
            #expect(failures.all.isEmpty)
            #expect(logs.all.isEmpty)
            let week = PopularTimes.Bucket(instant: Self.at(0), timeZone: .gmt).week
            let hours = try ["a", "b"].map { place in
                try servers[1].popularTimes(placeID: Self.place(place).id, weeks: PopularTimes.window(endingAt: week))
                    .totals.joined().filter { $0 > 0 }
            }
            // Ten rounds an hour apart, alternating places: each hour has all 24 people at one place.
            #expect(hours == [[24, 24, 24, 24, 24], [24, 24, 24, 24, 24]])

            // Counts whose place is gone by the time they are added are skipped; the others' are added.
            let bucket = PopularTimes.Bucket(instant: Self.at(30 * 3600), timeZone: .gmt)
            var counts = PopularCounts.checkIn(at: Self.place("a").id, bucket: bucket)
            counts.add(.checkIn(at: try Place.ID("gone"), bucket: bucket))
            counts.add(.report(at: Self.place("a").id, bucket: bucket))
            try PostgresConnection(configuration: PostgresConfiguration(url: database.location)).execute(
                counts.postgresAddition())
            let added = try servers[0].popularTimes(placeID: Self.place("a").id, weeks: week...week)
            #expect(added.totals[bucket.weekday][bucket.hour] == 2)
        }
    }
}
