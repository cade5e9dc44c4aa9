import Foundation
import Testing

@testable import GrubmapCore

@Suite struct MenuBoardTests {
    static let center = BookmarkOrderingTests.center
    static let won = try! Currency(code: "KRW")
    static let day = try! CalendarDate(parsing: "2026-11-18")

    static func place(_ id: String, _ name: String, north meters: Double) -> Place {
        BookmarkOrderingTests.place(id, name, north: meters)
    }

    /// By name: Alpha, Bravo, Charlie, Delta, Echo. By distance: Echo, Delta, Charlie, Bravo, Alpha.
    static let places = [
        place("alpha", "Alpha", north: 500), place("bravo", "Bravo", north: 400),
        place("charlie", "Charlie", north: 300), place("delta", "Delta", north: 200), place("echo", "Echo", north: 100),
    ]

    static func serving(_ note: String? = "sample") -> Menu {
        try! Menu(
            date: day, status: .serving([try MenuCategory(name: "중식", meals: [try Meal(name: "비빔밥")])]),
            currency: won, note: note)
    }

    static func closed(_ note: String? = "sample") -> Menu {
        try! Menu(date: day, status: .closed, currency: won, note: note)
    }

    /// Alpha, Charlie and Echo serve; Bravo is closed; Delta has no menu.
    static let menus: [Place.ID: Menu] = [
        try! Place.ID("alpha"): serving(), try! Place.ID("charlie"): serving(), try! Place.ID("echo"): serving(),
        try! Place.ID("bravo"): closed(),
    ]

    func board(bookmarks: [String] = [], origin: Coordinate? = nil, menus: [Place.ID: Menu] = Self.menus)
        -> MenuBoard
    {
        MenuBoard(
            date: Self.day, places: Self.places, menus: menus, from: origin, language: .english,
            bookmarks: bookmarks.map { try! Place.ID($0) })
    }

    func ids(_ places: [BoardPlace]) -> [String] { places.map(\.place.id.rawValue) }

    @Test func servingPlacesComeFirstByNameThenTheRestCompactly() {
        let board = board()
        #expect(ids(board.serving) == ["alpha", "charlie", "echo"])
        #expect(ids(board.resting) == ["bravo", "delta"])
        #expect(board.resting.map(\.state) == [.closed, .noMenu])
        #expect(ids(board.places) == ["alpha", "charlie", "echo", "bravo", "delta"])
    }

    @Test func bookmarksComeFirstInTheirOrderAndUnknownIdsAreIgnored() {
        let board = board(bookmarks: ["gone", "echo", "delta", "alpha", "other-campus-hall"])
        #expect(ids(board.serving) == ["echo", "alpha", "charlie"])
        #expect(ids(board.resting) == ["delta", "bravo"])
        #expect(board.serving.map(\.isBookmarked) == [true, true, false])
    }

    @Test func withAPositionTheRestAreNearestFirst() {
        let board = board(bookmarks: ["alpha"], origin: Self.center)
        #expect(ids(board.serving) == ["alpha", "echo", "charlie"])
        #expect(ids(board.resting) == ["delta", "bravo"])
        #expect(board.serving.allSatisfy { $0.distanceMeters != nil })
    }

    @Test func aNoteEveryMenuSharesIsShownOnceAndOthersOnTheirCard() {
        let shared = board()
        #expect(shared.sharedNote == "sample")
        #expect(shared.note(of: shared.serving[0]) == nil)
        var menus = Self.menus
        menus[try! Place.ID("bravo")] = Self.closed("개교기념일")
        let mixed = board(menus: menus)
        #expect(mixed.sharedNote == nil)
        #expect(mixed.note(of: mixed.resting[0]) == "개교기념일")
        #expect(mixed.note(of: mixed.serving[0]) == "sample")
        #expect(board(menus: [try! Place.ID("alpha"): Self.serving()]).sharedNote == nil)
    }

    @Test func aDayTheHoursCloseIsClosedOnTheBoardThoughItsMenuIsStored() throws {
        var places = Self.places
        // Alpha closed on the board's day by a dated exception; Charlie open weekdays only (the 18th is a Wednesday).
        places[0].openingHours = try OpeningHours(
            rules: [], exceptions: [.init(date: Self.day, note: "개교기념일")])
        places[2].openingHours = OpeningStateTests.hours([("Sa-Su", "11:00", "14:00")])
        let board = MenuBoard(
            date: Self.day, places: places, menus: Self.menus, from: nil, language: .english, bookmarks: [])
        #expect(ids(board.serving) == ["echo"])
        #expect(ids(board.resting) == ["alpha", "bravo", "charlie", "delta"])
        #expect(board.resting.map(\.state) == [.closed, .closed, .closed, .noMenu])
        #expect(board.note(of: board.resting[0]) == "개교기념일")
        #expect(board.resting[2].day.closure?.reason == .weeklyHours)
        // The calendar of the week says closed for both, from their stored menus.
        let calendar = AreaMenuCalendar(
            [places[0].id: [Self.day: .serving], places[2].id: [Self.day: .serving]], places: places)
        #expect(calendar.days[places[0].id] == [Self.day: .closed])
        #expect(calendar.dayKinds == [Self.day: .closed])
    }

    @Test func placesTheFilterEmptiesGoAfterTheServingOnes() throws {
        let vegetarian = try Menu(
            date: Self.day,
            status: .serving([
                try MenuCategory(name: "중식", meals: [try Meal(name: "돈까스"), try Meal(name: "비빔밥", notes: ["채식"])])
            ]), currency: Self.won)
        var menus = Self.menus
        menus[try Place.ID("echo")] = vegetarian
        let board = MenuBoard(
            date: Self.day, places: Self.places, menus: menus, from: nil, language: .english,
            bookmarks: [try Place.ID("alpha")],
            filter: DietaryFilter(diet: .vegetarian))
        #expect(ids(board.serving) == ["echo"])
        #expect(ids(board.filteredOut) == ["alpha", "charlie"])
        #expect(board.filteredOut.map(\.state) == [.filteredOut, .filteredOut])
        #expect(ids(board.places) == ["echo", "alpha", "charlie", "bravo", "delta"])
        #expect(board.serving[0].glance?.meal.name == "비빔밥")
    }

    /// A campus menu of the three periods, each with one dish named after it.
    static func threeMeals(_ date: CalendarDate) -> Menu {
        try! Menu(
            date: date,
            status: .serving(
                ["조식", "중식", "석식"].map { try! MenuCategory(name: $0, meals: [try! Meal(name: "\($0) 밥")]) }),
            currency: won)
    }

    func glance(at clock: String, on date: CalendarDate = Self.day, nextDay: Bool = true) -> String? {
        let place = Self.places[0]
        let board = MenuBoard(
            date: date, places: [place], menus: [place.id: Self.threeMeals(date)], from: nil, language: .korean,
            bookmarks: [], clock: MenuBoard.Clock(today: Self.day, time: try! TimeOfDay(parsing: clock)),
            nextDayMenus: nextDay ? [place.id: Self.threeMeals(Self.day.adding(days: 1))] : [:])
        guard let glance = board.serving.first?.glance else { return nil }
        return "\(glance.meal.name) \(glance.timing)"
    }

    @Test func theGlanceNamesTheMealNowElseNextElseTomorrowsFirst() {
        #expect(glance(at: "08:00") == "조식 밥 now")
        #expect(glance(at: "10:00") == "중식 밥 later(at: 11:00)")
        #expect(glance(at: "12:30") == "중식 밥 now")
        #expect(glance(at: "14:30") == "석식 밥 later(at: 17:00)")
        #expect(glance(at: "20:00") == "조식 밥 nextDay")
        #expect(glance(at: "20:00", nextDay: false) == nil)
        // Another day's board names that day's meal at this time of day, without a time.
        #expect(glance(at: "12:30", on: Self.day.adding(days: 2)) == "중식 밥 anyTime")
        #expect(glance(at: "20:00", on: Self.day.adding(days: 2)) == "조식 밥 anyTime")
    }

    @Test func theCalendarMarksServingClosedAndMissingDaysAndDecidesTheFrontPage() {
        let monday = try! CalendarDate(parsing: "2026-11-16")
        let tuesday = monday.adding(days: 1)
        let calendar = AreaMenuCalendar([
            try! Place.ID("alpha"): [monday: .serving, tuesday: .closed],
            try! Place.ID("bravo"): [monday: .closed, tuesday: .closed],
            try! Place.ID("charlie"): [:],
        ])
        #expect(calendar.dayKinds == [monday: .serving, tuesday: .closed])
        #expect(calendar.hasMenus)
        #expect(calendar.opensOnBoard(placeCount: 4))
        #expect(!calendar.opensOnBoard(placeCount: 5))
        #expect(!AreaMenuCalendar([:]).opensOnBoard(placeCount: 0))
    }
}

@Suite struct DietaryFilterTests {
    static func meal(_ notes: [String]) -> Meal { try! Meal(name: "밥", notes: notes) }

    @Test(arguments: [
        ("난류", [Allergen.eggs]), ("우유", [.milk]), ("대두", [.soy]), ("밀", [.wheat]), ("메밀", [.buckwheat]),
        ("돼지고기", [.pork]), ("고등어", [.fish]), ("새우", [.crustaceans]), ("오징어", [.molluscs]),
        ("Eier", [.eggs]), ("Milch und Milchprodukte (inkl. Laktose)", [.milk]),
        ("Glutenhaltiges Getreide (Weizen)", [.wheat]), ("Schwefeldioxid und Sulfite", [.sulphites]),
        ("mit Schweinefleisch", [.pork]), ("contains eggs", [.eggs]),
        ("contains shellfish", [.crustaceans, .molluscs]),
        ("난류, 우유", [.eggs, .milk]), ("Sellerie / Senf", [.celery, .mustard]), ("대두 함유", [.soy]),
    ])
    func knownNotesNameTheirAllergens(note: String, allergens: [Allergen]) {
        let reading = NoteReading(note)
        #expect(reading.allergens == Set(allergens))
        #expect(reading.isUnderstood)
        #expect(reading.diet == nil)
    }

    @Test(arguments: ["gluten-free", "glutenfrei", "ohne Schwein", "밀가루 없는 빵", "천원의 아침밥", "spicy", "게살"])
    func otherNotesAreLeftAsTheyAreAndNameNothing(note: String) {
        let reading = NoteReading(note)
        #expect(reading.allergens.isEmpty)
        #expect(reading.diet == nil)
        #expect(!reading.isUnderstood)
        #expect(reading.text == note)
    }

    @Test func dietMarksAreReadInEveryLanguageAndOnRequestIsNotVegetarian() {
        #expect(NoteReading("vegan").diet == .vegan)
        #expect(NoteReading("비건").diet == .vegan)
        #expect(NoteReading("vegetarisch").diet == .vegetarian)
        #expect(NoteReading("채식").diet == .vegetarian)
        #expect(NoteReading("채식 가능").diet == .vegetarianOnRequest)
        #expect(NoteReading("vegetarian options").diet == .vegetarianOnRequest)
        #expect(NoteReading("non-vegetarian").diet == nil)
    }

    @Test func avoidedAllergensHideTheirMealsAndUnknownNotesHideNothing() {
        let filter = DietaryFilter(avoiding: [.eggs, .eggs, .milk])
        #expect(filter.avoiding == [.eggs, .milk])
        #expect(!filter.shows(Self.meal(["쇠고기", "난류", "대두"])))
        #expect(!filter.shows(Self.meal(["Milch"])))
        #expect(filter.shows(Self.meal(["대두", "밀"])))
        #expect(filter.shows(Self.meal(["천원의 아침밥"])))
        #expect(filter.shows(Self.meal([])))
        #expect(DietaryFilter().isEmpty && DietaryFilter().shows(Self.meal(["난류"])))
    }

    @Test func aDietShowsOnlyTheMealsMarkedForIt() {
        let vegetarian = DietaryFilter(diet: .vegetarian)
        #expect(vegetarian.shows(Self.meal(["채식"])))
        #expect(vegetarian.shows(Self.meal(["채식 가능", "난류"])))
        #expect(vegetarian.shows(Self.meal(["vegan"])))
        #expect(!vegetarian.shows(Self.meal(["대두"])))
        #expect(!vegetarian.shows(Self.meal(["unknown note"])))
        let vegan = DietaryFilter(diet: .vegan, avoiding: [.soy])
        #expect(vegan.shows(Self.meal(["vegan"])))
        #expect(!vegan.shows(Self.meal(["vegan", "Soja"])))
        #expect(!vegan.shows(Self.meal(["vegetarisch"])))
    }

    @Test func thePreferencesKeepTheFilterAndThePriceRole() throws {
        var preferences = Preferences()
        #expect(preferences[PreferenceKeys.priceRole] == .student)
        #expect(preferences.dietaryFilter == DietaryFilter())
        try preferences.set(.employee, for: PreferenceKeys.priceRole)
        try preferences.set(.vegan, for: PreferenceKeys.diet)
        try preferences.set([.eggs, .pork], for: PreferenceKeys.avoidAllergens)
        #expect(preferences.dietaryFilter == DietaryFilter(diet: .vegan, avoiding: [.pork, .eggs]))
        #expect(throws: PreferenceError.self) {
            try preferences.set([.pork, .eggs], for: PreferenceKeys.avoidAllergens)
        }
        // A stored value Grubmap no longer knows reads as the default.
        let odd = Preferences(storage: ["priceRole": "\"professor\"", "avoidAllergens": "[\"kryptonite\"]"])
        #expect(odd[PreferenceKeys.priceRole] == .student)
        #expect(odd[PreferenceKeys.avoidAllergens] == [])
    }
}

@Suite struct OpeningStateTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    static func hours(_ rules: [(String, String, String)]) -> OpeningHours {
        OpeningHours(
            rules: rules.map { days, opens, closes in
                try! .init(
                    days: Weekday.parseList(days), opens: TimeOfDay(parsing: opens), closes: TimeOfDay(parsing: closes))
            })
    }

    /// 2026-11-18 is a Wednesday; `time` is on Seoul's clock.
    static func instant(_ date: String, _ time: String) -> Date {
        try! Date("\(date)T\(time):00+09:00", strategy: .iso8601)
    }

    @Test func openUntilClosingThenClosedUntilTheNextOpeningThatDay() {
        let hours = Self.hours([("Mo-Fr", "08:00", "09:30"), ("Mo-Fr", "11:00", "14:00"), ("Sa", "11:00", "13:00")])
        #expect(
            hours.state(at: Self.instant("2026-11-18", "07:59"), in: Self.seoul)
                == .closed(opensAt: try! .init(hour: 8, minute: 0)))
        #expect(
            hours.state(at: Self.instant("2026-11-18", "08:00"), in: Self.seoul)
                == .open(until: try! .init(hour: 9, minute: 30)))
        #expect(
            hours.state(at: Self.instant("2026-11-18", "10:00"), in: Self.seoul)
                == .closed(opensAt: try! .init(hour: 11, minute: 0)))
        #expect(hours.state(at: Self.instant("2026-11-18", "14:00"), in: Self.seoul) == .closed(opensAt: nil))
        #expect(hours.state(at: Self.instant("2026-11-22", "12:00"), in: Self.seoul) == .closed(opensAt: nil))
        #expect(OpeningHours().state(at: Self.instant("2026-11-18", "12:00"), in: Self.seoul) == nil)
    }

    @Test func aLateOpeningRunsPastMidnight() {
        let hours = Self.hours([("Fr", "18:00", "02:00")])
        #expect(
            hours.state(at: Self.instant("2026-11-20", "23:00"), in: Self.seoul)
                == .open(until: try! .init(hour: 2, minute: 0)))
        #expect(
            hours.state(at: Self.instant("2026-11-21", "01:59"), in: Self.seoul)
                == .open(until: try! .init(hour: 2, minute: 0)))
        #expect(hours.state(at: Self.instant("2026-11-21", "02:00"), in: Self.seoul) == .closed(opensAt: nil))
    }
}
