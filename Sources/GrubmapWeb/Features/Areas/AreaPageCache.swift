import Foundation
import GrubmapCore

/// The area pages rendered for ``AppCaches/lifetime``, per everything a page shows besides what it reads (which a
/// lifetime and this server's changes bound) and the CSRF token, which each request fills in.
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

    let pages: RecentCache<Key, PersonalizedPage>

    init(lifetime: TimeInterval, writes: LocalWrites) {
        // Pages are some 50 KB: a few hundred of them.
        pages = RecentCache(lifetime: lifetime, capacity: 256, scope: .everyChange, writes: writes)
    }
}
