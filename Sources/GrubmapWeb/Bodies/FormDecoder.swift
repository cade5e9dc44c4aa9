import Foundation
import GrubmapHTTP

/// Decodes a flat form (`application/x-www-form-urlencoded` or the text fields of `multipart/form-data`) into a
/// `Decodable` type: each property is a field, a `String`, a number, a `Bool` (`1`/`on`/`true` or
/// `0`/`off`/`false`), or a `String`-backed enum; optionals may be missing. Errors name the field.
struct FormDecoder {
    /// `code` becomes the 400's error code, like `invalid_profile`.
    func decode<Value: Decodable>(_ type: Value.Type, from fields: QueryFields, code: String = "bad_form")
        throws(HTTPError) -> Value
    {
        do {
            return try Value(from: FieldsDecoder(fields: fields))
        } catch let error as DecodingError {
            throw HTTPError.badRequest(error.fieldMessage, code: code, field: error.field)
        } catch {
            throw HTTPError.badRequest("\(error)", code: code)
        }
    }
}

private struct FieldsDecoder: Decoder {
    let fields: QueryFields
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FieldsContainer<Key>(fields: fields))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: codingPath, debugDescription: "a form has no lists"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(
            Any.self, .init(codingPath: codingPath, debugDescription: "a form is a set of fields"))
    }
}

private struct FieldsContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: QueryFields
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { fields.pairs.compactMap { Key(stringValue: $0.name) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { fields[key.stringValue] == nil }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let text = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: [key], debugDescription: "missing"))
        }
        return try T(from: FieldDecoder(text: text, key: key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: [key], debugDescription: "must be text"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: [key], debugDescription: "must be text"))
    }

    func superDecoder() throws -> any Decoder { FieldsDecoder(fields: fields) }
    func superDecoder(forKey key: Key) throws -> any Decoder { FieldsDecoder(fields: fields) }
}

/// One field's text, as whatever scalar its property wants.
private struct FieldDecoder: Decoder, SingleValueDecodingContainer {
    let text: String
    let key: any CodingKey
    var codingPath: [any CodingKey] { [key] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Nested: CodingKey>(keyedBy type: Nested.Type) throws -> KeyedDecodingContainer<Nested> {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "must be text"))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "must be text"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { false }

    func decode(_ type: Bool.Type) throws -> Bool {
        switch text.lowercased() {
        case "1", "on", "true": return true
        case "0", "off", "false", "": return false
        default: throw mismatch("must be 1 or 0")
        }
    }

    func decode(_ type: String.Type) throws -> String { text }
    func decode(_ type: Double.Type) throws -> Double { try number(Double(text)) }
    func decode(_ type: Float.Type) throws -> Float { try number(Float(text)) }
    func decode(_ type: Int.Type) throws -> Int { try number(Int(text)) }
    func decode(_ type: Int8.Type) throws -> Int8 { try number(Int8(text)) }
    func decode(_ type: Int16.Type) throws -> Int16 { try number(Int16(text)) }
    func decode(_ type: Int32.Type) throws -> Int32 { try number(Int32(text)) }
    func decode(_ type: Int64.Type) throws -> Int64 { try number(Int64(text)) }
    func decode(_ type: UInt.Type) throws -> UInt { try number(UInt(text)) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try number(UInt8(text)) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try number(UInt16(text)) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try number(UInt32(text)) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try number(UInt64(text)) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    private func number<T>(_ value: T?) throws -> T {
        guard let value else { throw mismatch("must be a number") }
        return value
    }

    private func mismatch(_ message: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: message))
    }
}
