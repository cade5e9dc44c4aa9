import Foundation
import GrubmapCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

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
/// The bytes are checked before the parser sees them (``XMLPreflight``): valid UTF-8 or UTF-16, no DOCTYPE (so no
/// entity is ever expanded), at most 32 attributes an element.
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
        let checked: Data
        do {
            checked = try XMLPreflight().check(data)
        } catch {
            throw OpenMensaError(line: error.line, message: error.message)
        }
        let parser = XMLParser(data: checked)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let reader = FeedReader(currency: currency)
        parser.delegate = reader
        let finished = parser.parse()
        if let error = reader.error { throw error }
        // `parse()` answers true for some malformed documents (a tag left open, a second root): the delegate
        // heard about it, and so does `parserError`.
        if let error = parser.parserError {
            throw OpenMensaError(line: parser.lineNumber, message: XMLErrorText.describe(error))
        }
        guard finished else { throw OpenMensaError(line: parser.lineNumber, message: "the XML could not be read") }
        guard let version = reader.version, reader.isRootClosed else {
            throw OpenMensaError(line: nil, message: "the document is empty: expected an <openmensa> element")
        }
        return OpenMensaFeed(version: version, days: reader.days)
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

    /// `line 12: the meal has no <name>`.
    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}

/// The parser's delegate: follows the element tree and builds the days, stopping at the first problem.
///
/// Used by one `parse()` call on one thread; it never escapes ``OpenMensaFeed/parse(_:currency:)``.
private final class FeedReader: NSObject, XMLParserDelegate {
    let currency: Currency
    private(set) var error: OpenMensaError?
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

    private func fail(_ parser: XMLParser, _ message: String, line: Int? = nil) {
        guard error == nil else { return }
        error = OpenMensaError(line: line ?? parser.lineNumber, message: message)
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard error == nil else { return }
        if let skipDepth {
            self.skipDepth = skipDepth + 1
            return
        }
        if let namespaceURI, !namespaceURI.isEmpty, namespaceURI != OpenMensaFeed.namespace {
            return fail(parser, "<\(name)> is in the namespace \(namespaceURI), not OpenMensa's")
        }
        let parent = stack.last
        if let parent, Self.leaves.contains(parent) {
            return fail(parser, "<\(parent)> holds text only, not <\(name)>")
        }
        switch (parent, name) {
        case (nil, "openmensa"):
            guard version == nil else { return fail(parser, "a second root element <\(name)>") }
            guard let given = attributes["version"] else {
                return fail(parser, "<openmensa> needs a version attribute (2.0 or 2.1)")
            }
            guard ["2.0", "2.1", "2", "2.10", "2.00"].contains(given.trimmingCharacters(in: .whitespaces)) else {
                return fail(parser, "feed version \"\(given.prefix(16))\" is not 2.0 or 2.1")
            }
            version = given.trimmingCharacters(in: .whitespaces)
        case (nil, _):
            return fail(
                parser,
                version == nil ? "the root element is <\(name)>, not <openmensa>" : "a second root element <\(name)>")
        case ("openmensa", "version"):
            guard !sawParserVersion, !sawCanteen else {
                return fail(parser, "<version> must come once, before <canteen>")
            }
            sawParserVersion = true
        case ("openmensa", "canteen"):
            guard !sawCanteen else { return fail(parser, "a feed has one <canteen>") }
            sawCanteen = true
        case ("canteen", "day"):
            startDay(parser, attributes: attributes)
        case ("canteen", let metadata) where Self.metadata.contains(metadata):
            guard days.isEmpty else { return fail(parser, "canteen metadata <\(name)> must come before the days") }
            // Skipped with everything inside: not pushed, and its end tag is not handled.
            skipDepth = 1
            return
        case ("day", "closed"):
            guard let day, !day.closed else { return fail(parser, "a day is closed once") }
            guard day.categories.isEmpty else { return fail(parser, "a day with categories cannot also be <closed/>") }
            self.day?.closed = true
        case ("day", "category"):
            guard day?.closed == false else { return fail(parser, "a <closed/> day cannot have categories") }
            guard let given = attributes["name"] else { return fail(parser, "<category> needs a name attribute") }
            category = (given, parser.lineNumber, [])
        case ("category", "meal"):
            meal = (parser.lineNumber, nil, [], [])
        case ("meal", "name"):
            guard meal?.name == nil else { return fail(parser, "a meal has one <name>") }
        case ("meal", "note"):
            break
        case ("meal", "price"):
            guard let given = attributes["role"], let role = PriceRole(rawValue: given) else {
                let roles = PriceRole.allCases.map(\.rawValue).joined(separator: ", ")
                return fail(parser, "<price> needs a role attribute: one of \(roles)")
            }
            priceRole = role
        case (let parent?, _):
            return fail(parser, "<\(parent)> cannot contain <\(name)>")
        }
        stack.append(name)
        text = ""
    }

    private func startDay(_ parser: XMLParser, attributes: [String: String]) {
        guard let given = attributes["date"] else { return fail(parser, "<day> needs a date attribute") }
        let date: CalendarDate
        do {
            date = try CalendarDate(parsing: given)
        } catch {
            return fail(parser, "day date: \(error.description)")
        }
        if let first = firstLineOfDate[date] {
            return fail(parser, "the day \(date) is given twice (first on line \(first))")
        }
        firstLineOfDate[date] = parser.lineNumber
        day = (date, parser.lineNumber, false, [])
    }

    func parser(
        _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
    ) {
        guard error == nil else { return }
        if let skipDepth {
            self.skipDepth = skipDepth == 1 ? nil : skipDepth - 1
            return
        }
        stack.removeLast()
        let value = text
        text = ""
        switch name {
        case "openmensa" where stack.isEmpty:
            guard sawCanteen else { return fail(parser, "<openmensa> needs a <canteen>") }
            isRootClosed = true
        case "version" where stack.last == "openmensa":
            guard value.count <= 63 else { return fail(parser, "<version> has at most 63 characters") }
        case "closed":
            guard value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                return fail(parser, "<closed/> must be empty")
            }
        case "name":
            meal?.name = value
        case "note":
            meal?.notes.append(value)
        case "price":
            do {
                let amount = try MealPrice.amount(parsing: value, currency: currency)
                meal?.prices.append(MealPrice(role: priceRole!, amount: amount))
            } catch {
                return fail(parser, error.description)
            }
        case "meal":
            endMeal(parser)
        case "category":
            endCategory(parser)
        case "day":
            endDay(parser)
        default:
            break
        }
    }

    private func endMeal(_ parser: XMLParser) {
        guard let meal else { return }
        self.meal = nil
        guard let name = meal.name else { return fail(parser, "the meal has no <name>", line: meal.line) }
        do {
            category?.meals.append(try Meal(name: name, notes: meal.notes, prices: meal.prices))
        } catch {
            fail(parser, error.description, line: meal.line)
        }
    }

    private func endCategory(_ parser: XMLParser) {
        guard let category else { return }
        self.category = nil
        do {
            day?.categories.append(try MenuCategory(name: category.name, meals: category.meals))
        } catch {
            fail(parser, error.description, line: category.line)
        }
    }

    private func endDay(_ parser: XMLParser) {
        guard let day else { return }
        self.day = nil
        guard day.closed || !day.categories.isEmpty else {
            return fail(parser, "the day \(day.date) has no categories and is not <closed/>", line: day.line)
        }
        do {
            let menu = try Menu(
                date: day.date, status: day.closed ? .closed : .serving(day.categories), currency: currency)
            days.append(OpenMensaFeed.Day(menu: menu, line: day.line))
        } catch {
            fail(parser, error.description, line: day.line)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        characters(parser, string)
    }

    func parser(_ parser: XMLParser, foundCDATA data: Data) {
        characters(parser, String(decoding: data, as: UTF8.self))
    }

    private func characters(_ parser: XMLParser, _ string: String) {
        guard error == nil, skipDepth == nil else { return }
        if let current = stack.last, Self.leaves.contains(current) {
            guard text.utf8.count + string.utf8.count <= 16 * 1024 else {
                return fail(parser, "the text in <\(current)> is too long")
            }
            text += string
        } else if !string.allSatisfy({ $0.isWhitespace || $0.isNewline }) {
            let shown = string.trimmingCharacters(in: .whitespacesAndNewlines).prefix(24)
            fail(parser, "text \"\(shown)\" is not allowed in \(stack.last.map { "<\($0)>" } ?? "the document")")
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard error == nil else { return }
        error = OpenMensaError(line: parser.lineNumber, message: XMLErrorText.describe(parseError))
    }
}
