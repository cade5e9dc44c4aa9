import Foundation
import GrubmapCore
import GrubmapStore

/// The area pages rendered for ``AppCaches/lifetime``, per ``AreaPageInput`` (what a page reads is bounded by a
/// lifetime and this server's changes; the CSRF token is filled in per request); and what the page
/// reads the same for every reader, per catalog version: the map's view with its places clustered (the page's
/// first view being the area's own) and the first places by name that "I'm at…" offers, so a crowd opening an area
/// of a million places, each from where they stand, reads and clusters those once.
struct AreaPageCache: Sendable {
    /// The store's answer to a query of no one's in particular, while the catalog (every place's row) stays at a
    /// version.
    struct SharedKey: Hashable, Sendable {
        let query: PlaceQuery
        let catalogVersion: Int64
    }

    /// A map view: the store's query for its places, the view itself, and what else decides what it draws.
    struct MapViewKey: Hashable, Sendable {
        let query: PlaceQuery
        let viewport: MapViewport
        let catalogVersion: Int64
        /// The place whose card is open: drawn even when it is not among the view's first.
        let selected: Place.ID?
        /// With "open now", the minute (since 1970) opening hours are decided at; `nil` without.
        let openNowMinute: Int?
    }

    /// What a map view draws, the same for everyone who opens it.
    struct MapView: Sendable {
        let places: ClusteredPlaces
        /// Set when the view holds more places than the map asked for.
        let capped: AreaMap.Capped?
    }

    let pages: RecentCache<AreaPageInput, PersonalizedPage>
    let shared: RecentCache<SharedKey, PlaceResults>
    let mapViews: RecentCache<MapViewKey, MapView>

    init(lifetime: TimeInterval, writes: LocalWrites) {
        // Pages are some 50 KB: a few hundred of them.
        pages = RecentCache(lifetime: lifetime, capacity: 256, scope: .everyChange, writes: writes)
        // A view holds up to 500 places (some 0.5 MB); this server's changes to places change the catalog's version.
        shared = RecentCache(lifetime: lifetime, capacity: 32, scope: .ownKey, writes: writes)
        mapViews = RecentCache(lifetime: lifetime, capacity: 32, scope: .ownKey, writes: writes)
    }
}
