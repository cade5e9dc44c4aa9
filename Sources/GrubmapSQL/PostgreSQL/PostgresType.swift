import CLibPQ

/// The PostgreSQL types this module binds and reads, by their fixed object ids (`pg_type.oid`, the same in
/// every database; see `src/include/catalog/pg_type.dat`), and how a column's text is read as a
/// ``DatabaseValue``.
enum PostgresType {
    static let bool: Oid = 16
    static let bytea: Oid = 17
    static let int8: Oid = 20
    static let int2: Oid = 21
    static let int4: Oid = 23
    static let text: Oid = 25
    static let oid: Oid = 26
    static let float4: Oid = 700
    static let float8: Oid = 701
    static let numeric: Oid = 1700
    /// Lets the server infer a parameter's type from where it is used.
    static let unspecified: Oid = 0

    /// The type a value is bound as: integers as `int8`, reals as `float8`, blobs as `bytea` (sent in binary),
    /// text and `NULL` left for the server to infer, so text binds to `text`, `varchar` or a date alike.
    static func parameterType(of value: DatabaseValue) -> Oid {
        switch value {
        case .integer: int8
        case .real: float8
        case .blob: bytea
        case .text, .null: unspecified
        }
    }

    /// Reads one non-`NULL` column value given in PostgreSQL's text format.
    ///
    /// `int2`, `int4`, `int8` and `oid` read as integers; `float4` and `float8` as reals (PostgreSQL 12 and later
    /// print the shortest text that reads back exactly; `NaN` and `±Infinity` included); `numeric` as an integer
    /// when it is a whole number in `Int64`'s range, else as its exact decimal text; `bool` as 1 or 0, the way
    /// SQLite stores it; `bytea` (hex format, `\x…`) as a blob; every other type (text, varchar, json, dates…)
    /// as its text.
    static func value(type: Oid, bytes: UnsafeBufferPointer<UInt8>) -> DatabaseValue {
        switch type {
        case int2, int4, int8, oid:
            if let integer = Int64(ascii: bytes) { return .integer(integer) }
        case float4, float8:
            if let real = Double(String(decoding: bytes, as: UTF8.self)) { return .real(real) }
        case numeric:
            if let integer = Int64(ascii: bytes) { return .integer(integer) }
        case bool:
            if bytes.count == 1 { return .integer(bytes[0] == UInt8(ascii: "t") ? 1 : 0) }
        case bytea:
            if let blob = hexBytes(bytes) { return .blob(blob) }
        default:
            break
        }
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    /// Decodes bytea's hex output format, `\x` then two hex digits a byte; `nil` for anything else (the
    /// pre-9.0 escape format is never sent: the server's default `bytea_output` is `hex`).
    private static func hexBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard bytes.count >= 2, bytes.count % 2 == 0, bytes[0] == UInt8(ascii: "\\"), bytes[1] == UInt8(ascii: "x")
        else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count / 2 - 1)
        var index = 2
        while index < bytes.count {
            guard let high = hexDigit(bytes[index]), let low = hexDigit(bytes[index + 1]) else { return nil }
            result.append(high << 4 | low)
            index += 2
        }
        return result
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Int64 {
    /// Parses ASCII decimal digits with an optional leading `-`; `nil` for anything else or on overflow.
    fileprivate init?(ascii bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty, bytes.count <= 20 else { return nil }
        self.init(String(decoding: bytes, as: UTF8.self), radix: 10)
    }
}
