import Foundation
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
}
