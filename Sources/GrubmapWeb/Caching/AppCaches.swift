import Foundation
import GrubmapCore

/// The short-lived caches of one server, made once per app and shared by its requests (see ``RecentCache``: what
/// this server changes shows on the next request, what other servers change within ``lifetime``).
struct AppCaches: Sendable {
    /// How long a value read from the database is used: one second, so a change made through another server (or by
    /// an import, or a check-in ending) shows within it.
    static let lifetime: TimeInterval = 1

    /// This server's changes.
    let writes: LocalWrites
    /// Returning visitors' sessions and preferences, by session token.
    let sessions: RecentCache<String, StoredVisitor>
    /// The places API's first pages.
    let placeLists: PlaceListCache

    init(writes: LocalWrites = LocalWrites()) {
        self.writes = writes
        sessions = RecentCache(lifetime: Self.lifetime, capacity: 10_000, scope: .ownKey, writes: writes)
        placeLists = PlaceListCache(writes: writes)
    }
}

/// A returning visitor's session and preferences, as stored.
struct StoredVisitor: Sendable {
    var session: Session
    var preferences: Preferences
}
