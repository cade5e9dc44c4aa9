import Foundation
import Testing

@testable import GrubmapCore

/// One reference solution from scripts/geodesic-cases.py (GeographicLib's Python package).
private struct GeodesicCase {
    var line: Int
    var from: Coordinate
    var to: Coordinate
    var distance: Double
    var initialAzimuth: Double  // GeographicLib's azimuths, in (-180, 180]
    var finalAzimuth: Double
}

private enum CaseFileError: Error, CustomStringConvertible {
    case malformed(path: String, line: Int)

    var description: String {
        switch self {
        case .malformed(let path, let line): "\(path):\(line): expected 7 numbers"
        }
    }
}

/// Reads lines of `lat1 lon1 lat2 lon2 s12 azi1 azi2`; blank lines are skipped.
private func loadCases(_ url: URL) throws -> [GeodesicCase] {
    let text = try String(contentsOf: url, encoding: .utf8)
    var cases: [GeodesicCase] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if fields.isEmpty { continue }
        let numbers = fields.compactMap { Double($0) }
        guard fields.count == 7, numbers.count == 7 else {
            throw CaseFileError.malformed(path: url.path, line: index + 1)
        }
        cases.append(
            GeodesicCase(
                line: index + 1,
                from: try Coordinate(latitude: numbers[0], longitude: numbers[1]),
                to: try Coordinate(latitude: numbers[2], longitude: numbers[3]),
                distance: numbers[4], initialAzimuth: numbers[5], finalAzimuth: numbers[6]))
    }
    return cases
}

/// 300 cases made by `scripts/geodesic-cases.py 300 20240601`.
private let fixtureURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/geodesic-cases.tsv")

/// Largest allowed distance error, metres.
private let distanceTolerance = 1e-6
/// Largest allowed azimuth error, degrees, for lines long enough for the azimuth to be well defined.
private let azimuthTolerance = 1e-9
/// The inputs pin a position down to about a nanometre, so a line of length s has an azimuth only
/// good to about this length / s radians; on lines under ~600 m this loosens `azimuthTolerance`,
/// and for identical points (s = 0) the azimuth is not compared.
private let positionResolution = 1e-8

/// |a - b| for angles in degrees, modulo 360.
private func angleDifference(_ a: Double, _ b: Double) -> Double {
    abs((a - b).remainder(dividingBy: 360))
}

private func allowedAzimuthError(forDistance distance: Double) -> Double {
    max(azimuthTolerance, positionResolution / distance * 180 / .pi)
}

/// The outcome of checking a set of cases against `Geodesic.wgs84`.
private struct CaseReport: CustomStringConvertible {
    var count = 0
    var worstDistanceError = 0.0, worstDistanceLine = 0
    var worstAzimuthError = 0.0, worstAzimuthLine = 0
    var failures: [String] = []

    var description: String {
        "\(count) cases: worst |Δs12| = \(worstDistanceError) m (line \(worstDistanceLine)), "
            + "worst |Δazi| on lines over 1 km = \(worstAzimuthError)° (line \(worstAzimuthLine)), "
            + "\(failures.count) failing"
    }
}

private func check(_ cases: [GeodesicCase]) -> CaseReport {
    var report = CaseReport()
    for c in cases {
        report.count += 1
        let result = Geodesic.wgs84.inverse(from: c.from, to: c.to)
        let distanceError = abs(result.distanceMeters - c.distance)
        if !(distanceError <= report.worstDistanceError) {
            report.worstDistanceError = distanceError
            report.worstDistanceLine = c.line
        }
        let azimuthError = max(
            angleDifference(result.initialBearingDegrees, c.initialAzimuth),
            angleDifference(result.finalBearingDegrees, c.finalAzimuth))
        let azimuthChecked = c.distance > 0
        if c.distance > 1000 && !(azimuthError <= report.worstAzimuthError) {
            report.worstAzimuthError = azimuthError
            report.worstAzimuthLine = c.line
        }
        let bearingsInRange = [result.initialBearingDegrees, result.finalBearingDegrees]
            .allSatisfy { $0 >= 0 && $0 < 360 }
        if !(distanceError < distanceTolerance)
            || (azimuthChecked && !(azimuthError <= allowedAzimuthError(forDistance: c.distance)))
            || !bearingsInRange
        {
            report.failures.append(
                "line \(c.line): \(c.from) -> \(c.to): got \(result), expected s12 \(c.distance) "
                    + "azi1 \(c.initialAzimuth) azi2 \(c.finalAzimuth)")
        }
    }
    return report
}

private func expectPasses(_ report: CaseReport, sourceLocation: SourceLocation = #_sourceLocation) {
    for failure in report.failures.prefix(10) {
        Issue.record("\(failure)", sourceLocation: sourceLocation)
    }
    let failing = report.failures.count
    #expect(failing == 0, "\(report)", sourceLocation: sourceLocation)
}

@Suite struct GeodesicTests {
    @Test func fixtureMatchesGeographicLib() throws {
        let cases = try loadCases(fixtureURL)
        #expect(cases.count == 300)
        let report = check(cases)
        print("geodesic fixture: \(report)")
        expectPasses(report)
    }

    /// Checks a larger generated set, e.g. `scripts/geodesic-cases.py 5000 $RANDOM > cases.tsv`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GRUBMAP_GEODESIC_CASES"] != nil))
    func generatedCasesMatchGeographicLib() throws {
        let path = try #require(ProcessInfo.processInfo.environment["GRUBMAP_GEODESIC_CASES"])
        let cases = try loadCases(URL(fileURLWithPath: path))
        #expect(!cases.isEmpty, "no cases in \(path)")
        let report = check(cases)
        print("geodesic cases from \(path): \(report)")
        expectPasses(report)
    }

    @Test func identicalPointsAreZeroApart() throws {
        for (lat, lon) in [(0.0, 0.0), (51.5, -0.12), (-90.0, 0.0), (90.0, 180.0), (-33.9, 151.2)] {
            let point = try Coordinate(latitude: lat, longitude: lon)
            #expect(point.distance(to: point) == 0)
        }
    }

    @Test func knownDistances() throws {
        // Reference values from geographiclib 2.1 (Geodesic.WGS84.Inverse).
        let jfk = try Coordinate(latitude: 40.6397, longitude: -73.7789)
        let lhr = try Coordinate(latitude: 51.47, longitude: -0.4543)
        let line = Geodesic.wgs84.inverse(from: jfk, to: lhr)
        #expect(abs(line.distanceMeters - 5_555_072.557912726) < 1e-6)
        #expect(abs(line.initialBearingDegrees - 51.380396106440074) < 1e-9)
        #expect(abs(line.finalBearingDegrees - 107.98169502514102) < 1e-9)

        let wellington = try Coordinate(latitude: -41.32, longitude: 174.81)
        let salamanca = try Coordinate(latitude: 40.96, longitude: -5.5)
        let antipodal = Geodesic.wgs84.inverse(from: wellington, to: salamanca)
        #expect(abs(antipodal.distanceMeters - 19_959_679.26735382) < 1e-6)
        #expect(abs(antipodal.initialBearingDegrees - 161.06766998616015) < 1e-9)
        #expect(abs(antipodal.finalBearingDegrees - 18.825195123247063) < 1e-9)

        let quarter = try Coordinate(latitude: 0, longitude: 0)
            .distance(to: Coordinate(latitude: 0, longitude: 90))
        #expect(abs(quarter - 10_018_754.171394) < 1e-6)

        let poleToPole = try Coordinate(latitude: 90, longitude: 0)
            .distance(to: Coordinate(latitude: -90, longitude: 0))
        #expect(abs(poleToPole - 20_003_931.458625) < 1e-6)
        // Antipodes on the equator: the shortest path runs over a pole, so it is a half meridian.
        let acrossEquator = try Coordinate(latitude: 0, longitude: 0)
            .distance(to: Coordinate(latitude: 0, longitude: 180))
        #expect(abs(acrossEquator - 20_003_931.458625) < 1e-6)
    }

    @Test func bearingsAreClockwiseFromNorth() throws {
        let origin = try Coordinate(latitude: 0, longitude: 0)
        let east = try Geodesic.wgs84.inverse(from: origin, to: Coordinate(latitude: 0, longitude: 1))
        let west = try Geodesic.wgs84.inverse(from: origin, to: Coordinate(latitude: 0, longitude: -1))
        let south = try Geodesic.wgs84.inverse(from: origin, to: Coordinate(latitude: -1, longitude: 0))
        #expect(east.initialBearingDegrees == 90 && east.finalBearingDegrees == 90)
        #expect(west.initialBearingDegrees == 270 && west.finalBearingDegrees == 270)
        #expect(south.initialBearingDegrees == 180 && south.finalBearingDegrees == 180)
    }

    @Test func distanceIsSymmetric() throws {
        var worst = 0.0
        for c in try loadCases(fixtureURL) {
            let forward = c.from.distance(to: c.to)
            let backward = c.to.distance(to: c.from)
            worst = max(worst, abs(forward - backward))
        }
        #expect(worst < 1e-9, "worst asymmetry \(worst) m")
    }
}
