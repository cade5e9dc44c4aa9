/// A stable identifier made of lowercase ASCII letters, digits and single hyphens, like `san-jose-convention-center`.
///
/// `Owner` only tags the kind of thing identified, so an area's id cannot be passed where a place's is expected.
/// Ids are never display names: names change, ids do not.
public struct Slug<Owner>: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The longest id accepted, in characters.
    public static var maximumLength: Int { 64 }

    /// The id as text.
    public let rawValue: String

    /// Checks `text` and makes an id of it.
    public init(_ text: some StringProtocol) throws(SlugError) {
        var text = String(text)
        // Over the contiguous bytes: a generic walk of `utf8` is not specialised across modules, and ids are
        // made for every row the stores read.
        let isWellFormed = text.withUTF8(Self.isWellFormed)
        guard !text.isEmpty else { throw .empty }
        guard text.utf8.count <= Self.maximumLength else { throw .tooLong(text.utf8.count) }
        guard isWellFormed else { throw .invalid(String(text.prefix(64))) }
        rawValue = text
    }

    /// Lower-case letters, digits and single hyphens, neither first nor last.
    private static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previousWasHyphen = true
        for byte in bytes {
            let isHyphen = byte == UInt8(ascii: "-")
            let isAllowed =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || isHyphen
            guard isAllowed, !(isHyphen && previousWasHyphen) else { return false }
            previousWasHyphen = isHyphen
        }
        return !previousWasHyphen
    }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            try self.init(try container.decode(String.self))
        } catch let error as SlugError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// Why an id was refused.
public enum SlugError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooLong(Int)
    case invalid(String)

    public var description: String {
        switch self {
        case .empty: "an id cannot be empty"
        case .tooLong(let length): "an id has at most \(Slug<Never>.maximumLength) characters, got \(length)"
        case .invalid(let text):
            "\"\(text)\" is not an id: use lowercase letters, digits and single hyphens between them"
        }
    }
}
