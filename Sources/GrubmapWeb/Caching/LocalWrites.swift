import GrubmapHTTP
import Synchronization

/// Counts the changes this server has made: every request that may write (``Method/mayChange``) moves
/// it once answered. The short-lived caches (``RecentCache``) keep a value only while the count stays where it was
/// when the value was read, so a person's own change shows on their next request; changes made elsewhere (another
/// server on the same database, `grubmap import`, a feed fetched in the background) show once a value's lifetime
/// is over.
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
