/// A point on the Earth in WGS-84 degrees, always valid once made.
///
/// Latitude is in [-90, 90] and longitude in [-180, 180]; both are finite. Make one with
/// ``init(latitude:longitude:)``, which throws on anything else, or parse text with ``init(parsing:)``.
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Degrees north of the equator, in [-90, 90].
    public let latitude: Double
    /// Degrees east of Greenwich, in [-180, 180].
    public let longitude: Double

    /// Makes a coordinate, refusing NaN, infinities and values out of range.
    public init(latitude: Double, longitude: Double) throws(CoordinateError) {
        guard latitude.isFinite, longitude.isFinite else { throw .notFinite }
        guard (-90...90).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard (-180...180).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The latitude of one coordinate with the longitude of another: valid because both are, so it cannot throw
    /// (a box's other corners).
    public init(latitudeOf north: Coordinate, longitudeOf east: Coordinate) {
        latitude = north.latitude
        longitude = east.longitude
    }

    /// Parses `"LAT,LON"` (spaces around either number allowed), as used in URLs and on the command line.
    public init(parsing text: some StringProtocol) throws(CoordinateError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let latitude = Double(parts[0].trimmingSpaces),
            let longitude = Double(parts[1].trimmingSpaces)
        else { throw .malformed(String(text.prefix(64))) }
        try self.init(latitude: latitude, longitude: longitude)
    }

    public var description: String { "\(latitude),\(longitude)" }

    private enum CodingKeys: String, CodingKey { case latitude, longitude }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            try self.init(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .latitude, in: container, debugDescription: error.description)
        }
    }
}

/// Why a coordinate was refused.
public enum CoordinateError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFinite
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)
    case malformed(String)

    public var description: String {
        switch self {
        case .notFinite: "coordinates must be finite numbers"
        case .latitudeOutOfRange(let value): "latitude \(value) is outside [-90, 90]"
        case .longitudeOutOfRange(let value): "longitude \(value) is outside [-180, 180]"
        case .malformed(let text): "expected LAT,LON in degrees, got \"\(text)\""
        }
    }
}

extension StringProtocol {
    var trimmingSpaces: Substring {
        let text = Substring(self)
        guard let start = text.firstIndex(where: { $0 != " " }) else { return "" }
        let end = text.lastIndex(where: { $0 != " " })!
        return text[start...end]
    }
}
