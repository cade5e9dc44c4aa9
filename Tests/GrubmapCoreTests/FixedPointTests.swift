import Foundation
import GrubmapCore
import Testing

/// Fixed-point text is what `String(format: "%.Nf")` writes, digit for digit, ties and all.
@Suite struct FixedPointTests {
    @Test(arguments: [0, 1, 5, 6, 7, 17])
    func randomValuesAreWrittenAsPrintfWritesThem(digits: Int) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let value = Double.random(in: -180...180, using: &generator)
            #expect(FixedPoint.text(value, digits: digits) == String(format: "%.\(digits)f", value))
        }
    }

    /// Exact binary fractions (a whole number over a power of two) land on ties of every digit count.
    @Test func binaryFractionsAndEveryMagnitudeRoundAsPrintfRounds() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let whole = Double(Int64.random(in: -1 << 40...1 << 40, using: &generator))
            let value = whole / Double(1 << Int.random(in: 0...40, using: &generator))
            let scaled = value * pow(10, Double(Int.random(in: -12...4, using: &generator)))
            for digits in [0, 3, 6, 9] {
                #expect(FixedPoint.text(value, digits: digits) == String(format: "%.\(digits)f", value))
                #expect(FixedPoint.text(scaled, digits: digits) == String(format: "%.\(digits)f", scaled))
            }
        }
    }

    @Test func tiesNegativeZeroAndHugeValuesToo() {
        for value in [
            0.5, 1.5, 2.5, -0.5, 0.125, -0.0, 1e-7, -1e-7, 179.9999995, 999_999_999_999_999.9, 1e15, 1e300, -1e300,
            .leastNonzeroMagnitude, -.leastNormalMagnitude, .infinity, -.infinity, .nan,
        ] {
            for digits in [0, 2, 6] {
                #expect(FixedPoint.text(value, digits: digits) == String(format: "%.\(digits)f", value))
            }
        }
    }

    @Test func aCoordinateIsItsTwoNumbers() throws {
        let coordinate = try Coordinate(latitude: 37.5665, longitude: -126.978)
        #expect(FixedPoint.text(coordinate, digits: 6) == "37.566500,-126.978000")
        #expect(FixedPoint.text(coordinate, digits: 5, separator: ", ") == "37.56650, -126.97800")
    }
}
