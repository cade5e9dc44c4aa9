import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

@testable import GrubmapImport

@Suite struct OpenMensaImportTests {
    /// Monday 9 November 2026, 12:00 in Busan (03:00 UTC).
    static let now = try! Date("2026-11-09T03:00:00Z", strategy: .iso8601)
    static let place = Fixtures.geumjeongHall.id

    func date(_ text: String) -> CalendarDate { try! CalendarDate(parsing: text) }

    /// A store of `kind` with the Busan fixtures, and its database for looking at the rows.
    func withStore<T>(_ kind: StoreKind, _ body: (any Store, TestDatabase) throws -> T) throws -> T {
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall, Fixtures.dormitory])
            return try body(store, database)
        }
    }

    /// Every stored menu of the place from 1 to 30 November, as comparable values.
    func snapshot(_ store: any Store, place: Place.ID = Self.place) throws -> [CalendarDate: Menu] {
        var menus: [CalendarDate: Menu] = [:]
        for offset in 0..<30 {
            let day = date("2026-11-01").adding(days: offset)
            menus[day] = try store.menu(placeID: place, on: day)
        }
        return menus
    }

    @Test(arguments: StoreKind.tested)
    func importsTheDaysFromTodayOnAndSkipsPastOnes(kind: StoreKind) throws {
        try withStore(kind) { store, database throws in
            let summary = try OpenMensaImporter.importFeed(
                Data(OpenMensaFeeds.version21.utf8), placeID: Self.place, into: store, now: Self.now)
            #expect(summary.version == "2.1")
            #expect(summary.importedDays == 2)
            #expect(summary.closedDays == 1)
            #expect(summary.meals == 3)
            #expect(summary.skippedPastDays == 1)
            #expect(summary.dates == date("2026-11-09")...date("2026-11-14"))
            #expect(try store.menu(placeID: Self.place, on: date("2026-11-08")) == nil)
            let monday = try #require(try store.menu(placeID: Self.place, on: date("2026-11-09")))
            #expect(monday.categories.map(\.name) == ["조식", "중식"])
            #expect(monday.categories[1].meals[0].price(for: .employee) == 6000)
            #expect(monday.categories[1].meals[0].notes == ["돼지고기", "대두"])
            #expect(monday.categories[1].meals[1].name == "비빔밥 & 된장국 <채식>")
            #expect(try store.menu(placeID: Self.place, on: date("2026-11-14"))?.isClosed == true)
            #expect(try store.menu(placeID: Self.place, on: date("2026-11-10")) == nil)
            let days = try store.menuDays(placeID: Self.place, in: date("2026-11-08")...date("2026-11-14"))
            #expect(days == [date("2026-11-09"): .serving, date("2026-11-14"): .closed])
        }
    }

    @Test(arguments: StoreKind.tested)
    func todayIsTheAreasToday(kind: StoreKind) throws {
        // 15:30 UTC on Sunday the 8th is already Monday the 9th in Busan: the 8th is past there, the 9th is not.
        let sundayEveningUTC = try Date("2026-11-08T15:30:00Z", strategy: .iso8601)
        try withStore(kind) { store, _ throws in
            let summary = try OpenMensaImporter.importFeed(
                Data(OpenMensaFeeds.version21.utf8), placeID: Self.place, into: store, now: sundayEveningUTC)
            #expect(summary.skippedPastDays == 1)
            #expect(summary.importedDays == 2)
        }
        let justBefore = try Date("2026-11-08T14:59:59Z", strategy: .iso8601)
        try withStore(kind) { store, _ throws in
            let summary = try OpenMensaImporter.importFeed(
                Data(OpenMensaFeeds.version21.utf8), placeID: Self.place, into: store, now: justBefore)
            #expect(summary.skippedPastDays == 0)
            #expect(try store.menu(placeID: Self.place, on: date("2026-11-08"))?.isClosed == true)
        }
    }

    @Test(arguments: StoreKind.tested)
    func importingTheSameFeedTwiceLeavesTheSameMenus(kind: StoreKind) throws {
        try withStore(kind) { store, database throws in
            let data = Data(OpenMensaFeeds.version21.utf8)
            _ = try OpenMensaImporter.importFeed(data, placeID: Self.place, into: store, now: Self.now)
            let once = try snapshot(store)
            _ = try OpenMensaImporter.importFeed(data, placeID: Self.place, into: store, now: Self.now)
            #expect(try snapshot(store) == once)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aNewFeedReplacesTheDaysItCoversAndKeepsTheOthers(kind: StoreKind) throws {
        try withStore(kind) { store, database throws in
            _ = try OpenMensaImporter.importFeed(
                Data(OpenMensaFeeds.version21.utf8), placeID: Self.place, into: store, now: Self.now)
            let replacement = """
                <openmensa version="2.0"><canteen>
                <day date="2026-11-09"><closed/></day>
                <day date="2026-11-10"><category name="석식"><meal><name>김치찌개</name></meal></category></day>
                </canteen></openmensa>
                """
            _ = try OpenMensaImporter.importFeed(
                Data(replacement.utf8), placeID: Self.place, into: store, now: Self.now)
            #expect(try store.menu(placeID: Self.place, on: date("2026-11-09"))?.isClosed == true)
            #expect(try store.menu(placeID: Self.place, on: date("2026-11-10"))?.categories.first?.name == "석식")
            #expect(try store.menu(placeID: Self.place, on: date("2026-11-14"))?.isClosed == true)
            // The replaced day's meals and prices are gone with it.
            let leftovers = try database.connect().fetchOne(
                "SELECT count(*) AS n FROM menu_prices WHERE date = '2026-11-09'"
            )?.value(named: "n", as: Int.self)
            #expect(leftovers == 0)
        }
    }

    @Test(arguments: StoreKind.tested, OpenMensaFeeds.broken.map(\.name))
    func aBrokenFeedChangesNothing(kind: StoreKind, name: String) throws {
        let broken = try #require(OpenMensaFeeds.broken.first { $0.name == name })
        try withStore(kind) { store, _ throws in
            _ = try OpenMensaImporter.importFeed(
                Data(OpenMensaFeeds.version21.utf8), placeID: Self.place, into: store, now: Self.now)
            let before = try snapshot(store)
            #expect(throws: OpenMensaImportError.self) {
                try OpenMensaImporter.importFeed(
                    Data(broken.feed.utf8), placeID: Self.place, into: store, now: Self.now)
            }
            #expect(try snapshot(store) == before)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aBrokenDayAfterGoodOnesImportsNothing(kind: StoreKind) throws {
        let feed = """
            <openmensa version="2.1"><canteen>
            <day date="2026-11-10"><category name="중식"><meal><name>밥</name></meal></category></day>
            <day date="2026-11-11"><category name="중식"><meal><name>밥</name></meal></category></day>
            <day date="2026-11-12"><category name="중식"><meal><price role="student">1</price></meal></category></day>
            </canteen></openmensa>
            """
        try withStore(kind) { store, _ throws in
            do {
                _ = try OpenMensaImporter.importFeed(Data(feed.utf8), placeID: Self.place, into: store, now: Self.now)
                Issue.record("accepted")
            } catch OpenMensaImportError.invalidFeed(let error) {
                #expect(error.description == "line 4: the meal has no <name>")
            }
            #expect(try snapshot(store).values.isEmpty)
        }
    }

    @Test(arguments: StoreKind.tested)
    func anUnknownPlaceIsAClearErrorAndChangesNothing(kind: StoreKind) throws {
        try withStore(kind) { store, database throws in
            let nowhere = try Place.ID("nowhere")
            #expect(throws: OpenMensaImportError.unknownPlace(nowhere)) {
                try OpenMensaImporter.importFeed(
                    Data(OpenMensaFeeds.version21.utf8), placeID: nowhere, into: store, now: Self.now)
            }
            #expect(OpenMensaImportError.unknownPlace(nowhere).description == "there is no place \"nowhere\"")
        }
    }

    @Test(arguments: StoreKind.tested)
    func pricesAreStoredAsExactMinorUnits(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            let place = Fixtures.place("cafe", in: Fixtures.sanJose, kind: .cafe)
            try store.save(area: Fixtures.sanJose, places: [place])
            let feed = """
                <openmensa version="2.1"><canteen><day date="2026-11-10"><category name="Lunch">
                <meal><name>Soup</name><price role="student">0.10</price><price role="other">0.20</price></meal>
                </category></day></canteen></openmensa>
                """
            _ = try OpenMensaImporter.importFeed(Data(feed.utf8), placeID: place.id, into: store, now: Self.now)
            let stored = try database.connect().fetchAll(
                "SELECT amount_minor FROM menu_prices ORDER BY role DESC"
            ).map { try $0.value(named: "amount_minor", as: Int64.self) }
            #expect(stored == [10, 20])
            let meal = try #require(
                try store.menu(placeID: place.id, on: date("2026-11-10"))?.categories.first?.meals.first)
            #expect(meal.price(for: .student)! + meal.price(for: .other)! == Decimal(string: "0.3"))
        }
    }

    @Test(arguments: StoreKind.tested)
    func replacingMenusIsAllOrNothing(kind: StoreKind) throws {
        try withStore(kind) { store, database throws in
            let won = OpenMensaFeeds.won
            let closed = try Menu(date: date("2026-11-10"), status: .closed, currency: won)
            #expect(throws: StoreError.duplicateMenuDate(place: Self.place.rawValue, date: "2026-11-10")) {
                try store.replaceMenus([closed, closed], placeID: Self.place)
            }
            #expect(throws: StoreError.unknownPlace(id: "nowhere")) {
                try store.replaceMenus([closed], placeID: try Place.ID("nowhere"))
            }
            #expect(try snapshot(store).values.isEmpty)
        }
    }

    @Test(arguments: StoreKind.tested)
    func deletingAPlaceDeletesItsMenus(kind: StoreKind) throws {
        try withStore(kind) { store, database throws in
            _ = try OpenMensaImporter.importFeed(
                Data(OpenMensaFeeds.version21.utf8), placeID: Self.place, into: store, now: Self.now)
            let connection = try database.connect()
            try connection.execute("DELETE FROM places WHERE id = \(Self.place.rawValue)")
            let rows = try connection.fetchOne(
                "SELECT (SELECT count(*) FROM menu_days) + (SELECT count(*) FROM menu_meals) AS n"
            )?.value(named: "n", as: Int.self)
            #expect(rows == 0)
        }
    }
}

@Suite struct DemoMenusTests {
    @Test(arguments: StoreKind.tested)
    func theSampleWeekLandsOnTheWeekBeforeTheCurrentAndTheNextAndNeverOverwrites(kind: StoreKind) throws {
        try kind.withStore { store throws in
            try DemoData.load(into: store)
            // Wednesday 18 November 2026, 20:06 in Busan.
            let now = Date(timeIntervalSince1970: 1_795_000_000)
            let geumjeong = try Place.ID("pnu-busan-geumjeong-hall")
            let today = try CalendarDate(parsing: "2026-11-18")
            let mine = try Menu(date: today, status: .closed, currency: try Currency(code: "KRW"), note: "Holiday")
            try store.replaceMenus([mine], placeID: geumjeong)

            let written = try DemoMenus.load(into: store, now: now)
            #expect(written > 100)
            #expect(try DemoMenus.load(into: store, now: now) == 0)
            #expect(try store.menu(placeID: geumjeong, on: today) == mine)
            let days = try store.menuDays(
                placeID: geumjeong, in: try CalendarDate(parsing: "2026-11-01")...CalendarDate(parsing: "2026-12-05"))
            #expect(days.count == 21)
            #expect(days.keys.min() == (try CalendarDate(parsing: "2026-11-08")))  // the Sunday of the week before
            #expect(days.keys.max() == (try CalendarDate(parsing: "2026-11-28")))
            #expect(days[try CalendarDate(parsing: "2026-11-15")] == .closed)  // a Sunday
            let thursday = try #require(try store.menu(placeID: geumjeong, on: try CalendarDate(parsing: "2026-11-19")))
            #expect(thursday.categories.map(\.name).contains("중식"))
            #expect(thursday.note?.contains("예시") == true)
            #expect(thursday.categories.flatMap(\.meals).allSatisfy { !$0.prices.isEmpty })
            // San José's weeks are its own: Sunday 8 to Saturday 28 in Pacific time too.
            let philz = try Place.ID("philz-coffee-paseo")
            let philzDays = try store.menuDays(
                placeID: philz, in: try CalendarDate(parsing: "2026-11-01")...CalendarDate(parsing: "2026-12-05"))
            #expect(philzDays.count == 21)
            let latte = try #require(try store.menu(placeID: philz, on: try CalendarDate(parsing: "2026-11-16")))
            #expect(latte.currency.code == "USD")
            #expect(latte.note?.contains("Sample") == true)
        }
    }

    /// Dish matching on the demo menus: each sample meal of a PNU campus is one dish of its area however many days
    /// and places serve it, and every one of them has its English name.
    @Test(arguments: StoreKind.tested)
    func theSampleMealsAreDishesWithEnglishNames(kind: StoreKind) throws {
        try kind.withStore { store throws in
            try DemoData.load(into: store)
            let now = Date(timeIntervalSince1970: 1_795_000_000)
            try DemoMenus.load(into: store, now: now)
            let busan = try Area.ID("pnu-busan")
            let dishes = try store.dishes(inArea: busan)
            let english = try DemoMenus.dishNames()
            #expect(!dishes.isEmpty)
            for dish in dishes {
                let korean = try #require(dish.names[.korean])
                #expect(dish.names[.english] == english[korean], "\(korean)")
            }
            let cutlet = try #require(
                try store.dishes(forKeys: [DishKey(mealName: "돈까스 · 밥 · 양배추샐러드 · 미소국")], inArea: busan).values.first)
            #expect(cutlet.names[.english] == "Pork cutlet · Rice · Cabbage salad · Miso soup")
            let served = try store.servings(
                ofDish: cutlet.id, through: try CalendarDate(parsing: "2026-11-28"), limit: 100)
            #expect(served.count > 1)
            // Loading again changes no name, and keeps an operator's.
            let audit = AuditEntry(
                at: now, actor: "op", actorName: "Op", areaID: busan, action: "dish.names", subject: "d",
                before: nil, after: nil)
            try store.setDishNames([.english: "Tonkatsu set"], dishID: cutlet.id, audit: audit)
            try DemoMenus.nameDishes(
                of: [try #require(try store.menu(placeID: served[0].placeID, on: served[0].date))], area: busan,
                in: store)
            #expect(try store.dish(id: cutlet.id)?.names[.english] == "Tonkatsu set")
        }
    }

    @Test(arguments: StoreKind.tested)
    func aStoreWithoutTheDemoPlacesGetsNoSamples(kind: StoreKind) throws {
        try kind.withStore { store throws in
            try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall])
            #expect(try DemoMenus.load(into: store, now: Date()) == 0)
        }
    }
}
