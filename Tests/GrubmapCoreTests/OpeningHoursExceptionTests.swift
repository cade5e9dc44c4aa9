import Foundation
import Testing

@testable import GrubmapCore

@Suite struct OpeningHoursExceptionTests {
    static let seoul = OpeningStateTests.seoul
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    static func time(_ text: String) -> TimeOfDay { try! TimeOfDay(parsing: text) }
    static func date(_ text: String) -> CalendarDate { try! CalendarDate(parsing: text) }
    static func range(_ opens: String, _ closes: String) -> OpeningHours.Exception.Range {
        .init(opens: time(opens), closes: time(closes))
    }
    static func closed(_ day: String, _ note: String? = nil) -> OpeningHours.Exception {
        try! .init(date: date(day), note: note)
    }
    static func hours(
        _ rules: [(String, String, String)], _ exceptions: [OpeningHours.Exception]
    ) -> OpeningHours {
        try! OpeningHours(rules: OpeningStateTests.hours(rules).rules, exceptions: exceptions)
    }
    /// `time` on Seoul's clock; 2026-12-03 is a Thursday.
    static func seoulInstant(_ date: String, _ time: String) -> Date { OpeningStateTests.instant(date, time) }

    @Test func aClosedDayIsClosedFromMidnightToMidnight() {
        let hours = Self.hours([("Mo-Fr", "11:00", "14:00")], [Self.closed("2026-12-03", "개교기념일")])
        #expect(
            hours.state(at: Self.seoulInstant("2026-12-02", "23:59"), in: Self.seoul) == .closed(opensAt: nil))
        #expect(hours.state(at: Self.seoulInstant("2026-12-03", "00:00"), in: Self.seoul) == .closed(opensAt: nil))
        #expect(hours.state(at: Self.seoulInstant("2026-12-03", "12:00"), in: Self.seoul) == .closed(opensAt: nil))
        #expect(
            hours.state(at: Self.seoulInstant("2026-12-04", "00:00"), in: Self.seoul)
                == .closed(opensAt: Self.time("11:00")))
        #expect(
            hours.state(at: Self.seoulInstant("2026-12-04", "12:00"), in: Self.seoul)
                == .open(until: Self.time("14:00")))
    }

    @Test func otherHoursOnADayWithSplitShiftsReplaceBothShifts() {
        let hours = Self.hours(
            [("Mo-Fr", "08:00", "09:30"), ("Mo-Fr", "11:00", "14:00")],
            [try! .init(date: Self.date("2026-12-03"), hours: [Self.range("10:00", "12:00")], note: "Short day")])
        #expect(
            hours.state(at: Self.seoulInstant("2026-12-03", "08:30"), in: Self.seoul)
                == .closed(opensAt: Self.time("10:00")))
        #expect(
            hours.state(at: Self.seoulInstant("2026-12-03", "11:00"), in: Self.seoul)
                == .open(until: Self.time("12:00")))
        #expect(hours.state(at: Self.seoulInstant("2026-12-03", "13:00"), in: Self.seoul) == .closed(opensAt: nil))
        // The day after is the weekly one again, both shifts.
        #expect(
            hours.state(at: Self.seoulInstant("2026-12-04", "09:00"), in: Self.seoul)
                == .open(until: Self.time("09:30")))
        #expect(
            hours.state(at: Self.seoulInstant("2026-12-04", "10:00"), in: Self.seoul)
                == .closed(opensAt: Self.time("11:00")))
    }

    @Test func splitShiftsAsAnExceptionAndAClosedSundayAcrossTheWeekBoundary() {
        // Weekly: Saturday night runs past midnight into Sunday; Monday 2026-12-07 is closed, Sunday 12-06 opens.
        let hours = Self.hours(
            [("Sa", "18:00", "02:00"), ("Mo-Fr", "11:00", "21:00")],
            [
                Self.closed("2026-12-07"),
                try! .init(
                    date: Self.date("2026-12-06"), hours: [Self.range("17:00", "19:00"), Self.range("10:00", "12:00")]),
            ])
        #expect(hours.exceptions.map(\.date) == [Self.date("2026-12-06"), Self.date("2026-12-07")])
        #expect(hours.exception(on: Self.date("2026-12-06"))?.hours.first == Self.range("10:00", "12:00"))
        // Saturday's late opening still ends at 02:00 on Sunday, then Sunday's own two ranges.
        #expect(
            hours.state(at: Self.seoulInstant("2026-12-06", "01:00"), in: Self.seoul)
                == .open(until: Self.time("02:00")))
        #expect(
            hours.state(at: Self.seoulInstant("2026-12-06", "02:00"), in: Self.seoul)
                == .closed(opensAt: Self.time("10:00")))
        #expect(
            hours.state(at: Self.seoulInstant("2026-12-06", "12:30"), in: Self.seoul)
                == .closed(opensAt: Self.time("17:00")))
        #expect(
            hours.state(at: Self.seoulInstant("2026-12-06", "18:00"), in: Self.seoul)
                == .open(until: Self.time("19:00")))
        // Monday, the first day of the next week, is closed although the weekly hours open it.
        #expect(hours.state(at: Self.seoulInstant("2026-12-07", "12:00"), in: Self.seoul) == .closed(opensAt: nil))
        #expect(
            hours.state(at: Self.seoulInstant("2026-12-08", "12:00"), in: Self.seoul)
                == .open(until: Self.time("21:00")))
    }

    @Test func theNextOpeningSkipsClosedDaysAcrossTheWeekend() {
        // Thursday 2026-12-03 closed; Friday other hours; weekends closed by the weekly hours.
        let hours = Self.hours(
            [("Mo-Fr", "11:00", "14:00")],
            [
                Self.closed("2026-12-03"),
                try! .init(date: Self.date("2026-12-04"), hours: [Self.range("12:00", "13:00")]),
            ])
        let afterWednesday = hours.nextOpening(after: Self.seoulInstant("2026-12-02", "15:00"), in: Self.seoul)
        #expect(afterWednesday?.date == Self.date("2026-12-04") && afterWednesday?.time == Self.time("12:00"))
        let afterFriday = hours.nextOpening(after: Self.seoulInstant("2026-12-04", "13:00"), in: Self.seoul)
        #expect(afterFriday?.date == Self.date("2026-12-07") && afterFriday?.time == Self.time("11:00"))
        let morning = hours.nextOpening(after: Self.seoulInstant("2026-12-07", "09:00"), in: Self.seoul)
        #expect(morning?.date == Self.date("2026-12-07"))
        #expect(Self.hours([], []).nextOpening(after: Self.seoulInstant("2026-12-07", "09:00"), in: Self.seoul) == nil)
    }

    @Test func theDateIsTheAreasNotUTCs() {
        // 2026-12-03 in Los Angeles runs from 08:00 UTC that day to 08:00 UTC the next.
        let hours = Self.hours([("Mo-Su", "00:00", "00:00")], [Self.closed("2026-12-03", "Founders' day")])
        let beforeMidnight = try! Date("2026-12-03T07:59:00Z", strategy: .iso8601)
        let afterMidnight = try! Date("2026-12-03T08:00:00Z", strategy: .iso8601)
        let nextMorningUTC = try! Date("2026-12-04T07:59:00Z", strategy: .iso8601)
        #expect(hours.state(at: beforeMidnight, in: Self.losAngeles) == .open(until: Self.time("00:00")))
        #expect(hours.state(at: afterMidnight, in: Self.losAngeles) == .closed(opensAt: nil))
        #expect(hours.state(at: nextMorningUTC, in: Self.losAngeles) == .closed(opensAt: nil))
        // 15:00 UTC is already the 4th in Seoul, open again, while Los Angeles is still on its closed 3rd.
        let seoulsFourth = try! Date("2026-12-03T15:00:00Z", strategy: .iso8601)
        #expect(hours.state(at: seoulsFourth, in: Self.seoul) == .open(until: Self.time("00:00")))
        #expect(hours.state(at: seoulsFourth, in: Self.losAngeles) == .closed(opensAt: nil))
    }

    @Test func aCheckInEndsWhenTheExceptionsHoursEnd() {
        let hours = Self.hours(
            [("Mo-Fr", "11:00", "21:00")],
            [try! .init(date: Self.date("2026-12-03"), hours: [Self.range("11:00", "15:00")])])
        #expect(
            hours.closingTime(after: Self.seoulInstant("2026-12-03", "12:00"), in: Self.seoul)
                == Self.seoulInstant("2026-12-03", "15:00"))
        #expect(hours.closingTime(after: Self.seoulInstant("2026-12-03", "16:00"), in: Self.seoul) == nil)
        #expect(
            hours.closingTime(after: Self.seoulInstant("2026-12-04", "16:00"), in: Self.seoul)
                == Self.seoulInstant("2026-12-04", "21:00"))
    }

    @Test func exceptionsAloneTellOnlyTheirDay() {
        let hours = Self.hours([], [Self.closed("2026-12-03")])
        #expect(hours.isEmpty)
        #expect(hours.state(at: Self.seoulInstant("2026-12-03", "12:00"), in: Self.seoul) == .closed(opensAt: nil))
        #expect(hours.state(at: Self.seoulInstant("2026-12-04", "12:00"), in: Self.seoul) == nil)
    }

    @Test func badExceptionsAreRefusedWithAReason() {
        let day = Self.date("2026-12-03")
        #expect(throws: OpeningHoursError.overlappingRanges("2026-12-03")) {
            try OpeningHours.Exception(date: day, hours: [Self.range("11:00", "14:00"), Self.range("13:00", "15:00")])
        }
        #expect(throws: OpeningHoursError.overlappingRanges("2026-12-03")) {
            try OpeningHours.Exception(date: day, hours: [Self.range("18:00", "02:00"), Self.range("20:00", "22:00")])
        }
        #expect(throws: OpeningHoursError.noteTooLong("2026-12-03")) {
            try OpeningHours.Exception(date: day, note: String(repeating: "x", count: 201))
        }
        #expect(throws: OpeningHoursError.tooManyRanges("2026-12-03")) {
            try OpeningHours.Exception(
                date: day,
                hours: (0..<9).map { Self.range(String(format: "%02d:00", $0), String(format: "%02d:30", $0)) })
        }
        #expect(throws: OpeningHoursError.duplicateDate("2026-12-03")) {
            try OpeningHours(rules: [], exceptions: [Self.closed("2026-12-03"), Self.closed("2026-12-03", "again")])
        }
        let tooMany = (0...366).map { Self.closed(Self.date("2027-01-01").adding(days: $0).description) }
        #expect(throws: OpeningHoursError.tooManyExceptions(367)) {
            try OpeningHours(rules: [], exceptions: tooMany)
        }
        #expect((try? OpeningHours(rules: [], exceptions: Array(tooMany.prefix(366))))?.exceptions.count == 366)
        #expect(throws: (any Error).self) { try CalendarDate(parsing: "10000-01-01") }
        #expect(
            OpeningHoursError.duplicateDate("2026-12-03").description
                == "2026-12-03 has two exceptions; give each date one")
    }

    @Test func encodesAsTheWeeklyListUntilThereAreExceptionsAndReadsBoth() throws {
        let weekly = OpeningStateTests.hours([("Mo-Fr", "11:00", "14:00")])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(
            String(decoding: try encoder.encode(weekly), as: UTF8.self)
                == #"[{"closes":"14:00","days":"Mo-Fr","opens":"11:00"}]"#)
        let withDays = try OpeningHours(
            rules: weekly.rules,
            exceptions: [
                Self.closed("2026-12-03", "Founders' day"),
                try .init(date: Self.date("2026-12-24"), hours: [Self.range("11:00", "13:00")]),
            ])
        let json = String(decoding: try encoder.encode(withDays), as: UTF8.self)
        #expect(
            json
                == #"{"exceptions":[{"date":"2026-12-03","hours":[],"note":"Founders' day"},"#
                + #"{"date":"2026-12-24","hours":[{"closes":"13:00","opens":"11:00"}]}],"#
                + #""weekly":[{"closes":"14:00","days":"Mo-Fr","opens":"11:00"}]}"#)
        #expect(try JSONDecoder().decode(OpeningHours.self, from: Data(json.utf8)) == withDays)
        let twice = #"{"weekly":[],"exceptions":[{"date":"2026-12-03"},{"date":"2026-12-03"}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(OpeningHours.self, from: Data(twice.utf8)) }
        let badTime =
            #"{"weekly":[],"exceptions":[{"date":"2026-12-03","hours":[{"opens":"25:00","closes":"26:00"}]}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(OpeningHours.self, from: Data(badTime.utf8)) }
    }

    @Test func oldExceptionsCanBeDropped() {
        let hours = Self.hours([], [Self.closed("2026-10-01"), Self.closed("2026-11-20"), Self.closed("2026-12-03")])
        let kept = hours.droppingExceptions(before: Self.date("2026-11-01"))
        #expect(kept.exceptions.map(\.date.description) == ["2026-11-20", "2026-12-03"])
        #expect(hours.exceptions(from: Self.date("2026-12-01")).map(\.date.description) == ["2026-12-03"])
    }
}
