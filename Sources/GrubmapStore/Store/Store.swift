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
}
