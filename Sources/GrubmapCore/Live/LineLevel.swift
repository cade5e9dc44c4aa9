/// How long the line at a place is, as the people there report it with one tap ("How's the line?").
///
/// Ordered from no line to a very long one, so reports can be ranked and their median taken. Stored as its raw value
/// (0…3) and written in JSON as its ``code``: `"none"`, `"short"`, `"long"`, `"very_long"`.
public enum LineLevel: Int, CaseIterable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// No line: served at once. JSON `"none"` (the case is not named `none`, which `Optional` already has).
    case noLine = 0
    /// A short line: under 5 minutes.
    case short
    /// A long line: 5 to 15 minutes.
    case long
    /// A very long line: over 15 minutes.
    case veryLong

    /// The level as the API writes it: `none`, `short`, `long` or `very_long`.
    public var code: String {
        switch self {
        case .noLine: "none"
        case .short: "short"
        case .long: "long"
        case .veryLong: "very_long"
        }
    }

    /// The level written as ``code``, or `nil` for anything else (case matters: `"Long"` is not a level).
    public init?(code: some StringProtocol) {
        guard let level = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = level
    }

    public var description: String { code }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let level = Self(code: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "\"\(text.prefix(32))\" is not a line level (none, short, long or very_long)")
        }
        self = level
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
