import Foundation
import GrubmapCore
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

/// The console's week of menus as a form sends it, read and checked without the app: each day's menu or every
/// field's problem, and bad input refused whole.
@Suite struct WeekMenuFormTests {
    let won = try! Currency(code: "KRW")
    /// A Wednesday: its week runs from Sunday 15 to Saturday 21 November 2026.
    let wednesday = try! CalendarDate(year: 2026, month: 11, day: 18)

    private func form(_ pairs: [(String, String)]) throws(HTTPError) -> WeekMenuForm {
        try WeekMenuForm(fields: QueryFields(pairs.map { (name: $0.0, value: $0.1) }), badDate: "bad date")
    }

    @Test func aWeekIsReadDayByDayWithBlankRowsLeftOut() throws {
        let week = try form([
            ("week", wednesday.description), ("d0-closed", "1"), ("d0-note", "휴일"), ("d1-c0-name", "중식"),
            ("d1-c0-m0-name", "비빔밥"), ("d1-c0-m0-notes", "vegan, 계란"), ("d1-c0-m0-student", "4500"),
            ("d1-c0-m1-name", ""), ("d1-c0-m1-student", " "), ("d3-c2-name", "석식"), ("d3-c2-m5-name", "김치찌개"),
            ("d3-c2-m5-other", "7000.00"), ("d4-c0-name", "조식"), ("csrf", "x"),
        ])
        #expect(week.days.first?.description == "2026-11-15" && week.days.last?.description == "2026-11-21")
        let menus = try week.menus(currency: won).get()
        #expect(menus.count == 7)
        #expect(menus[0]?.isClosed == true && menus[0]?.note == "휴일" && menus[0]?.date == week.days[0])
        #expect(menus[1]?.categories.map(\.name) == ["중식"])
        #expect(menus[1]?.categories[0].meals.map(\.name) == ["비빔밥"])
        #expect(menus[1]?.categories[0].meals[0].notes == ["vegan", "계란"])
        #expect(menus[1]?.categories[0].meals[0].price(for: .student) == 4500)
        #expect(menus[2] == nil)
        #expect(menus[3]?.categories[0].meals[0].price(for: .other) == 7000)
        // A category named without meals says nothing.
        #expect(menus[4] == nil && menus[5] == nil && menus[6] == nil)
    }

    @Test func mealsUnderACategorysNameJoinIt() throws {
        let menus = try form([
            ("week", "2026-11-15"), ("d2-c0-name", "중식"), ("d2-c0-m0-name", "비빔밥"), ("d2-c1-name", "석식"),
            ("d2-c1-m0-name", "국수"), ("d2-c2-name", " 중식 "), ("d2-c2-m0-name", "김밥"),
        ]).menus(currency: won).get()
        #expect(menus[2]?.categories.map(\.name) == ["중식", "석식"])
        #expect(menus[2]?.categories[0].meals.map(\.name) == ["비빔밥", "김밥"])
    }

    @Test func anEmptyFormIsAWeekWithoutMenus() throws {
        #expect(try form([("week", "2026-11-15")]).menus(currency: won).get().allSatisfy { $0 == nil })
    }

    @Test(arguments: [
        "", "2026-13-01", "yesterday", "2026-11-18T00:00", "18 Nov 2026", String(repeating: "9", count: 5000),
    ])
    func aMalformedWeekIsRefused(_ week: String) {
        #expect(throws: HTTPError.self) { try form([("week", week), ("d0-c0-name", "A"), ("d0-c0-m0-name", "B")]) }
        #expect(throws: HTTPError.self) { try form([("d0-c0-name", "A")]) }
    }

    @Test(arguments: [
        "d7-c0-name", "d12-note", "d99999999999999999999-closed", "d0-c12-name", "d0-c0-m30-name",
        "d0-c99999999999999999999-m0-name",
    ])
    func aDayPastTheWeekOrTooManyRowsIsRefused(_ field: String) {
        #expect(throws: HTTPError.self) { try form([("week", "2026-11-15"), (field, "x")]) }
    }

    @Test func theMostRowsAFormMayHaveAreRead() throws {
        var pairs = [("week", "2026-11-15")]
        for c in 0..<MenuDraft.maximumCategories {
            pairs.append(("d6-c\(c)-name", "Category \(c)"))
            for m in 0..<MenuDraft.maximumMeals { pairs.append(("d6-c\(c)-m\(m)-name", "Meal \(c).\(m)")) }
        }
        let menus = try form(pairs).menus(currency: won).get()
        #expect(menus[6]?.categories.count == MenuDraft.maximumCategories)
        #expect(menus[6]?.categories.last?.meals.count == MenuDraft.maximumMeals)
    }

    @Test(arguments: ["4,500", "-1", "abc", "1e400", "4500원", "4500.123", String(repeating: "9", count: 300)])
    func aBadPriceIsAProblemOfItsFieldAndNoDayIsSaved(_ price: String) throws {
        let week = try form([
            ("week", "2026-11-15"), ("d1-c0-name", "중식"), ("d1-c0-m0-name", "비빔밥"), ("d1-c0-m0-student", "4500"),
            ("d2-c0-name", "중식"), ("d2-c0-m0-name", "라면"), ("d2-c0-m0-student", price),
        ])
        let problems = try #require(Self.problems(week.menus(currency: won)))
        #expect(Array(problems.keys) == ["d2-c0-m0-student"])
    }

    @Test func aNameTooLongAMealWithoutNameOrANoteAloneIsAProblemOfItsField() throws {
        let week = try form([
            ("week", "2026-11-15"), ("d4-c0-name", "중식"), ("d4-c0-m0-name", String(repeating: "밥", count: 10_000)),
            ("d5-note", "Just a note"), ("d6-c0-name", "중식"), ("d6-c0-m0-name", ""), ("d6-c0-m0-student", "4500"),
            ("d3-c0-name", String(repeating: "c", count: 10_000)), ("d3-c0-m0-name", "국수"),
        ])
        let problems = try #require(Self.problems(week.menus(currency: won)))
        #expect(Set(problems.keys) == ["d4-c0-m0-name", "d5-note", "d6-c0-m0-name", "d3-c0-name"])
    }

    @Test func aDayIsCopiedToTheOtherDaysTicked() throws {
        var week = try form([
            ("week", "2026-11-15"), ("d1-c0-name", "중식"), ("d1-c0-m0-name", "비빔밥"), ("d1-note", "Sample"),
            ("d3-c0-name", "석식"), ("d3-c0-m0-name", "국수"),
        ])
        #expect(week.copy(day: 1, to: [1, 3, 5, 9, -1, 3]) == [3, 5])
        #expect(week.copy(day: 8, to: [2]) == [])
        let menus = try week.menus(currency: won).get()
        #expect(menus[3]?.categories == menus[1]?.categories && menus[5]?.note == "Sample")
        #expect(menus[3]?.date == week.days[3])
    }

    @Test func theChangesAreTheDaysThatDiffer() throws {
        let days = wednesday.week(startingOn: .sunday)
        let lunch = try Menu(
            date: days[1], status: .serving([try MenuCategory(name: "중식", meals: [try Meal(name: "비빔밥")])]),
            currency: won)
        let closed = try Menu(date: days[2], status: .closed, currency: won, note: "휴일")
        let stored: [Menu?] = [nil, lunch, closed, nil, nil, nil, nil]
        let changed = try Menu(date: days[4], status: .closed, currency: won)
        let (replace, remove) = WeekMenuForm.changes([nil, lunch, nil, nil, changed, nil, nil], over: stored)
        #expect(replace == [changed] && remove == [days[2]])
        #expect(WeekMenuForm.changes(stored, over: stored) == ([], []))
    }

    @Test func blankRowsAreOfferedOnceAndMoveNoRow() throws {
        var draft = MenuDraft()
        draft.categories = [.init(name: "중식", meals: [.init(name: "비빔밥")])]
        let offered = draft.withBlankRows
        #expect(offered.categories.map(\.meals.count) == [1, MenuDraft.blankMeals])
        #expect(offered.withBlankRows == offered)
        #expect(MenuDraft().withBlankRows.categories.count == 1)
    }

    private static func problems(_ result: Result<[Menu?], MenuProblems>) -> [String: String]? {
        if case .failure(let problems) = result { return problems.byField }
        return nil
    }
}

/// The console's one date format per language, and the dates it reads back.
@Suite struct ConsoleDatesTests {
    let today = try! CalendarDate(year: 2026, month: 11, day: 18)

    @Test func datesShowInOneFormatPerLanguage() throws {
        let english = ConsoleDates(language: .english, today: today)
        let korean = ConsoleDates(language: .korean, today: today)
        let friday = try CalendarDate(year: 2026, month: 12, day: 4)
        #expect(english.text(friday) == "Fri 4 Dec 2026")
        #expect(korean.text(friday) == "12월 4일 (금)")
        #expect(korean.text(try CalendarDate(year: 2027, month: 1, day: 4)) == "2027년 1월 4일 (월)")
        #expect(english.week(today.week(startingOn: .sunday)) == "15 Nov – 21 Nov 2026")
        #expect(english.week(friday.adding(days: 28).week(startingOn: .sunday)) == "27 Dec 2026 – 2 Jan 2027")
        #expect(korean.week(today.week(startingOn: .sunday)) == "11월 15일 – 11월 21일")
        let instant = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 20:06:40 in Seoul
        #expect(english.text(instant, in: TimeZone(identifier: "Asia/Seoul")!) == "Wed 18 Nov 2026, 20:06")
        #expect(korean.text(instant, in: TimeZone(identifier: "Asia/Seoul")!) == "11월 18일 (수) 20:06")
    }

    @Test(arguments: [
        "2026-12-04", "Fri 4 Dec 2026", "fri 4 dec 2026", "4 December 2026", "Dec 4, 2026", "Friday, December 4, 2026",
        "4 Dec", "Dec 4", "12월 4일 (금)", "12월 4일", "2026년 12월 4일", "12월 4일 금요일", " 2026년12월4일(금) ",
    ])
    func aDateTypedInEitherLanguageIsRead(_ text: String) throws {
        let friday = try CalendarDate(year: 2026, month: 12, day: 4)
        #expect(ConsoleDates(language: .english, today: today).date(text) == .success(friday))
        #expect(ConsoleDates(language: .korean, today: today).date(text) == .success(friday))
    }

    @Test func aDateWithoutAYearIsTheNextSuchDay() throws {
        let dates = ConsoleDates(language: .english, today: today)
        #expect(dates.date("4 Jan") == .success(try CalendarDate(year: 2027, month: 1, day: 4)))
        #expect(dates.date("18 Nov") == .success(today))
        #expect(dates.date("29 Feb") == .success(try CalendarDate(year: 2028, month: 2, day: 29)))
    }

    @Test(arguments: [
        ("", ConsoleDates.Problem.unreadable), ("tomorrow", .unreadable), ("4/12/2026", .unreadable),
        ("4 12 2026", .unreadable), ("Dec Jan 4", .unreadable), (String(repeating: "4", count: 5000), .unreadable),
        ("31 Feb 2026", .noSuchDay), ("13월 1일", .noSuchDay), ("2026-02-30", .noSuchDay), ("0 Dec", .noSuchDay),
        ("4 Dec 99999999999999999999", .noSuchDay),
    ])
    func aDateThatIsNotOneIsAProblem(_ text: String, _ problem: ConsoleDates.Problem) {
        #expect(ConsoleDates(language: .english, today: today).date(text) == .failure(problem))
    }

    @Test func aWeekdayThatIsNotTheDatesIsAProblem() throws {
        let dates = ConsoleDates(language: .english, today: today)
        let friday = try CalendarDate(year: 2026, month: 12, day: 4)
        #expect(dates.date("Sat 4 Dec 2026") == .failure(.wrongWeekday(.saturday, friday)))
        #expect(dates.date("12월 4일 (토)") == .failure(.wrongWeekday(.saturday, friday)))
        #expect(dates.weekdayName(friday.weekday) == "a Friday")
        #expect(ConsoleDates(language: .korean, today: today).weekdayName(friday.weekday) == "금요일")
    }
}

extension ConsoleDatesTests {
    @Test func datesStoredInTextShowInTheConsolesFormat() {
        let dates = ConsoleDates(language: .english, today: today)
        #expect(
            dates.replacingStoredDates(in: "alpha 2026-11-15…2026-11-21") == "alpha Sun 15 Nov 2026…Sat 21 Nov 2026")
        #expect(
            dates.replacingStoredDates(in: #"{"date":"2026-12-12","hours":[]}"#)
                == #"{"date":"Sat 12 Dec 2026","hours":[]}"#)
        // Not dates: more digits around, a month that is none, too short.
        for text in ["12026-11-15", "2026-11-155", "2026-13-01", "2026-11-1", "", "id-2026"] {
            #expect(dates.replacingStoredDates(in: text) == text)
        }
        #expect(
            ConsoleDates(language: .korean, today: today).replacingStoredDates(in: "2026-11-20: no menu")
                == "11월 20일 (금): no menu")
    }
}
