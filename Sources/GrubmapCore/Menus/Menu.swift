import Foundation

/// What a place serves on one date: closed, or categories of meals. Shaped after the OpenMensa feed v2 data model
/// (<https://doc.openmensa.org/feed/v2/>), which Grubmap imports.
///
/// "No menu known" is not a `Menu`: stores answer `nil` for it, so "closed" and "no menu yet" stay different.
public struct Menu: Hashable, Sendable {
    /// Whether the place serves food that day.
    public enum Status: Hashable, Sendable {
        /// Closed all day (a weekend, a holiday).
        case closed
        /// Serving these categories, in the order the menu lists them; never empty.
        case serving([MenuCategory])
    }

    /// The date, on the place's area's calendar.
    public let date: CalendarDate
    public let status: Status
    /// The currency the prices are in (the area's when the menu was saved).
    public let currency: Currency
    /// A remark for the whole day from whoever wrote the menu (Grubmap's sample menus say that they are samples),
    /// or `nil`.
    public let note: String?

    /// Makes a menu; a `.serving` status with no categories is refused, and so is an empty note.
    public init(date: CalendarDate, status: Status, currency: Currency, note: String? = nil) throws(MenuError) {
        if case .serving(let categories) = status, categories.isEmpty { throw .noCategories }
        if let note {
            guard let cleaned = MenuText.clean(note), cleaned.unicodeScalars.count <= MenuText.maximumLength else {
                throw .badText(field: "note", reason: MenuText.problem(note))
            }
            self.note = cleaned
        } else {
            self.note = nil
        }
        self.date = date
        self.status = status
        self.currency = currency
    }

    /// Whether the place is closed that day.
    public var isClosed: Bool { status == .closed }

    /// Closed or serving.
    public var kind: MenuDayKind { isClosed ? .closed : .serving }

    /// The categories served; empty when closed.
    public var categories: [MenuCategory] {
        if case .serving(let categories) = status { return categories }
        return []
    }

    /// The roles the menu's prices are for (one at a venue whose prices are for everyone).
    public var priceRoles: Set<PriceRole> {
        Set(categories.lazy.flatMap(\.meals).flatMap(\.prices).map(\.role))
    }
}

/// What a day with a menu is, for a calendar that only marks days: closed, or serving food.
public enum MenuDayKind: String, Hashable, Sendable {
    case closed, serving
}

/// A group of meals on a menu, like 중식 (lunch) or "Mains"; any name the menu gives.
public struct MenuCategory: Hashable, Sendable {
    /// The name as the menu writes it: 1 to 250 characters, whitespace runs collapsed.
    public let name: String
    /// The meals, in menu order; never empty.
    public let meals: [Meal]
    /// The part of the day the category's name says it is served in, if it says one (read once, as pages ask
    /// often).
    public let period: MealPeriod?

    public init(name: String, meals: [Meal]) throws(MenuError) {
        guard let cleaned = MenuText.clean(name), cleaned.unicodeScalars.count <= MenuText.maximumLength else {
            throw .badText(field: "category name", reason: MenuText.problem(name))
        }
        guard !meals.isEmpty else { throw .noMeals(category: cleaned) }
        self.name = cleaned
        self.meals = meals
        period = MealPeriod(categoryName: cleaned)
    }
}

/// One dish or set meal.
public struct Meal: Hashable, Sendable {
    /// The name: 1 to 250 characters (Unicode scalars, as XML Schema counts them), whitespace runs collapsed.
    public let name: String
    /// Short remarks such as allergens or "vegan", each 1 to 250 characters, in menu order.
    public let notes: [String]
    /// Prices, at most one per role, ordered by role (student, employee, pupil, other); may be empty.
    public let prices: [MealPrice]

    public init(name: String, notes: [String] = [], prices: [MealPrice] = []) throws(MenuError) {
        guard let cleaned = MenuText.clean(name), cleaned.unicodeScalars.count <= MenuText.maximumLength else {
            throw .badText(field: "meal name", reason: MenuText.problem(name))
        }
        var keptNotes: [String] = []
        for note in notes {
            guard let cleanedNote = MenuText.clean(note), cleanedNote.unicodeScalars.count <= MenuText.maximumLength
            else { throw .badText(field: "note", reason: MenuText.problem(note)) }
            keptNotes.append(cleanedNote)
        }
        var roles = Set<PriceRole>()
        for price in prices where !roles.insert(price.role).inserted {
            throw .duplicatePriceRole(price.role)
        }
        self.name = cleaned
        self.notes = keptNotes
        self.prices = prices.sorted { $0.role.order < $1.role.order }
    }

    /// The price for `role`, or `nil`.
    public func price(for role: PriceRole) -> Decimal? {
        prices.first { $0.role == role }?.amount
    }
}

/// Who a price applies to, as OpenMensa's feed names the roles.
public enum PriceRole: String, CaseIterable, Codable, Sendable {
    case student, employee, pupil, other

    /// The order prices are listed in.
    var order: Int { Self.allCases.firstIndex(of: self)! }
}

/// What a meal costs for one role: an exact decimal in the menu's currency's major unit (won, dollars).
public struct MealPrice: Hashable, Sendable {
    public let role: PriceRole
    public let amount: Decimal

    public init(role: PriceRole, amount: Decimal) {
        self.role = role
        self.amount = amount
    }

    /// Reads a price written as a plain decimal (`2.60`, `3000`) exactly, never through binary floating point.
    ///
    /// Refused: signs, exponents, thousands separators, more fraction digits than `currency` has minor units
    /// unless they are zeros (`2600.00` won is fine, `2600.5` is not), and amounts of a billion or more.
    public static func amount(parsing text: String, currency: Currency) throws(MenuError) -> Decimal {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let shown = String(trimmed.prefix(32))
        let parts = trimmed.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits: (Substring) -> Bool = { part in
            part.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
        guard let whole = parts.first, !whole.isEmpty, digits(whole),
            parts.count == 1 || (!parts[1].isEmpty && digits(parts[1]))
        else { throw .badPrice(shown, reason: "write it as a plain number like 2.60") }
        let fraction = parts.count == 2 ? parts[1] : ""
        let significant = fraction.reversed().drop { $0 == "0" }.count
        guard significant <= currency.minorUnits else {
            throw .badPrice(
                shown, reason: "\(currency.code) has \(currency.minorUnits) digits after the decimal point")
        }
        let integerDigits = whole.drop { $0 == "0" }
        guard integerDigits.count <= 9 else { throw .badPrice(shown, reason: "a price must be under 1,000,000,000") }
        let fractionDigits =
            String(fraction.prefix(significant)) + String(repeating: "0", count: currency.minorUnits - significant)
        let wholeValue = Int64(integerDigits.isEmpty ? "0" : String(integerDigits))!
        let minor = wholeValue * pow10(currency.minorUnits) + (fractionDigits.isEmpty ? 0 : Int64(fractionDigits)!)
        return Decimal(sign: .plus, exponent: -currency.minorUnits, significand: Decimal(minor))
    }

    /// The amount in the currency's minor units (cents, won): exact, as the store keeps it.
    public func minorUnits(in currency: Currency) -> Int64 {
        var scaled = amount * Decimal(sign: .plus, exponent: currency.minorUnits, significand: 1)
        var whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, .plain)
        return NSDecimalNumber(decimal: whole).int64Value
    }

    /// A price from an amount in minor units.
    public init(role: PriceRole, minorUnits: Int64, currency: Currency) {
        self.init(
            role: role, amount: Decimal(sign: .plus, exponent: -currency.minorUnits, significand: Decimal(minorUnits)))
    }

    private static func pow10(_ exponent: Int) -> Int64 {
        (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}

/// The text rules every name and note on a menu follows.
enum MenuText {
    /// The most characters (Unicode scalars) a name or note may have, as in the OpenMensa schema.
    static let maximumLength = 250

    /// The text with surrounding whitespace trimmed and inner runs (line breaks included) made one space;
    /// `nil` when nothing is left.
    static func clean(_ text: String) -> String? {
        // Text read back from the store is clean already; checking its bytes is much cheaper than splitting it.
        if isClean(text) { return text }
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Whether ``clean(_:)`` would give `text` back unchanged: not empty, no space at either end or twice in a row,
    /// no other whitespace or line break, and no space that a combining mark makes part of a character (which the
    /// split would drop). Looks at Unicode scalars, and at a scalar's properties only right after a space.
    static func isClean(_ text: String) -> Bool {
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x20 {
                if previous == nil || previous == " " { return false }
            } else if value < 0x20 || whitespace.contains(value) {
                return false
            } else if previous == " ", value >= 0x300,
                scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .spacingMark
                    || value == 0x200D
            {
                return false
            }
            previous = scalar
        }
        return previous != nil && previous != " "
    }

    /// The whitespace and line breaks beyond ASCII's control characters and space (and DEL, left to the split).
    private static let whitespace: Set<UInt32> = [
        0x7F, 0x85, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009,
        0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
    ]

    /// Why `text` is not a valid name or note.
    static func problem(_ text: String) -> String {
        guard let cleaned = clean(text) else { return "must not be empty" }
        return "must be at most \(maximumLength) characters, got \(cleaned.unicodeScalars.count)"
    }
}

/// Why a menu, a category, a meal or a price was refused.
public enum MenuError: Error, Hashable, Sendable, CustomStringConvertible {
    case noCategories
    case noMeals(category: String)
    case badText(field: String, reason: String)
    case duplicatePriceRole(PriceRole)
    case badPrice(String, reason: String)

    public var description: String {
        switch self {
        case .noCategories: "a day that is not closed needs at least one category"
        case .noMeals(let category): "the category \"\(category.prefix(64))\" has no meals"
        case .badText(let field, let reason): "the \(field) \(reason)"
        case .duplicatePriceRole(let role): "the meal has two prices for the role \(role.rawValue)"
        case .badPrice(let text, let reason): "\"\(text)\" is not a price: \(reason)"
        }
    }
}
