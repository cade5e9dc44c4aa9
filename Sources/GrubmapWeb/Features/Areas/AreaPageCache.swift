import Foundation
import GrubmapCore
import GrubmapStore

/// The area pages rendered for ``AppCaches/lifetime``, per everything a page shows besides what it reads (which a
/// lifetime and this server's changes bound) and the CSRF token, which each request fills in; and the places the
/// page reads the same for every reader (the map's view, the page's first being the area's own; the first places
/// by name that "I'm at…" offers), per query and catalog version, so a crowd opening an area of a million places,
/// each from where they stand, reads those once.
struct AreaPageCache: Sendable {
    struct Key: Hashable, Sendable {
        let area: Area.ID
        let catalogVersion: Int64
        let language: Language
        let bookmarks: [Place.ID]
        let position: PersonPosition?
        /// Whether the area is the one `/` opens for the reader.
        let isDefault: Bool
        let units: DistanceUnit
        /// Minutes since 1970: what opening hours are decided by.
        let minute: Int
        /// The address's query (the list's order and page, the map's view, the filter).
        let query: [String]
    }

    /// The store's answer to a query of no one's in particular, while the catalog (every place's row) stays at a
    /// version.
    struct SharedKey: Hashable, Sendable {
        let query: PlaceQuery
        let catalogVersion: Int64
    }

    let pages: RecentCache<Key, PersonalizedPage>
    let shared: RecentCache<SharedKey, PlaceResults>

    init(lifetime: TimeInterval, writes: LocalWrites) {
        // Pages are some 50 KB: a few hundred of them.
        pages = RecentCache(lifetime: lifetime, capacity: 256, scope: .everyChange, writes: writes)
        // A view holds up to 500 places (some 0.5 MB); this server's changes to places change the catalog's version.
        shared = RecentCache(lifetime: lifetime, capacity: 32, scope: .ownKey, writes: writes)
    }
}
