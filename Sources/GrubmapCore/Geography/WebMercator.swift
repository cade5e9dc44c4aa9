import Foundation

/// The Web Mercator projection (EPSG:3857) in unit coordinates: the world is the square [0, 1] × [0, 1],
/// x growing east from the antimeridian and y growing south from about 85.05° N.
public enum WebMercator {
    /// The latitude beyond which the projection is cut off, in degrees.
    public static let maximumLatitude = 85.051_128_779_806_59

    /// The unit-square point of a coordinate.
    public static func project(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        let latitude = min(max(coordinate.latitude, -maximumLatitude), maximumLatitude) * .pi / 180
        let x = (coordinate.longitude + 180) / 360
        let y = (1 - log(tan(latitude) + 1 / cos(latitude)) / .pi) / 2
        return (x, y)
    }

    /// The coordinate of a unit-square point; points off the square are brought onto its edge.
    public static func coordinate(x: Double, y: Double) -> Coordinate {
        let longitude = min(max(x, 0), 1) * 360 - 180
        let latitude = atan(sinh(.pi * (1 - 2 * min(max(y, 0), 1)))) * 180 / .pi
        // Both are in range by construction.
        return try! Coordinate(latitude: latitude, longitude: longitude)
    }

    /// Metres on the ground per unit of x at a latitude (the projection stretches away from the equator).
    public static func metersPerUnit(atLatitude latitude: Double) -> Double {
        40_075_016.686 * cos(latitude * .pi / 180)
    }
}
