import Foundation

/// The streets, buildings, water and green of an area, drawn under its map's pins: imported from an
/// OpenStreetMap extract, or a schematic drawn by hand from estimates for the demo areas.
public struct Basemap: Hashable, Sendable {
    /// Where the data comes from, which decides the map's attribution.
    public enum Source: String, Hashable, Sendable, Codable {
        /// An OpenStreetMap extract: "© OpenStreetMap contributors" is shown wherever it is drawn.
        case openStreetMap = "openstreetmap"
        /// Streets drawn by hand from estimates, labelled as such on the map, to be replaced by an import.
        case schematic
    }

    public var source: Source
    /// What the data is, for people: the schematic's estimates and how they were made, or the extract's file.
    public var note: String?
    /// The rectangle the data covers: the area's bounds and a margin; features are cut to it.
    public var coverage: Bounds
    /// The features, in the order they are drawn within their kind.
    public var features: [BasemapFeature]

    public init(source: Source, note: String? = nil, coverage: Bounds, features: [BasemapFeature]) {
        self.source = source
        self.note = note
        self.coverage = coverage
        self.features = features
    }

    /// How much an area's basemap may hold: an extract bigger than this is a mistake for one venue or campus
    /// (crop it first), and the map keeps every area's basemap in memory.
    public static let maximumFeatures = 250_000
    /// The most points, over all features.
    public static let maximumPoints = 5_000_000

    /// The rectangle an area's basemap covers: its bounds grown by half their span on each side, and by at least
    /// `minimumMarginMeters`, so the map can be panned a little past the places.
    public static func coverage(of bounds: Bounds, minimumMarginMeters: Double = 500) -> Bounds {
        let south = bounds.southWest.latitude
        let north = bounds.northEast.latitude
        let west = bounds.southWest.longitude
        let east = bounds.northEast.longitude
        let metersPerDegreeLatitude = 111_320.0
        let metersPerDegreeLongitude = max(metersPerDegreeLatitude * cos((south + north) / 2 * .pi / 180), 1)
        let latitudeMargin = max((north - south) / 2, minimumMarginMeters / metersPerDegreeLatitude)
        let longitudeMargin = max((east - west) / 2, minimumMarginMeters / metersPerDegreeLongitude)
        // In range by construction (clamped), and south-west of north-east.
        return try! Bounds(
            southWest: Coordinate(
                latitude: max(south - latitudeMargin, -85), longitude: max(west - longitudeMargin, -180)),
            northEast: Coordinate(
                latitude: min(north + latitudeMargin, 85), longitude: min(east + longitudeMargin, 180)))
    }
}
