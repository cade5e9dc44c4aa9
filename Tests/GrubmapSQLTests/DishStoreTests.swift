import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// Dishes on both databases: every menu write gives its meals dishes, keys are per area, operators merge, split and
/// name them, and menus stored before dishes get theirs once.
@Suite("Store: dishes")
struct DishStoreTests {
    static let monday = try! CalendarDate(parsing: "2026-12-07")
    static let tuesday = try! CalendarDate(parsing: "2026-12-08")
    static let friday = try! CalendarDate(parsing: "2026-12-11")
    static let hall = Fixtures.geumjeongHall
    static let dormitory = Fixtures.dormitory
    static let grill = Fixtures.place("sj-grill", in: Fixtures.sanJose)

    static func menu(_ date: CalendarDate, _ meals: [String]) throws -> Menu {
        try Menu(
            date: date, status: .serving([try MenuCategory(name: "중식", meals: meals.map { try Meal(name: $0) })]),
            currency: try Currency(code: "KRW"))
    }

    static func audit(_ action: String) -> AuditEntry {
        AuditEntry(
            at: Date(timeIntervalSince1970: 1_800_000_000), actor: "op-1", actorName: "Op",
            areaID: Fixtures.busan.id, action: action, subject: "dish", before: nil, after: nil)
    }

    static func store(_ kind: StoreKind, _ body: (any Store) throws -> Void) throws {
        try kind.withStore { store throws in
            try store.save(area: Fixtures.busan, places: [hall, dormitory])
            try store.save(area: Fixtures.sanJose, places: [grill])
            try body(store)
        }
    }

    static func dish(_ store: any Store, _ name: String, in area: Area.ID = Fixtures.busan.id) throws -> Dish? {
        let key = DishKey(mealName: name)
        return try store.dishes(forKeys: [key], inArea: area)[key]
    }

    @Test(arguments: StoreKind.tested)
    func aMenuWriteGivesEveryMealADishAndVariantsShareOne(kind: StoreKind) throws {
        try Self.store(kind) { store throws in
            try store.replaceMenus([try Self.menu(Self.monday, ["돈까스", "김치찌개"])], placeID: Self.hall.id)
            try store.replaceMenus(
                [try Self.menu(Self.tuesday, ["돈 까스(소스)", "Chicken Curry"])], placeID: Self.dormitory.id)
            let cutlet = try #require(try Self.dish(store, "돈까스"))
            #expect(try Self.dish(store, "돈 까스(소스)") == cutlet)
            #expect(cutlet.names == [.korean: "돈까스"])  // the first meal's name, in its language
            #expect(cutlet.keys == [DishKey(mealName: "돈까스")])
            #expect(try Self.dish(store, "Chicken Curry")?.names == [.english: "Chicken Curry"])
            #expect(try store.dishes(inArea: Fixtures.busan.id).count == 3)
            // Another area's 돈까스 is another dish.
            try store.replaceMenus([try Self.menu(Self.monday, ["돈까스"])], placeID: Self.grill.id)
            let elsewhere = try #require(try Self.dish(store, "돈까스", in: Fixtures.sanJose.id))
            #expect(elsewhere.id != cutlet.id)
            #expect(elsewhere.areaID == Fixtures.sanJose.id)
            // Writing the same menu again makes no new dish.
            try store.replaceMenus([try Self.menu(Self.monday, ["돈까스", "김치찌개"])], placeID: Self.hall.id)
            #expect(try store.dishes(inArea: Fixtures.busan.id).count == 3)
        }
    }

    @Test(arguments: StoreKind.tested)
    func servingsAndTheNextServingComeFromStoredMenus(kind: StoreKind) throws {
        try Self.store(kind) { store throws in
            try store.replaceMenus(
                [try Self.menu(Self.monday, ["돈까스"]), try Self.menu(Self.friday, ["돈까스(소스)"])],
                placeID: Self.hall.id)
            try store.replaceMenus([try Self.menu(Self.tuesday, ["돈 까스"])], placeID: Self.dormitory.id)
            let cutlet = try #require(try Self.dish(store, "돈까스"))
            #expect(
                try store.servings(ofDish: cutlet.id, through: Self.tuesday, limit: 10) == [
                    DishServing(placeID: Self.dormitory.id, date: Self.tuesday),
                    DishServing(placeID: Self.hall.id, date: Self.monday),
                ])
            #expect(try store.servings(ofDish: cutlet.id, through: Self.tuesday, limit: 1).count == 1)
            #expect(
                try store.nextServing(ofDish: cutlet.id, from: try CalendarDate(parsing: "2026-12-09"))
                    == DishServing(placeID: Self.hall.id, date: Self.friday))
            #expect(try store.nextServing(ofDish: cutlet.id, from: try CalendarDate(parsing: "2026-12-12")) == nil)
        }
    }

    @Test(arguments: StoreKind.tested)
    func mergingMovesKeysAndTheOldIdLeadsToTheNewDish(kind: StoreKind) throws {
        try Self.store(kind) { store throws in
            try store.replaceMenus([try Self.menu(Self.monday, ["돈까스", "돈가스", "치즈돈까스"])], placeID: Self.hall.id)
            let cutlet = try #require(try Self.dish(store, "돈까스"))
            let variant = try #require(try Self.dish(store, "돈가스"))
            try store.setDishNames([.english: "Pork cutlet"], dishID: variant.id, audit: Self.audit("dish.names"))
            try store.mergeDish(variant.id, into: cutlet.id, audit: Self.audit("dish.merge"))
            let merged = try #require(try store.dish(id: cutlet.id))
            #expect(merged.keys == [DishKey(mealName: "돈가스"), DishKey(mealName: "돈까스")].sorted())
            #expect(merged.names == [.korean: "돈까스", .english: "Pork cutlet"])  // the kept dish's Korean stays
            #expect(try store.dish(id: variant.id) == merged)
            #expect(try Self.dish(store, "돈가스") == merged)
            #expect(try store.dishes(inArea: Fixtures.busan.id).map(\.id).contains(variant.id) == false)
            // A dish merged into another that is merged later leads to the last one.
            let cheese = try #require(try Self.dish(store, "치즈돈까스"))
            try store.mergeDish(cutlet.id, into: cheese.id, audit: Self.audit("dish.merge"))
            #expect(try store.dish(id: variant.id)?.id == cheese.id)
            #expect(try store.dish(id: cutlet.id)?.id == cheese.id)
        }
    }

    @Test(arguments: StoreKind.tested)
    func splittingGivesAKeyANewDish(kind: StoreKind) throws {
        try Self.store(kind) { store throws in
            try store.replaceMenus([try Self.menu(Self.monday, ["돈까스", "돈가스"])], placeID: Self.hall.id)
            let cutlet = try #require(try Self.dish(store, "돈까스"))
            let variant = try #require(try Self.dish(store, "돈가스"))
            try store.mergeDish(variant.id, into: cutlet.id, audit: Self.audit("dish.merge"))
            let split = try store.splitDish(
                cutlet.id, key: DishKey(mealName: "돈가스"), names: [.korean: "돈가스"], audit: Self.audit("dish.split"))
            #expect(split.id != cutlet.id && split.id != variant.id)
            #expect(split.keys == [DishKey(mealName: "돈가스")])
            #expect(split.names == [.korean: "돈가스"])
            #expect(try Self.dish(store, "돈가스")?.id == split.id)
            #expect(try store.dish(id: cutlet.id)?.keys == [DishKey(mealName: "돈까스")])
        }
    }

    @Test(arguments: StoreKind.tested)
    func badChangesAreRefusedAndChangeNothing(kind: StoreKind) throws {
        try Self.store(kind) { store throws in
            try store.replaceMenus([try Self.menu(Self.monday, ["돈까스", "김치찌개"])], placeID: Self.hall.id)
            try store.replaceMenus([try Self.menu(Self.monday, ["Burger"])], placeID: Self.grill.id)
            let cutlet = try #require(try Self.dish(store, "돈까스"))
            let stew = try #require(try Self.dish(store, "김치찌개"))
            let burger = try #require(try Self.dish(store, "Burger", in: Fixtures.sanJose.id))
            let nowhere = try #require(Dish.ID(999_999))
            let before = try store.dishes(inArea: Fixtures.busan.id)
            #expect(throws: DishError.unknownDish(nowhere)) {
                try store.setDishNames([.english: "x"], dishID: nowhere, audit: Self.audit("dish.names"))
            }
            #expect(throws: DishError.mergeIntoItself(cutlet.id)) {
                try store.mergeDish(cutlet.id, into: cutlet.id, audit: Self.audit("dish.merge"))
            }
            #expect(throws: DishError.differentAreas(cutlet.id, burger.id)) {
                try store.mergeDish(cutlet.id, into: burger.id, audit: Self.audit("dish.merge"))
            }
            #expect(throws: DishError.unknownDish(nowhere)) {
                try store.mergeDish(cutlet.id, into: nowhere, audit: Self.audit("dish.merge"))
            }
            #expect(throws: DishError.onlyKey(cutlet.id, DishKey(mealName: "돈까스"))) {
                try store.splitDish(cutlet.id, key: DishKey(mealName: "돈까스"), names: [:], audit: Self.audit("x"))
            }
            #expect(throws: DishError.unknownKey(cutlet.id, DishKey(mealName: "김치찌개"))) {
                try store.splitDish(cutlet.id, key: DishKey(mealName: "김치찌개"), names: [:], audit: Self.audit("x"))
            }
            #expect(try store.dishes(inArea: Fixtures.busan.id) == before)
            #expect(try store.dish(id: stew.id) == stew)
            #expect(try store.dish(id: nowhere) == nil)
        }
    }

    @Test(arguments: StoreKind.tested)
    func namesAreSetAndRemovedPerLanguage(kind: StoreKind) throws {
        try Self.store(kind) { store throws in
            try store.replaceMenus([try Self.menu(Self.monday, ["돈까스"])], placeID: Self.hall.id)
            let cutlet = try #require(try Self.dish(store, "돈까스"))
            try store.setDishNames([.english: "Pork cutlet"], dishID: cutlet.id, audit: Self.audit("dish.names"))
            #expect(try store.dish(id: cutlet.id)?.names == [.korean: "돈까스", .english: "Pork cutlet"])
            try store.setDishNames([.english: nil], dishID: cutlet.id, audit: Self.audit("dish.names"))
            #expect(try store.dish(id: cutlet.id)?.names == [.korean: "돈까스"])
        }
    }

    /// Menus stored before migration 13 have meals without keys and no dishes: opening the store gives them theirs,
    /// and running the backfill again finds nothing.
    @Test(arguments: StoreKind.tested)
    func menusStoredBeforeDishesGetThemOnceWhenTheStoreOpens(kind: StoreKind) throws {
        try kind.withDatabase { database throws in
            let store = try database.openStore()
            try store.save(area: Fixtures.busan, places: [Self.hall, Self.dormitory])
            try store.replaceMenus([try Self.menu(Self.monday, ["돈까스", "김치찌개"])], placeID: Self.hall.id)
            try store.replaceMenus([try Self.menu(Self.tuesday, ["돈 까스"])], placeID: Self.dormitory.id)
            try database.execute(
                "UPDATE menu_meals SET dish_key = NULL; DELETE FROM dish_keys; DELETE FROM dish_names; DELETE FROM dishes;"
            )
            #expect(try store.dishes(inArea: Fixtures.busan.id).isEmpty)
            let reopened = try database.openStore()
            let dishes = try reopened.dishes(inArea: Fixtures.busan.id)
            #expect(Set(dishes.compactMap { $0.names[.korean] }) == ["돈까스", "김치찌개"])
            let cutlet = try #require(try Self.dish(reopened, "돈까스"))
            #expect(try reopened.servings(ofDish: cutlet.id, through: Self.tuesday, limit: 10).count == 2)
            #expect(try reopened.resolveDishesOfStoredMenus() == 0)
            #expect(try database.openStore().dishes(inArea: Fixtures.busan.id) == dishes)
        }
    }
}
