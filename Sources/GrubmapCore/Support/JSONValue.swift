/// A JSON value as ``JSONReader`` reads it: small documents such as one GeoJSON feature, never a whole file.
public enum JSONValue: Equatable, Sendable {
    case object(JSONObject)
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// The members of an object, else `nil`.
    public var object: JSONObject? {
        if case .object(let members) = self { members } else { nil }
    }

    /// The elements of an array, else `nil`.
    public var array: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    /// The text of a string, else `nil`.
    public var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The value of a number (never of a boolean), else `nil`.
    public var number: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// Whether the value is `null`.
    public var isNull: Bool { self == .null }
}

/// A JSON object's members in the order they came. Objects of one feature have a handful of members, which a
/// list finds faster than a hash table costs to build; a key given twice means its last value, as in
/// `JSONSerialization`.
public struct JSONObject: Equatable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// The members, in document order, repeats included.
    public private(set) var members: [(key: String, value: JSONValue)] = []

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { (key: $0.0, value: $0.1) }
    }

    init() {}

    /// Adds a member. The first makes room for four, the members of most objects of a GeoJSON feature, which then
    /// grow their list at most once rather than three times (a tenth of a feature's reading, by callgrind); an empty
    /// object takes no room, so a feature of a million bytes of `{}` is no bigger in memory than before.
    mutating func append(_ key: String, _ value: JSONValue) {
        if members.isEmpty { members.reserveCapacity(4) }
        members.append((key, value))
    }

    /// The value of the last member named `key`, or `nil`.
    public subscript(key: String) -> JSONValue? {
        members.last { $0.key == key }?.value
    }

    /// Each key once, with its last value.
    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        let isRepeated = members.indices.contains { offset in
            members[(offset + 1)...].contains { $0.key == members[offset].key }
        }
        guard isRepeated else { return members.makeIterator() }
        return members.enumerated().filter { offset, member in
            !members[(offset + 1)...].contains { $0.key == member.key }
        }.map(\.element).makeIterator()
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        let left = Dictionary(lhs.members, uniquingKeysWith: { _, last in last })
        let right = Dictionary(rhs.members, uniquingKeysWith: { _, last in last })
        return left == right
    }
}
