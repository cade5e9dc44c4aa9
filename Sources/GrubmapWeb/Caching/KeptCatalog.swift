import Foundation
import GrubmapStore
import Synchronization

/// The catalog as the visitors' requests last read it, for the requests tried on the network thread
/// (``NetworkThreadAttempt``), which cannot ask the database for its version: they use the one a request read less
/// than ``trustedAge`` ago, and decline when it is older. A request answered by a worker asks every time (the store
/// decodes the catalog again only when its version moved), so a change made by another server or by
/// `grubmap import` shows there at once, and on the network thread this much later at most.
final class KeptCatalog: Sendable {
    static let trustedAge: TimeInterval = 0.1

    private let kept = Mutex<(catalog: Catalog, readAt: Date)?>(nil)

    init() {}

    /// The catalog for a request at `now`: the store's, or on the network thread the one read just before.
    func catalog(from store: any CatalogStore, now: Date) throws -> Catalog {
        if NetworkThreadAttempt.current != nil, let (catalog, readAt) = kept.withLock({ $0 }) {
            let age = now.timeIntervalSince(readAt)
            if age >= 0, age < Self.trustedAge {
                AnswerFreshness.uses(until: readAt.addingTimeInterval(Self.trustedAge))
                return catalog
            }
        }
        let catalog = try store.catalog()
        AnswerFreshness.uses(until: now.addingTimeInterval(Self.trustedAge))
        kept.withLock { $0 = (catalog, now) }
        return catalog
    }
}
