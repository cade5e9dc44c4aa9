import Foundation
import Testing

@testable import GrubmapCore

@Suite struct CalendarDateTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!
    static let utc = TimeZone(identifier: "UTC")!
    static let sanJose = TimeZone(identifier: "America/Los_Angeles")!

    func instant(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    @Test(arguments: [
        ("1970-01-01", 0, Weekday.thursday), ("2026-11-08", 20_765, .sunday), ("2024-02-29", 19_782, .thursday),
        ("2000-03-01", 11_017, .wednesday), ("1969-12-31", -1, .wednesday), ("0001-01-01", -719_162, .monday),
    ])
    func parsesFormatsAndKnowsItsWeekday(text: String, days: Int, weekday: Weekday) throws {
        let date = try CalendarDate(parsing: text)
        #expect(date.daysSince1970 == days)
        #expect(date.description == text)
        #expect(date.weekday == weekday)
        #expect(try CalendarDate(daysSince1970: days) == date)
    }

    @Test(arguments: [
        "", "2026-1-01", "2026/11/08", "26-11-08", "2026-11-08T00:00", " 2026-11-08", "2026-11-0８", "２０２６-11-08",
        "abcd-ef-gh", "2026-11-08\n",
    ])
    func refusesWhatIsNotWrittenYYYYMMDD(text: String) {
        #expect(throws: CalendarDateError.malformed(String(text.prefix(32)))) { try CalendarDate(parsing: text) }
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "0000-01-01", "2100-02-29"])
    func refusesDaysTheCalendarDoesNotHave(text: String) {
        #expect(throws: CalendarDateError.invalid(text)) { try CalendarDate(parsing: text) }
    }

    @Test func weeksRunSundayToSaturday() throws {
        let wednesday = try CalendarDate(parsing: "2026-11-18")
        #expect(wednesday.week().map(\.description) == (15...21).map { "2026-11-\($0)" })
        let sunday = try CalendarDate(parsing: "2026-11-15")
        #expect(sunday.week().first == sunday)
        let saturday = try CalendarDate(parsing: "2026-11-21")
        #expect(saturday.week().last == saturday)
        // Across a month and a year boundary.
        #expect(
            try CalendarDate(parsing: "2026-12-31").week().map(\.description) == [
                "2026-12-27", "2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02",
            ])
        #expect(try CalendarDate(parsing: "2026-11-18").week(startingOn: .monday).first?.description == "2026-11-16")
    }

    @Test func weeksAtTheCalendarsEndsLeaveOutDaysThatDoNotExist() throws {
        // 0001-01-01 was a Monday: its week has no Sunday before it, and never starts on a Monday.
        let first = try CalendarDate(parsing: "0001-01-01")
        #expect(first.weekday == .monday)
        #expect(first.week().map(\.description) == (1...6).map { "0001-01-0\($0)" })
        #expect(first.week().allSatisfy { $0.weekday != .sunday })
        // 9999-12-31 was a Friday: its week ends there, without a repeated "Fri 31".
        let last = try CalendarDate(parsing: "9999-12-31")
        #expect(last.week().map(\.description) == (26...31).map { "9999-12-\($0)" })
        #expect(Set(last.week()).count == last.week().count)
    }

    @Test func todayIsTheAreasNotTheServers() {
        // 15:30 UTC on Sunday 8 November is already 00:30 on Monday 9 November in Seoul.
        let instant = instant("2026-11-08T15:30:00Z")
        let seoul = CalendarDate.local(instant, in: Self.seoul)
        #expect(seoul.date.description == "2026-11-09")
        #expect(seoul.date.weekday == .monday)
        #expect(seoul.time.description == "00:30")
        let utc = CalendarDate.local(instant, in: Self.utc)
        #expect(utc.date.description == "2026-11-08")
        #expect(utc.time.description == "15:30")
        // San José is still in Sunday morning.
        #expect(CalendarDate.local(instant, in: Self.sanJose).date.description == "2026-11-08")
        #expect(CalendarDate.local(instant, in: Self.sanJose).time.description == "07:30")
        // Seoul's Monday starts a new week; UTC's Sunday started the week before.
        #expect(seoul.date.week().first?.description == "2026-11-08")
        #expect(utc.date.week().first?.description == "2026-11-08")
    }

    @Test func midnightBelongsToTheNewDay() {
        let lastSecond = CalendarDate.local(instant("2026-11-08T14:59:59Z"), in: Self.seoul)
        #expect(lastSecond.date.description == "2026-11-08")
        #expect(lastSecond.time.description == "23:59")
        let midnight = CalendarDate.local(instant("2026-11-08T15:00:00Z"), in: Self.seoul)
        #expect(midnight.date.description == "2026-11-09")
        #expect(midnight.time.description == "00:00")
        // Saturday night to Sunday in Seoul moves to the next week.
        let saturday = CalendarDate.local(instant("2026-11-14T14:59:59Z"), in: Self.seoul).date
        let sunday = CalendarDate.local(instant("2026-11-14T15:00:00Z"), in: Self.seoul).date
        #expect(saturday.week().first?.description == "2026-11-08")
        #expect(sunday.week().first?.description == "2026-11-15")
    }

    @Test func daylightSavingTimeMovesTheLocalClock() {
        // San José leaves daylight saving time on 1 November 2026 at 02:00 local time.
        #expect(CalendarDate.local(instant("2026-10-31T19:00:00Z"), in: Self.sanJose).time.description == "12:00")
        #expect(CalendarDate.local(instant("2026-11-02T20:00:00Z"), in: Self.sanJose).time.description == "12:00")
    }

    @Test func encodesAsText() throws {
        let date = try CalendarDate(parsing: "2026-11-09")
        let data = try JSONEncoder().encode([date])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-11-09"]"#)
        #expect(try JSONDecoder().decode([CalendarDate].self, from: data) == [date])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([CalendarDate].self, from: Data(#"["9.11.2026"]"#.utf8))
        }
    }
}

@Suite struct MealPeriodTests {
    func time(_ text: String) -> TimeOfDay { try! TimeOfDay(parsing: text) }

    @Test(arguments: [
        ("00:00", MealPeriod.breakfast), ("10:29", .breakfast), ("10:30", .lunch), ("14:59", .lunch),
        ("15:00", .dinner), ("23:59", .dinner),
    ])
    func theClockDecidesThePeriodOfAnOpening(clock: String, period: MealPeriod) {
        #expect(MealPeriod(at: time(clock)) == period)
    }

    @Test(arguments: [
        ("조식", MealPeriod?.some(.breakfast)), ("중식", .lunch), ("석식", .dinner), ("Breakfast", .breakfast),
        ("LUNCH specials", .lunch), ("Dinner", .dinner), ("점심 특식", .lunch), ("저녁", .dinner),
        ("교직원 중식", .lunch), ("조식 (천원의 아침밥)", .breakfast), ("일품", nil), ("Mains", nil),
        ("Lunch & dinner", nil),
    ])
    func categoryNamesSayTheirPeriod(name: String, period: MealPeriod?) {
        #expect(MealPeriod(categoryName: name) == period)
    }
}

@Suite struct MenuArrangementTests {
    static let won = try! Currency(code: "KRW")
    static let day = try! CalendarDate(parsing: "2026-11-09")

    func menu(_ names: [String]) throws -> Menu {
        let categories = try names.map { try MenuCategory(name: $0, meals: [Meal(name: "\($0) meal")]) }
        return try Menu(date: Self.day, status: .serving(categories), currency: Self.won)
    }

    /// The arrangement at `clock` for a place whose hours are not known (the usual times), or `nil` for another day:
    /// each category's name, `+` open or `-` folded, `*` served now.
    func arranged(_ menu: Menu, at clock: String?, hours: OpeningHours = OpeningHours()) -> [String] {
        let moment = clock.map {
            MealTimes(hours: hours, on: Self.day).moment(at: try! TimeOfDay(parsing: $0), for: menu)
        }
        return menu.arrangedCategories(at: moment).map { item in
            item.category.name + (item.isOpen ? "+" : "-") + (item.isServingNow ? "*" : "")
        }
    }

    @Test func theCurrentAndNextPeriodsComeFirstAndOpenThePastOnesFoldedLast() throws {
        let menu = try menu(["조식", "중식", "석식"])
        #expect(arranged(menu, at: "07:30") == ["조식+*", "중식+", "석식-"])
        #expect(arranged(menu, at: "10:00") == ["중식+", "석식-", "조식-"])
        #expect(arranged(menu, at: "12:30") == ["중식+*", "석식+", "조식-"])
        #expect(arranged(menu, at: "13:59") == ["중식+*", "석식+", "조식-"])
        #expect(arranged(menu, at: "14:00") == ["석식+", "조식-", "중식-"])
        #expect(arranged(menu, at: "18:00") == ["석식+*", "조식-", "중식-"])
        // After the day's last period everything is over, folded in menu order.
        #expect(arranged(menu, at: "23:30") == ["조식-", "중식-", "석식-"])
    }

    @Test func nothingIsServedOutsideTheOpeningHoursEvenAtMealtime() throws {
        let menu = try menu(["Breakfast", "Lunch", "Dinner"])
        let hours = OpeningStateTests.hours([("Mo-Su", "07:00", "10:00"), ("Mo-Su", "17:00", "22:00")])
        // 00:08: the place is closed; breakfast is next, nothing is now.
        #expect(arranged(menu, at: "00:08", hours: hours) == ["Breakfast+", "Dinner-", "Lunch-"])
        #expect(arranged(menu, at: "08:00", hours: hours) == ["Breakfast+*", "Dinner+", "Lunch-"])
        // The hours serve no lunch: at noon it is over, and dinner is next.
        #expect(arranged(menu, at: "12:00", hours: hours) == ["Dinner+", "Breakfast-", "Lunch-"])
    }

    @Test func anotherDayShowsEveryCategoryOpenInMenuOrder() throws {
        #expect(arranged(try menu(["조식", "중식", "석식"]), at: nil) == ["조식+", "중식+", "석식+"])
    }

    @Test func withoutTheCurrentPeriodTheNextOneComesFirst() throws {
        let menu = try menu(["중식", "석식"])
        #expect(arranged(menu, at: "08:00") == ["중식+", "석식-"])
        #expect(arranged(try self.menu(["조식", "중식"]), at: "20:00") == ["조식-", "중식-"])
    }

    @Test func categoriesWithoutAPeriodStayOpenWhereTheyWere() throws {
        let menu = try menu(["중식", "일품", "석식", "교직원 중식"])
        #expect(arranged(menu, at: "12:00") == ["중식+*", "교직원 중식+*", "석식+", "일품+"])
        #expect(arranged(try self.menu(["Mains", "Drinks"]), at: "12:00") == ["Mains+", "Drinks+"])
    }
}

@Suite struct MenuModelTests {
    static let won = try! Currency(code: "KRW")
    static let dollar = try! Currency(code: "USD")

    @Test(arguments: [
        ("2.60", "USD", "2.6"), ("2.6", "USD", "2.6"), ("0", "USD", "0"), ("12", "USD", "12"), ("3000", "KRW", "3000"),
        ("3000.00", "KRW", "3000"), (" 4500 ", "KRW", "4500"), ("0.10", "USD", "0.1"),
        ("999999999.99", "USD", "999999999.99"),
        ("1.250", "KWD", "1.25"),
    ])
    func pricesAreReadExactly(text: String, code: String, expected: String) throws {
        let amount = try MealPrice.amount(parsing: text, currency: try Currency(code: code))
        #expect(amount == Decimal(string: expected)!)
    }

    @Test(arguments: [
        ("2.605", "USD"), ("3000.5", "KRW"), ("-1", "USD"), ("+1", "USD"), ("1e3", "USD"), ("1,000", "KRW"),
        ("", "USD"),
        (".5", "USD"), ("5.", "USD"), ("NaN", "USD"), ("INF", "USD"), ("1000000000", "KRW"), ("２", "KRW"),
        ("1 000", "KRW"),
    ])
    func refusesPricesThatAreNotPlainDecimalsInTheCurrency(text: String, code: String) throws {
        let currency = try Currency(code: code)
        #expect(throws: MenuError.self) { try MealPrice.amount(parsing: text, currency: currency) }
    }

    @Test func pricesRoundTripThroughMinorUnits() throws {
        let price = MealPrice(role: .student, amount: try MealPrice.amount(parsing: "2.60", currency: Self.dollar))
        #expect(price.minorUnits(in: Self.dollar) == 260)
        #expect(MealPrice(role: .student, minorUnits: 260, currency: Self.dollar) == price)
        #expect(MealPrice(role: .other, minorUnits: 4500, currency: Self.won).amount == 4500)
    }

    @Test func namesAreTrimmedCollapsedAndAtMost250Characters() throws {
        let meal = try Meal(name: "  돼지불고기\n    정식  ", notes: [" 돼지고기 "])
        #expect(meal.name == "돼지불고기 정식")
        #expect(meal.notes == ["돼지고기"])
        #expect(try Meal(name: String(repeating: "밥", count: 250)).name.count == 250)
        #expect(throws: MenuError.self) { try Meal(name: String(repeating: "밥", count: 251)) }
        #expect(throws: MenuError.self) { try Meal(name: " \n\t ") }
        #expect(throws: MenuError.self) { try Meal(name: "x", notes: [""]) }
        #expect(throws: MenuError.self) { try MenuCategory(name: "", meals: [try Meal(name: "x")]) }
        #expect(throws: MenuError.noMeals(category: "중식")) { try MenuCategory(name: "중식", meals: []) }
    }

    @Test func aMealHasOnePricePerRoleInRoleOrder() throws {
        let meal = try Meal(
            name: "x", prices: [MealPrice(role: .other, amount: 3), MealPrice(role: .student, amount: 2)])
        #expect(meal.prices.map(\.role) == [.student, .other])
        #expect(meal.price(for: .student) == 2)
        #expect(meal.price(for: .pupil) == nil)
        #expect(throws: MenuError.duplicatePriceRole(.student)) {
            try Meal(name: "x", prices: [MealPrice(role: .student, amount: 2), MealPrice(role: .student, amount: 3)])
        }
    }

    @Test func aServingDayNeedsCategoriesAndAClosedDayHasNone() throws {
        let date = try CalendarDate(parsing: "2026-11-09")
        #expect(throws: MenuError.noCategories) { try Menu(date: date, status: .serving([]), currency: Self.won) }
        let closed = try Menu(date: date, status: .closed, currency: Self.won)
        #expect(closed.isClosed)
        #expect(closed.categories.isEmpty)
        #expect(closed.kind == .closed)
    }

    @Test(arguments: [
        "돼지불고기 · 쌀밥", "Eier", " leading", "trailing ", "two  spaces", "tab\there", "line\nbreak", "no\u{A0}break",
        "ideographic\u{3000}space", "em\u{2003}space", "narrow\u{202F}space", "", " ", "a \u{301}b", "Crème brûlée",
        "\u{2028}", "next\u{85}line", "ogham\u{1680}mark",
    ])
    func cleanTextIsKeptAndOtherTextIsCleanedTheSameWay(text: String) {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let expected = words.isEmpty ? nil : words.joined(separator: " ")
        #expect(MenuText.clean(text) == expected)
        #expect(MenuText.isClean(text) == (expected == text))
    }
}
