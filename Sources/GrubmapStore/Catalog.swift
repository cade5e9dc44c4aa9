import GrubmapCore

/// Every area and place at one catalog version, indexed for lookups: what a request reads once and consults as
/// often as it needs.
///
/// A row that cannot be read is kept as its error, so it fails only the lookups that would return it (and the
/// listings that include it), as reading it from the database each time would.
public struct Catalog: Sendable {
    /// The database's catalog version this snapshot was read at; it moves with every change to areas or places.
    public let version: Int64
    /// Ordered by id.
    private let areas: [Area]
    private let areasByID: [Area.ID: Area]
    private let placesByArea: [Area.ID: [Place]]
    private let placesByID: [Place.ID: Place]
    /// Unreadable areas by their stored id.
    private let areaErrors: [String: StoreError]
    /// Unreadable places by their stored id, with their stored area id.
    private let placeErrors: [String: (area: String, error: StoreError)]

    /// Makes a catalog from what a store read: `areas` ordered by id, and the rows it could not read as their errors.
    public init(
        version: Int64, areas: [Area], places: [Place], areaErrors: [String: StoreError],
        placeErrors: [String: (area: String, error: StoreError)]
    ) {
        self.version = version
        self.areas = areas
        areasByID = Dictionary(areas.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        placesByArea = Dictionary(grouping: places, by: \.areaID)
        placesByID = Dictionary(places.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.areaErrors = areaErrors
        self.placeErrors = placeErrors
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

    /// The places of an area, ordered by id; empty for an unknown area.
    public func places(inArea id: Area.ID) throws(StoreError) -> [Place] {
        if let error = placeErrors.filter({ $0.value.area == id.rawValue }).min(by: { $0.key < $1.key })?.value.error {
            throw error
        }
        return placesByArea[id] ?? []
    }

    /// The place with this id, or `nil`.
    public func place(_ id: Place.ID) throws(StoreError) -> Place? {
        if let error = placeErrors[id.rawValue]?.error { throw error }
        return placesByID[id]
    }
}
