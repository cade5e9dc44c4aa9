import Foundation
import GrubmapCore

/// Where Grubmap keeps its data. The web layer talks to this protocol only; the executable picks the
/// implementation (``SQLiteStore`` by default).
///
/// Methods are synchronous: they run on the HTTP server's own threads, and an implementation is safe to call
/// from many threads at once.
public protocol Store: Sendable {
    /// Every area, ordered by id.
    func areas() throws -> [Area]
    /// The area with this id, or `nil`.
    func area(id: Area.ID) throws -> Area?
    /// The places of an area, ordered by id; empty for an unknown area.
    func places(inArea id: Area.ID) throws -> [Place]
    /// The place with this id, or `nil`.
    func place(id: Place.ID) throws -> Place?
    /// Inserts or replaces an area and inserts or replaces the given places in it, in one transaction:
    /// on error nothing changes. Places of the area that are not given are left as they are.
    func save(area: Area, places: [Place]) throws
    /// Whether the store holds no area yet.
    func isEmpty() throws -> Bool
    /// Throws when the database cannot answer a trivial query.
    func checkHealth() throws

    // MARK: Sessions and preferences

    /// Records a new session.
    func createSession(_ session: Session) throws
    /// The session with this token, expired or not, or `nil` when there is none.
    func session(token: String) throws -> Session?
    /// Moves a session's expiry to `expiresAt`.
    func extendSession(token: String, until expiresAt: Date) throws
    /// Deletes sessions (and their preferences) that expired before `date`; returns how many.
    @discardableResult
    func deleteSessions(expiredBefore date: Date) throws -> Int
    /// The preferences of a session; empty for an unknown session.
    func preferences(sessionToken: String) throws -> Preferences
    /// Reads a session's preferences, lets `change` edit them, and stores the result, in one transaction: when
    /// `change` throws, nothing is stored. Returns what was stored.
    @discardableResult
    func updatePreferences(sessionToken: String, _ change: (inout Preferences) throws -> Void) throws -> Preferences
}
