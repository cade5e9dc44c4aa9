import Foundation
import GrubmapCore

/// How the console shows dates and reads typed ones: one format per language, the same in every page, list and
/// field. English: `Fri 4 Dec 2026`; Korean: `12월 4일 (금)`, with the year in front (`2027년 1월 4일 (월)`) when it is
/// not the area's current one. Times are 24-hour (`14:05`), as the opening hours are typed.
///
/// A typed date may be in either language's form, with or without its weekday, or `2026-12-04`; without a year it
/// is the first such day from ``today`` on.
struct ConsoleDates: Sendable {
    let language: Language
    /// The area's today: the year a Korean date leaves out, and where a date typed without a year starts from.
    let today: CalendarDate

    static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let englishWeekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let koreanWeekdays = ["월", "화", "수", "목", "금", "토", "일"]

    /// `Fri 4 Dec 2026`, `12월 4일 (금)`.
    func text(_ date: CalendarDate) -> String {
        let (year, month, day) = date.components
        let weekday = date.weekday.rawValue - 1
        if language == .korean {
            let yearText = year == today.components.year ? "" : "\(year)년 "
            return "\(yearText)\(month)월 \(day)일 (\(Self.koreanWeekdays[weekday]))"
        }
        return "\(Self.englishWeekdays[weekday]) \(day) \(Self.englishMonths[month - 1]) \(year)"
    }

    /// A date without its weekday: `4 Dec 2026`, `12월 4일`, for a placeholder that shows the form to type.
    func shortText(_ date: CalendarDate) -> String {
        let (year, month, day) = date.components
        if language == .korean {
            return (year == today.components.year ? "" : "\(year)년 ") + "\(month)월 \(day)일"
        }
        return "\(day) \(Self.englishMonths[month - 1]) \(year)"
    }

    /// A week from its first to its last day: `29 Nov – 5 Dec 2026`, `11월 29일 – 12월 5일`.
    func week(_ days: [CalendarDate]) -> String {
        guard let first = days.first, let last = days.last else { return "" }
        if language == .korean {
            return "\(shortText(first)) – \(shortText(last))"
        }
        let (firstYear, firstMonth, firstDay) = first.components
        let start =
            "\(firstDay) \(Self.englishMonths[firstMonth - 1])"
            + (firstYear == last.components.year ? "" : " \(firstYear)")
        return "\(start) – \(shortText(last))"
    }

    /// `Fri 4 Dec 2026, 14:05`, `12월 4일 (금) 14:05`: an instant in the area's clock.
    func text(_ instant: Date, in timeZone: TimeZone) -> String {
        let (date, time) = CalendarDate.local(instant, in: timeZone)
        return text(date) + (language == .korean ? " " : ", ") + time.description
    }

    /// A weekday as a sentence names it: `a Friday`, `금요일`.
    func weekdayName(_ weekday: Weekday) -> String {
        let english = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        return language == .korean
            ? Self.koreanWeekdays[weekday.rawValue - 1] + "요일" : "a " + english[weekday.rawValue - 1]
    }

    /// `text` with each date written as stored (`2026-12-04`, as the audit log keeps them) shown as the console
    /// shows dates; anything else as it was.
    func replacingStoredDates(in text: String) -> String {
        guard text.utf8.count >= 10, text.contains("-") else { return text }
        let characters = Array(text)
        let isDigit = { (index: Int) in
            characters.indices.contains(index) && characters[index].isASCII && characters[index].isNumber
        }
        var result = ""
        var index = 0
        while index < characters.count {
            // Four digits, a hyphen, two, a hyphen, two, and no digit either side.
            let shape = (0..<10).allSatisfy { offset in
                offset == 4 || offset == 7
                    ? characters.indices.contains(index + offset) && characters[index + offset] == "-"
                    : isDigit(index + offset)
            }
            if shape, !isDigit(index - 1), !isDigit(index + 10),
                let date = try? CalendarDate(parsing: String(characters[index..<(index + 10)]))
            {
                result += self.text(date)
                index += 10
            } else {
                result.append(characters[index])
                index += 1
            }
        }
        return result
    }

    /// Why a typed date was not read.
    enum Problem: Error, Equatable {
        /// Not a date in any form this reads.
        case unreadable
        /// A date that does not exist (`31 Feb 2026`).
        case noSuchDay
        /// The weekday typed is not the date's: `(typed, actual)`.
        case wrongWeekday(Weekday, CalendarDate)
    }

    /// The date `text` names. Reads `2026-12-04`, `Fri 4 Dec 2026`, `4 December 2026`, `Dec 4, 2026`, `4 Dec`,
    /// `2026년 12월 4일 (금)`, `12월 4일 금요일`, `12월 4일`; letter case, commas, dots and spaces do not matter.
    func date(_ text: String) -> Result<CalendarDate, Problem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 40 else { return .failure(.unreadable) }
        if trimmed.first?.isNumber == true, trimmed.count == 10, trimmed.contains("-") {
            return (try? CalendarDate(parsing: trimmed)).map { .success($0) } ?? .failure(.noSuchDay)
        }
        var numbers: [Int] = []
        var month: Int?
        var weekday: Weekday?
        var year: Int?
        var koreanDay: Int?
        for token in Self.tokens(trimmed.lowercased()) {
            switch token {
            case .number(let value, let unit):
                switch unit {
                case "년": year = value
                case "월": month = value
                case "일": koreanDay = value
                case "": numbers.append(value)
                default: return .failure(.unreadable)
                }
            case .word(let word):
                if let index = Self.englishMonthIndex(word) {
                    guard month == nil else { return .failure(.unreadable) }
                    month = index + 1
                } else if let day = Self.weekday(word) {
                    guard weekday == nil else { return .failure(.unreadable) }
                    weekday = day
                } else {
                    return .failure(.unreadable)
                }
            }
        }
        // English: the day and perhaps the year as bare numbers; Korean: each number with its unit.
        var day = koreanDay
        for number in numbers {
            if day == nil && number <= 31 {
                day = number
            } else if year == nil && number >= 1000 {
                year = number
            } else {
                return .failure(.unreadable)
            }
        }
        guard let month, let day else { return .failure(.unreadable) }
        guard (1...12).contains(month), (1...31).contains(day) else { return .failure(.noSuchDay) }
        let found: CalendarDate
        if let year {
            guard (1970...9999).contains(year), let date = try? CalendarDate(year: year, month: month, day: day) else {
                return .failure(.noSuchDay)
            }
            found = date
        } else {
            // The first such day from today on (29 February may be up to eight years away).
            let thisYear = today.components.year
            guard
                let date = (thisYear...(thisYear + 8)).lazy.compactMap({
                    try? CalendarDate(year: $0, month: month, day: day)
                }).first(where: { $0 >= today })
            else { return .failure(.noSuchDay) }
            found = date
        }
        if let weekday, weekday != found.weekday { return .failure(.wrongWeekday(weekday, found)) }
        return .success(found)
    }

    private enum Token: Equatable {
        case number(Int, unit: String)
        case word(String)
    }

    /// Numbers (with a Korean unit right after, if any) and words; anything else separates them.
    private static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var characters = Array(text)[...]
        while let first = characters.first {
            if first.isASCII && first.isNumber {
                let digits = characters.prefix { $0.isASCII && $0.isNumber }
                characters = characters.dropFirst(digits.count)
                while characters.first == " " { characters = characters.dropFirst() }
                var unit = ""
                if let next = characters.first, ["년", "월", "일"].contains(next) {
                    unit = String(next)
                    characters = characters.dropFirst()
                }
                tokens.append(.number(Int(String(digits.prefix(6))) ?? Int.max, unit: unit))
            } else if first.isLetter {
                let word = characters.prefix { $0.isLetter }
                characters = characters.dropFirst(word.count)
                tokens.append(.word(String(word)))
            } else {
                characters = characters.dropFirst()
            }
        }
        return tokens
    }

    private static func englishMonthIndex(_ word: String) -> Int? {
        guard word.count >= 3 else { return nil }
        let full = [
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
            "november", "december",
        ]
        return full.firstIndex { $0.hasPrefix(word) || (word == "sept" && $0 == "september") }
    }

    private static func weekday(_ word: String) -> Weekday? {
        let english = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        if word.count >= 2, let index = english.firstIndex(where: { $0.hasPrefix(word) }) {
            return Weekday(rawValue: index + 1)
        }
        // 금 or 금요일.
        let korean = word.hasSuffix("요일") ? String(word.dropLast(2)) : word
        return Self.koreanWeekdays.firstIndex(of: korean).flatMap { Weekday(rawValue: $0 + 1) }
    }
}
