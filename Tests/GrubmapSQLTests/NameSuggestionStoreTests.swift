import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// Names visitors suggest for dishes, on both databases: one waiting per person, dish and language, a cap per person,
/// approving names the dish and answers the other suggestions for it, rejecting changes nothing, and a refused
/// suggestion stores nothing.
@Suite("Store: name suggestions")
struct NameSuggestionStoreTests {
    static let monday = try! CalendarDate(parsing: "2026-12-07")
    static let noon = Date(timeIntervalSince1970: 1_796_000_000)

    static func person(_ index: Int) -> ReporterKey {
        ReporterKey(hex: String(repeating: "0", count: 63) + String(index, radix: 16))!
    }

    static func audit(_ action: String) -> AuditEntry {
        AuditEntry(
            at: noon.addingTimeInterval(600), actor: "op-1", actorName: "Op", areaID: Fixtures.busan.id,
            action: action, subject: "dish", before: nil, after: nil)
    }

    /// A store with 돈까스 and 김치찌개 on Geumjeong Hall's menu, and a burger in San Jose.
    static func store(_ kind: StoreKind, _ body: (any Store, Dish, Dish) throws -> Void) throws {
        try kind.withStore { store throws in
            try store.save(area: Fixtures.busan, places: [Fixtures.geumjeongHall])
            try store.save(area: Fixtures.sanJose, places: [Fixtures.place("sj-grill", in: Fixtures.sanJose)])
            try store.replaceMenus(
                [try DishStoreTests.menu(monday, ["돈까스", "김치찌개"])], placeID: Fixtures.geumjeongHall.id)
            let cutlet = try #require(try DishStoreTests.dish(store, "돈까스"))
            let stew = try #require(try DishStoreTests.dish(store, "김치찌개"))
            try body(store, cutlet, stew)
        }
    }

    static func suggest(
        _ store: any Store, _ name: String, _ language: Language = .english, dish: Dish, by person: Int,
        at: Date = noon, policy: NameSuggestionPolicy = .standard
    ) throws -> NameSuggestionReceipt {
        try store.suggestName(
            name, language: language, dishID: dish.id, by: Self.person(person), at: at, policy: policy)
    }

    @Test(arguments: StoreKind.tested)
    func suggestionsWaitOldestFirstWithTheirDishes(kind: StoreKind) throws {
        try Self.store(kind) { store, cutlet, stew throws in
            let first = try Self.suggest(store, "  Pork   cutlet ", dish: cutlet, by: 1)
            #expect(first.replaced == false)
            #expect(first.suggestion.name == "Pork cutlet")  // cleaned as menus clean names
            #expect(first.suggestion.state == .pending)
            #expect(first.suggestion.areaID == Fixtures.busan.id)
            _ = try Self.suggest(store, "Kimchi stew", dish: stew, by: 2, at: Self.noon.addingTimeInterval(60))
            _ = try Self.suggest(store, "Tonkatsu", dish: cutlet, by: 3, at: Self.noon.addingTimeInterval(-60))
            let queue = try store.pendingNameSuggestions(inArea: Fixtures.busan.id, limit: 10)
            #expect(queue.map(\.suggestion.name) == ["Tonkatsu", "Pork cutlet", "Kimchi stew"])
            #expect(queue.first?.dish == cutlet)
            #expect(try store.pendingNameSuggestionCount(inArea: Fixtures.busan.id) == 3)
            #expect(try store.pendingNameSuggestions(inArea: Fixtures.busan.id, limit: 1).count == 1)
            #expect(try store.pendingNameSuggestions(inArea: Fixtures.sanJose.id, limit: 10).isEmpty)
            #expect(try store.nameSuggestion(id: first.suggestion.id)?.suggestion == first.suggestion)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aPersonsNewSuggestionReplacesTheirsForTheSameDishAndLanguage(kind: StoreKind) throws {
        try Self.store(kind) { store, cutlet, _ throws in
            let first = try Self.suggest(store, "Pork cutlet", dish: cutlet, by: 1)
            let later = Self.noon.addingTimeInterval(300)
            let second = try Self.suggest(store, "Pork katsu", dish: cutlet, by: 1, at: later)
            #expect(second.replaced)
            #expect(second.suggestion.id == first.suggestion.id)
            #expect(second.suggestion.name == "Pork katsu")
            #expect(second.suggestion.suggestedAt == later)
            // Another language, or another person, is a suggestion of its own.
            #expect(try Self.suggest(store, "돈가스", .korean, dish: cutlet, by: 1).replaced == false)
            #expect(try Self.suggest(store, "Cutlet", dish: cutlet, by: 2).replaced == false)
            #expect(try store.pendingNameSuggestionCount(inArea: Fixtures.busan.id) == 3)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aPersonMayHaveOnlySoManySuggestionsWaiting(kind: StoreKind) throws {
        try Self.store(kind) { store, cutlet, stew throws in
            let policy = NameSuggestionPolicy(pendingPerPerson: 2)
            _ = try Self.suggest(store, "Pork cutlet", dish: cutlet, by: 1, policy: policy)
            _ = try Self.suggest(store, "Kimchi stew", dish: stew, by: 1, policy: policy)
            #expect(throws: NameSuggestionError.tooMany(2)) {
                try Self.suggest(store, "돈가스", .korean, dish: cutlet, by: 1, policy: policy)
            }
            // Replacing one of theirs is no new one; another person has their own allowance.
            #expect(try Self.suggest(store, "Pork katsu", dish: cutlet, by: 1, policy: policy).replaced)
            _ = try Self.suggest(store, "돈가스", .korean, dish: cutlet, by: 2, policy: policy)
            #expect(try store.pendingNameSuggestionCount(inArea: Fixtures.busan.id) == 3)
            // A decided suggestion no longer counts.
            let waiting = try store.pendingNameSuggestions(inArea: Fixtures.busan.id, limit: 10)
            try store.rejectNameSuggestion(waiting[0].suggestion.id, reason: nil, audit: Self.audit("x"))
            _ = try Self.suggest(store, "돈가스", .korean, dish: cutlet, by: 1, policy: policy)
        }
    }

    @Test(arguments: StoreKind.tested)
    func approvingNamesTheDishAndSupersedesTheOthersWaitingForIt(kind: StoreKind) throws {
        try Self.store(kind) { store, cutlet, stew throws in
            let chosen = try Self.suggest(store, "Pork cutlet", dish: cutlet, by: 1).suggestion
            let other = try Self.suggest(store, "Tonkatsu", dish: cutlet, by: 2).suggestion
            let korean = try Self.suggest(store, "돈가스", .korean, dish: cutlet, by: 3).suggestion
            let elsewhere = try Self.suggest(store, "Kimchi stew", dish: stew, by: 2).suggestion
            let approved = try store.approveNameSuggestion(chosen.id, audit: Self.audit("dish.suggestion.approve"))
            #expect(approved.state == .approved)
            #expect(approved.decidedBy == "op-1")
            #expect(approved.decidedAt == Self.audit("x").at)
            #expect(try store.dish(id: cutlet.id)?.names == [.korean: "돈까스", .english: "Pork cutlet"])
            #expect(try store.nameSuggestion(id: other.id)?.suggestion.state == .superseded)
            #expect(
                try store.pendingNameSuggestions(inArea: Fixtures.busan.id, limit: 10).map(\.suggestion.id) == [
                    korean.id, elsewhere.id,
                ])
            let audit = try store.auditEntries(
                areas: [Fixtures.busan.id], includingGlobal: false, action: "dish.suggestion.approve", before: nil,
                limit: 10)
            #expect(audit.count == 1)
            // Decided is decided.
            #expect(throws: NameSuggestionError.decided(chosen.id, .approved)) {
                try store.rejectNameSuggestion(chosen.id, reason: nil, audit: Self.audit("x"))
            }
            #expect(throws: NameSuggestionError.decided(other.id, .superseded)) {
                try store.approveNameSuggestion(other.id, audit: Self.audit("x"))
            }
        }
    }

    @Test(arguments: StoreKind.tested)
    func rejectingKeepsTheDishAsItWas(kind: StoreKind) throws {
        try Self.store(kind) { store, cutlet, _ throws in
            let suggestion = try Self.suggest(store, "Pork cutlet", dish: cutlet, by: 1).suggestion
            let rejected = try store.rejectNameSuggestion(
                suggestion.id, reason: "We call it tonkatsu", audit: Self.audit("dish.suggestion.reject"))
            #expect(rejected.state == .rejected)
            #expect(rejected.reason == "We call it tonkatsu")
            #expect(try store.dish(id: cutlet.id) == cutlet)
            #expect(try store.pendingNameSuggestionCount(inArea: Fixtures.busan.id) == 0)
        }
    }

    @Test(arguments: StoreKind.tested)
    func badSuggestionsAreRefusedAndStoreNothing(kind: StoreKind) throws {
        try Self.store(kind) { store, cutlet, _ throws in
            let nowhere = try #require(Dish.ID(999_999))
            #expect(throws: NameSuggestionError.invalidName(.empty)) {
                try Self.suggest(store, "   ", dish: cutlet, by: 1)
            }
            #expect(throws: NameSuggestionError.invalidName(.tooLong(DishName.maximumLength + 1))) {
                try Self.suggest(store, String(repeating: "가", count: DishName.maximumLength + 1), dish: cutlet, by: 1)
            }
            #expect(throws: NameSuggestionError.sameAsCurrent(.korean)) {
                try Self.suggest(store, " 돈까스 ", .korean, dish: cutlet, by: 1)
            }
            #expect(throws: DishError.unknownDish(nowhere)) {
                try store.suggestName(
                    "Soup", language: .english, dishID: nowhere, by: Self.person(1), at: Self.noon, policy: .standard)
            }
            #expect(try store.pendingNameSuggestionCount(inArea: Fixtures.busan.id) == 0)
            let missing = try #require(NameSuggestion.ID(999_999))
            #expect(throws: NameSuggestionError.unknownSuggestion(missing)) {
                try store.approveNameSuggestion(missing, audit: Self.audit("x"))
            }
            #expect(try store.nameSuggestion(id: missing) == nil)
            #expect(try store.dish(id: cutlet.id) == cutlet)
        }
    }

    @Test(arguments: StoreKind.tested)
    func aSuggestionForADishMergedSinceNamesTheDishItWentInto(kind: StoreKind) throws {
        try Self.store(kind) { store, cutlet, stew throws in
            let suggestion = try Self.suggest(store, "Pork cutlet", dish: stew, by: 1).suggestion
            try store.mergeDish(stew.id, into: cutlet.id, audit: Self.audit("dish.merge"))
            #expect(try store.nameSuggestion(id: suggestion.id)?.dish.id == cutlet.id)
            try store.approveNameSuggestion(suggestion.id, audit: Self.audit("x"))
            #expect(try store.dish(id: cutlet.id)?.names[.english] == "Pork cutlet")
        }
    }
}
