import Foundation
import Testing

@testable import GrubmapCore

/// The day rule: a closed day wins over a published menu, and the menu stays stored for the day it reopens.
@Suite struct PlaceDayTests {
    static let won = try! Currency(code: "KRW")
    /// Friday 2026-12-04.
    static let friday = try! CalendarDate(parsing: "2026-12-04")
    static let weekdays = OpeningStateTests.hours([("Mo-Fr", "11:00", "14:00")])

    static func serving(_ date: CalendarDate = friday, note: String? = "sample") -> Menu {
        try! Menu(
            date: date, status: .serving([try MenuCategory(name: "중식", meals: [try Meal(name: "비빔밥")])]),
            currency: won, note: note)
    }

    static func closedMenu(_ date: CalendarDate = friday, note: String? = nil) -> Menu {
        try! Menu(date: date, status: .closed, currency: won, note: note)
    }

    static func hours(closing date: CalendarDate, note: String?) -> OpeningHours {
        try! OpeningHours(rules: weekdays.rules, exceptions: [.init(date: date, note: note)])
    }

    @Test func aDatedClosedDayWinsOverAPublishedMenuWithItsNote() {
        let day = PlaceDay(
            hours: Self.hours(closing: Self.friday, note: "개교기념일"), date: Self.friday, menu: Self.serving())
        #expect(day == .closed(.init(reason: .exception, note: "개교기념일", hidesMenu: true)))
        #expect(day.menu == nil)
        #expect(day.kind == .closed)
        #expect(day.note == "개교기념일")
        #expect(day.menuNote == nil)
    }

    @Test func theMenuShowsAgainWhenTheDayReopens() {
        // The exception removed: the weekly hours open Friday, so the stored menu serves.
        #expect(PlaceDay(hours: Self.weekdays, date: Self.friday, menu: Self.serving()) == .serving(Self.serving()))
        // Other hours that day (not closed) leave the menu serving too.
        let other = try! OpeningHours(
            rules: Self.weekdays.rules,
            exceptions: [
                .init(
                    date: Self.friday,
                    hours: [.init(opens: try! TimeOfDay(parsing: "11:00"), closes: try! TimeOfDay(parsing: "13:00"))])
            ])
        #expect(PlaceDay(hours: other, date: Self.friday, menu: Self.serving()).menu == Self.serving())
    }

    @Test func aDayTheWeeklyHoursCloseIsClosedNotMissing() {
        let saturday = Self.friday.adding(days: 1)
        #expect(
            PlaceDay(hours: Self.weekdays, date: saturday, menu: nil)
                == .closed(.init(reason: .weeklyHours, note: nil)))
        #expect(
            PlaceDay(hours: Self.weekdays, date: saturday, menu: Self.serving(saturday)).closure
                == .init(reason: .weeklyHours, note: nil, hidesMenu: true))
        // A closed menu's own note is kept when the hours say nothing.
        #expect(
            PlaceDay(hours: Self.weekdays, date: saturday, menu: Self.closedMenu(saturday, note: "방학")).note == "방학")
        // A dated exception that opens a Saturday overrides the weekly hours.
        let open = try! OpeningHours(
            rules: Self.weekdays.rules,
            exceptions: [
                .init(
                    date: saturday,
                    hours: [.init(opens: try! TimeOfDay(parsing: "10:00"), closes: try! TimeOfDay(parsing: "12:00"))])
            ])
        #expect(PlaceDay(hours: open, date: saturday, menu: nil) == .noMenu)
    }

    @Test func withoutKnownHoursTheMenuDecides() {
        #expect(PlaceDay(hours: OpeningHours(), date: Self.friday, menu: nil) == .noMenu)
        #expect(PlaceDay(hours: OpeningHours(), date: Self.friday, menu: Self.serving()).kind == .serving)
        let closed = PlaceDay(hours: OpeningHours(), date: Self.friday, menu: Self.closedMenu(note: "휴무"))
        #expect(closed == .closed(.init(reason: .menu, note: "휴무")))
        #expect(closed.menuNote == "휴무")
        // A dated exception closes even a place whose weekly hours are not known.
        let holiday = try! OpeningHours(rules: [], exceptions: [.init(date: Self.friday)])
        #expect(PlaceDay(hours: holiday, date: Self.friday, menu: Self.serving()).closure?.reason == .exception)
        #expect(PlaceDay(hours: holiday, date: Self.friday.adding(days: 1), menu: Self.serving()).kind == .serving)
    }

    @Test func theWeekSelectorMarksTheDaysTheHoursClose() {
        let monday = try! CalendarDate(parsing: "2026-11-30")
        let week = (0..<7).map { monday.adding(days: $0 - 1) }  // Sunday to Saturday
        let hours = Self.hours(closing: Self.friday, note: nil)
        let stored: [CalendarDate: MenuDayKind] = [monday: .serving, Self.friday: .serving]
        #expect(
            hours.dayKinds(stored, adding: week)
                == [monday: .serving, Self.friday: .closed, week[0]: .closed, week[6]: .closed])
        // An area's calendar only changes the days with menus.
        #expect(hours.dayKinds(stored) == [monday: .serving, Self.friday: .closed])
    }
}
