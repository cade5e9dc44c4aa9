/// A latitude/longitude rectangle that does not cross the antimeridian.
public struct Bounds: Hashable, Sendable, Codable {
    /// The south-west corner.
    public let southWest: Coordinate
    /// The north-east corner.
    public let northEast: Coordinate

    /// Makes bounds from two corners; throws when they are not south-west of north-east.
    public init(southWest: Coordinate, northEast: Coordinate) throws(BoundsError) {
        guard southWest.latitude <= northEast.latitude, southWest.longitude <= northEast.longitude else {
            throw .cornersOutOfOrder
        }
        self.southWest = southWest
        self.northEast = northEast
    }

    /// The smallest bounds holding every coordinate, grown on each side by `margin` of its span
    /// (at least `minimumSpanDegrees` in each direction, so a single point still gets an area).
    public init(
        enclosing coordinates: some Sequence<Coordinate>, margin: Double = 0.1, minimumSpanDegrees: Double = 0.002
    )
        throws(BoundsError)
    {
        var south = Double.infinity
        var west = Double.infinity
        var north = -Double.infinity
        var east = -Double.infinity
        for coordinate in coordinates {
            south = min(south, coordinate.latitude)
            north = max(north, coordinate.latitude)
            west = min(west, coordinate.longitude)
            east = max(east, coordinate.longitude)
        }
        guard south.isFinite else { throw .empty }
        let latitudePad = max((north - south) * margin, minimumSpanDegrees / 2)
        let longitudePad = max((east - west) * margin, minimumSpanDegrees / 2)
        // Corners are rounded outwards to a micro-degree (about 0.1 m), which is plenty for a map.
        func down(_ value: Double) -> Double { (value * 1e6).rounded(.down) / 1e6 }
        func up(_ value: Double) -> Double { (value * 1e6).rounded(.up) / 1e6 }
        do {
            try self.init(
                southWest: Coordinate(
                    latitude: max(down(south - latitudePad), -90), longitude: max(down(west - longitudePad), -180)),
                northEast: Coordinate(
                    latitude: min(up(north + latitudePad), 90), longitude: min(up(east + longitudePad), 180)))
        } catch {
            throw .cornersOutOfOrder
        }
    }

    /// The north-west corner.
    public var northWest: Coordinate { Coordinate(latitudeOf: northEast, longitudeOf: southWest) }

    /// The south-east corner.
    public var southEast: Coordinate { Coordinate(latitudeOf: southWest, longitudeOf: northEast) }

    /// Whether the coordinate lies inside or on the edge.
    public func contains(_ coordinate: Coordinate) -> Bool {
        (southWest.latitude...northEast.latitude).contains(coordinate.latitude)
            && (southWest.longitude...northEast.longitude).contains(coordinate.longitude)
    }
}

/// Why bounds were refused.
public enum BoundsError: Error, Equatable, Sendable {
    case empty
    case cornersOutOfOrder
}
