import GrubmapCore
import Synchronization

/// A small least-recently-used cache shared by a server's threads: the map's basemap layers by zoom, its drawn
/// basemaps by view, and its clusters by view and places.
///
/// A value is computed outside the lock, so two threads missing the same key at once both compute it (and the
/// second one stored wins); nothing waits on another request's work.
final class MapCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var clock: UInt64 = 0
        var hits = 0
        var misses = 0
    }

    private let state = Mutex(State())
    /// The most values kept; the least recently used goes first.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// The value for `key`, made by `make` when it is not kept.
    func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        let cached: Value? = state.withLock { state in
            state.clock += 1
            guard var entry = state.entries[key] else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry.value
        }
        if let cached { return cached }
        let made = try make()
        state.withLock { state in
            state.clock += 1
            state.entries[key] = Entry(value: made, lastUse: state.clock)
            if state.entries.count > capacity,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                state.entries.removeValue(forKey: oldest)
            }
        }
        return made
    }

    /// How often a value was found and how often it was made, for tests.
    var counts: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }
}

/// The caches of the map, made once per app and shared by its requests.
struct MapCaches: Sendable {
    /// Basemap layers by area, revision and zoom: the projected, simplified features.
    let layers = MapCache<LayerKey, BasemapLayer>(capacity: 48)
    /// Drawn basemaps by view: everything that depends on the area's basemap, the window, the language and where
    /// the pins and their names are (labels keep off them), but not on who is checked in.
    let drawings = MapCache<DrawingKey, Node>(capacity: 256)
    /// The clusters of views by where their places are (``MapMarkers/layout(of:viewport:)``).
    let markerLayouts = MapCache<MapMarkers.LayoutKey, MapMarkers.Layout>(capacity: 64)

    struct LayerKey: Hashable, Sendable {
        let area: Area.ID
        let revision: Int64
        let zoom: Int
    }

    /// Everything a drawn basemap depends on besides its layer: the window, the language, and where names may go.
    struct DrawingKey: Hashable, Sendable {
        let layer: LayerKey
        let originX: Int
        let originY: Int
        /// The window's size: it bounds the drawing and places the controls names keep off.
        let width: Int
        let height: Int
        let language: Language
        /// Whether the venue's name is drawn at its mark (a building of that name is then not named again).
        let namesVenue: Bool
        /// The boxes labels keep off (pins, clusters and their names), rounded to pixels.
        let obstacles: [Int]
    }
}
