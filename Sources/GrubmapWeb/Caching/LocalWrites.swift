import GrubmapHTTP
import Synchronization

/// Counts the changes this server knows of: every request that may write (``Method/mayChange``) moves it once
/// answered, and so does every change the store's live feed tells (this server's writes as they commit, and other
/// servers' as PostgreSQL's listener hears them). The short-lived caches (``RecentCache``) keep a value only while
/// the count stays where it was when the value was read, so a person's own change shows on their next request, and a
/// check-in, mark or menu changed through another server on the next page load too; what no write tells (a check-in
/// running out, a profile edited through another server) shows once a value's lifetime is over.
final class LocalWrites: Sendable {
    private let count = Atomic<UInt64>(0)

    init() {}

    /// How many changes have been answered so far.
    var generation: UInt64 { count.load(ordering: .acquiring) }

    /// Records a change, after it was stored.
    func record() {
        count.add(1, ordering: .releasing)
    }
}
