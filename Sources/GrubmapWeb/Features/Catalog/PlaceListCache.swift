import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// The places API's first page in name order (no `near`, `bbox`, `radius` or `cursor`: what a phone asks for when
/// it opens an area), kept per area, language, limit and catalog version for ``AppCaches/lifetime``, check-in
/// busyness included: the query's own places each encoded once, and the whole answer for a caller without bookmarks
/// in the area ready to send with its `ETag` and gzip form. A caller's bookmarks are read and put first per request.
struct PlaceListCache: Sendable {
    /// Everything a kept answer is made from (with the catalog of its version, the store and the moment), so
    /// nothing of the caller reaches it: their bookmarks are put first per request.
    struct Key: Hashable, Sendable {
        let area: Area.ID
        let language: Language
        let limit: Int
        let catalogVersion: Int64

        /// The store's query for the answer: the area's first ``limit`` places by name in ``language``.
        var query: PlaceQuery { PlaceQuery(areaID: area, order: .name(language), limit: limit) }
    }

    /// One kept answer.
    struct Entry: Sendable {
        /// The query's first places, none left out for bookmarks.
        let first: PlaceResults
        /// Each of those places as the list encodes it.
        let encoded: [Place.ID: [UInt8]]
        /// Check-ins and line reports, by place (for bookmarks after `first`).
        let live: [Place.ID: LiveCounts]
        /// The answer to a caller whose bookmarks the query admits none of.
        let plain: PreparedBody
    }

    let answers: RecentCache<Key, Entry>

    init(lifetime: TimeInterval, writes: LocalWrites) {
        // A few areas in two languages, at the usual limits.
        answers = RecentCache(lifetime: lifetime, capacity: 64, scope: .everyChange, writes: writes)
    }
}
