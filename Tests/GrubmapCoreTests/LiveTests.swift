import Foundation
import Testing

@testable import GrubmapCore

/// Line levels, their median, the report rule, busyness from reports or seats.
@Suite struct LineReportTests {
    @Test func levelsAreWrittenAsTheAPIWritesThem() throws {
        #expect(LineLevel.allCases.map(\.code) == ["none", "short", "long", "very_long"])
        #expect(LineLevel(code: "very_long") == .veryLong)
        for bad in ["", "Long", "veryLong", "very long", "4", " none"] { #expect(LineLevel(code: bad) == nil) }
        let encoded = try JSONEncoder().encode([LineLevel.noLine, .veryLong])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["none","very_long"]"#)
        #expect(try JSONDecoder().decode([LineLevel].self, from: Data(#"["long"]"#.utf8)) == [.long])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LineLevel.self, from: Data(#""huge""#.utf8)) }
    }

    @Test(
        arguments: [
            ([LineLevel](), nil),
            ([.short], .short),
            ([.short, .long, .long], .long),
            ([.short, .long], .long),  // the upper of the two middle ones
            ([.noLine, .noLine, .veryLong], .noLine),
            ([.noLine, .short, .long, .veryLong], .long),
            ([.veryLong, .noLine, .noLine, .short, .short], .short),
        ] as [([LineLevel], LineLevel?)])
    func theMedianIsTheUpperMiddleReport(levels: [LineLevel], median: LineLevel?) {
        #expect(LineTally(levels, newest: Date(timeIntervalSince1970: 0)).median == median)
    }

    @Test func aTallyKeepsItsNewestReport() {
        var tally = LineTally()
        tally.add(.long, count: 2, at: Date(timeIntervalSince1970: 200))
        tally.add(.short, at: Date(timeIntervalSince1970: 100))
        tally.add(.veryLong, count: 0, at: Date(timeIntervalSince1970: 900))
        #expect(tally.total == 3)
        #expect(tally.count(of: .long) == 2)
        #expect(tally.newest == Date(timeIntervalSince1970: 200))
        #expect(tally.median == .long)
    }

    @Test func aReportCountsTwentyMinutesAndMayBeRepeatedAfterTen() {
        let policy = LineReportPolicy.standard
        let made = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(policy.expiry(of: made) == made.addingTimeInterval(20 * 60))
        #expect(policy.retryAfterSeconds(lastReportedAt: made, now: made) == 600)
        #expect(policy.retryAfterSeconds(lastReportedAt: made, now: made.addingTimeInterval(9 * 60)) == 60)
        #expect(policy.retryAfterSeconds(lastReportedAt: made, now: made.addingTimeInterval(599.5)) == 1)
        #expect(policy.retryAfterSeconds(lastReportedAt: made, now: made.addingTimeInterval(10 * 60)) == 0)
    }

    static let noon = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: [
        (0, 40, LineLevel.noLine), (19, 40, .noLine), (20, 40, .short), (30, 40, .short), (31, 40, .short),
        (32, 40, .long), (39, 40, .long), (40, 40, .veryLong), (55, 40, .veryLong), (1, 1, .veryLong),
    ])
    func withoutReportsCheckInsAgainstSeatsDecide(checkedIn: Int, seats: Int, level: LineLevel) {
        let busyness = Busyness(tally: LineTally(), checkedIn: checkedIn, newestCheckIn: Self.noon, seats: seats)
        #expect(busyness.level == level)
        #expect(busyness.basis == .seats)
        #expect(busyness.checkedIn == checkedIn)
        #expect(busyness.reports == 0)
        #expect(busyness.updatedAt == (checkedIn > 0 ? Self.noon : nil))
    }

    @Test func reportsOverrideSeatsAndWithoutSeatsThereIsOnlyTheCount() {
        let report = Self.noon.addingTimeInterval(120)
        let reported = Busyness(
            tally: LineTally([.noLine], newest: report), checkedIn: 40, newestCheckIn: Self.noon, seats: 40)
        #expect(reported.level == .noLine)
        #expect(reported.basis == .reports)
        #expect(reported.reports == 1)
        #expect(reported.updatedAt == report)

        let counted = Busyness(tally: LineTally(), checkedIn: 12, newestCheckIn: Self.noon, seats: nil)
        #expect(counted.level == nil)
        #expect(counted.basis == .count)
        #expect(counted.checkedIn == 12)
        #expect(counted.updatedAt == Self.noon)
    }
}

/// Popular times: buckets on the area's clock, levels as a share of the busiest hour, the verdict in words.
@Suite struct PopularTimesTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    static func instant(_ iso: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: iso)!
    }

    @Test func midnightInSeoulStartsANewDayAndANewWeek() {
        // Saturday 2026-12-05 23:30 and Sunday 00:30 in Seoul (UTC+9).
        let saturday = PopularTimes.Bucket(instant: Self.instant("2026-12-05T14:30:00Z"), timeZone: Self.seoul)
        let sunday = PopularTimes.Bucket(instant: Self.instant("2026-12-05T15:30:00Z"), timeZone: Self.seoul)
        #expect((saturday.weekday, saturday.hour) == (6, 23))
        #expect((sunday.weekday, sunday.hour) == (0, 0))
        #expect(sunday.week == saturday.week + 1)
        // The same instants in UTC are both Saturday afternoon of the earlier week.
        let utc = PopularTimes.Bucket(
            instant: Self.instant("2026-12-05T15:30:00Z"), timeZone: TimeZone(identifier: "UTC")!)
        #expect((utc.week, utc.weekday, utc.hour) == (saturday.week, 6, 15))
    }

    @Test func weeksStartOnSunday() throws {
        // 1970-01-01 was a Thursday in week 0; Sunday 1970-01-04 starts week 1; Saturday 1969-12-27 is week -1.
        #expect(PopularTimes.Bucket.week(of: try CalendarDate(year: 1970, month: 1, day: 1)) == 0)
        #expect(PopularTimes.Bucket.week(of: try CalendarDate(year: 1970, month: 1, day: 3)) == 0)
        #expect(PopularTimes.Bucket.week(of: try CalendarDate(year: 1970, month: 1, day: 4)) == 1)
        #expect(PopularTimes.Bucket.week(of: try CalendarDate(year: 1969, month: 12, day: 27)) == -1)
        #expect(PopularTimes.Bucket.week(of: try CalendarDate(year: 1969, month: 12, day: 28)) == 0)
    }

    /// How many minutes of a UTC span fall in each local hour of the bucket's day.
    static func minutesPerHour(from start: String, hours: Int, in zone: TimeZone) -> [Int: Int] {
        var minutes: [Int: Int] = [:]
        for minute in 0..<(hours * 60) {
            let bucket = PopularTimes.Bucket(
                instant: instant(start).addingTimeInterval(TimeInterval(minute * 60)), timeZone: zone)
            minutes[bucket.hour, default: 0] += 1
        }
        return minutes
    }

    @Test func theRepeatedHourInNovemberIsOneHourOfTwoClockHours() {
        // 2024-11-03 in Los Angeles: 01:30 PDT (08:30Z) and 01:30 PST (09:30Z) are both Sunday, hour 1.
        let daylight = PopularTimes.Bucket(instant: Self.instant("2024-11-03T08:30:00Z"), timeZone: Self.losAngeles)
        let standard = PopularTimes.Bucket(instant: Self.instant("2024-11-03T09:30:00Z"), timeZone: Self.losAngeles)
        #expect(daylight == standard)
        #expect((daylight.weekday, daylight.hour) == (0, 1))
        // 07:00Z to 11:00Z: midnight PDT to 03:00 PST, hour 1 twice as long.
        #expect(
            Self.minutesPerHour(from: "2024-11-03T07:00:00Z", hours: 4, in: Self.losAngeles) == [0: 60, 1: 120, 2: 60])
    }

    @Test func theSkippedHourInMarchGetsNothing() {
        // 2024-03-10 in Los Angeles: 01:59 PST (09:59Z) is followed by 03:00 PDT (10:00Z).
        let before = PopularTimes.Bucket(instant: Self.instant("2024-03-10T09:59:00Z"), timeZone: Self.losAngeles)
        let after = PopularTimes.Bucket(instant: Self.instant("2024-03-10T10:00:00Z"), timeZone: Self.losAngeles)
        #expect((before.weekday, before.hour) == (0, 1))
        #expect((after.weekday, after.hour) == (0, 3))
        #expect(
            Self.minutesPerHour(from: "2024-03-10T08:00:00Z", hours: 3, in: Self.losAngeles) == [0: 60, 1: 60, 3: 60])
    }

    static func count(week: Int64, weekday: Int, hour: Int, checkIns: Int, reports: Int = 0) -> PopularTimes.Count {
        PopularTimes.Count(
            bucket: PopularTimes.Bucket(week: week, weekday: weekday, hour: hour)!, checkIns: checkIns, reports: reports
        )
    }

    @Test func levelsAreSharesOfTheBusiestHourOverTheLastEightWeeks() {
        let now: Int64 = 2_900
        let times = PopularTimes(
            counts: [
                Self.count(week: now, weekday: 1, hour: 12, checkIns: 30, reports: 10),
                Self.count(week: now - 7, weekday: 1, hour: 12, checkIns: 40),
                Self.count(week: now - 3, weekday: 1, hour: 18, checkIns: 20),
                Self.count(week: now - 1, weekday: 3, hour: 9, checkIns: 1),
                Self.count(week: now - 8, weekday: 3, hour: 9, checkIns: 500),  // older than eight weeks
            ], currentWeek: now)
        let levels = times.levels()
        #expect(levels.count == 7 && levels.allSatisfy { $0.count == 24 })
        #expect(levels[1][12] == 100)
        #expect(levels[1][18] == 25)
        #expect(levels[3][9] == 1)
        #expect(levels[0].allSatisfy { $0 == 0 })
        #expect(times.thisWeek[1][12] == 40)
        #expect(PopularTimes.window(endingAt: now) == (now - 7)...now)
        #expect(PopularTimes(counts: [], currentWeek: now).levels().joined().allSatisfy { $0 == 0 })
    }

    @Test func theVerdictSaysHowThisHourUsuallyIs() {
        // Monday 2026-12-07 in Seoul.
        let monday = try! CalendarDate(year: 2026, month: 12, day: 7)
        let week = PopularTimes.Bucket.week(of: monday)
        let history = (1...7).flatMap { ago in
            [
                Self.count(week: week - Int64(ago), weekday: 1, hour: 12, checkIns: 30),
                Self.count(week: week - Int64(ago), weekday: 1, hour: 15, checkIns: 2),
                Self.count(week: week - Int64(ago), weekday: 1, hour: 14, checkIns: 15),
            ]
        }
        let times = PopularTimes(counts: history, currentWeek: week)
        // 12:40, 15:40 and 14:40 on Monday in Seoul are 03:40, 06:40 and 05:40 UTC.
        #expect(times.verdict(at: Self.instant("2026-12-07T03:40:00Z"), in: Self.seoul) == .usuallyBusy)
        #expect(times.verdict(at: Self.instant("2026-12-07T06:40:00Z"), in: Self.seoul) == .usuallyQuiet)
        #expect(times.verdict(at: Self.instant("2026-12-07T05:40:00Z"), in: Self.seoul) == .usuallySomewhatBusy)

        // Five check-ins by 15:20 at a usually quiet hour (2 a week) are a pace of 15: busier than usual.
        let busier = PopularTimes(
            counts: history + [Self.count(week: week, weekday: 1, hour: 15, checkIns: 5)], currentWeek: week)
        #expect(busier.verdict(at: Self.instant("2026-12-07T06:20:00Z"), in: Self.seoul) == .busierThanUsual)
        // Two is not enough to call it, however early.
        let two = PopularTimes(
            counts: history + [Self.count(week: week, weekday: 1, hour: 15, checkIns: 2)], currentWeek: week)
        #expect(two.verdict(at: Self.instant("2026-12-07T06:01:00Z"), in: Self.seoul) == .usuallyQuiet)
        // Thirty at noon is the usual thirty.
        let usual = PopularTimes(
            counts: history + [Self.count(week: week, weekday: 1, hour: 12, checkIns: 30)], currentWeek: week)
        #expect(usual.verdict(at: Self.instant("2026-12-07T03:59:00Z"), in: Self.seoul) == .usuallyBusy)
        #expect(
            PopularTimes(counts: [], currentWeek: week).verdict(
                at: Self.instant("2026-12-07T03:40:00Z"), in: Self.seoul) == nil)
    }
}
