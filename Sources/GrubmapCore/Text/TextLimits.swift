/// Limits on text people type for others to see, counted the way people count (characters: grapheme clusters)
/// and the way machines store it (Unicode scalars), so that one "character" — an `a` with 120,000 combining
/// accents is one grapheme cluster — cannot be a megabyte.
public struct TextLimits: Sendable, Equatable {
    /// How many characters (grapheme clusters) the text may have.
    public var characters: ClosedRange<Int>
    /// How many Unicode scalars the whole text may have.
    public var maximumScalars: Int
    /// How many scalars one character may have: enough for the longest emoji sequences people send, like
    /// 👩🏽‍❤️‍💋‍👨🏿 (10), not for stacks of marks.
    public var maximumScalarsPerCharacter = 12
    /// How many combining marks one character may carry: Thai, Vietnamese and pointed Hebrew need two to four.
    public var maximumMarksPerCharacter = 4
    /// Whether the text must show at least one letter or digit (a name must; a bio need not).
    public var requiresVisibleLetter: Bool
    /// Whether line breaks are allowed (a bio), or the text is one line (a name).
    public var allowsLineBreaks: Bool

    /// `characters` and, unless given, a scalar budget of eight per character.
    public init(
        characters: ClosedRange<Int>, maximumScalars: Int? = nil, requiresVisibleLetter: Bool = false,
        allowsLineBreaks: Bool = false
    ) {
        self.characters = characters
        self.maximumScalars = maximumScalars ?? characters.upperBound * 8
        self.requiresVisibleLetter = requiresVisibleLetter
        self.allowsLineBreaks = allowsLineBreaks
    }

    /// `text` cut to ``maximumScalars``: what a form may show back of a refused value without growing with it.
    public func clipped(_ text: String) -> String {
        guard text.unicodeScalars.count > maximumScalars else { return text }
        var clipped = String.UnicodeScalarView()
        clipped.append(contentsOf: text.unicodeScalars.prefix(maximumScalars))
        return String(clipped)
    }

    /// What is wrong with `text`, or `nil` when it fits. Empty text is fine only when the range starts at 0.
    public func problem(with text: String) -> TextProblem? {
        let scalars = text.unicodeScalars
        // Scalars first: counting characters of a huge string is itself costly.
        if scalars.count > maximumScalars { return .tooLong(limit: characters.upperBound) }
        if scalars.contains(where: { isUnshowable($0) }) { return .unshowable }
        var count = 0
        for character in text {
            count += 1
            let inCharacter = character.unicodeScalars
            if inCharacter.count > maximumScalarsPerCharacter
                || inCharacter.filter({ $0.isCombiningMark }).count > maximumMarksPerCharacter
            {
                return .overloadedCharacter
            }
        }
        if count < characters.lowerBound { return .required }
        if count > characters.upperBound { return .tooLong(limit: characters.upperBound) }
        if requiresVisibleLetter, !scalars.contains(where: \.isVisibleLetter) { return .noVisibleLetter }
        return nil
    }

    private func isUnshowable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control: !(allowsLineBreaks && scalar == "\n")
        case .surrogate, .privateUse, .unassigned: true
        default: scalar.isBidiControl
        }
    }
}

/// Why a text was refused, for a message that names its field.
public enum TextProblem: Error, Equatable, Sendable {
    case required
    case tooLong(limit: Int)
    case unshowable
    /// One character stacks too many marks or scalars.
    case overloadedCharacter
    /// Nothing in it can be seen as a letter or digit (only spaces, invisible fillers, or marks).
    case noVisibleLetter

    /// What is wrong, as a sentence fragment after the field's label: "First name is required".
    public func message(label: String) -> String {
        switch self {
        case .required: "\(label) is required"
        case .tooLong(let limit): "\(label) has at most \(limit) characters"
        case .unshowable: "\(label) has characters that can't be shown"
        case .overloadedCharacter: "\(label) has a character with too many accents or parts"
        case .noVisibleLetter: "\(label) needs at least one letter or digit"
        }
    }
}

extension Unicode.Scalar {
    /// A mark that combines with the character before it (general categories Mn, Mc, Me).
    var isCombiningMark: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// A letter or digit that shows: not a Hangul filler or another default-ignorable scalar.
    var isVisibleLetter: Bool {
        (properties.isAlphabetic || properties.numericType != nil) && !properties.isDefaultIgnorableCodePoint
    }

    /// The controls that reorder text (embeddings, overrides, isolates and the directional marks), which can make a
    /// name read differently from what it is (a right-to-left override turns `gnp.exe` around).
    var isBidiControl: Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

extension String {
    /// The text without bidirectional controls (see ``Unicode/Scalar/isBidiControl``): what a person typed, never
    /// able to turn the text around for the next reader.
    public var removingBidiControls: String {
        guard unicodeScalars.contains(where: \.isBidiControl) else { return self }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: unicodeScalars.filter { !$0.isBidiControl })
        return String(result)
    }
}
