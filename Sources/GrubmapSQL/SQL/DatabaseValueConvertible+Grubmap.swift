import Foundation
import GrubmapCore

extension Slug: DatabaseValueConvertible {
    /// An id is stored as its text.
    public var databaseValue: DatabaseValue { .text(rawValue) }

    /// Text that is a valid id; anything else (another type, text that breaks the id rules) reads as `nil`.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Slug? {
        guard case .text(let text) = value else { return nil }
        return try? Slug(text)
    }
}

extension Serial: DatabaseValueConvertible {
    /// A serial id (a dish's, a suggestion's) is stored as its number.
    public var databaseValue: DatabaseValue { .integer(rawValue) }

    /// A positive integer; anything else reads as `nil`.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Serial? {
        guard case .integer(let number) = value else { return nil }
        return Serial(number)
    }
}

extension Date: DatabaseValueConvertible {
    /// Whole seconds since 1970, rounded down, as Grubmap's schema stores times (`BIGINT` columns).
    public var databaseValue: DatabaseValue { .integer(storedSeconds) }

    /// The whole seconds since 1970, rounded down, that the schema stores for this instant.
    var storedSeconds: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }

    /// An integer of seconds since 1970.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Date? {
        guard case .integer(let seconds) = value else { return nil }
        return Date(timeIntervalSince1970: Double(seconds))
    }
}

extension MealID: DatabaseValueConvertible {
    /// A meal id is stored as its 16 hex digits.
    public var databaseValue: DatabaseValue { .text(rawValue) }

    /// Text that is a meal id; anything else reads as `nil`.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> MealID? {
        guard case .text(let text) = value else { return nil }
        return MealID(text)
    }
}
