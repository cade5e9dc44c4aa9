import Foundation

/// A day on the calendar, without a time or a time zone: what a menu is for, like `2026-11-09`.
///
/// Which date it is "now" depends on where: ``local(_:in:)`` reads an instant on a clock in a given time zone, so
/// a server running in UTC still knows that 00:30 in Seoul is already tomorrow there. The arithmetic is the
/// proleptic Gregorian calendar done on whole days (Howard Hinnant's `days_from_civil`), with no `Calendar`
/// and no process time zone involved. Encodes as `"YYYY-MM-DD"`.
public struct CalendarDate: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let daysSince1970: Int

    /// The date `daysSince1970` days after 1970-01-01; years outside 1...9999 are refused.
    public init(daysSince1970: Int) throws(CalendarDateError) {
        guard (Self.earliestDay...Self.latestDay).contains(daysSince1970) else {
            throw .outOfRange(String(daysSince1970))
        }
        self.daysSince1970 = daysSince1970
    }

    /// The date with these numbers; throws for a day the month does not have (`2026-02-29`) or a year outside
    /// 1...9999.
    public init(year: Int, month: Int, day: Int) throws(CalendarDateError) {
        let text = "\(year)-\(month)-\(day)"
        guard (1...9999).contains(year), (1...12).contains(month) else { throw .invalid(text) }
        guard (1...Self.daysIn(month: month, year: year)).contains(day) else { throw .invalid(text) }
        daysSince1970 = Self.days(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD` (ISO 8601's calendar date, as OpenMensa feeds and `?date=` write it).
    public init(parsing text: some StringProtocol) throws(CalendarDateError) {
        let bytes = Array(text.utf8)
        let shown = String(text.prefix(32))
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
            throw .malformed(shown)
        }
        func number(_ range: Range<Int>) throws(CalendarDateError) -> Int {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw .malformed(shown) }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        do {
            try self.init(year: try number(0..<4), month: try number(5..<7), day: try number(8..<10))
        } catch .invalid {
            throw .invalid(shown)
        }
    }

    /// The date and the time of day that `instant` reads on a clock in `timeZone` (daylight saving included).
    public static func local(_ instant: Date, in timeZone: TimeZone) -> (date: CalendarDate, time: TimeOfDay) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: instant)
        let (days, secondOfDay) = seconds.quotientAndRemainderFlooring(dividingBy: 86_400)
        let clamped = min(max(days, earliestDay), latestDay)
        // The clamp only matters for instants thousands of years away; the time is then the day's start.
        let minutes = clamped == days ? secondOfDay / 60 : 0
        return (
            try! CalendarDate(daysSince1970: clamped), try! TimeOfDay(hour: minutes / 60, minute: minutes % 60)
        )
    }

    /// The year, month (1-12) and day (1-31).
    public var components: (year: Int, month: Int, day: Int) {
        // civil_from_days, from Howard Hinnant's "chrono-Compatible Low-Level Date Algorithms".
        let z = daysSince1970 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let (_, remainder) = (daysSince1970 + 3).quotientAndRemainderFlooring(dividingBy: 7)
        return Weekday(rawValue: remainder + 1)!
    }

    /// The date `count` days later (earlier when negative), kept within years 1...9999.
    public func adding(days count: Int) -> CalendarDate {
        try! CalendarDate(daysSince1970: min(max(daysSince1970 + count, Self.earliestDay), Self.latestDay))
    }

    /// The days of the week this date is in, starting on `firstWeekday` (Sunday for 일-토 / Sun-Sat): seven, except at
    /// the calendar's ends, where the days before 0001-01-01 or after 9999-12-31 are left out (never repeated).
    public func week(startingOn firstWeekday: Weekday = .sunday) -> [CalendarDate] {
        let offset = (weekday.rawValue - firstWeekday.rawValue + 7) % 7
        let start = daysSince1970 - offset
        return (start..<(start + 7)).compactMap { try? CalendarDate(daysSince1970: $0) }
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = components
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            try self.init(parsing: try container.decode(String.self))
        } catch let error as CalendarDateError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static let earliestDay = days(year: 1, month: 1, day: 1)
    private static let latestDay = days(year: 9999, month: 12, day: 31)

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// days_from_civil: days since 1970-01-01 of a valid date.
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension Int {
    /// The quotient rounded toward negative infinity and a remainder in `0..<divisor` (for a positive divisor).
    fileprivate func quotientAndRemainderFlooring(dividingBy divisor: Int) -> (Int, Int) {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}

/// Why a date was refused.
public enum CalendarDateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not written as `YYYY-MM-DD`.
    case malformed(String)
    /// Written right, but the calendar has no such day.
    case invalid(String)
    /// Outside years 1...9999.
    case outOfRange(String)

    public var description: String {
        switch self {
        case .malformed(let text): "\"\(text)\" is not a date like 2026-03-02 (YYYY-MM-DD)"
        case .invalid(let text): "\"\(text)\" is not a day on the calendar"
        case .outOfRange(let text): "day \(text) is outside the years 1 to 9999"
        }
    }
}

extension Area {
    /// The area's time zone, which decides its "today"; UTC when the stored name is not one the system knows.
    public var clockTimeZone: TimeZone {
        TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0)!
    }
}
