import GrubmapCore

/// A basemap feature's parts of points as bytes: the `geometry` column of `basemap_features`.
///
/// Version byte 1, then the number of parts, then for each part its number of points and the points, each as the
/// difference from the point before it (across parts) in 1e-7 degrees of latitude and longitude (about a
/// centimetre), zigzag-encoded as unsigned LEB128 varints. Coordinates are rounded to 1e-7 degrees, so a point
/// given with seven decimals or fewer comes back exactly. A road of 50 points takes about 200 bytes.
enum BasemapGeometryCoding {
    static let version: UInt8 = 1
    private static let scale = 10_000_000.0

    static func encode(_ parts: [[Coordinate]]) -> [UInt8] {
        var bytes: [UInt8] = [version]
        bytes.reserveCapacity(2 + parts.reduce(0) { $0 + 1 + $1.count * 6 })
        appendVarint(UInt64(parts.count), to: &bytes)
        var latitude: Int64 = 0
        var longitude: Int64 = 0
        for part in parts {
            appendVarint(UInt64(part.count), to: &bytes)
            for point in part {
                let nextLatitude = Int64((point.latitude * scale).rounded())
                let nextLongitude = Int64((point.longitude * scale).rounded())
                appendVarint(zigzag(nextLatitude - latitude), to: &bytes)
                appendVarint(zigzag(nextLongitude - longitude), to: &bytes)
                latitude = nextLatitude
                longitude = nextLongitude
            }
        }
        return bytes
    }

    /// The parts, or a description of what is wrong with the bytes.
    static func decode(_ bytes: [UInt8]) throws(GeometryDecodingError) -> [[Coordinate]] {
        var reader = Reader(bytes: bytes)
        guard try reader.byte() == version else { throw GeometryDecodingError("unknown geometry version") }
        let partCount = try reader.count()
        var parts: [[Coordinate]] = []
        parts.reserveCapacity(partCount)
        var latitude: Int64 = 0
        var longitude: Int64 = 0
        for _ in 0..<partCount {
            let pointCount = try reader.count()
            var part: [Coordinate] = []
            part.reserveCapacity(pointCount)
            for _ in 0..<pointCount {
                let (newLatitude, latitudeOverflow) = latitude.addingReportingOverflow(unzigzag(try reader.varint()))
                let (newLongitude, longitudeOverflow) = longitude.addingReportingOverflow(
                    unzigzag(try reader.varint()))
                guard !latitudeOverflow, !longitudeOverflow else { throw GeometryDecodingError("a point overflows") }
                latitude = newLatitude
                longitude = newLongitude
                do {
                    part.append(
                        try Coordinate(latitude: Double(latitude) / scale, longitude: Double(longitude) / scale))
                } catch {
                    throw GeometryDecodingError(error.description)
                }
            }
            parts.append(part)
        }
        guard reader.isAtEnd else { throw GeometryDecodingError("bytes left after the last point") }
        return parts
    }

    private static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }
    private static func unzigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() throws(GeometryDecodingError) -> UInt8 {
            guard offset < bytes.count else { throw GeometryDecodingError("the geometry ends early") }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func varint() throws(GeometryDecodingError) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = try byte()
                guard shift < 64 else { throw GeometryDecodingError("a number is too long") }
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
        }

        /// A count of parts or points, which cannot exceed the bytes left (each takes at least one).
        mutating func count() throws(GeometryDecodingError) -> Int {
            let value = try varint()
            guard value <= UInt64(bytes.count - offset) else { throw GeometryDecodingError("a count is too large") }
            return Int(value)
        }
    }
}

/// What is wrong with a stored geometry.
struct GeometryDecodingError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
