/// The weekly hours a place is open, as a list of rules like "Mo-Fr 11:00-21:30", and dated exceptions to them
/// (a holiday closed, other hours one day).
///
/// Encodes as `[{"days": "Mo-Fr", "opens": "11:00", "closes": "21:30"}]` while there are no exceptions and no note,
/// and as `{"weekly": [...], "exceptions": [...], "note": "…"}` when there are (see ``Exception``); both forms are
/// read. A rule whose
/// closing time is not after its opening time runs past midnight into the next day ("Fr 18:00-02:00").
public struct OpeningHours: Hashable, Sendable, Codable {
    /// One line of hours: the days it applies to and the times.
    public struct Rule: Hashable, Sendable, Codable {
        public var days: [Weekday]
        public var opens: TimeOfDay
        public var closes: TimeOfDay

        public init(days: [Weekday], opens: TimeOfDay, closes: TimeOfDay) throws(OpeningHoursError) {
            guard !days.isEmpty else { throw .noDays }
            self.days = days
            self.opens = opens
            self.closes = closes
        }

        private enum CodingKeys: String, CodingKey { case days, opens, closes }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func decode<Value>(_ key: CodingKeys, _ parse: (String) throws(OpeningHoursError) -> Value) throws -> Value
            {
                do {
                    return try parse(try container.decode(String.self, forKey: key))
                } catch let error as OpeningHoursError {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: container, debugDescription: error.description)
                }
            }
            try self.init(
                days: decode(.days, Weekday.parseList), opens: decode(.opens, TimeOfDay.init(parsing:)),
                closes: decode(.closes, TimeOfDay.init(parsing:)))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(Weekday.format(days), forKey: .days)
            try container.encode(opens.description, forKey: .opens)
            try container.encode(closes.description, forKey: .closes)
        }
    }

    /// The rules, in the order given.
    public var rules: [Rule]
    /// The dated exceptions, one per date, in date order.
    public internal(set) var exceptions: [Exception]
    /// A remark on the hours as a whole, shown with them (the demo's "sample hours, not this place's real ones"), or
    /// `nil`. Hours an operator enters carry none.
    public var note: String?

    public init(rules: [Rule] = [], note: String? = nil) {
        self.rules = rules
        exceptions = []
        self.note = note
    }

    /// Weekly rules with dated exceptions; refuses more than ``exceptionLimit`` of them or two for one date.
    public init(rules: [Rule], exceptions: [Exception], note: String? = nil) throws(OpeningHoursError) {
        self.rules = rules
        self.exceptions = try Self.checked(exceptions)
        self.note = note
    }

    /// Whether no hours are known: no weekly rules (exceptions alone don't tell when the place is open).
    public var isEmpty: Bool { rules.isEmpty }

    private enum CodingKeys: String, CodingKey { case weekly, exceptions, note }

    public init(from decoder: any Decoder) throws {
        // The weekly list alone, or an object with exceptions; a list's own errors (a bad day) are the ones told.
        guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
            self.init(rules: try decoder.singleValueContainer().decode([Rule].self))
            return
        }
        let rules = try container.decode([Rule].self, forKey: .weekly)
        let exceptions = try container.decodeIfPresent([Exception].self, forKey: .exceptions) ?? []
        let note = try container.decodeIfPresent(String.self, forKey: .note).map { String($0.trimmingSpaces) }
        guard (note?.count ?? 0) <= Exception.noteLimit else {
            throw DecodingError.dataCorruptedError(
                forKey: .note, in: container,
                debugDescription: "the note is longer than \(Exception.noteLimit) characters")
        }
        let kept = note?.isEmpty == false ? note : nil
        do {
            try self.init(rules: rules, exceptions: exceptions, note: kept)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .exceptions, in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if exceptions.isEmpty && note == nil {
            var container = encoder.singleValueContainer()
            try container.encode(rules)
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rules, forKey: .weekly)
            if !exceptions.isEmpty { try container.encode(exceptions, forKey: .exceptions) }
            try container.encodeIfPresent(note, forKey: .note)
        }
    }
}

/// A day of the week, Monday first as in ISO 8601.
public enum Weekday: Int, CaseIterable, Codable, Sendable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The two-letter code used in hours data: `Mo`, `Tu`, … `Su`.
    public var code: String { Self.codes[rawValue - 1] }

    private static let codes = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

    /// The day whose code `bytes` are, spaces around it left out.
    private init?(code bytes: Substring.UTF8View) {
        var code = bytes
        while code.first == UInt8(ascii: " ") { code.removeFirst() }
        while code.last == UInt8(ascii: " ") { code.removeLast() }
        guard let index = Self.codes.firstIndex(where: { $0.utf8.elementsEqual(code) }) else { return nil }
        self.init(rawValue: index + 1)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Parses `Mo-Fr`, `Sa,Su` or `Mo-We,Fr`; a range may wrap (`Fr-Mo`).
    public static func parseList(_ text: String) throws(OpeningHoursError) -> [Weekday] {
        var days: [Weekday] = []
        // By bytes: a code is two ASCII letters, so a character made of more than one scalar never matches one.
        for item in text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            let ends = item.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
            let parsed = ends.compactMap(Weekday.init(code:))
            guard parsed.count == ends.count, (1...2).contains(parsed.count) else { throw .badDays(text) }
            var day = parsed[0]
            days.append(day)
            while day != parsed[parsed.count - 1] {
                day = Weekday(rawValue: day.rawValue % 7 + 1)!
                days.append(day)
            }
        }
        return days
    }

    /// Formats days as compactly as ``parseList(_:)`` reads them: consecutive runs of three or more as ranges.
    public static func format(_ days: [Weekday]) -> String {
        let sorted = Array(Set(days)).sorted()
        var parts: [String] = []
        var index = 0
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count, sorted[end + 1].rawValue == sorted[end].rawValue + 1 { end += 1 }
            if end - index >= 2 {
                parts.append("\(sorted[index].code)-\(sorted[end].code)")
            } else {
                parts.append(contentsOf: sorted[index...end].map(\.code))
            }
            index = end + 1
        }
        return parts.joined(separator: ",")
    }
}

/// A time on a 24-hour clock, to the minute.
public struct TimeOfDay: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Minutes since midnight, in [0, 1440).
    public let minutes: Int

    public init(hour: Int, minute: Int) throws(OpeningHoursError) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { throw .badTime("\(hour):\(minute)") }
        minutes = hour * 60 + minute
    }

    /// Parses `HH:MM`; `24:00` means the end of the day and is read as `00:00`.
    public init(parsing text: String) throws(OpeningHoursError) {
        // `H:MM` or `HH:MM` in ASCII digits, as nearly every time is written, read from its bytes.
        let digits = text.utf8.map { $0 &- UInt8(ascii: "0") }
        if (4...5).contains(digits.count), digits[digits.count - 3] == UInt8(ascii: ":") &- UInt8(ascii: "0"),
            digits.enumerated().allSatisfy({ $0.offset == digits.count - 3 || $0.element < 10 })
        {
            let hour = digits.count == 5 ? Int(digits[0]) * 10 + Int(digits[1]) : Int(digits[0])
            let minute = Int(digits[digits.count - 2]) * 10 + Int(digits[digits.count - 1])
            guard hour < 24 || (hour == 24 && minute == 0), minute < 60 else { throw .badTime(text) }
            try self.init(hour: hour % 24, minute: minute)
            return
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
            (0..<24).contains(hour) || (hour == 24 && minute == 0), (0..<60).contains(minute)
        else {
            throw .badTime(text)
        }
        try self.init(hour: hour % 24, minute: minute)
    }

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    /// `HH:MM`.
    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.minutes < rhs.minutes }
}

/// Why hours were refused.
public enum OpeningHoursError: Error, Equatable, Sendable, CustomStringConvertible {
    case noDays
    case badDays(String)
    case badTime(String)
    case tooManyRanges(String)
    case overlappingRanges(String)
    case noteTooLong(String)
    case tooManyExceptions(Int)
    case duplicateDate(String)

    public var description: String {
        switch self {
        case .noDays: "opening hours need at least one day"
        case .badDays(let text): "\"\(text)\" is not a list of days like Mo-Fr or Sa,Su"
        case .badTime(let text): "\"\(text)\" is not a time like 09:30"
        case .tooManyRanges(let date): "\(date) has more than \(OpeningHours.Exception.rangeLimit) ranges of hours"
        case .overlappingRanges(let date): "the hours on \(date) overlap"
        case .noteTooLong(let date): "the note on \(date) is longer than \(OpeningHours.Exception.noteLimit) characters"
        case .tooManyExceptions(let count):
            "\(count) dated exceptions are more than the \(OpeningHours.exceptionLimit) a place may have"
        case .duplicateDate(let date): "\(date) has two exceptions; give each date one"
        }
    }
}
