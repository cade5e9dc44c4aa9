import GrubmapCore

/// An area with its places, as read from a data file.
public struct AreaDataset: Hashable, Sendable {
    /// The area.
    public var area: Area
    /// Its places, in file order; each one's `areaID` is the area's id.
    public var places: [Place]

    /// Makes a dataset; callers keep every place's `areaID` equal to `area.id`.
    public init(area: Area, places: [Place]) {
        self.area = area
        self.places = places
    }
}
