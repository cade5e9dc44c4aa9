import Foundation

/// A Swift type that can be bound to a statement parameter and read back from a column.
///
/// Reading is strict: a value of another storage class is refused (``fromDatabaseValue(_:)`` returns `nil`)
/// instead of being converted the way SQLite's own `sqlite3_column_*` functions would, so `'12'` is never
/// silently read as the integer 12. The only widening allowed is an integer read as a `Double`.
public protocol DatabaseValueConvertible: Sendable {
    /// The value to store.
    var databaseValue: DatabaseValue { get }
    /// The Swift value for a stored value, or `nil` when the stored value has another type.
    static func fromDatabaseValue(_ value: DatabaseValue) -> Self?
}

extension DatabaseValue: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseValue? { value }
}

extension Int64: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int64? {
        if case .integer(let integer) = value { return integer }
        return nil
    }
}

extension Int: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int? {
        if case .integer(let integer) = value { return Int(exactly: integer) }
        return nil
    }
}

extension Double: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .real(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Double? {
        switch value {
        case .real(let real): return real
        case .integer(let integer): return Double(integer)
        default: return nil
        }
    }
}

extension String: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
        if case .text(let text) = value { return text }
        return nil
    }
}

extension Bool: DatabaseValueConvertible {
    /// Stored as the integer 1 or 0, SQLite's own convention.
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
    /// Any non-zero integer reads as `true`.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
        if case .integer(let integer) = value { return integer != 0 }
        return nil
    }
}

extension [UInt8]: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .blob(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> [UInt8]? {
        if case .blob(let bytes) = value { return bytes }
        return nil
    }
}

extension Data: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .blob([UInt8](self)) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Data? {
        if case .blob(let bytes) = value { return Data(bytes) }
        return nil
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// `nil` is stored as `NULL`.
    public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
    /// `NULL` reads as `nil`; any other value must convert to `Wrapped`.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Wrapped?? {
        if value == .null { return .some(nil) }
        return Wrapped.fromDatabaseValue(value).map { .some($0) }
    }
}
