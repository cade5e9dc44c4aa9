/// How wide a line of text is drawn, estimated without a font: the server places labels before any browser has
/// measured anything.
///
/// Widths are averages of common sans-serif system fonts at a semi-bold weight, in ems; Hangul, kana and Han
/// characters are a full em. The estimate errs wide, so labels get a little room rather than touching.
public enum TextMetrics {
    /// The estimated width of `text` at `fontSize`, in the font size's unit.
    public static func estimatedWidth(of text: String, fontSize: Double) -> Double {
        var ems = 0.0
        for scalar in text.unicodeScalars { ems += width(of: scalar) }
        return ems * fontSize
    }

    private static func width(of scalar: Unicode.Scalar) -> Double {
        switch scalar.value {
        case 0x20: 0.28
        case 0x2E, 0x2C, 0x27, 0x3A, 0x3B, 0x21, 0x7C, 0x69, 0x6A, 0x6C: 0.3  // . , ' : ; ! | i j l
        case 0x49, 0x66, 0x74, 0x72: 0.38  // I f t r
        case 0x6D, 0x77: 0.86  // m w
        case 0x4D, 0x57: 0.92  // M W
        case 0x30...0x39: 0.58
        case 0x41...0x5A: 0.68
        case 0x61...0x7A: 0.56
        case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFF60: 1.0
        case 0x0300...0x036F: 0  // combining marks
        default: 0.62
        }
    }
}
