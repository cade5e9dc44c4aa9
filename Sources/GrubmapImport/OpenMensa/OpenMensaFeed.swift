import Foundation
import GrubmapCore

/// An OpenMensa feed v2 document (<https://doc.openmensa.org/feed/v2/>), read and checked against the spec.
///
///     <openmensa version="2.1" xmlns="http://openmensa.org/open-mensa-v2">
///       <canteen>
///         <day date="2026-11-09">
///           <category name="중식">
///             <meal><name>돼지불고기 정식</name><note>돼지고기</note><price role="student">5000</price></meal>
///           </category>
///         </day>
///         <day date="2026-11-14"><closed/></day>
///       </canteen>
///     </openmensa>
///
/// Versions 2.0 and 2.1 are read. Canteen metadata (`name`, `address`, `location`, `times`, `feed`, …) is allowed
/// and ignored. A document that breaks the spec is refused with the first problem and its line: another root or
/// version, a day without categories that is not closed, a category without meals, a meal without a name, a bad
/// date, role or price, a name or note over 250 characters, an element the spec does not have, malformed XML.
/// The XML is read by libxml2 (``XMLReader``: no DOCTYPE, so no entity is ever expanded; no network), at most 32
/// attributes an element.
public struct OpenMensaFeed: Sendable {
    /// One `<day>` of the feed.
    public struct Day: Hashable, Sendable {
        public let menu: Menu
        /// The line its `<day>` tag is on.
        public let line: Int

        public var date: CalendarDate { menu.date }
    }

    /// The feed's `version` attribute as written: `2.0` or `2.1`.
    public let version: String
    /// The days in document order; no date appears twice.
    public let days: [Day]

    /// The largest document read, in bytes.
    public static let maximumBytes = 8 * 1024 * 1024
    /// The feed format's XML namespace; a document without a namespace is read too.
    public static let namespace = "http://openmensa.org/open-mensa-v2"

    /// Reads a feed whose prices are in `currency` (the place's area's).
    ///
    /// Prices must be plain decimals with no more digits after the point than `currency` has (`2.60` for EUR,
    /// `3000` for KRW).
    public static func parse(_ data: Data, currency: Currency) throws(OpenMensaError) -> OpenMensaFeed {
        guard data.count <= maximumBytes else {
            throw OpenMensaError(
                line: nil, message: "the feed is \(data.count) bytes; at most \(maximumBytes) bytes are read")
        }
        guard !data.isEmpty else {
            throw OpenMensaError(line: nil, message: "the document is empty: expected an <openmensa> element")
        }
        var builder = FeedBuilder(currency: currency)
        let reader: XMLReader
        do {
            reader = try XMLReader(data: data, maximumAttributes: 32)
        } catch {
            throw OpenMensaError(error)
        }
        func next() throws(OpenMensaError) -> XMLReader.Node? {
            do {
                return try reader.next()
            } catch {
                throw OpenMensaError(error)
            }
        }
        while let node = try next() {
            switch node {
            case .start(let element): try builder.start(element, line: reader.line)
            case .end: try builder.end(line: reader.line)
            case .text(let text): try builder.characters(text, line: reader.line)
            }
        }
        guard let version = builder.version, builder.isRootClosed else {
            throw OpenMensaError(line: nil, message: "the document is empty: expected an <openmensa> element")
        }
        return OpenMensaFeed(version: version, days: builder.days)
    }
}

/// Why a feed was refused: the first problem, with the line it is on when it has one.
public struct OpenMensaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line, or `nil` for the document as a whole.
    public let line: Int?
    public let message: String

    /// Makes an error; control characters in `message` (quoted from the feed) become spaces, so it stays one line.
    public init(line: Int?, message: String) {
        self.line = line
        self.message = String(
            String.UnicodeScalarView(
                message.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }

    /// The refusal of the XML itself, with libxml2's column when it gave one.
    init(_ problem: XMLReader.Problem) {
        self.init(line: problem.line, message: problem.message + (problem.column.map { " (column \($0))" } ?? ""))
    }

    /// `line 12: the meal has no <name>`.
    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}

/// Follows the element tree of a feed as ``XMLReader`` reads it and builds the days, throwing the first problem.
///
/// Elements are matched by local name: a feed in OpenMensa's namespace or in none reads the same.
private struct FeedBuilder {
    let currency: Currency
    private(set) var version: String?
    private(set) var days: [OpenMensaFeed.Day] = []
    private(set) var isRootClosed = false

    /// Open elements, outermost first, by local name.
    private var stack: [String] = []
    /// While inside canteen metadata, the depth of the element being skipped.
    private var skipDepth: Int?
    private var text = ""
    private var sawParserVersion = false
    private var sawCanteen = false
    private var firstLineOfDate: [CalendarDate: Int] = [:]

    private var day: (date: CalendarDate, line: Int, closed: Bool, categories: [MenuCategory])?
    private var category: (name: String, line: Int, meals: [Meal])?
    private var meal: (line: Int, name: String?, notes: [String], prices: [MealPrice])?
    private var priceRole: PriceRole?

    /// Elements that hold text only.
    private static let leaves: Set<String> = ["version", "name", "note", "price", "closed"]
    /// Canteen metadata of feed v2.1, skipped with everything inside.
    private static let metadata: Set<String> = [
        "name", "address", "city", "phone", "email", "location", "availability", "times", "feed",
    ]

    init(currency: Currency) {
        self.currency = currency
    }

    mutating func start(_ element: XMLReader.Element, line: Int) throws(OpenMensaError) {
        func fail(_ message: String) -> OpenMensaError { OpenMensaError(line: line, message: message) }
        if let skipDepth {
            self.skipDepth = skipDepth + 1
            return
        }
        let name = element.localName
        let attributes = element.attributes
        if let namespace = element.namespace, !namespace.isEmpty, namespace != OpenMensaFeed.namespace {
            throw fail("<\(name)> is in the namespace \(namespace), not OpenMensa's")
        }
        let parent = stack.last
        if let parent, Self.leaves.contains(parent) {
            throw fail("<\(parent)> holds text only, not <\(name)>")
        }
        switch (parent, name) {
        case (nil, "openmensa"):
            guard version == nil else { throw fail("a second root element <\(name)>") }
            guard let given = attributes["version"] else {
                throw fail("<openmensa> needs a version attribute (2.0 or 2.1)")
            }
            guard ["2.0", "2.1", "2", "2.10", "2.00"].contains(given.trimmingCharacters(in: .whitespaces)) else {
                throw fail("feed version \"\(given.prefix(16))\" is not 2.0 or 2.1")
            }
            version = given.trimmingCharacters(in: .whitespaces)
        case (nil, _):
            throw fail(
                version == nil ? "the root element is <\(name)>, not <openmensa>" : "a second root element <\(name)>")
        case ("openmensa", "version"):
            guard !sawParserVersion, !sawCanteen else { throw fail("<version> must come once, before <canteen>") }
            sawParserVersion = true
        case ("openmensa", "canteen"):
            guard !sawCanteen else { throw fail("a feed has one <canteen>") }
            sawCanteen = true
        case ("canteen", "day"):
            try startDay(attributes: attributes, line: line)
        case ("canteen", let metadata) where Self.metadata.contains(metadata):
            guard days.isEmpty else { throw fail("canteen metadata <\(name)> must come before the days") }
            // Skipped with everything inside: not pushed, and its end tag is not handled.
            skipDepth = 1
            return
        case ("day", "closed"):
            guard let day, !day.closed else { throw fail("a day is closed once") }
            guard day.categories.isEmpty else { throw fail("a day with categories cannot also be <closed/>") }
            self.day?.closed = true
        case ("day", "category"):
            guard day?.closed == false else { throw fail("a <closed/> day cannot have categories") }
            guard let given = attributes["name"] else { throw fail("<category> needs a name attribute") }
            category = (given, line, [])
        case ("category", "meal"):
            meal = (line, nil, [], [])
        case ("meal", "name"):
            guard meal?.name == nil else { throw fail("a meal has one <name>") }
        case ("meal", "note"):
            break
        case ("meal", "price"):
            guard let given = attributes["role"], let role = PriceRole(rawValue: given) else {
                let roles = PriceRole.allCases.map(\.rawValue).joined(separator: ", ")
                throw fail("<price> needs a role attribute: one of \(roles)")
            }
            priceRole = role
        case (let parent?, _):
            throw fail("<\(parent)> cannot contain <\(name)>")
        }
        stack.append(name)
        text = ""
    }

    private mutating func startDay(attributes: [String: String], line: Int) throws(OpenMensaError) {
        guard let given = attributes["date"] else {
            throw OpenMensaError(line: line, message: "<day> needs a date attribute")
        }
        let date: CalendarDate
        do {
            date = try CalendarDate(parsing: given)
        } catch {
            throw OpenMensaError(line: line, message: "day date: \(error.description)")
        }
        if let first = firstLineOfDate[date] {
            throw OpenMensaError(line: line, message: "the day \(date) is given twice (first on line \(first))")
        }
        firstLineOfDate[date] = line
        day = (date, line, false, [])
    }

    mutating func end(line: Int) throws(OpenMensaError) {
        func fail(_ message: String) -> OpenMensaError { OpenMensaError(line: line, message: message) }
        if let skipDepth {
            self.skipDepth = skipDepth == 1 ? nil : skipDepth - 1
            return
        }
        let name = stack.removeLast()
        let value = text
        text = ""
        switch name {
        case "openmensa" where stack.isEmpty:
            guard sawCanteen else { throw fail("<openmensa> needs a <canteen>") }
            isRootClosed = true
        case "version" where stack.last == "openmensa":
            guard value.count <= 63 else { throw fail("<version> has at most 63 characters") }
        case "closed":
            guard value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw fail("<closed/> must be empty")
            }
        case "name":
            meal?.name = value
        case "note":
            meal?.notes.append(value)
        case "price":
            guard let priceRole else { return }
            do {
                let amount = try MealPrice.amount(parsing: value, currency: currency)
                meal?.prices.append(MealPrice(role: priceRole, amount: amount))
            } catch {
                throw fail(error.description)
            }
        case "meal":
            try endMeal()
        case "category":
            try endCategory()
        case "day":
            try endDay()
        default:
            break
        }
    }

    private mutating func endMeal() throws(OpenMensaError) {
        guard let meal else { return }
        self.meal = nil
        guard let name = meal.name else { throw OpenMensaError(line: meal.line, message: "the meal has no <name>") }
        do {
            category?.meals.append(try Meal(name: name, notes: meal.notes, prices: meal.prices))
        } catch {
            throw OpenMensaError(line: meal.line, message: error.description)
        }
    }

    private mutating func endCategory() throws(OpenMensaError) {
        guard let category else { return }
        self.category = nil
        do {
            day?.categories.append(try MenuCategory(name: category.name, meals: category.meals))
        } catch {
            throw OpenMensaError(line: category.line, message: error.description)
        }
    }

    private mutating func endDay() throws(OpenMensaError) {
        guard let day else { return }
        self.day = nil
        guard day.closed || !day.categories.isEmpty else {
            throw OpenMensaError(
                line: day.line, message: "the day \(day.date) has no categories and is not <closed/>")
        }
        do {
            let menu = try Menu(
                date: day.date, status: day.closed ? .closed : .serving(day.categories), currency: currency)
            days.append(OpenMensaFeed.Day(menu: menu, line: day.line))
        } catch {
            throw OpenMensaError(line: day.line, message: error.description)
        }
    }

    mutating func characters(_ string: String, line: Int) throws(OpenMensaError) {
        guard skipDepth == nil else { return }
        if let current = stack.last, Self.leaves.contains(current) {
            guard text.utf8.count + string.utf8.count <= 16 * 1024 else {
                throw OpenMensaError(line: line, message: "the text in <\(current)> is too long")
            }
            text += string
        } else if !string.allSatisfy({ $0.isWhitespace || $0.isNewline }) {
            let shown = string.trimmingCharacters(in: .whitespacesAndNewlines).prefix(24)
            throw OpenMensaError(
                line: line,
                message: "text \"\(shown)\" is not allowed in \(stack.last.map { "<\($0)>" } ?? "the document")")
        }
    }
}
