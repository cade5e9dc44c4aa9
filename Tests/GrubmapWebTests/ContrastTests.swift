import Foundation
import Testing

@testable import GrubmapWeb

/// The style sheet's colours against WCAG 2.2's contrast minimums, in both themes: text 4.5:1 (1.4.3) and the parts
/// of controls people need to see, such as field borders and the focus ring, 3:1 (1.4.11). The themes' custom
/// properties are read from the style sheet itself; each pair below is a place the pages put one on the other.
@Suite struct ContrastTests {
    /// A colour, what it sits on (both custom properties), and where the pages put them together.
    typealias Pair = (foreground: String, background: String, usedBy: String)

    /// Text and what it sits on.
    static let textPairs: [Pair] = [
        ("text", "bg", "body text"), ("text", "card", "cards"), ("text", "chip", "chips, secondary buttons"),
        ("text", "accent-soft", "selected choices"), ("muted", "bg", "hints on the page"),
        ("muted", "card", "hints in cards"), ("muted", "chip", "notes on meals"), ("accent", "card", "links"),
        ("accent", "bg", "links on the page"), ("accent", "accent-soft", "kind and count badges"),
        ("on-accent", "accent", "buttons, the current area"),
        ("card", "accent", "the chosen day, the serving-now badge"), ("bg", "accent", "ride buttons"),
        ("problem", "card", "a field's problem"), ("problem", "bg", "a field's problem on the page"),
    ]

    /// Boundaries of controls and indicators, and what they sit on.
    static let controlPairs: [Pair] = [
        ("control", "card", "text fields and selects in cards"), ("control", "bg", "text fields on the page"),
        ("accent", "card", "the focus ring, a chosen card's border"), ("accent", "bg", "the focus ring on the page"),
        ("control", "card", "the tour's page dots"), ("accent", "chip", "a hovered star"),
    ]

    /// Colours written out in the style sheet rather than taken from the theme, one per line: the foreground, what
    /// it sits on, the minimum ratio it needs, and the rule that uses them (checked to be in the style sheet as
    /// written, so a changed colour cannot slip past).
    static let fixedPairs = """
        #14532d #dcfce7 4.5 .notice.success{background:#dcfce7;color:#14532d}
        #bbf7d0 #14321f 4.5 .notice.success{background:#14321f;color:#bbf7d0}
        #92400e #fef3c7 4.5 [aria-pressed=true]{background:#fef3c7;color:#92400e}
        #fcd34d #3b2a0c 4.5 [aria-pressed=true]{background:#3b2a0c;color:#fcd34d}
        #d97706 #ffffff 3 .bookmark-button[aria-pressed=true]{color:#d97706}
        #fbbf24 #1f1c19 3 .bookmark-button[aria-pressed=true]{color:#fbbf24}
        #dc2626 #ffffff 4.5 .day-name{color:#dc2626}
        #2563eb #ffffff 4.5 .day-name{color:#2563eb}
        #f87171 #1f1c19 4.5 .day-name{color:#f87171}
        #60a5fa #1f1c19 4.5 .day-name{color:#60a5fa}
        #ffffff #15803d 4.5 .pin.busy path{fill:#15803d}
        #57534e #ece9e2 4.5 text{font:500 12px system-ui,sans-serif;fill:#57534e;paint-order:stroke;stroke:#ece9e2
        #57534e #ffffff 4.5 .bm-pedestrian,.bm-service,.bm-street,.bm-tertiary{stroke:#fff}
        #bdb6ad #1b1e1c 4.5 .bm-labels text{fill:#bdb6ad;stroke:#1b1e1c}
        #bdb6ad #3b3a37 4.5 .bm-pedestrian,.bm-service,.bm-street,.bm-tertiary{stroke:#3b3a37}
        #15803d #ffffff 4.5 .open-state.open{color:#15803d}
        #4ade80 #1f1c19 4.5 .open-state.open{color:#4ade80}
        #44403c #ffffff 4.5 .map-attribution a{color:#44403c}
        """

    @Test(arguments: Theme.allCases)
    func textIsAtLeastFourAndAHalfToOne(theme: Theme) throws {
        try expect(Self.textPairs, atLeast: 4.5, in: theme)
    }

    @Test(arguments: Theme.allCases)
    func controlsAreAtLeastThreeToOne(theme: Theme) throws {
        try expect(Self.controlPairs, atLeast: 3, in: theme)
    }

    private func expect(_ pairs: [Pair], atLeast minimum: Double, in theme: Theme) throws {
        let colors = try theme.colors()
        for (foreground, background, usedBy) in pairs {
            let ratio = try #require(
                Self.ratio(colors[foreground], colors[background]), "\(theme): --\(foreground) or --\(background)")
            #expect(
                ratio >= minimum, "\(theme): --\(foreground) on --\(background) (\(usedBy)) is \(Self.format(ratio)):1")
        }
    }

    @Test func fixedColoursMeetTheirMinimums() throws {
        for line in Self.fixedPairs.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 3).map(String.init)
            let (foreground, background, minimum, rule) = (
                fields[0], fields[1], try #require(Double(fields[2])), fields[3]
            )
            #expect(Stylesheet.css.contains(rule), "the style sheet no longer has \(rule)")
            let ratio = try #require(Self.ratio(foreground, background))
            #expect(ratio >= minimum, "\(foreground) on \(background) in \(rule) is \(Self.format(ratio)):1")
        }
    }

    /// The initials' twelve background hues under white text.
    @Test func initialsAreReadableOnEveryHue() throws {
        for hue in stride(from: 0, to: 360, by: 30) {
            #expect(Stylesheet.css.contains("hsl(\(hue) 55% 30%)"))
            let ratio = try #require(
                Self.ratio("#ffffff", Self.hex(hue: Double(hue), saturation: 0.55, lightness: 0.30)))
            #expect(ratio >= 4.5, "white on hue \(hue) is \(Self.format(ratio)):1")
        }
    }

    /// The ratios match WCAG's own examples, so the arithmetic above can be trusted.
    @Test func ratiosAreComputedAsWCAGDefinesThem() throws {
        #expect(try #require(Self.ratio("#000000", "#ffffff")) == 21)
        #expect(Self.format(try #require(Self.ratio("#767676", "#ffffff"))) == "4.54")
        #expect(Self.format(try #require(Self.ratio("#595959", "#ffffff"))) == "7.00")
    }

    enum Theme: String, CaseIterable, CustomTestStringConvertible {
        case light, dark

        var testDescription: String { rawValue }

        /// The theme's custom properties: the first `:root{…}` of the style sheet, and for dark, those overridden in
        /// its `prefers-color-scheme:dark` block.
        func colors() throws -> [String: String] {
            let css = try #require(Stylesheet.parts.first { $0.name == "00-base.css" }, "styles/00-base.css").css
            let light = try #require(Self.declarations(in: css, after: ":root{"))
            guard self == .dark else { return light }
            let dark = try #require(Self.declarations(in: css, after: "@media (prefers-color-scheme:dark){:root{"))
            return light.merging(dark) { $1 }
        }

        private static func declarations(in css: String, after marker: String) -> [String: String]? {
            guard let start = css.range(of: marker) else { return nil }
            let block = css[start.upperBound...].prefix { $0 != "}" }.replacingOccurrences(of: "\n", with: "")
            var values: [String: String] = [:]
            for declaration in block.split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                if parts.count == 2, parts[0].hasPrefix("--"), parts[1].hasPrefix("#") {
                    values[String(parts[0].dropFirst(2))] = parts[1]
                }
            }
            return values
        }
    }

    /// WCAG's contrast ratio of two `#rgb` or `#rrggbb` colours; `nil` when either is missing or not one.
    static func ratio(_ first: String?, _ second: String?) -> Double? {
        guard let first = first.flatMap(luminance), let second = second.flatMap(luminance) else { return nil }
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    /// WCAG's relative luminance.
    static func luminance(_ hex: String) -> Double? {
        var digits = String(hex.dropFirst())
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard hex.hasPrefix("#"), digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        let channels = [value >> 16, (value >> 8) & 0xFF, value & 0xFF].map { Double($0) / 255 }
        let linear = channels.map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    /// CSS's `hsl()` as `#rrggbb`.
    static func hex(hue: Double, saturation: Double, lightness: Double) -> String {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let x = chroma * (1 - abs((hue / 60).truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) =
            switch hue {
            case ..<60: (chroma, x, 0)
            case ..<120: (x, chroma, 0)
            case ..<180: (0, chroma, x)
            case ..<240: (0, x, chroma)
            case ..<300: (x, 0, chroma)
            default: (chroma, 0, x)
            }
        let m = lightness - chroma / 2
        return "#" + [r, g, b].map { String(format: "%02x", Int((($0 + m) * 255).rounded())) }.joined()
    }

    static func format(_ ratio: Double) -> String { String(format: "%.2f", (ratio * 100).rounded(.down) / 100) }
}
