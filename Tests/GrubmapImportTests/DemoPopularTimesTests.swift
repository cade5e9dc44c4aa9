import Foundation
import GrubmapCore
import GrubmapImport
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// The demo's sample popular times on every database: written once, shaped by each place's hours, labelled sample,
/// and giving way to people's counts.
@Suite struct DemoPopularTimesTests {
    /// Wednesday 18 November 2026, 20:06 in Busan; 03:06 in San José.
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let seoul = TimeZone(identifier: "Asia/Seoul")!
    static let pacific = TimeZone(identifier: "America/Los_Angeles")!

    static func window(_ instant: Date, _ zone: TimeZone) -> ClosedRange<Int64> {
        PopularTimes.window(endingAt: PopularTimes.Bucket(instant: instant, timeZone: zone).week)
    }

    @Test(arguments: StoreKind.tested)
    func theSampleWeeksAreWrittenOnceShapedByEachPlacesHours(kind: StoreKind) throws {
        try kind.withStore { store throws in
            try DemoData.load(into: store)
            let geumjeong = try Place.ID("pnu-busan-geumjeong-hall")
            let week = PopularTimes.Bucket(instant: Self.now, timeZone: Self.seoul).week
            // People's counts in one past week: that week gets no sample.
            let real = PopularTimes.Count(
                bucket: try #require(PopularTimes.Bucket(week: week - 2, weekday: 1, hour: 10)), checkIns: 4,
                reports: 1)
            try store.addPopularCounts([real], placeID: geumjeong, sample: false)

            let places = try DemoData.datasets().flatMap(\.places).count
            #expect(try DemoPopularTimes.load(into: store, now: Self.now) == places * 7 - 1)
            #expect(try DemoPopularTimes.load(into: store, now: Self.now) == 0)

            let times = try store.popularTimes(placeID: geumjeong, weeks: Self.window(Self.now, Self.seoul))
            #expect(times.isSample)
            #expect(try store.popularTimes(placeID: geumjeong, weeks: (week - 2)...(week - 2)).totals[1][10] == 5)
            #expect(try store.popularTimes(placeID: geumjeong, weeks: (week - 2)...(week - 2)).totals[1][12] == 0)
            // The current week is people's alone.
            #expect(times.thisWeek.joined().allSatisfy { $0 == 0 })
            // No hours: taken as Monday to Friday, 08:00 to 20:00, with lunch the busiest and a dinner peak.
            let levels = times.levels()
            #expect(levels.joined().max() == 100)
            #expect(levels[0].allSatisfy { $0 == 0 } && levels[6].allSatisfy { $0 == 0 })
            for day in levels[1...5] {
                #expect(day[7] == 0 && day[20] == 0)
                #expect(day[12] > day[9] && day[12] > day[15] && day[18] > day[15])
            }

            // San José's Original Joe's by its own hours, on Pacific time: nothing in an hour it is closed.
            let originalJoes = try #require(try store.place(id: try Place.ID("original-joes")))
            let joes = try store.popularTimes(placeID: originalJoes.id, weeks: Self.window(Self.now, Self.pacific))
            #expect(joes.isSample)
            let monday = try CalendarDate(parsing: "2026-11-16")
            for hour in 0...23 {
                let open = originalJoes.openingHours.openings(on: monday).contains { range in
                    let start = range.opens.minutes / 60
                    let end = range.closes > range.opens ? (range.closes.minutes + 59) / 60 : 24
                    return (start..<end).contains(hour)
                }
                if !open { #expect(joes.totals[1][hour] == 0, "Monday \(hour):00") }
            }

            // Eight weeks on, the sweep has dropped every sample week: the figures are people's alone.
            let later = Self.now.addingTimeInterval(8 * 7 * 86_400)
            try store.pruneLive(now: later, oldestWeek: Self.window(later, Self.seoul).lowerBound)
            let after = try store.popularTimes(placeID: geumjeong, weeks: Self.window(later, Self.seoul))
            #expect(!after.isSample)
            #expect(after.isEmpty)
        }
    }

    @Test(arguments: StoreKind.tested)
    func everyRunWritesTheSameCounts(kind: StoreKind) throws {
        var totals: [[[Int]]] = []
        for _ in 0..<2 {
            try kind.withStore { store throws in
                try DemoData.load(into: store)
                try DemoPopularTimes.load(into: store, now: Self.now)
                totals.append(
                    try store.popularTimes(
                        placeID: try Place.ID("pnu-busan-munchang-hall"), weeks: Self.window(Self.now, Self.seoul)
                    ).totals)
            }
        }
        #expect(totals.count == 2 && totals[0] == totals[1])
        #expect(totals.first?.joined().reduce(0, +) ?? 0 > 0)
    }
}
