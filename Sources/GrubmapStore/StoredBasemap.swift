import GrubmapCore

/// A basemap as a store holds it: the data, and the revision that names this import of it.
public struct StoredBasemap: Hashable, Sendable {
    /// Changes with every import, so what was computed from one revision (a zoom level's simplified geometry) can
    /// be kept until the next.
    public let revision: Int64
    public let basemap: Basemap

    public init(revision: Int64, basemap: Basemap) {
        self.revision = revision
        self.basemap = basemap
    }
}
