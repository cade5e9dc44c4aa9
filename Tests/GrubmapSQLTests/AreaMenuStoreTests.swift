import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// The menu board's reads: every place of an area on one date, and which dates of a range have menus, in one
/// statement each, on both databases.
@Suite("Store: an area's menus for the board")
struct AreaMenuStoreTests {
    static let won = try! Currency(code: "KRW")
    static let dollar = try! Currency(code: "USD")
    static let monday = try! CalendarDate(parsing: "2026-11-16")
    static let tuesday = monday.adding(days: 1)
    static let cafe = Fixtures.place("busan-cafe", in: Fixtures.busan, kind: .cafe)
    static let empty = Fixtures.place("busan-empty", in: Fixtures.busan)
    static let sanJoseGrill = Fixtures.place("sj-grill", in: Fixtures.sanJose)

    static func meal(_ name: String, notes: [String] = [], prices: [(PriceRole, Int64)] = [], currency: Currency = won)
        -> Meal
    {
        try! Meal(
            name: name, notes: notes,
            prices: prices.map { MealPrice(role: $0.0, minorUnits: $0.1, currency: currency) })
    }

    /// Three categories; the second has twelve meals, so positions 10 and 11 must sort after 2 as numbers.
    static let geumjeongMonday = try! Menu(
        date: monday,
        status: .serving([
            try MenuCategory(
                name: "조식", meals: [meal("천원의 아침밥", notes: ["난류", "대두"], prices: [(.student, 1000), (.other, 4000)])]),
            try MenuCategory(
                name: "중식",
                meals: (0..<12).map { index in
                    meal("점심 \(index)", notes: index == 0 ? [] : ["밀"], prices: index == 3 ? [] : [(.employee, 6000)])
                }),
            try MenuCategory(name: "석식", meals: [meal("김치찌개", prices: [(.student, 5000), (.pupil, 3000)])]),
        ]), currency: won, note: "예시 식단")

    static let cafeMonday = try! Menu(date: monday, status: .closed, currency: won, note: "개교기념일")

    static func store(_ kind: StoreKind, _ body: (any Store) throws -> Void) throws {
        try kind.withStore { store throws in
            try store.save(
                area: Fixtures.busan, places: [Fixtures.geumjeongHall, Fixtures.dormitory, cafe, empty])
            try store.save(area: Fixtures.sanJose, places: [sanJoseGrill])
            try body(store)
        }
    }

    @Test(arguments: StoreKind.tested)
    func anAreasMenusOnADateAreEachPlacesMenu(kind: StoreKind) throws {
        try Self.store(kind) { store in
            try store.replaceMenus(
                [Self.geumjeongMonday, try Menu(date: Self.tuesday, status: .closed, currency: Self.won)],
                placeID: Fixtures.geumjeongHall.id)
            try store.replaceMenus([Self.cafeMonday], placeID: Self.cafe.id)
            try store.replaceMenus(
                [
                    try Menu(
                        date: Self.monday,
                        status: .serving([
                            try MenuCategory(
                                name: "Lunch",
                                meals: [Self.meal("Burger", prices: [(.other, 1299)], currency: Self.dollar)])
                        ]), currency: Self.dollar)
                ], placeID: Self.sanJoseGrill.id)
            let menus = try store.menus(inArea: Fixtures.busan.id, on: Self.monday)
            #expect(Set(menus.keys) == [Fixtures.geumjeongHall.id, Self.cafe.id])
            #expect(menus[Fixtures.geumjeongHall.id] == Self.geumjeongMonday)
            #expect(
                menus[Fixtures.geumjeongHall.id]
                    == (try store.menu(placeID: Fixtures.geumjeongHall.id, on: Self.monday)))
            #expect(menus[Fixtures.geumjeongHall.id]?.categories[1].meals.map(\.name) == (0..<12).map { "점심 \($0)" })
            #expect(menus[Self.cafe.id] == Self.cafeMonday)
            let tuesday = try store.menus(inArea: Fixtures.busan.id, on: Self.tuesday)
            #expect(tuesday.mapValues(\.isClosed) == [Fixtures.geumjeongHall.id: true])
            #expect(try store.menus(inArea: Fixtures.busan.id, on: Self.monday.adding(days: 2)).isEmpty)
            #expect(try store.menus(inArea: Fixtures.sanJose.id, on: Self.monday).count == 1)
            #expect(try store.menus(inArea: try Area.ID("atlantis"), on: Self.monday).isEmpty)
        }
    }

    @Test(arguments: StoreKind.tested)
    func anAreasMenuDaysArePerPlaceWithinTheRange(kind: StoreKind) throws {
        try Self.store(kind) { store in
            let sunday = Self.monday.adding(days: -1)
            let saturday = Self.monday.adding(days: 5)
            try store.replaceMenus(
                [
                    try Menu(date: sunday, status: .closed, currency: Self.won), Self.geumjeongMonday,
                    try Menu(date: saturday.adding(days: 1), status: .closed, currency: Self.won),
                ], placeID: Fixtures.geumjeongHall.id)
            try store.replaceMenus([Self.cafeMonday], placeID: Self.cafe.id)
            try store.replaceMenus(
                [try Menu(date: Self.monday, status: .closed, currency: Self.dollar)], placeID: Self.sanJoseGrill.id)
            let days = try store.menuDays(inArea: Fixtures.busan.id, in: sunday...saturday)
            #expect(
                days == [
                    Fixtures.geumjeongHall.id: [sunday: .closed, Self.monday: .serving],
                    Self.cafe.id: [Self.monday: .closed],
                ])
            #expect(try store.menuDays(inArea: Fixtures.busan.id, in: Self.tuesday...saturday).isEmpty)
            #expect(try store.menuDays(inArea: Fixtures.sanJose.id, in: sunday...saturday).count == 1)
        }
    }

    /// A feed refresh deletes the day and inserts it again: the meals' ids, derived from what the menu says, come
    /// back the same from both reads.
    @Test(arguments: StoreKind.tested)
    func mealIDsStayTheSameWhenTheSameDayIsImportedAgain(kind: StoreKind) throws {
        try Self.store(kind) { store in
            let place = Fixtures.geumjeongHall.id
            try store.replaceMenus([Self.geumjeongMonday], placeID: place)
            let first = try #require(try store.menu(placeID: place, on: Self.monday)).mealIDs
            try store.replaceMenus([Self.geumjeongMonday], placeID: place)
            let again = try #require(try store.menu(placeID: place, on: Self.monday)).mealIDs
            #expect(first == again)
            #expect(first == Self.geumjeongMonday.mealIDs)
            #expect(Set(first.joined()).count == 14)
            #expect(try store.menus(inArea: Fixtures.busan.id, on: Self.monday)[place]?.mealIDs == first)
        }
    }
}
