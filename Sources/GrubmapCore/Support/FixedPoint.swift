import Foundation

/// Numbers written with a fixed number of digits after the point, exactly as C's `printf("%.*f")` writes them: the
/// value's binary fraction rounded half to even, `-` for any negative value (also one that rounds to zero).
///
/// Coordinates and distances (below 10^15) are worked out in integers: the double is `significand × 2^exponent`
/// exactly, so `value × 10^digits` is an integer product shifted right, rounded by what the shift drops. Other
/// values go to `vsnprintf`. Foundation's `String(format:)` gives the same text through an `NSString` at some twenty
/// times the cost, which a page writing a coordinate for each of fifty places notices.
public enum FixedPoint {
    /// `value` with `digits` (0-17) digits after the point, such as `37.566500` for six.
    public static func text(_ value: Double, digits: Int) -> String {
        let digits = min(max(digits, 0), 17)
        guard value.isFinite, value.magnitude < 1e15 else { return printed(value, digits: digits) }
        let magnitude = value.magnitude
        let significand =
            UInt128(magnitude.significandBitPattern) | (magnitude.isNormal ? UInt128(1) << 52 : 0)
        // Below 10^15 < 2^50 every double has bits after the point: the shift is at least 3.
        let shift = magnitude.isNormal ? 1075 - Int(magnitude.exponentBitPattern) : 1074
        var scale: UInt128 = 1
        for _ in 0..<digits { scale *= 10 }
        let product = significand * scale  // < 2^53 · 10^17 < 2^110
        var scaled: UInt128 = 0
        if shift < 128 {
            scaled = product >> shift
            let dropped = product & ((UInt128(1) << shift) - 1)
            let half = UInt128(1) << (shift - 1)
            if dropped > half || (dropped == half && scaled & 1 == 1) { scaled += 1 }
        }  // else the product is below 2^110, less than half of 2^128: it rounds to zero.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24 + digits)
        if value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
        bytes.append(contentsOf: String(UInt64(scaled / scale)).utf8)
        if digits > 0 {
            bytes.append(UInt8(ascii: "."))
            let fraction = String(UInt64(scaled % scale))
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits - fraction.utf8.count))
            bytes.append(contentsOf: fraction.utf8)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A coordinate as `latitude,longitude` (or with another `separator`), each with `digits` digits after the point.
    public static func text(_ coordinate: Coordinate, digits: Int, separator: String = ",") -> String {
        text(coordinate.latitude, digits: digits) + separator + text(coordinate.longitude, digits: digits)
    }

    /// What `vsnprintf` writes: for the values the integers above do not hold (huge, infinite, not a number).
    private static func printed(_ value: Double, digits: Int) -> String {
        let arguments: [any CVarArg] = [Int32(digits), value]
        let length = Int(withVaList(arguments) { vsnprintf(nil, 0, "%.*f", $0) })
        var buffer = [CChar](repeating: 0, count: max(length, 0) + 1)
        _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
        return String(decoding: buffer.prefix(max(length, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
