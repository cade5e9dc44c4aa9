/// A meal's identity within one place's menu of one day, derived from what the menu says rather than stored: the
/// same on every server, in every read, and in a client, and unchanged when a feed re-imports the same day.
///
/// It is 16 lowercase hex digits of FNV-1a (64 bits) over the UTF-8 of `"v1␟" + category + "␟" + name + "␟" + n`,
/// where `␟` is U+241F and `n` counts meals with the same category name and meal name in the day in menu order
/// (1 for the first). A renamed meal is a new meal. FNV is a fingerprint, not a MAC: a crafted feed could give two
/// meals one id, which only makes a mark show on both.
public struct MealID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 16 hex digits.
    public let rawValue: String

    /// Reads an id as the API sends it; `nil` unless it is exactly 16 lowercase hex digits.
    public init?(_ text: String) {
        guard text.utf8.count == 16,
            text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        rawValue = text
    }

    /// The id of the `occurrence`-th meal (from 1) named `name` in a category named `category` on a day.
    public init(category: String, name: String, occurrence: Int) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "v1\u{241F}\(category)\u{241F}\(name)\u{241F}\(occurrence)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        rawValue = String(repeating: "0", count: 16 - hex.count) + hex
    }

    public var description: String { rawValue }

    public static func < (lhs: MealID, rhs: MealID) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension MealID: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = MealID(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a meal id is 16 lowercase hex digits")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension Menu {
    /// The ids of the day's meals, one array per category in menu order, each parallel to the category's meals;
    /// empty when closed.
    public var mealIDs: [[MealID]] {
        var seen: [MealKey: Int] = [:]
        return categories.map { category in
            category.meals.map { meal in
                let key = MealKey(category: category.name, name: meal.name)
                let occurrence = (seen[key] ?? 0) + 1
                seen[key] = occurrence
                return MealID(category: category.name, name: meal.name, occurrence: occurrence)
            }
        }
    }

    /// The id of the meal at `meal` in the category at `category` (indexes in menu order), or `nil` when there is
    /// no such meal.
    public func mealID(category: Int, meal: Int) -> MealID? {
        let ids = mealIDs
        guard ids.indices.contains(category), ids[category].indices.contains(meal) else { return nil }
        return ids[category][meal]
    }

    /// The meal with `id` and its category, or `nil` when the day has no such meal.
    public func meal(withID id: MealID) -> (category: MenuCategory, meal: Meal)? {
        for (category, ids) in zip(categories, mealIDs) {
            if let index = ids.firstIndex(of: id) { return (category, category.meals[index]) }
        }
        return nil
    }

    private struct MealKey: Hashable {
        let category: String
        let name: String
    }
}
