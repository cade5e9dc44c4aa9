import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// Meals marked sold out by operators and by three people's reports, on both databases, with the times given.
@Suite("Store: sold-out marks and reports")
struct SoldOutStoreTests {
    static let today = try! CalendarDate(parsing: "2026-12-03")
    static let cutlet = MealID(category: "중식", name: "돈까스", occurrence: 1)
    static let stew = MealID(category: "중식", name: "김치찌개", occurrence: 1)
    static let place = Fixtures.geumjeongHall.id
    static let elsewhere = Fixtures.place("sj-grill", in: Fixtures.sanJose)

    static func at(_ minutes: Double) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + minutes * 60) }

    /// Person `index`'s key: a SHA-256 in hex, as the web layer makes it.
    static func person(_ index: Int) -> ReporterKey {
        ReporterKey(hex: String(repeating: "0", count: 63) + String(index, radix: 16))!
    }

    static func audit(_ action: String) -> AuditEntry {
        AuditEntry(
            at: at(0), actor: "op-1", actorName: "Op", areaID: Fixtures.busan.id, action: action,
            subject: place.rawValue, before: nil, after: nil)
    }

    static func store(_ kind: StoreKind, _ body: (any Store) throws -> Void) throws {
        try kind.withStore { store throws in
            try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall, Fixtures.dormitory])
            try store.save(area: Fixtures.sanJose, places: [elsewhere])
            try body(store)
        }
    }

    @discardableResult
    static func report(_ store: any Store, _ person: Int, at minutes: Double, meal: MealID = cutlet) throws
        -> SoldOutReportResult
    {
        try store.reportSoldOut(
            placeID: place, date: today, mealID: meal, reporter: Self.person(person), at: at(minutes),
            policy: .standard)
    }

    @Test(arguments: StoreKind.tested)
    func twoPeopleOrOnePersonThriceMarkNothing(kind: StoreKind) throws {
        try Self.store(kind) { store throws in
            #expect(try Self.report(store, 1, at: 0) == SoldOutReportResult(isNew: true, reports: 1, mark: nil))
            #expect(try Self.report(store, 2, at: 1) == SoldOutReportResult(isNew: true, reports: 2, mark: nil))
            #expect(try Self.report(store, 1, at: 2) == SoldOutReportResult(isNew: false, reports: 2, mark: nil))
            #expect(try Self.report(store, 1, at: 3).isNew == false)
            #expect(try store.soldOutMarks(placeID: Self.place, on: Self.today).isEmpty)
        }
    }

    @Test(arguments: StoreKind.tested)
    func threePeopleWithinHalfAnHourMarkItAtTheThirdsTime(kind: StoreKind) throws {
        try Self.store(kind) { store throws in
            try Self.report(store, 1, at: 0)
            try Self.report(store, 2, at: 10)
            try Self.report(store, 3, at: 1, meal: Self.stew)  // another meal's report does not count
            let third = try Self.report(store, 3, at: 29.5)
            let mark = SoldOutMark(
                placeID: Self.place, date: Self.today, mealID: Self.cutlet, at: Self.at(29.5), by: .reports)
            #expect(third == SoldOutReportResult(isNew: true, reports: 3, mark: mark))
            #expect(try store.soldOutMarks(placeID: Self.place, on: Self.today) == [Self.cutlet: mark])
            // A fourth keeps the third's time.
            #expect(try Self.report(store, 4, at: 40).mark?.at == Self.at(29.5))
            #expect(
                try store.soldOutMarks(inArea: Fixtures.busan.id, on: Self.today) == [Self.place: [Self.cutlet: mark]])
            #expect(try store.soldOutMarks(inArea: Fixtures.sanJose.id, on: Self.today).isEmpty)
        }
    }

    @Test(arguments: StoreKind.tested)
    func threePeopleOverThirtyOneMinutesMarkNothing(kind: StoreKind) throws {
        try Self.store(kind) { store throws in
            try Self.report(store, 1, at: 0)
            try Self.report(store, 2, at: 15)
            #expect(try Self.report(store, 3, at: 31) == SoldOutReportResult(isNew: true, reports: 2, mark: nil))
            #expect(try store.soldOutMarks(placeID: Self.place, on: Self.today).isEmpty)
        }
    }

    @Test(arguments: StoreKind.tested)
    func anOperatorMarksAndClearsWithAnAuditEntryEach(kind: StoreKind) throws {
        try Self.store(kind) { store throws in
            let mark = SoldOutMark(
                placeID: Self.place, date: Self.today, mealID: Self.stew, at: Self.at(5), by: .operator)
            try store.markSoldOut(mark, operatorID: "op-1", audit: Self.audit("menu.sold_out"))
            #expect(try store.soldOutMarks(placeID: Self.place, on: Self.today) == [Self.stew: mark])
            #expect(
                try store.clearSoldOut(
                    placeID: Self.place, date: Self.today, mealID: Self.stew, audit: Self.audit("menu.sold_out_cleared")
                ))
            #expect(try store.soldOutMarks(placeID: Self.place, on: Self.today).isEmpty)
            // Clearing what is not marked writes nothing, no audit entry either.
            #expect(
                try !store.clearSoldOut(
                    placeID: Self.place, date: Self.today, mealID: Self.stew, audit: Self.audit("menu.sold_out_cleared")
                ))
            let actions = try store.auditEntries(
                areas: [Fixtures.busan.id], includingGlobal: false, action: nil, before: nil, limit: 10
            ).map(\.action)
            #expect(actions == ["menu.sold_out_cleared", "menu.sold_out"])
        }
    }

    @Test(arguments: StoreKind.tested)
    func clearingAReportsMarkStartsTheCountAgain(kind: StoreKind) throws {
        try Self.store(kind) { store throws in
            for person in 1...3 { try Self.report(store, person, at: Double(person)) }
            #expect(try store.soldOutMarks(placeID: Self.place, on: Self.today)[Self.cutlet]?.by == .reports)
            try store.clearSoldOut(
                placeID: Self.place, date: Self.today, mealID: Self.cutlet, audit: Self.audit("menu.sold_out_cleared"))
            // The three reports went with the mark: the same three people may report again.
            #expect(try Self.report(store, 1, at: 5) == SoldOutReportResult(isNew: true, reports: 1, mark: nil))
            // An operator's mark replaces a reports mark.
            for person in 2...3 { try Self.report(store, person, at: 6) }
            let mark = SoldOutMark(
                placeID: Self.place, date: Self.today, mealID: Self.cutlet, at: Self.at(7), by: .operator)
            try store.markSoldOut(mark, operatorID: "op-1", audit: Self.audit("menu.sold_out"))
            #expect(try store.soldOutMarks(placeID: Self.place, on: Self.today) == [Self.cutlet: mark])
        }
    }

    @Test(arguments: StoreKind.tested)
    func theNextDateIsEmptyAndASameDayMenuReplaceKeepsMarks(kind: StoreKind) throws {
        try Self.store(kind) { store throws in
            let menu = try Menu(
                date: Self.today,
                status: .serving([try MenuCategory(name: "중식", meals: [try Meal(name: "돈까스")])]),
                currency: try Currency(code: "KRW"))
            try store.replaceMenus([menu], placeID: Self.place)
            for person in 1...3 { try Self.report(store, person, at: Double(person)) }
            try store.replaceMenus([menu], placeID: Self.place)
            let marks = try store.soldOutMarks(placeID: Self.place, on: Self.today)
            #expect(marks.keys.sorted() == [Self.cutlet])
            #expect(try store.menu(placeID: Self.place, on: Self.today)?.meal(withID: Self.cutlet) != nil)
            #expect(try store.soldOutMarks(placeID: Self.place, on: Self.today.adding(days: 1)).isEmpty)
            #expect(try store.soldOutMarks(inArea: Fixtures.busan.id, on: Self.today.adding(days: 1)).isEmpty)
            // Pruning before tomorrow takes today's mark and its three reports.
            #expect(try store.pruneSoldOut(before: Self.today.adding(days: 1)) == 4)
            #expect(try store.soldOutMarks(placeID: Self.place, on: Self.today).isEmpty)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aReportForAnUnknownPlaceStoresNothing(kind: StoreKind) throws {
        try Self.store(kind) { store throws in
            #expect(throws: StoreError.unknownPlace(id: "nowhere")) {
                try store.reportSoldOut(
                    placeID: try Place.ID("nowhere"), date: Self.today, mealID: Self.cutlet, reporter: Self.person(1),
                    at: Self.at(0), policy: .standard)
            }
            #expect(try store.soldOutMarks(inArea: Fixtures.busan.id, on: Self.today).isEmpty)
        }
    }
}
