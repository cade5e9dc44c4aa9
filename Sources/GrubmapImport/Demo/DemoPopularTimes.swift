import Foundation
import GrubmapCore
import GrubmapStore

/// The demo's sample popular times: generated counts of check-ins for every place of the demo areas, marked as sample
/// in the store (the API says `"sample": true`, the place page "Sample data"), like the sample menus.
///
/// The counts are a pure function of the place and the hour, so every run and every server writes the same ones: in
/// each hour the place is open (by its opening hours; a place without hours is taken as open Monday to Friday,
/// 08:00 to 20:00, a campus day), a base plus a lunch peak around 12:30 and a smaller dinner peak around 18:30, scaled
/// per place and weekday, with a little noise per week.
///
/// Real counts replace the sample as they come: only the seven whole weeks before the current one get sample
/// counters, and only weeks in which the place has no counter at all (so a week with people's check-ins is never
/// given sample ones, and running this again changes nothing). The current week is always people's alone, so "busier
/// than usual" compares today with the sample's usual, and the pruning sweep drops each sample week 8 weeks on: a
/// place's figures are labelled sample while any sample week is still counted.
public enum DemoPopularTimes {
    /// The busiest hour of a sample week has about this many check-ins, give or take the place's own scale.
    static let peak = 6.0

    /// Writes the sample weeks for every demo place in `store` that lacks them, as of `now` on each area's clock.
    ///
    /// - Returns: the number of place-weeks written.
    @discardableResult
    public static func load(into store: any Store, now: Date) throws -> Int {
        var written = 0
        for dataset in try DemoData.datasets() {
            guard let area = try store.area(id: dataset.area.id) else { continue }
            let current = PopularTimes.Bucket(instant: now, timeZone: area.clockTimeZone).week
            for shipped in dataset.places {
                guard let place = try store.place(id: shipped.id), place.areaID == area.id else { continue }
                for week in (current - Int64(PopularTimes.weeksKept - 1))..<current
                where try store.popularTimes(placeID: place.id, weeks: week...week).isEmpty {
                    let counts = Self.counts(for: place, week: week)
                    guard !counts.isEmpty else { continue }
                    try store.addPopularCounts(counts, placeID: place.id, sample: true)
                    written += 1
                }
            }
        }
        return written
    }

    /// The generated counts of `place` for one week: only hours with at least one check-in.
    static func counts(for place: Place, week: Int64) -> [PopularTimes.Count] {
        let rules =
            place.openingHours.isEmpty
            ? [(days: Array(Weekday.allCases.prefix(5)), opens: 8 * 60, closes: 20 * 60)]
            : place.openingHours.rules.map { ($0.days, $0.opens.minutes, $0.closes.minutes) }
        // Minutes open per weekday (Sunday 0) and hour; an opening past midnight runs into the next day.
        var open = Array(repeating: Array(repeating: 0, count: 24), count: 7)
        for (days, opens, closes) in rules {
            let end = closes > opens ? closes : closes + 24 * 60
            for day in days {
                for minute in stride(from: opens, to: end, by: 1) {
                    let weekday = (day.rawValue % 7 + minute / (24 * 60)) % 7
                    open[weekday][(minute / 60) % 24] += 1
                }
            }
        }
        let scale = peak * (0.7 + 0.6 * unit(place.id.rawValue, "scale"))
        var counts: [PopularTimes.Count] = []
        for weekday in 0...6 {
            let dayFactor = 0.75 + 0.5 * unit(place.id.rawValue, "day \(weekday)")
            for hour in 0...23 where open[weekday][hour] > 0 {
                let middle = Double(hour) + 0.5
                let shape =
                    0.2 + exp(-pow((middle - 12.5) / 1.2, 2)) + 0.7 * exp(-pow((middle - 18.5) / 1.4, 2))
                let noise = unit(place.id.rawValue, "\(week) \(weekday) \(hour)") - 0.5
                let value = scale * dayFactor * shape * Double(min(open[weekday][hour], 60)) / 60 + noise * 1.5
                let checkIns = Int(value.rounded())
                guard checkIns > 0, let bucket = PopularTimes.Bucket(week: week, weekday: weekday, hour: hour) else {
                    continue
                }
                counts.append(PopularTimes.Count(bucket: bucket, checkIns: checkIns, reports: 0))
            }
        }
        return counts
    }

    /// A number in 0..<1 fixed by `key` and `salt` (FNV-1a, 64 bits): the same on every run and machine.
    static func unit(_ key: String, _ salt: String) -> Double {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (key + "\u{1F}" + salt).utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Double(hash >> 11) / Double(UInt64(1) << 53)
    }
}
