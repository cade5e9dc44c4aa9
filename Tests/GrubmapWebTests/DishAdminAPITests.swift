import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Operators changing dishes through the admin API: names set and removed, merges and splits, what readers then see,
/// and every bad body refused with nothing changed.
@Suite struct DishAdminAPITests {
    static let area = DishTests.area

    func json(_ response: Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]) ?? [:]
    }

    func call(_ test: TestApp, _ method: GrubmapHTTP.Method, _ target: String, key: String, body: String = "")
        throws -> Response
    {
        try AdminAPITests().call(test, method, target, key: key, body: body)
    }

    static func stew(_ test: TestApp) throws -> Dish {
        let key = DishKey(mealName: "김치찌개")
        return try #require(try test.store.dishes(forKeys: [key], inArea: area)[key])
    }

    /// Every dish change of the area's audit log.
    static func dishAudit(_ test: TestApp) throws -> [AuditEntry] {
        try test.store.auditEntries(areas: [area], includingGlobal: false, action: nil, before: nil, limit: 100)
            .filter { $0.action.hasPrefix("dish.") }
    }

    /// A dish of the other area (a menu of a place there makes it), for a merge across areas.
    static func dishOfTheSecondArea(_ test: TestApp) throws -> Dish {
        let zulu = Place(
            id: try Place.ID("zulu"), areaID: TestApp.secondArea.id, name: LocalizedText("Zulu"), kind: .cafeteria,
            coordinate: try Coordinate(latitude: 37.33, longitude: -121.89))
        try test.store.save(area: TestApp.secondArea, places: [zulu])
        let lunch = try MenuCategory(name: "Lunch", meals: [MenuFixtures.meal("Burrito")])
        try test.store.replaceMenus(
            [try Menu(date: MenuFixtures.date("2026-11-09"), status: .serving([lunch]), currency: MenuFixtures.won)],
            placeID: zulu.id)
        return try #require(try test.store.dishes(inArea: TestApp.secondArea.id).first)
    }

    @Test func namesSetThroughTheAPIShowOnTheEnglishPlacePage() throws {
        let test = try DishTests.app()
        defer { test.cleanUp() }
        let key = try AdminAPITests.makeKey(test, area: Self.area, scope: .write)
        let cutlet = try DishTests.cutlet(test)
        let listed = json(try call(test, .get, "/api/v1/admin/areas/test-campus/dishes", key: key))
        #expect((listed["dishes"] as? [[String: Any]])?.count == 2)

        let set = try call(
            test, .put, "/api/v1/admin/dishes/\(cutlet.id)/names", key: key,
            body: #"{"names": {"en": "  Pork   cutlet ", "ko": "돈까스"}}"#)
        #expect(set.status == .ok)
        #expect(json(set)["names"] as? [String: String] == ["en": "Pork cutlet", "ko": "돈까스"])
        #expect(json(set)["keys"] as? [String] == [cutlet.keys[0].rawValue])
        let english = String(
            decoding: try test.get("/places/alpha", headers: ["Accept-Language": "en"]).body, as: UTF8.self)
        #expect(english.contains(">Pork cutlet</a></p><p class=\"meal-original\" lang=\"ko\">돈까스</p>"))

        // null removes a name; a language left out keeps its own.
        let cleared = try call(
            test, .put, "/api/v1/admin/dishes/\(cutlet.id)/names", key: key, body: #"{"names": {"en": null}}"#)
        #expect(json(cleared)["names"] as? [String: String] == ["ko": "돈까스"])
        let audit = try Self.dishAudit(test)
        #expect(audit.map(\.action) == ["dish.names", "dish.names"])
        #expect(audit.last?.after == "en: Pork cutlet · ko: 돈까스")
        #expect(audit.first?.actorName == "API key script")
    }

    @Test func aMergeLeadsTheMergedDishToTheSurvivorAndASplitGivesTheKeyItsOwnDish() throws {
        let test = try DishTests.app()
        defer { test.cleanUp() }
        let key = try AdminAPITests.makeKey(test, area: Self.area, scope: .write)
        let cutlet = try DishTests.cutlet(test)
        let stew = try Self.stew(test)
        let merged = try call(
            test, .post, "/api/v1/admin/dishes/\(stew.id)/merge", key: key, body: #"{"into": \#(cutlet.id)}"#)
        #expect(merged.status == .ok)
        #expect(json(merged)["id"] as? Int == Int(cutlet.id.rawValue))
        #expect((json(merged)["keys"] as? [String])?.count == 2)
        let page = try test.get("/dishes/\(stew.id)")
        #expect(page.status == .movedPermanently)
        #expect(page.headers["Location"] == "/dishes/\(cutlet.id)")
        let served = (json(try test.get("/api/v1/dishes/\(cutlet.id)"))["served"] as? [[String: String]]) ?? []
        #expect(served.map { $0["date"] } == ["2026-11-09", "2026-11-06"])

        let split = try call(
            test, .post, "/api/v1/admin/dishes/\(cutlet.id)/split", key: key,
            body: #"{"key": "김치찌개", "names": {"en": "Kimchi stew"}}"#)
        #expect(split.status == .created)
        let made = try #require((json(split)["id"] as? Int).flatMap { Dish.ID(Int64($0)) })
        #expect(made != stew.id && made != cutlet.id)
        #expect(json(split)["names"] as? [String: String] == ["en": "Kimchi stew"])
        #expect(try test.get("/dishes/\(made)").status == .ok)
        #expect(try Self.stew(test).id == made)
        #expect(try Self.dishAudit(test).map(\.action) == ["dish.split", "dish.merge"])
    }

    @Test(arguments: [
        ("names", #"{"names": {"en": ""}}"#, 400, "invalid_dish"),
        ("names", #"{"names": {"en": "\#(String(repeating: "가", count: 251))"}}"#, 400, "invalid_dish"),
        ("names", #"{"names": {"fr": "Porc"}}"#, 400, "invalid_dish"),
        ("names", #"{"names": {"en": 5}}"#, 400, "invalid_dish"),
        ("names", #"{"names": "#, 400, "invalid_json"),
        ("merge", #"{"into": CUTLET}"#, 400, "merge_into_itself"),
        ("merge", #"{"into": 999999}"#, 400, "unknown_dish"),
        ("merge", #"{"into": OTHER}"#, 400, "unknown_dish"),
        ("merge", #"{"into": "x"}"#, 400, "invalid_dish"),
        ("split", #"{"key": "김치찌개"}"#, 400, "unknown_key"),
        ("split", #"{"key": "CUTLETKEY"}"#, 400, "only_key"),
        ("split", #"{"key": "CUTLETKEY", "names": {"en": null}}"#, 400, "invalid_dish"),
    ])
    func badInputIsRefusedNamingItAndChangesNothing(_ call: (String, String, Int, String)) throws {
        let (route, template, status, code) = call
        let test = try DishTests.app()
        defer { test.cleanUp() }
        let key = try AdminAPITests.makeKey(test, area: Self.area, scope: .write)
        let cutlet = try DishTests.cutlet(test)
        let otherDish = try Self.dishOfTheSecondArea(test)
        let before = try test.store.dishes(inArea: Self.area)
        let body = template.replacingOccurrences(of: "CUTLETKEY", with: cutlet.keys[0].rawValue)
            .replacingOccurrences(of: "CUTLET", with: cutlet.id.description)
            .replacingOccurrences(of: "OTHER", with: otherDish.id.description)
        let response = try self.call(
            test, route == "names" ? .put : .post, "/api/v1/admin/dishes/\(cutlet.id)/\(route)", key: key, body: body)
        #expect(response.status.code == status, "\(body)")
        let error = json(response)["error"] as? [String: Any] ?? [:]
        #expect(error["code"] as? String == code, "\(body): \(error)")
        #expect(!(error["message"] as? String ?? "").isEmpty)
        #expect(try test.store.dishes(inArea: Self.area) == before)
        #expect(try Self.dishAudit(test).isEmpty)
    }

    @Test func anotherAreasKeyAndAnUnknownDishAre404() throws {
        let test = try DishTests.app()
        defer { test.cleanUp() }
        let outsider = try AdminAPITests.makeKey(test, area: TestApp.secondArea.id, scope: .write)
        let key = try AdminAPITests.makeKey(test, area: Self.area, scope: .write)
        let cutlet = try DishTests.cutlet(test)
        let before = try test.store.dishes(inArea: Self.area)
        #expect(try call(test, .get, "/api/v1/admin/areas/test-campus/dishes", key: outsider).status == .notFound)
        for (method, route, body) in [
            (GrubmapHTTP.Method.put, "names", #"{"names": {"en": "Taken"}}"#),
            (.post, "merge", #"{"into": \#(cutlet.id)}"#), (.post, "split", #"{"key": "x"}"#),
        ] {
            #expect(
                try call(test, method, "/api/v1/admin/dishes/\(cutlet.id)/\(route)", key: outsider, body: body).status
                    == .notFound)
            #expect(
                try call(test, method, "/api/v1/admin/dishes/999999/\(route)", key: key, body: body).status
                    == .notFound)
        }
        #expect(try test.store.dishes(inArea: Self.area) == before)
        #expect(try Self.dishAudit(test).isEmpty)
    }
}
