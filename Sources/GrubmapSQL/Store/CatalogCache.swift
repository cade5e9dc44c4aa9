import GrubmapStore
import Synchronization

/// The catalog as last read, kept while the database's catalog version stays the same; on PostgreSQL with the
/// mark of when its version was last confirmed, so it is answered without asking while ``CatalogFreshness`` says
/// nothing moved since.
public final class CatalogCache: Sendable {
    private let stored = Mutex<(catalog: Catalog, confirmed: CatalogFreshness.Mark?)?>(nil)
    /// When the kept version is the database's; `nil` on SQLite, where every read asks for the version.
    public let freshness: CatalogFreshness?

    /// Makes an empty cache: the first read fills it.
    public init(freshness: CatalogFreshness? = nil) {
        self.freshness = freshness
    }

    /// The catalog last read, whatever its age.
    var current: Catalog? { stored.withLock { $0?.catalog } }

    /// The catalog last read, when its version is known to be the database's still.
    var trusted: Catalog? {
        guard let freshness, let (catalog, confirmed) = stored.withLock({ $0 }), let confirmed,
            freshness.isCurrent(confirmed)
        else { return nil }
        return catalog
    }

    /// The mark to take before reading the version.
    func mark() -> CatalogFreshness.Mark? { freshness?.mark() }

    /// Keeps `catalog`, whose version was read after `mark`.
    func keep(_ catalog: Catalog, confirmed mark: CatalogFreshness.Mark?) {
        stored.withLock { $0 = (catalog, mark) }
    }
}
