import Foundation

/// What a meal's name says about which dish it is: the name with what does not tell dishes apart taken out, so
/// "돈까스", "돈 까스", "돈까스(소스)" and "돈까스（소스）" are one key, and so one dish of an area.
///
/// The name is normalised to Unicode NFKC (full-width letters and parentheses become ASCII, decomposed Hangul is
/// composed) and case folded without a locale ("Straße" and "STRASSE" agree), trailing parenthesised notes are
/// dropped ("잡곡밥(혼합)(국내산)" is "잡곡밥"; not when nothing would be left before them), then every whitespace and punctuation character (Unicode `P*`) is
/// removed. Symbols (`★`, `&`… is punctuation, `+` is not) stay.
///
/// A name of punctuation only ("-", "()", "…") would have an empty key and fall together with every other such
/// name; its key is instead the folded name with only whitespace removed. Such a key holds nothing but punctuation,
/// which an ordinary key never does, so the two kinds cannot meet.
public struct DishKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The key's text, as the store keeps it.
    public let rawValue: String

    /// Keys already worked out, by meal name: every render of a board or a place reads the day's dishes by their
    /// meals' names, the same few hundred names over and over, and normalising one is the costliest part of it.
    private static let known = BoundedMemo<String, DishKey>(capacity: 8_192)

    /// The key of a meal's name.
    public init(mealName name: String) {
        self = Self.known.value(for: name, making: { DishKey(normalizing: name) })
    }

    private init(normalizing name: String) {
        let folded = name.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCompatibilityMapping
        var scalars = Array(folded.unicodeScalars)
        while true {
            while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
            guard let opening = Self.openingOfTrailingNote(scalars),
                scalars[..<opening].contains(where: { !Self.isIgnored($0) })
            else { break }
            scalars.removeSubrange(opening...)
        }
        var kept = String.UnicodeScalarView(scalars.filter { !Self.isIgnored($0) })
        if kept.isEmpty {
            kept = String.UnicodeScalarView(scalars.filter { !$0.properties.isWhitespace })
        }
        rawValue = String(kept)
    }

    /// A key as the store gives it back; `nil` when empty.
    public init?(rawValue: String) {
        guard !rawValue.isEmpty else { return nil }
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: DishKey, rhs: DishKey) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Where the parenthesised note that ends `scalars` opens, matching nested parentheses; `nil` when the text
    /// does not end in `)` or its `(` is missing.
    private static func openingOfTrailingNote(_ scalars: [Unicode.Scalar]) -> Int? {
        guard scalars.last == ")" else { return nil }
        var depth = 0
        for index in scalars.indices.reversed() {
            switch scalars[index] {
            case ")": depth += 1
            case "(":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// Whitespace and punctuation: what the key leaves out.
    private static func isIgnored(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isWhitespace { return true }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }
}

extension Language {
    /// The language a meal's name is written in, as far as its letters say: Korean when it has a Hangul syllable or
    /// jamo, else English (the only other language Grubmap speaks).
    public static func ofMealName(_ name: String) -> Language {
        let hangul = name.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF: true
            default: false
            }
        }
        return hangul ? .korean : .english
    }
}
