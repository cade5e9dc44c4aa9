import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// `GET /api/v1/places/{id}/popular-times` and the place page's chart, through the real app on a real SQLite file,
/// on the test clock: Wednesday 18 November 2026, 20:06 in Seoul (the test campus's clock).
@Suite struct PopularTimesTests {
    static let path = "/api/v1/places/alpha/popular-times"
    static let seoul = TestApp.sampleArea.clockTimeZone

    /// Seven past weeks of counts for alpha: 10 a week at Wednesday 20:00 (now's hour), 20 at Wednesday 12:00 (the
    /// busiest), 2 at Monday 08:00; `sample` marks them so.
    static func history(_ test: TestApp, sample: Bool = false) throws -> PopularTimes.Bucket {
        let now = PopularTimes.Bucket(instant: test.clock.now, timeZone: seoul)
        #expect((now.weekday, now.hour) == (3, 20))
        let counts = try (1...7).flatMap { ago in
            try [(3, 20, 10), (3, 12, 20), (1, 8, 2)].map { weekday, hour, checkIns in
                PopularTimes.Count(
                    bucket: try #require(
                        PopularTimes.Bucket(week: now.week - Int64(ago), weekday: weekday, hour: hour)),
                    checkIns: checkIns, reports: 0)
            }
        }
        try test.store.addPopularCounts(counts, placeID: try Place.ID("alpha"), sample: sample)
        return now
    }

    static func json(_ response: Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test func theAPIGivesSevenDaysScaledToTheBusiestHourAndNow() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let now = try Self.history(test)
        let response = try test.get(Self.path)
        #expect(response.status == .ok)
        let body = try Self.json(response)
        #expect(body["placeId"] as? String == "alpha")
        #expect(body["timeZone"] as? String == "Asia/Seoul")
        #expect(body["sample"] as? Bool == false)
        let days = try #require(body["days"] as? [[String: Any]])
        #expect(days.map { $0["weekday"] as? Int } == Array(0...6))
        let hours = days.map { $0["hours"] as? [Int] ?? [] }
        #expect(hours.allSatisfy { $0.count == 24 })
        #expect(hours[3][12] == 100)
        #expect(hours[3][20] == 50)
        #expect(hours[1][8] == 10)
        #expect(hours.joined().reduce(0, +) == 160)
        let nowBody = try #require(body["now"] as? [String: Any])
        #expect(nowBody["weekday"] as? Int == now.weekday && nowBody["hour"] as? Int == now.hour)
        #expect(nowBody["level"] as? String == "usually_somewhat_busy")

        // Noon the next Wednesday is usually busy; 08:00 on Monday usually quiet.
        test.clock.set(ISO8601DateFormatter().date(from: "2026-11-25T03:10:00Z")!)
        let noon = try #require(try Self.json(try test.get(Self.path))["now"] as? [String: Any])
        #expect(noon["weekday"] as? Int == 3 && noon["hour"] as? Int == 12)
        #expect(noon["level"] as? String == "usually_busy")
        test.clock.set(ISO8601DateFormatter().date(from: "2026-11-22T23:30:00Z")!)
        let monday = try #require(try Self.json(try test.get(Self.path))["now"] as? [String: Any])
        #expect(monday["weekday"] as? Int == 1 && monday["hour"] as? Int == 8)
        #expect(monday["level"] as? String == "usually_quiet")
    }

    @Test func anHourBusierThanItsUsualSaysSo() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let now = try Self.history(test)
        // 20 check-ins by 20:06 this week, where 10 is usual for the whole hour.
        try test.store.addPopularCounts(
            [PopularTimes.Count(bucket: now, checkIns: 18, reports: 2)], placeID: try Place.ID("alpha"), sample: false)
        let body = try Self.json(try test.get(Self.path))
        #expect((body["now"] as? [String: Any])?["level"] as? String == "busier_than_usual")
    }

    @Test func aPlaceWithNothingCountedHasNoNowAndAnUnknownPlaceIs404() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let body = try Self.json(try test.get("/api/v1/places/bravo/popular-times"))
        #expect(body["now"] == nil)
        #expect(body["sample"] as? Bool == false)
        #expect(
            (body["days"] as? [[String: Any]])?.allSatisfy { ($0["hours"] as? [Int]) == Array(repeating: 0, count: 24) }
                == true)
        let missing = try test.get("/api/v1/places/atlantis/popular-times")
        #expect(missing.status == .notFound)
        let error = try #require(try Self.json(missing)["error"] as? [String: Any])
        #expect(error["code"] as? String == "not_found")
    }

    static func page(_ test: TestApp, _ target: String, language: String = "en") throws -> String {
        let response = try test.get(target, headers: ["Accept-Language": language])
        #expect(response.status == .ok, "\(target)")
        return String(decoding: response.body, as: UTF8.self)
    }

    /// The page's popular-times section, from its start tag to its end tag.
    static func chart(in html: String) -> String? {
        guard let start = html.range(of: #"<section class="card panel wide popular-times""#),
            let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func thePlacePageDrawsTodayWithNowMarkedAndATableForScreenReaders() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        _ = try Self.history(test, sample: true)
        let html = try Self.page(test, "/places/alpha")
        let chart = try #require(Self.chart(in: html))
        #expect(chart.contains("<h2 id=\"popular-times\">Popular times</h2>"))
        #expect(chart.contains("Sample data"))
        // The drawing spans 08:00 to 20:00 (the hours counted on any day), Wednesday's bars, one marked now.
        #expect(chart.contains(#"<svg class="popular-chart""#) && chart.contains(#"aria-hidden="true""#))
        #expect(chart.components(separatedBy: #"<g class="popular-bar"#).count - 1 == 13)
        #expect(
            chart.contains(
                #"<g class="popular-bar now" data-hour="20" data-now="true"><title>Now, 20:00–21:00: 50 of 100</title>"#
            ))
        #expect(chart.contains(#"<g class="popular-bar" data-hour="12"><title>12:00–13:00: 100 of 100</title>"#))
        #expect(chart.components(separatedBy: "data-now=\"true\"").count - 1 == 2)  // the bar and the table's row
        // The verdict in words, and today current among the seven day links.
        #expect(chart.contains("<strong>Usually a little busy</strong>"))
        #expect(
            chart.contains(
                #"class="day popular-day" href="/places/alpha?day=3#popular-times" aria-label="Wednesday" aria-current="page" data-today="true""#
            ))
        // The table: visually hidden, not hidden from screen readers.
        #expect(chart.contains(#"<div class="visually-hidden"><table><caption>Popular times on Wednesday"#))
        #expect(chart.contains(#"<tr data-now="true"><th scope="row">20:00–21:00 (now)</th><td>50</td></tr>"#))
        #expect(!chart.contains(#"<div class="visually-hidden" aria-hidden"#))

        // Another day: its bars, no now mark, no verdict; Korean in Korean.
        let monday = try Self.page(test, "/places/alpha?day=1", language: "ko")
        let mondayChart = try #require(Self.chart(in: monday))
        #expect(mondayChart.contains("붐비는 시간") && mondayChart.contains("예시 데이터"))
        #expect(!mondayChart.contains("data-now"))
        #expect(!mondayChart.contains("보통"))
        #expect(mondayChart.contains(#"<g class="popular-bar" data-hour="8"><title>08:00–09:00: 100 중 10</title>"#))
        #expect(mondayChart.contains(#"aria-label="월요일" aria-current="page""#))
    }

    @Test func aDayThatIsNotZeroToSixIs400NamingIt() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        for day in ["7", "-1", "mon", "", "03", "1%00"] {
            let response = try test.get("/places/alpha?day=\(day)")
            #expect(response.status == .badRequest, "day=\(day)")
            #expect(String(decoding: response.body, as: UTF8.self).contains("day:"), "day=\(day)")
        }
    }

    @Test func aPlaceWithNothingCountedSaysSo() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let html = try Self.page(test, "/places/bravo")
        #expect(html.contains("Not enough visits yet to show popular times."))
        #expect(!html.contains("popular-chart") && !html.contains("Sample data"))
    }
}
