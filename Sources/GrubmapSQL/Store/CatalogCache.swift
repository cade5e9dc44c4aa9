import GrubmapStore
import Synchronization

/// The last catalog a store read, shared by its threads.
public final class CatalogCache: Sendable {
    private let stored = Mutex<Catalog?>(nil)

    /// Makes an empty cache: the first read fills it.
    public init() {}

    var current: Catalog? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
