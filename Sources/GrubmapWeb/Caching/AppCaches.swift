import Foundation
import GrubmapCore

/// The short-lived caches of one server, made once per app and shared by its requests (see ``RecentCache``: what
/// this server changes shows on the next request, what other servers change within ``lifetime``).
struct AppCaches: Sendable {
    /// How long a value read from the database is used unless the operator says otherwise
    /// (``AppConfiguration/cacheLifetime``): one second, so a change made through another server (or by an import,
    /// or a check-in ending) shows within it.
    static let defaultLifetime: TimeInterval = 1

    /// How long a value read from the database is used.
    let lifetime: TimeInterval

    /// This server's changes.
    let writes: LocalWrites
    /// The catalog the visitors' requests read last.
    let catalog = KeptCatalog()
    /// Returning visitors' sessions and preferences, by session token.
    let sessions: RecentCache<String, StoredVisitor>
    /// The places API's first pages.
    let placeLists: PlaceListCache
    /// The area pages.
    let areaPages: AreaPageCache
    /// The place pages and what they read.
    let placePages: PlacePageCache
    /// The menu boards and what they read.
    let boards: BoardCache
    /// Where people's followed dish ids lead (``FollowedDishes``), by the list of ids: the board and the place page
    /// of a person who follows dishes read no more than anyone else's.
    let followedDishes: RecentCache<[Dish.ID], [Dish]>

    init(lifetime: TimeInterval, writes: LocalWrites = LocalWrites()) {
        self.lifetime = lifetime
        self.writes = writes
        sessions = RecentCache(lifetime: lifetime, capacity: 10_000, scope: .ownKey, writes: writes)
        placeLists = PlaceListCache(lifetime: lifetime, writes: writes)
        areaPages = AreaPageCache(lifetime: lifetime, writes: writes)
        placePages = PlacePageCache(lifetime: lifetime, writes: writes)
        boards = BoardCache(lifetime: lifetime, writes: writes)
        followedDishes = RecentCache(lifetime: lifetime, capacity: 10_000, scope: .everyChange, writes: writes)
    }
}

/// A returning visitor's session and preferences, as stored.
struct StoredVisitor: Sendable {
    var session: Session
    var preferences: Preferences
}
