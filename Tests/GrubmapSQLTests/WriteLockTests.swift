import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

@Suite("A write held up by another writer")
struct WriteLockTests {
    /// A bulk import holds SQLite's write lock; a check-in made meanwhile must become "try again in a moment"
    /// (503 with Retry-After in HTTP), not a 500, and must change nothing.
    @Test func aWriteThatOutwaitsTheBusyTimeoutIsAnOutageAndChangesNothing() throws {
        try withTemporaryPath { path in
            let store = try SQLiteStore(path: path, busyTimeoutSeconds: 0.05)
            try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall])
            let importer = try Database(path: path, busyTimeoutSeconds: 0.05)
            try importer.execute("BEGIN IMMEDIATE")
            #expect(throws: DatabaseUnavailableError.self) {
                try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall, Fixtures.dormitory])
            }
            try importer.execute("ROLLBACK")
            #expect(try store.places(inArea: Fixtures.busan.id).map(\.id) == [Fixtures.geumjeongHall.id])
            try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall, Fixtures.dormitory])
            #expect(try store.places(inArea: Fixtures.busan.id).count == 2)
        }
    }

    /// Check-ins go through the group commit: one waiting out the busy timeout behind another writer is an outage
    /// too, stores nothing, and the next one after the lock is let go lands.
    @Test func aCheckInThatOutwaitsTheBusyTimeoutIsAnOutageAndChangesNothing() throws {
        try withTemporaryPath { path in
            let store = try SQLiteStore(path: path, busyTimeoutSeconds: 0.05)
            try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall])
            let token = String(repeating: "t", count: 43)
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            try store.createSession(
                Session(token: token, csrfToken: "c", createdAt: now, expiresAt: now.addingTimeInterval(3600)))
            let profile = Profile(id: try Profile.ID("p"), firstName: "P", lastName: "Q")
            try store.saveProfile(profile, sessionToken: token, avatar: .keep)
            let importer = try Database(path: path, busyTimeoutSeconds: 0.05)
            try importer.execute("BEGIN IMMEDIATE")
            #expect(throws: DatabaseUnavailableError.self) {
                try store.checkIn(
                    sessionToken: token, at: Fixtures.geumjeongHall.id, from: now, until: now.addingTimeInterval(60),
                    bucket: PopularTimes.Bucket(instant: now, timeZone: .gmt))
            }
            try importer.execute("ROLLBACK")
            #expect(try store.checkIn(profileID: profile.id, activeAt: now) == nil)
            #expect(
                try store.checkIn(
                    sessionToken: token, at: Fixtures.geumjeongHall.id, from: now, until: now.addingTimeInterval(60),
                    bucket: PopularTimes.Bucket(instant: now, timeZone: .gmt))
                    != nil)
            #expect(try store.checkIn(profileID: profile.id, activeAt: now) != nil)
        }
    }
}
