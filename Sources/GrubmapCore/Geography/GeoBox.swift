/// A longitude/latitude box as maps and the API give it (`W,S,E,N`), which may cross the antimeridian: a box whose
/// west edge is east of its east edge (`170,-20,-170,-10`) spans the 180th meridian.
public struct GeoBox: Hashable, Sendable, CustomStringConvertible {
    /// The western edge, in degrees east in [-180, 180].
    public let west: Double
    /// The southern edge, in degrees north in [-90, 90]; at most ``north``.
    public let south: Double
    /// The eastern edge; less than ``west`` when the box crosses the antimeridian.
    public let east: Double
    /// The northern edge.
    public let north: Double

    /// Makes a box, refusing values that are not finite, out of range, or a south edge north of the north edge.
    public init(west: Double, south: Double, east: Double, north: Double) throws(GeoBoxError) {
        for (name, value, limit) in [
            ("west", west, 180.0), ("south", south, 90), ("east", east, 180), ("north", north, 90),
        ] {
            guard value.isFinite else { throw .notFinite(name) }
            guard (-limit...limit).contains(value) else { throw .outOfRange(name, value, limit) }
        }
        guard south <= north else { throw .southOfNorth(south: south, north: north) }
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// Parses `W,S,E,N` in degrees (spaces around the numbers allowed).
    public init(parsing text: some StringProtocol) throws(GeoBoxError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Double($0.trimmingSpaces) }
        guard parts.count == 4, numbers.count == 4 else { throw .malformed(String(text.prefix(80))) }
        try self.init(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
    }

    /// The box of bounds that do not cross the antimeridian.
    public init(_ bounds: Bounds) {
        west = bounds.southWest.longitude
        south = bounds.southWest.latitude
        east = bounds.northEast.longitude
        north = bounds.northEast.latitude
    }

    /// Whether the box spans the 180th meridian.
    public var crossesAntimeridian: Bool { west > east }

    /// The box as one or two rectangles that do not cross the antimeridian.
    public var parts: [Bounds] {
        func bounds(_ west: Double, _ east: Double) -> Bounds {
            // The corners were checked when the box was made.
            try! Bounds(
                southWest: Coordinate(latitude: south, longitude: west),
                northEast: Coordinate(latitude: north, longitude: east))
        }
        return crossesAntimeridian ? [bounds(west, 180), bounds(-180, east)] : [bounds(west, east)]
    }

    /// Whether the coordinate lies inside or on the edge.
    public func contains(_ coordinate: Coordinate) -> Bool {
        parts.contains { $0.contains(coordinate) }
    }

    /// The middle of the box: halfway between its edges, eastwards from the west edge.
    public var center: Coordinate {
        let width = crossesAntimeridian ? east + 360 - west : east - west
        var longitude = west + width / 2
        if longitude > 180 { longitude -= 360 }
        return try! Coordinate(latitude: (south + north) / 2, longitude: longitude)
    }

    /// `W,S,E,N`, as ``init(parsing:)`` reads it.
    public var description: String { "\(west),\(south),\(east),\(north)" }
}

/// Why a box was refused.
public enum GeoBoxError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformed(String)
    case notFinite(String)
    case outOfRange(String, Double, Double)
    case southOfNorth(south: Double, north: Double)

    public var description: String {
        switch self {
        case .malformed(let text): "expected W,S,E,N in degrees, got \"\(text)\""
        case .notFinite(let edge): "\(edge) must be a finite number"
        case .outOfRange(let edge, let value, let limit): "\(edge) \(value) is outside [-\(Int(limit)), \(Int(limit))]"
        case .southOfNorth(let south, let north): "south \(south) is north of north \(north)"
        }
    }
}

extension Bounds {
    /// The part of both bounds, or `nil` when they do not meet.
    public func intersection(_ other: Bounds) -> Bounds? {
        let south = max(southWest.latitude, other.southWest.latitude)
        let north = min(northEast.latitude, other.northEast.latitude)
        let west = max(southWest.longitude, other.southWest.longitude)
        let east = min(northEast.longitude, other.northEast.longitude)
        guard south <= north, west <= east else { return nil }
        return try? Bounds(
            southWest: Coordinate(latitude: south, longitude: west),
            northEast: Coordinate(latitude: north, longitude: east))
    }

    /// The whole Earth.
    public static let world = try! Bounds(
        southWest: Coordinate(latitude: -90, longitude: -180), northEast: Coordinate(latitude: 90, longitude: 180))
}
