/// One thing drawn on a basemap: a road, a railway, a river, a lake, a park, a building or a station.
public struct BasemapFeature: Hashable, Sendable {
    /// What it is; decides its shape, its style and whether its name is shown.
    public enum Kind: String, CaseIterable, Hashable, Sendable, Codable {
        // Roads, largest first: OpenStreetMap's `highway` classes grouped by how they are drawn.
        /// Motorways and trunk roads, with their links.
        case motorway
        case primary
        case secondary
        case tertiary
        /// Unclassified, residential and living streets.
        case street
        /// Service roads and tracks: driveways, car parks, campus lanes.
        case service
        /// Pedestrian streets and squares.
        case pedestrian
        /// Footways, paths, cycleways, steps.
        case footway
        /// Railways, light rail, trams and subways above ground.
        case railway
        /// Rivers, streams and canals as lines.
        case waterway
        /// Lakes, ponds, rivers' areas, reservoirs.
        case water
        /// Parks, gardens, pitches, grass and woods.
        case green
        case building
        /// Railway and subway stations, as points.
        case station

        /// The shape features of this kind have.
        public var shape: Shape {
            switch self {
            case .motorway, .primary, .secondary, .tertiary, .street, .service, .pedestrian, .footway, .railway,
                .waterway:
                .lines
            case .water, .green, .building: .polygon
            case .station: .point
            }
        }

        /// Whether it is a road people walk or drive along.
        public var isRoad: Bool { shape == .lines && self != .railway && self != .waterway }
    }

    /// The shapes of features.
    public enum Shape: String, Hashable, Sendable {
        case point, lines, polygon
    }

    public var kind: Kind
    /// The name per language, or `nil`: OpenStreetMap's `name` under the area's own language, `name:ko` and
    /// `name:en` under theirs.
    public var name: LocalizedText?
    /// The coordinates: one part with one point for a station, the line's parts for a line, the rings for a
    /// polygon (outer rings and holes alike, filled even-odd, each without repeating its first point).
    public var parts: [[Coordinate]]
    /// Where it came from, such as `w123` for OpenStreetMap way 123; `nil` for drawn data.
    public var sourceID: String?

    public init(kind: Kind, name: LocalizedText? = nil, parts: [[Coordinate]], sourceID: String? = nil) {
        self.kind = kind
        self.name = name
        self.parts = parts
        self.sourceID = sourceID
    }

    /// The smallest bounds holding every point; `nil` without points.
    public var extent: Bounds? {
        var south = Double.infinity
        var west = Double.infinity
        var north = -Double.infinity
        var east = -Double.infinity
        for part in parts {
            for point in part {
                south = min(south, point.latitude)
                north = max(north, point.latitude)
                west = min(west, point.longitude)
                east = max(east, point.longitude)
            }
        }
        guard south.isFinite else { return nil }
        return try? Bounds(
            southWest: Coordinate(latitude: south, longitude: west),
            northEast: Coordinate(latitude: north, longitude: east))
    }

    /// How many points it has.
    public var pointCount: Int { parts.reduce(0) { $0 + $1.count } }
}
