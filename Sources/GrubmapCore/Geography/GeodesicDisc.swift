import Foundation

/// Every point within a geodesic distance of a center on the WGS-84 ellipsoid, and rectangles that provably hold
/// it: what a spatial index can be asked for, before each candidate's exact distance decides.
///
/// Why the rectangles hold the disc. In geodetic coordinates the ellipsoid's metric is `ds² = M² dφ² + N² cos²φ dλ²`,
/// with the meridional radius `M(φ) = a(1−e²)/(1−e² sin²φ)^{3/2}` and the normal radius `N(φ) = a/(1−e² sin²φ)^{1/2}`,
/// both at least `R = a(1−e²)` (M's value at the equator, about 6,335,439 m). A sphere of radius `R` in the same
/// coordinates has the metric `R² dφ² + R² cos²φ dλ²`, nowhere longer, so every path between two points is at
/// least as long on the ellipsoid as on that sphere, and so is the shortest one: a point within `r` metres on the
/// ellipsoid is within the angle `δ = r / R` on the sphere. The rectangles bound that spherical cap: latitudes
/// `φ₀ ± δ`, and unless the cap holds a pole, longitudes `λ₀ ± asin(sin δ / cos φ₀)`; a cap that holds a pole
/// takes every longitude. The angle is then widened by a relative 10⁻⁹ and the edges by 10⁻⁹ degrees (0.1 mm),
/// far more than floating-point rounding can take away.
public struct GeodesicDisc: Hashable, Sendable {
    /// The center.
    public let center: Coordinate
    /// The radius in metres on the ellipsoid; at least 0.
    public let radiusMeters: Double

    /// `a(1−e²)` of WGS-84 in metres, rounded down: the smallest radius of curvature anywhere on the ellipsoid.
    public static let smallestRadiusOfCurvatureMeters = 6_335_439.0
    /// The longest geodesic on WGS-84 (between antipodes across the poles), in metres, rounded up.
    public static let longestGeodesicMeters = 20_003_932.0

    /// Makes a disc; a negative radius is taken as 0.
    public init(center: Coordinate, radiusMeters: Double) {
        self.center = center
        self.radiusMeters = max(0, radiusMeters)
    }

    /// Whether the disc holds every point of the Earth.
    public var coversEarth: Bool { radiusMeters >= Self.longestGeodesicMeters }

    /// Rectangles, none crossing the antimeridian, that together hold every point of the disc: one, two when the
    /// disc crosses the antimeridian, or ``Bounds/world`` once it is too large to bound more tightly.
    public var boundingBoxes: [Bounds] {
        let delta = radiusMeters / Self.smallestRadiusOfCurvatureMeters * (1 + 1e-9)
        let margin = 1e-9
        let latitude = center.latitude * .pi / 180
        let south = (latitude - delta) * 180 / .pi - margin
        let north = (latitude + delta) * 180 / .pi + margin
        guard delta < .pi / 2 else { return [.world] }
        if north >= 90 || south <= -90 {
            return [band(south: south, north: north, west: -180, east: 180)]
        }
        let halfWidth = asin(min(1, sin(delta) / cos(latitude))) * 180 / .pi + margin
        guard halfWidth < 180 else { return [band(south: south, north: north, west: -180, east: 180)] }
        let west = center.longitude - halfWidth
        let east = center.longitude + halfWidth
        if west < -180 {
            return [
                band(south: south, north: north, west: -180, east: east),
                band(south: south, north: north, west: west + 360, east: 180),
            ]
        }
        if east > 180 {
            return [
                band(south: south, north: north, west: west, east: 180),
                band(south: south, north: north, west: -180, east: east - 360),
            ]
        }
        return [band(south: south, north: north, west: west, east: east)]
    }

    /// The rectangle between the given edges, clamped to the Earth.
    private func band(south: Double, north: Double, west: Double, east: Double) -> Bounds {
        // Clamped into range and in order, so the corners are always valid.
        try! Bounds(
            southWest: Coordinate(latitude: max(-90, south), longitude: max(-180, west)),
            northEast: Coordinate(latitude: min(90, north), longitude: min(180, east)))
    }

    /// The exact distance from the center to `coordinate`, in metres: how every place's distance is measured, so
    /// that an index's answer and a full scan's compare equal.
    public func distance(to coordinate: Coordinate) -> Double {
        center.distance(to: coordinate)
    }
}

extension GeodesicDisc {
    /// A lower bound of the ellipsoidal distance in metres from a point to every point of a rectangle (south ≤
    /// north, west ≤ east, not crossing the antimeridian; degrees): 0 when it holds the point.
    ///
    /// It is the great-circle distance to the rectangle's nearest point on the sphere of radius
    /// ``smallestRadiusOfCurvatureMeters`` (no longer than the ellipsoidal one, see the type's comment), less a
    /// relative 10⁻⁹ and a millimetre for rounding. Off the rectangle's longitudes its nearest point lies on the
    /// meridian edge nearer in longitude (at each latitude the distance grows with the difference in longitude); on
    /// that meridian the cosine of the distance is `C·cos(φ − φ*)`, so the nearest latitude is `φ*` clamped to the
    /// edge, or an end of it. A rectangle's bound is never more than any smaller rectangle's inside it, so an index
    /// can order its nodes by it. Plain numbers, not ``Coordinate``s: SQLite's R*Tree calls it for every node it
    /// looks at.
    public static func lowerBoundMeters(
        fromLatitude latitude: Double, longitude: Double, south: Double, north: Double, west: Double, east: Double
    ) -> Double {
        let radians = Double.pi / 180
        let differenceTo = { (edge: Double) in
            abs(((edge - longitude) + 540).truncatingRemainder(dividingBy: 360) - 180)
        }
        let longitudeDifference =
            west <= longitude && longitude <= east ? 0 : min(differenceTo(west), differenceTo(east))
        let angle: Double
        if longitudeDifference == 0 {
            angle = max(south - latitude, latitude - north, 0) * radians
        } else {
            let phi0 = latitude * radians
            let lambda = longitudeDifference * radians
            let (sinPhi0, cosPhi0) = (sin(phi0), cos(phi0))
            let halfLambda = sin(lambda / 2)
            // The haversine of the central angle to the edge at a latitude; the angle grows with it.
            func haversine(at edgeLatitude: Double) -> Double {
                let phi = edgeLatitude * radians
                let halfPhi = sin((phi - phi0) / 2)
                return halfPhi * halfPhi + cosPhi0 * cos(phi) * halfLambda * halfLambda
            }
            // A place's point is its own edge: one latitude to try, not three (the R*Tree scores every entry).
            var smallest = haversine(at: south)
            if north > south {
                smallest = min(smallest, haversine(at: north))
                let nearest = atan2(sinPhi0, cosPhi0 * cos(lambda)) / radians
                if nearest > south && nearest < north { smallest = min(smallest, haversine(at: nearest)) }
            }
            angle = 2 * asin(min(1, smallest.squareRoot()))
        }
        return max(0, angle * smallestRadiusOfCurvatureMeters * (1 - 1e-9) - 0.001)
    }
}
