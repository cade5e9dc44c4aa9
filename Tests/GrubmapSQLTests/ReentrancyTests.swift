import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// Borrowing a pooled connection while the same thread holds one from that pool works while connections are spare
/// and hangs once they are all lent, so debug builds trap on it at once (these tests run in a debug build). Each
/// trap runs in a process of its own (an exit test).
@Suite("Reentrant borrowing")
struct ReentrancyTests {
    static let message = "borrowing from a connection pool is not reentrant"

    @Test func borrowingAgainFromTheSamePoolTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let pool = ConnectionPool(path: ":memory:", maximumConnections: 4)
            try? pool.withConnection { _ in try? pool.read { _ in } }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains(Self.message))
    }

    @Test func aStoreCalledFromInsideItsOwnTransactionTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grubmap-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = try? SQLiteStore(path: folder.appendingPathComponent("test.sqlite").path)
            let now = Date()
            try? store?.createSession(Session(token: "t", csrfToken: "c", createdAt: now, expiresAt: now + 60))
            // The change closure runs while the store holds a connection for the transaction.
            _ = try? store?.updatePreferences(sessionToken: "t") { _ in _ = try store?.catalog() }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains(Self.message))
    }

    @Test func borrowingInTurnOrFromAnotherPoolIsFine() throws {
        try withTemporaryPath { path in
            let pool = ConnectionPool(path: path, maximumConnections: 1)
            let other = ConnectionPool(path: path, maximumConnections: 1)
            for _ in 0..<3 {
                let answer = try pool.withConnection { _ in
                    try other.withConnection { try $0.fetchOne("SELECT \(1) AS one")?.value(at: 0, as: Int.self) }
                }
                #expect(answer == 1)
            }
            struct Boom: Error {}
            #expect(throws: Boom.self) { try pool.withConnection { _ in throw Boom() } }
            // A borrow that threw gave its connection back: the thread may borrow again.
            #expect(try pool.withConnection { _ in true })
        }
    }
}
