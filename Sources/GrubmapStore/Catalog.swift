import GrubmapCore
import Synchronization

/// Every area, and how many places each has, at one catalog version: what a request reads once and consults as
/// often as it needs. Places themselves are not here: an area may have a million of them, so they are asked of
/// the store (``PlaceStore``) as a page needs them; the ones asked for by id are remembered for the version
/// (``place(_:orRead:)``).
///
/// An area row that cannot be read is kept as its error, so it fails only the lookups that would return it, as
/// reading it from the database each time would.
public struct Catalog: Sendable {
    /// The database's catalog version this snapshot was read at; it moves with every change to areas or places.
    public let version: Int64
    /// Ordered by id.
    private let areas: [Area]
    private let areasByID: [Area.ID: Area]
    /// Unreadable areas by their stored id.
    private let areaErrors: [String: StoreError]
    private let placeStats: [Area.ID: PlaceStats]
    /// Places looked up while this version is current, shared by every copy of this catalog.
    private let placeMemo = PlaceMemo()

    /// How many places an area has, and a rectangle that holds them all.
    public struct PlaceStats: Hashable, Sendable {
        /// The number of places.
        public let count: Int
        /// A rectangle holding every place of the area (not always the smallest: it grows as places are added or
        /// moved, and does not shrink when they go), or `nil` when there are none.
        public let extent: Bounds?

        public init(count: Int, extent: Bounds?) {
            self.count = count
            self.extent = count > 0 ? extent : nil
        }
    }

    /// Makes a catalog from what a store read: `areas` ordered by id, the rows it could not read as their errors,
    /// and the places of each area (areas without places may be left out).
    public init(
        version: Int64, areas: [Area], areaErrors: [String: StoreError], placeStats: [Area.ID: PlaceStats]
    ) {
        self.version = version
        self.areas = areas
        areasByID = Dictionary(areas.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.areaErrors = areaErrors
        self.placeStats = placeStats
    }

    /// Every area, ordered by id.
    public func allAreas() throws(StoreError) -> [Area] {
        if let error = areaErrors.min(by: { $0.key < $1.key })?.value { throw error }
        return areas
    }

    /// The area with this id, or `nil`.
    public func area(_ id: Area.ID) throws(StoreError) -> Area? {
        if let error = areaErrors[id.rawValue] { throw error }
        return areasByID[id]
    }

    /// The place with this id as `read` finds it, read once per catalog version: a place changes only with the
    /// version (every change to `places` moves it), so what was read for this version stays true for it. Unknown
    /// ids are remembered too. At most ``PlaceMemo/capacity`` places are kept; beyond that the memo starts afresh.
    public func place(_ id: Place.ID, orRead read: (Place.ID) throws -> Place?) rethrows -> Place? {
        if let known = placeMemo.places.withLock({ $0[id] }) { return known }
        let place = try read(id)
        placeMemo.places.withLock { places in
            if places.count >= PlaceMemo.capacity { places.removeAll(keepingCapacity: true) }
            places[id] = .some(place)
        }
        return place
    }

    /// How many places the area has; 0 for an unknown area.
    public func placeCount(inArea id: Area.ID) -> Int {
        placeStats[id]?.count ?? 0
    }

    /// How many places there are in every area together.
    public var totalPlaceCount: Int { placeStats.values.reduce(0) { $0 + $1.count } }

    /// A rectangle holding every place of the area; `nil` when it has none.
    public func placeExtent(inArea id: Area.ID) -> Bounds? {
        placeStats[id]?.extent
    }

    /// A rectangle holding every place of every area; `nil` when there are none.
    public var totalPlaceExtent: Bounds? {
        let extents = placeStats.values.compactMap(\.extent)
        guard !extents.isEmpty else { return nil }
        return try? Bounds(
            southWest: Coordinate(
                latitude: extents.map(\.southWest.latitude).min()!, longitude: extents.map(\.southWest.longitude).min()!
            ),
            northEast: Coordinate(
                latitude: extents.map(\.northEast.latitude).max()!, longitude: extents.map(\.northEast.longitude).max()!
            ))
    }
}

/// The places one catalog version has answered, for ``Catalog/place(_:orRead:)``.
final class PlaceMemo: Sendable {
    /// The most places kept (an area may have a million; the ones people open are far fewer).
    static let capacity = 4096
    /// By id; `nil` for an id that names no place.
    let places = Mutex<[Place.ID: Place?]>([:])
}
