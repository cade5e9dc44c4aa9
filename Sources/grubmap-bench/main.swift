// grubmap-bench: inverse geodesics per second, Grubmap's Karney solver against a haversine of our own, over the
// same pseudo-random pairs. Run by scripts/bench-geodesic (`make bench`), which also feeds the pairs to
// GeographicLib's C++ as the speed reference. Build it in release mode: debug figures mean nothing.
//
//     grubmap-bench [--pairs N] [--rounds R] [--seed S] [--write-pairs DIR]
//
// Prints one line per method and workload: `NAME WORKLOAD OPS_PER_SECOND CHECKSUM_METERS`, the best of R rounds;
// the haversine line ends with its worst relative error against the ellipsoid over the pairs.
// With --write-pairs, writes DIR/WORKLOAD.pairs (little-endian doubles, lat1 lon1 lat2 lon2 per pair) first.

import Foundation
import GrubmapCore

/// The arguments, with defaults; anything unknown stops with exit status 2.
struct Options {
    var pairs = 200_000
    var rounds = 5
    var seed: UInt64 = 20_261_130
    var pairsFolder: String?

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard let value = rest.popFirst() else { Self.fail("\(name) needs a value") }
            switch name {
            case "--pairs": pairs = Self.positive(value, name)
            case "--rounds": rounds = Self.positive(value, name)
            case "--seed": seed = UInt64(Self.positive(value, name))
            case "--write-pairs": pairsFolder = value
            default: Self.fail("unknown option \(name)")
            }
        }
    }

    static func positive(_ text: String, _ name: String) -> Int {
        guard let value = Int(text), value > 0 else { fail("\(name) must be a positive whole number, got \(text)") }
        return value
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("grubmap-bench: \(message)\n".utf8))
        exit(2)
    }
}

/// A point uniform on the sphere.
func randomPoint(_ random: inout SplitMix64) -> (Double, Double) {
    (asin(2 * random.unit() - 1) * 180 / .pi, 360 * random.unit() - 180)
}

/// Pairs the way Grubmap sees them and the way a global dataset does.
enum Workload: String, CaseIterable {
    /// Both ends uniform on the globe: long lines, some nearly antipodal (Newton's method runs).
    case global
    /// Both ends within about 10 km of a random center, as a ride or a walk: the short-line path.
    case city

    func pairs(_ count: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed ^ (self == .global ? 0 : 0x5EED))
        var values: [Double] = []
        values.reserveCapacity(count * 4)
        for _ in 0..<count {
            switch self {
            case .global:
                let (lat1, lon1) = randomPoint(&random)
                let (lat2, lon2) = randomPoint(&random)
                values += [lat1, lon1, lat2, lon2]
            case .city:
                let (lat, lon) = randomPoint(&random)
                let latitude = min(max(lat, -80), 80)
                let spread = 0.09  // degrees of latitude, about 10 km
                let stretch = 1 / cos(latitude * .pi / 180)
                values += [
                    latitude + spread * (random.unit() - 0.5), lon + spread * stretch * (random.unit() - 0.5),
                    latitude + spread * (random.unit() - 0.5), lon + spread * stretch * (random.unit() - 0.5),
                ]
            }
        }
        return values.enumerated().map { index, value in
            // Keep longitudes in [-180, 180] so every pair is a valid Coordinate.
            index % 2 == 1 ? (value > 180 ? value - 360 : value < -180 ? value + 360 : value) : value
        }
    }
}

/// The great-circle distance on a sphere of the WGS-84 mean radius: the usual shortcut, off by up to 0.5%.
@inline(__always)
func haversine(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
    let radius = 6_371_008.8
    let toRadians = Double.pi / 180
    let phi1 = lat1 * toRadians
    let phi2 = lat2 * toRadians
    let dPhi = (lat2 - lat1) * toRadians
    let dLambda = (lon2 - lon1) * toRadians
    let sinPhi = sin(dPhi / 2)
    let sinLambda = sin(dLambda / 2)
    let h = sinPhi * sinPhi + cos(phi1) * cos(phi2) * sinLambda * sinLambda
    return 2 * radius * asin(min(1, h.squareRoot()))
}

/// Runs `body` over every pair `rounds` times; returns the best rate and the sum of its results.
func measure(rounds: Int, count: Int, _ body: () -> Double) -> (opsPerSecond: Double, checksum: Double) {
    var best = 0.0
    var checksum = 0.0
    let clock = ContinuousClock()
    for _ in 0..<rounds {
        var sum = 0.0
        let elapsed = clock.measure { sum = body() }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        best = max(best, Double(count) / seconds)
        checksum = sum
    }
    return (best, checksum)
}

func writePairs(_ values: [Double], to path: String) {
    let data = values.withUnsafeBufferPointer { Data(buffer: $0) }
    do {
        try data.write(to: URL(fileURLWithPath: path))
    } catch {
        Options.fail("cannot write \(path): \(error)")
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
for workload in Workload.allCases {
    let values = workload.pairs(options.pairs, seed: options.seed)
    if let folder = options.pairsFolder { writePairs(values, to: "\(folder)/\(workload.rawValue).pairs") }
    let coordinates = stride(from: 0, to: values.count, by: 4).map { index in
        (
            try! Coordinate(latitude: values[index], longitude: values[index + 1]),
            try! Coordinate(latitude: values[index + 2], longitude: values[index + 3])
        )
    }
    let geodesic = Geodesic.wgs84
    var bearings = 0.0  // used, so that the optimizer must compute them as GeographicLib does
    let karney = measure(rounds: options.rounds, count: coordinates.count) {
        var sum = 0.0
        for (from, to) in coordinates {
            let result = geodesic.inverse(from: from, to: to)
            sum += result.distanceMeters
            bearings += result.initialBearingDegrees + result.finalBearingDegrees
        }
        return sum
    }
    let sphere = measure(rounds: options.rounds, count: coordinates.count) {
        var sum = 0.0
        for (from, to) in coordinates {
            sum += haversine(from.latitude, from.longitude, to.latitude, to.longitude)
        }
        return sum
    }
    // Outside the timing: how wrong the shortcut is, pair by pair, against the ellipsoid.
    let worst = coordinates.reduce(0.0) { worst, pair in
        let exact = geodesic.inverse(from: pair.0, to: pair.1).distanceMeters
        guard exact > 1 else { return worst }
        let rough = haversine(pair.0.latitude, pair.0.longitude, pair.1.latitude, pair.1.longitude)
        return max(worst, abs(rough - exact) / exact)
    }
    print("swift-karney \(workload.rawValue) \(Int(karney.opsPerSecond)) \(karney.checksum) \(bearings > 0 ? "" : "?")")
    print("swift-haversine \(workload.rawValue) \(Int(sphere.opsPerSecond)) \(sphere.checksum) \(worst)")
}
