import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Every kept page (``CachedPage``) as two readers meet it: readers who differ in one field of the page's input
/// only, reading one after the other with nothing written between, each get their own page, never the one made for
/// the other. The walk goes over every field of every page's input; a field left out of an input's `==` makes one
/// of these fail. And each page renders from its input alone.
@Suite struct CachedPageTests {
    /// A page that is kept for everyone its input is the same for.
    enum Page: String, CaseIterable, Sendable {
        case area = "/areas/test-campus"
        case board = "/areas/test-campus/menus"
        case place = "/places/alpha"
    }

    /// A browser and how it asks for the page: what the walk makes differ.
    final class Reader {
        let person: Person
        /// Added to the page's address.
        var query: [(String, String)] = []
        var headers = Headers()
        /// When the reader reads (ISO 8601), else ``CachedPageTests/noon``.
        var instant = CachedPageTests.noon

        init(_ person: Person) {
            self.person = person
        }

        /// The page, as `person` (this reader's browser, or the same browser talking to another server) asks for it.
        func read(_ page: Page, as person: Person? = nil) throws -> String {
            MenuFixtures.setClock((person ?? self.person).test, to: instant)
            let target = query.isEmpty ? page.rawValue : page.rawValue + "?" + QueryFields(query).encoded
            let response = try (person ?? self.person).send(.get, target, headers: headers)
            #expect(response.status == .ok, "\(target)")
            return String(decoding: response.body, as: UTF8.self)
        }
    }

    /// One field of a page's input, and how reader B comes to differ in it from reader A (anything it stores is
    /// stored before either reads).
    struct Field: Sendable, CustomTestStringConvertible {
        let name: String
        /// The pages whose input has the field and shows it.
        let pages: Set<Page>
        /// What both readers have, so that the field shows (units show with a distance, so with a position).
        var both: @Sendable (Reader) throws -> Void = { _ in }
        let differ: @Sendable (Reader) throws -> Void

        var testDescription: String { name }
    }

    /// A position south of the campus, as the position cookie holds it: rides are priced and distances shown.
    static let south = FareTestData.southOfCampus.replacingOccurrences(of: ",", with: "%2C")

    /// Monday 9 November 2026, 12:00 in Busan: Alpha serves three meals that day and the next.
    static let noon = "2026-11-09T03:00:00Z"

    static let fields: [Field] = [
        Field(name: "language", pages: Set(Page.allCases)) {
            _ = try $0.person.post("/settings", [("language", "ko")])
        },
        Field(name: "position", pages: Set(Page.allCases)) {
            $0.person.cookies[PersonPosition.cookieName] = south
        },
        Field(name: "time (the minute, the meal)", pages: Set(Page.allCases)) { $0.instant = "2026-11-09T09:30:00Z" },
        Field(name: "today", pages: [.board, .place], both: { $0.query = [("date", "2026-11-08")] }) {
            // The same past day asked for, read a day later: the day selector's today differs.
            $0.instant = "2026-11-10T03:00:00Z"
        },
        Field(name: "price role", pages: [.board, .place]) {
            _ = try $0.person.post("/settings/menus", [("priceRole", "employee")])
        },
        Field(name: "dietary filter", pages: [.board, .place]) {
            _ = try $0.person.post("/settings/menus", [("diet", "vegetarian")])
        },
        Field(name: "units", pages: Set(Page.allCases), both: { $0.person.cookies[PersonPosition.cookieName] = south })
        {
            _ = try $0.person.post("/settings", [("units", "mi")])
        },
        Field(name: "query", pages: Set(Page.allCases)) { $0.query = [("via", "b")] },
        Field(name: "offline copy", pages: [.area, .place]) {
            // Someone is checked in at Alpha, whom an offline copy counts but does not name.
            try RecentCacheTests.Client($0.person.test, firstName: "Ada").checkIn($0.person.test, at: "alpha")
            $0.headers[OfflineCopies.header] = "1"
        },
        Field(name: "bookmarks", pages: Set(Page.allCases)) {
            _ = try $0.person.post("/places/alpha/bookmark", [("bookmarked", "1")])
        },
        Field(name: "default area", pages: [.area]) {
            _ = try $0.person.post("/settings/default-area", [("defaultArea", "test-campus")])
        },
        Field(name: "the person (profile, check-in)", pages: [.place]) {
            _ = try $0.person.post("/profile", [("firstName", "Bea"), ("lastName", "B")])
            _ = try $0.person.post("/places/alpha/checkin", [])
        },
    ]

    /// Every field of every page, with reader A's own field setup where reader A needs one.
    static let walk: [(Page, Field)] = Page.allCases.flatMap { page in
        fields.filter { $0.pages.contains(page) }.map { (page, $0) }
    }

    /// The campus with ride fares, Alpha open 11:00-14:00 with menus for two days, its pages kept for two days:
    /// only a page's key tells readers apart here.
    static func campus() throws -> TestApp {
        var alpha = TestApp.samplePlaces[0]
        alpha.openingHours = try OpeningHours(rules: [
            OpeningHours.Rule(
                days: Weekday.allCases, opens: TimeOfDay(hour: 11, minute: 0), closes: TimeOfDay(hour: 14, minute: 0))
        ])
        let places = [alpha] + TestApp.samplePlaces.dropFirst()
        let test = try TestApp.make(places: places) { $0.cacheLifetime = 2 * 86_400 }
        var campus = TestApp.sampleArea
        campus.fareSchedule = FareTestData.won
        try test.store.save(area: campus, places: [])
        try test.store.replaceMenus(
            [MenuFixtures.threeMeals("2026-11-09"), MenuFixtures.threeMeals("2026-11-10")], placeID: MenuFixtures.alpha)
        MenuFixtures.setClock(test, to: noon)
        return test
    }

    @Test(arguments: walk)
    func readersWhoDifferInOneFieldGetTheirOwnPage(page: Page, field: Field) throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let a = Reader(try Person(test))
        let b = Reader(try Person(test))
        // Both readers' browsers hold a device cookie before anything differs.
        for reader in [a, b] {
            _ = try reader.person.get("/settings")
            try field.both(reader)
        }
        try field.differ(b)

        let first = try a.read(page)
        let second = try b.read(page)
        // What B gets from a server that kept nothing: B's own page.
        let fresh = try RecentCacheTests.secondServer(of: test)
        let own = try b.read(page, as: Person(sharing: b.person, with: fresh))
        let isOwn = second == own
        #expect(isOwn, "B was served another reader's \(page) page for \(field.name)")
        // The field shows on the page (else leaving it out of the key could not be seen here).
        let tokens = try [a.person.csrfToken(), b.person.csrfToken()]
        let shows =
            first.replacingOccurrences(of: tokens[0], with: "TOKEN")
            != own.replacingOccurrences(of: tokens[1], with: "TOKEN")
        #expect(shows, "\(field.name) does not show on the \(page) page")
    }

    /// A Korean reader paying as staff, vegetarian, in miles, south of the campus, with Alpha bookmarked: each kept
    /// page rendered from an input made here by hand, with no request and no context, is the page that reader is
    /// served. So the input holds everything the page shows of its reader.
    @Test(arguments: Page.allCases)
    func aPageRendersFromItsInputAlone(page: Page) throws {
        let test = try Self.campus()
        defer { test.cleanUp() }
        let person = try Person(test, language: "ko")
        person.cookies[PersonPosition.cookieName] = Self.south
        _ = try person.post("/settings/menus", [("priceRole", "employee"), ("diet", "vegetarian")])
        _ = try person.post("/settings", [("units", "mi")])
        _ = try person.post("/places/alpha/bookmark", [("bookmarked", "1")])
        let served = try person.html(page.rawValue + "?via=b")
        let token = try person.csrfToken()

        let store = test.store
        let now = test.clock.now
        let sources = PageSources(catalog: try store.catalog(), places: store, now: now)
        let area = TestApp.sampleArea.id
        let campus = try #require(try sources.catalog.area(area))
        let alpha = MenuFixtures.alpha
        let position = try Coordinate(parsing: FareTestData.southOfCampus)
        let address = PageAddress(path: page.rawValue, query: QueryFields([("via", "b")]))
        let today = MenuFixtures.date("2026-11-09")
        let week = today.week(startingOn: .sunday)
        let days = try #require(week.first)...(try #require(week.last))
        let reader = MenuPageReader(
            language: .korean, position: position, today: today, time: try TimeOfDay(hour: 12, minute: 0),
            priceRole: .employee, filter: DietaryFilter(diet: .vegetarian), units: .miles, address: address,
            isOfflineCopy: false)
        let rendered: [UInt8]
        switch page {
        case .area:
            let caches = AppCaches(lifetime: 0)
            let feature = AreaFeature(
                checkIns: store, live: store, basemaps: store, frontDoor: AreaFrontDoor(menus: store, caches: caches),
                configuration: test.app.environment.configuration, caches: MapCaches(), pages: caches.areaPages)
            let input = AreaPageInput(
                area: area, catalogVersion: sources.catalog.version, language: .korean, bookmarks: [alpha],
                position: PersonPosition(coordinate: position, source: .shared), isDefault: false, units: .miles,
                minute: Int(now.timeIntervalSince1970 / 60), address: address, isOfflineCopy: false)
            rendered = try input.render(
                csrfToken: token, from: AreaPageInput.Sources(feature: feature, pages: sources))
        case .board:
            let places = try store.places(inArea: area)
            let reading = BoardReading(
                serial: 1, isShared: true, area: campus, date: today, places: places,
                menus: try store.menus(inArea: area, on: today),
                nextDayMenus: try store.menus(inArea: area, on: today.adding(days: 1)),
                calendar: AreaMenuCalendar(try store.menuDays(inArea: area, in: days), places: places))
            let input = BoardPageInput(reading: reading, bookmarks: [alpha], followed: [], reader: reader)
            rendered = try input.render(csrfToken: token, from: sources)
        case .place:
            let place = try #require(try store.place(id: alpha))
            let reading = PlaceReading(
                serial: 1, place: place, area: campus, date: today,
                menu: try store.menu(placeID: alpha, on: today), days: try store.menuDays(placeID: alpha, in: days),
                people: try store.presence(atPlace: alpha, at: now, newest: WhosHere.shown),
                popularTimes: try store.popularTimes(placeID: alpha, at: now, in: campus.clockTimeZone),
                live: try store.busyness(atPlace: alpha, at: now))
            let input = PlacePageInput(reading: reading, me: .nobody, isBookmarked: true, followed: [], reader: reader)
            rendered = try input.render(csrfToken: token, from: sources)
        }
        #expect(String(decoding: rendered, as: UTF8.self) == served)
    }
}
