import Foundation

/// What a person chose, read and written through typed ``PreferenceKey``s.
///
/// Values are kept as the JSON text they are stored as, so a value that no longer decodes (a renamed case, a
/// hand-edited row) is simply read as the key's default and never throws.
public struct Preferences: Sendable, Equatable {
    /// The stored JSON text per key name. Names no key knows are kept but never read.
    public private(set) var storage: [String: String]

    public init(storage: [String: String] = [:]) {
        self.storage = storage
    }

    /// The value for `key`, or its default when nothing valid is stored.
    public subscript<Value>(key: PreferenceKey<Value>) -> Value {
        guard let text = storage[key.name], let value = Self.decoded(text, as: Value.self),
            key.problem(with: value) == nil
        else { return key.defaultValue }
        return value
    }

    /// Values decoded from their stored text, by type and text, shared by every request: a page reads a dozen
    /// preferences, and decoding each one's JSON afresh cost more than the rest of a page answered from the caches.
    private static let decodedValues = BoundedMemo<DecodedKey, any Sendable>()

    private struct DecodedKey: Hashable {
        let type: ObjectIdentifier
        let text: String
    }

    private static func decoded<Value: Decodable & Sendable>(_ text: String, as type: Value.Type) -> Value? {
        decodedValues.value(
            for: DecodedKey(type: ObjectIdentifier(type), text: text),
            make: { try? JSONDecoder().decode(Value.self, from: Data(text.utf8)) }) as? Value
    }

    /// Stores `value` for `key`; storing the default removes the entry. Throws when the key refuses the value.
    public mutating func set<Value>(_ value: Value, for key: PreferenceKey<Value>) throws(PreferenceError) {
        if let problem = key.problem(with: value) { throw PreferenceError(field: key.name, message: problem) }
        if value == key.defaultValue {
            storage[key.name] = nil
            return
        }
        storage[key.name] = Self.encode(value)
    }

    /// Forgets the value for `key`, so it reads as the default.
    public mutating func reset<Value>(_ key: PreferenceKey<Value>) {
        storage[key.name] = nil
    }

    /// Forgets every value.
    public mutating func resetAll() {
        storage = [:]
    }

    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Values are strings, numbers, enums and optionals of them: encoding cannot fail.
        return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }
}

/// A preference value that was refused, naming the field.
public struct PreferenceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The key's name, like `units`.
    public let field: String
    public let message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
