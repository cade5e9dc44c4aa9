import Foundation

/// How busy a place usually is per weekday and hour, from aggregate counters of check-ins started and line reports
/// over the last ``weeksKept`` weeks, all in the area's time zone. No person appears in it: only counts per hour.
public struct PopularTimes: Hashable, Sendable {
    /// How many weeks are counted: the current week and the seven before it.
    public static let weeksKept = 8

    /// One local hour of one local week: what a counter is kept for.
    public struct Bucket: Hashable, Sendable, CustomStringConvertible {
        /// Sunday-first weeks since the one holding 1970-01-01 (a Thursday): `(daysSince1970 + 4)` floor-divided by 7.
        public let week: Int64
        /// 0 for Sunday … 6 for Saturday.
        public let weekday: Int
        /// 0…23, on the local clock.
        public let hour: Int

        /// The bucket with these numbers; `nil` for a weekday outside 0…6 or an hour outside 0…23.
        public init?(week: Int64, weekday: Int, hour: Int) {
            guard (0...6).contains(weekday), (0...23).contains(hour) else { return nil }
            self.week = week
            self.weekday = weekday
            self.hour = hour
        }

        /// The bucket `instant` falls in on a clock in `timeZone`. Daylight saving shows as the clock does: both
        /// instants of a repeated hour fall in that one hour, and a skipped hour gets none.
        public init(instant: Date, timeZone: TimeZone) {
            let (date, time) = CalendarDate.local(instant, in: timeZone)
            week = Self.week(of: date)
            weekday = date.weekday.rawValue % 7
            hour = time.minutes / 60
        }

        /// The week `date` is in.
        public static func week(of date: CalendarDate) -> Int64 {
            let (quotient, remainder) = Int64(date.daysSince1970 + 4).quotientAndRemainder(dividingBy: 7)
            return remainder < 0 ? quotient - 1 : quotient
        }

        public var description: String { "week \(week), weekday \(weekday), \(hour):00" }
    }

    /// What the counts say about now, in words.
    public enum Verdict: String, Hashable, Sendable {
        /// This hour is usually under a third as busy as the place's busiest hour.
        case usuallyQuiet
        /// This hour is usually between a third and two thirds as busy as the place's busiest hour.
        case usuallySomewhatBusy
        /// This hour is usually at least two thirds as busy as the place's busiest hour.
        case usuallyBusy
        /// This hour so far, at its pace, is at least 1.5 times what the hour usually sees (and at least 3).
        case busierThanUsual
    }

    /// One counter as stored: a bucket's check-ins and line reports.
    public struct Count: Hashable, Sendable {
        public let bucket: Bucket
        public let checkIns: Int
        public let reports: Int

        public init(bucket: Bucket, checkIns: Int, reports: Int) {
            self.bucket = bucket
            self.checkIns = checkIns
            self.reports = reports
        }
    }

    /// The week the counts run up to (the current week, partly over).
    public let currentWeek: Int64
    /// Check-ins plus reports per weekday (Sunday 0) and hour, summed over every week counted.
    public let totals: [[Int]]
    /// The same for the current week alone.
    public let thisWeek: [[Int]]
    /// Whether any counter is the demo's generated history rather than people's.
    public let isSample: Bool

    /// The counters of the weeks ``window(endingAt:)`` gives for `currentWeek`; counters of other weeks are left out.
    public init(counts: [Count], currentWeek: Int64, isSample: Bool = false) {
        var totals = Array(repeating: Array(repeating: 0, count: 24), count: 7)
        var thisWeek = totals
        let window = Self.window(endingAt: currentWeek)
        for count in counts where window.contains(count.bucket.week) {
            let activity = max(0, count.checkIns) + max(0, count.reports)
            totals[count.bucket.weekday][count.bucket.hour] += activity
            if count.bucket.week == currentWeek { thisWeek[count.bucket.weekday][count.bucket.hour] += activity }
        }
        self.currentWeek = currentWeek
        self.totals = totals
        self.thisWeek = thisWeek
        self.isSample = isSample
    }

    /// The weeks counted when `week` is the current one: it and the seven before.
    public static func window(endingAt week: Int64) -> ClosedRange<Int64> {
        (week - Int64(weeksKept - 1))...week
    }

    /// Whether there is anything counted at all.
    public var isEmpty: Bool { !totals.contains { $0.contains { $0 > 0 } } }

    /// Per weekday (Sunday 0) and hour, 0…100: the hour's count as a share of the place's busiest hour, rounded
    /// (all 0 when nothing is counted).
    public func levels() -> [[Int]] {
        let busiest = totals.lazy.map { $0.max() ?? 0 }.max() ?? 0
        guard busiest > 0 else { return totals }
        return totals.map { hours in hours.map { (100 * $0 + busiest / 2) / busiest } }
    }

    /// What the counts say about `instant` in `timeZone`, or `nil` when nothing is counted. This hour's count so far
    /// is judged at its pace: scaled to a whole hour from the part gone (at least a quarter, so one early check-in is
    /// not an hour's worth); otherwise the hour's usual level (``levels()``) decides.
    public func verdict(at instant: Date, in timeZone: TimeZone) -> Verdict? {
        guard !isEmpty else { return nil }
        let bucket = Bucket(instant: instant, timeZone: timeZone)
        if bucket.week == currentWeek {
            let sofar = thisWeek[bucket.weekday][bucket.hour]
            let minutesGone = CalendarDate.local(instant, in: timeZone).time.minutes % 60
            let pace = Double(sofar) * 60 / Double(max(minutesGone, 15))
            let usual = Double(totals[bucket.weekday][bucket.hour] - sofar) / Double(Self.weeksKept - 1)
            if sofar >= 3, pace >= 1.5 * usual { return .busierThanUsual }
        }
        let level = levels()[bucket.weekday][bucket.hour]
        if level < 34 { return .usuallyQuiet }
        if level >= 67 { return .usuallyBusy }
        return .usuallySomewhatBusy
    }
}
