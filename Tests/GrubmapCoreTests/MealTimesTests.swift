import Foundation
import Testing

@testable import GrubmapCore

/// Meal periods "now" and "next" from a place's hours and its area's clock: each test reads one instant (the
/// injected clock) on the clock of the area it is in.
@Suite struct MealTimesTests {
    static let busan = TimeZone(identifier: "Asia/Seoul")!
    static let sanJose = TimeZone(identifier: "America/Los_Angeles")!
    static let usd = try! Currency(code: "USD")

    /// Sample hours of a San José restaurant: breakfast, and lunch into dinner, with a late Friday.
    static let restaurant = OpeningStateTests.hours([
        ("Mo-Su", "07:00", "10:00"), ("Mo-Th,Su", "11:30", "21:30"), ("Fr-Sa", "11:30", "23:30"),
    ])

    static func menu(_ date: CalendarDate, _ names: [String]) -> Menu {
        let categories = names.map { try! MenuCategory(name: $0, meals: [Meal(name: "\($0) dish")]) }
        return try! Menu(date: date, status: .serving(categories), currency: usd)
    }

    /// Where the meals of `names` stand at `instant` in `timeZone` for `hours`, on the instant's local date.
    func moment(_ instant: String, in timeZone: TimeZone, hours: OpeningHours, _ names: [String]) -> MealMoment {
        let (date, time) = CalendarDate.local(try! Date(instant, strategy: .iso8601), in: timeZone)
        return MealTimes(hours: hours, on: date).moment(at: time, for: Self.menu(date, names))
    }

    @Test func justAfterMidnightNothingIsNowAndBreakfastIsNext() {
        // 2026-11-17 08:08 UTC is 00:08 on Tuesday in San José: the restaurant is closed.
        let moment = moment("2026-11-17T08:08:00Z", in: Self.sanJose, hours: Self.restaurant, ["Breakfast", "Lunch"])
        #expect(moment.now == nil)
        #expect(moment.next == MealMoment.Upcoming(period: .breakfast, at: try! TimeOfDay(parsing: "07:00")))
        #expect(!moment.isOpen)
        #expect(moment.opensAt == (try! TimeOfDay(parsing: "07:00")))
    }

    @Test func theSameInstantIsLunchInBusanAndEveningInSanJose() {
        let instant = "2026-11-17T03:30:00Z"  // 12:30 Tuesday in Busan, 19:30 Monday in San José
        let campus = moment(instant, in: Self.busan, hours: OpeningHours(), ["조식", "중식", "석식"])
        #expect(campus.now == .lunch)
        #expect(campus.next?.period == .dinner)
        #expect(campus.past == [.breakfast])
        let venue = moment(instant, in: Self.sanJose, hours: Self.restaurant, ["Breakfast", "Lunch", "Dinner"])
        #expect(venue.now == .dinner)
        #expect(venue.next == nil)
        #expect(venue.past == [.breakfast, .lunch])
        #expect(venue.isOpen)
    }

    @Test func anOpeningIsCutAtThePeriodsBoundaries() {
        // Friday 2026-11-20 in San José: 11:30-23:30 serves lunch until 15:00 and dinner after.
        let lunch = moment("2026-11-20T14:59:00-08:00", in: Self.sanJose, hours: Self.restaurant, ["Lunch", "Dinner"])
        #expect(lunch.now == .lunch)
        #expect(lunch.next == MealMoment.Upcoming(period: .dinner, at: try! TimeOfDay(parsing: "15:00")))
        let dinner = moment("2026-11-20T23:00:00-08:00", in: Self.sanJose, hours: Self.restaurant, ["Dinner"])
        #expect(dinner.now == .dinner)
        let closed = moment("2026-11-20T23:45:00-08:00", in: Self.sanJose, hours: Self.restaurant, ["Dinner"])
        #expect(closed.now == nil && closed.next == nil && closed.past == [.dinner])
    }

    @Test func betweenAndAfterTheUsualTimesOfAPlaceWithoutHours() {
        let names = ["조식", "중식", "석식"]
        let midnight = moment("2026-11-17T00:08:00+09:00", in: Self.busan, hours: OpeningHours(), names)
        #expect(midnight.now == nil)
        #expect(midnight.next?.period == .breakfast)
        #expect(!midnight.isFromHours)
        let afternoon = moment("2026-11-17T14:30:00+09:00", in: Self.busan, hours: OpeningHours(), names)
        #expect(afternoon.now == nil)
        #expect(afternoon.next == MealMoment.Upcoming(period: .dinner, at: try! TimeOfDay(parsing: "17:00")))
        #expect(afternoon.past == [.breakfast, .lunch])
        let night = moment("2026-11-17T20:00:00+09:00", in: Self.busan, hours: OpeningHours(), names)
        #expect(night.now == nil && night.next == nil && night.past == Set(MealPeriod.allCases))
    }

    @Test func aDatedExceptionsHoursDecideThatDay() throws {
        // Other hours on Wednesday 2026-11-18: lunch only, 11:00-13:30.
        let hours = try OpeningHours(
            rules: Self.restaurant.rules,
            exceptions: [
                .init(
                    date: CalendarDate(parsing: "2026-11-18"),
                    hours: [.init(opens: TimeOfDay(parsing: "11:00"), closes: TimeOfDay(parsing: "13:30"))])
            ])
        let morning = moment("2026-11-18T08:00:00-08:00", in: Self.sanJose, hours: hours, ["Breakfast", "Lunch"])
        #expect(morning.now == nil)
        #expect(morning.next?.period == .lunch)
        #expect(morning.past == [.breakfast])
    }

    @Test func aNightPastMidnightKeepsThePlaceOpenIntoTheNextDay() {
        // Saturday 00:30 in San José: Friday's 11:30-23:30 is over, so closed; a bar open until 02:00 is open.
        let bar = OpeningStateTests.hours([("Fr", "18:00", "02:00")])
        let late = moment("2026-11-21T00:30:00-08:00", in: Self.sanJose, hours: bar, ["Dinner"])
        #expect(late.isOpen)
        #expect(late.now == nil)  // Saturday's menu has no opening that begins on Saturday
    }
}
