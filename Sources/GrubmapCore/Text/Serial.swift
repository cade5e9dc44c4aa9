/// An id the store gives as a positive number, never reused: a dish's, a name suggestion's.
///
/// `Owner` only tags the kind of thing identified, as ``Slug``'s does, so a dish's id cannot be passed where a
/// suggestion's is expected.
public struct Serial<Owner>: Hashable, Sendable, Comparable, Codable, CustomStringConvertible,
    LosslessStringConvertible
{
    public let rawValue: Int64

    /// `nil` unless positive.
    public init?(_ rawValue: Int64) {
        guard rawValue > 0 else { return nil }
        self.rawValue = rawValue
    }

    /// Reads an id as addresses write it: decimal digits only, no sign, no leading zero, positive.
    public init?(_ text: String) {
        guard let first = text.utf8.first, first != UInt8(ascii: "0"), text.utf8.count <= 18,
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let value = Int64(text)
        else { return nil }
        self.init(value)
    }

    public var description: String { String(rawValue) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let id = Self(try container.decode(Int64.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "an id is a positive number")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
