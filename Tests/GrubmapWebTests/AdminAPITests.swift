import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// The admin API with API keys: scoped to one area, read or write, revocable, stored hashed; every route refuses
/// another area's key and changes nothing.
@Suite struct AdminAPITests {
    private func json(_ response: Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]) ?? [:]
    }

    /// A key made through the console by an admin of `area`.
    static func makeKey(_ test: TestApp, area: Area.ID, scope: APIKey.Scope) throws -> String {
        let token = APIKey.tokenPrefix + Base64URL.encode(AppEnvironment.systemRandomBytes(32))
        try test.store.createAPIKey(
            APIKey(
                id: try APIKey.ID(Hex.encode(AppEnvironment.systemRandomBytes(8))), areaID: area, scope: scope,
                label: "script", createdBy: "boss@example.org", createdAt: test.clock.now),
            token: token,
            audit: AuditEntry(
                at: test.clock.now, actor: "cli", actorName: "test", areaID: area, action: "api-key.create",
                subject: "script", before: nil, after: scope.rawValue))
        return token
    }

    func call(_ test: TestApp, _ method: GrubmapHTTP.Method, _ target: String, key: String?, body: String = "")
        throws -> Response
    {
        var headers: Headers = ["Content-Type": "application/json"]
        if let key { headers["Authorization"] = "Bearer \(key)" }
        return try test.send(method, target, headers: headers, body: body)
    }

    static let place = """
        {"id": "delta", "areaID": "test-campus", "name": {"en": "Delta Hall", "ko": "델타관"}, "kind": "cafeteria",
         "coordinate": {"latitude": 35.234, "longitude": 129.081},
         "openingHours": [{"days": "Mo-Fr", "opens": "11:00", "closes": "14:00"}]}
        """

    @Test func aWriteKeyScriptsPlacesAndMenusOfItsArea() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let key = try Self.makeKey(test, area: TestApp.sampleArea.id, scope: .write)
        let listed = try call(test, .get, "/api/v1/admin/areas/test-campus/places", key: key)
        #expect(listed.status == .ok)
        #expect((json(listed)["places"] as? [[String: Any]])?.count == 3)

        let created = try call(test, .put, "/api/v1/admin/places/delta", key: key, body: Self.place)
        #expect(created.status == .created)
        #expect(try test.store.place(id: try Place.ID("delta"))?.openingHours.rules.count == 1)
        let mismatched = try call(
            test, .put, "/api/v1/admin/places/echo", key: key, body: Self.place)
        #expect(mismatched.status == .badRequest)

        let menu = """
            {"closed": false, "categories": [{"name": "중식", "meals": [{"name": "비빔밥", "notes": ["vegan"],
             "prices": {"student": "4500", "employee": "6000"}}]}]}
            """
        let date = CalendarDate.local(test.clock.now, in: TimeZone(identifier: "Asia/Seoul")!).date
        let put = try call(test, .put, "/api/v1/admin/places/delta/menu?date=\(date)", key: key, body: menu)
        #expect(put.status == .ok)
        #expect(try test.store.menu(placeID: try Place.ID("delta"), on: date)?.categories.first?.name == "중식")
        let badPrice = try call(
            test, .put, "/api/v1/admin/places/delta/menu?date=\(date)", key: key,
            body:
                #"{"closed": false, "categories": [{"name": "A", "meals": [{"name": "B", "prices": {"student": "4,500"}}]}]}"#
        )
        #expect(badPrice.status == .badRequest)
        #expect((json(badPrice)["error"] as? [String: String])?["code"] == "invalid_menu")
        #expect(try call(test, .get, "/api/v1/admin/places/delta/menu?date=\(date)", key: key).status == .ok)
        #expect(try call(test, .delete, "/api/v1/admin/places/delta/menu?date=\(date)", key: key).status == .noContent)
        #expect(try test.store.menu(placeID: try Place.ID("delta"), on: date) == nil)

        let archived = try call(test, .post, "/api/v1/admin/places/delta/archive", key: key)
        #expect(json(archived)["archived"] as? Bool == true)
        #expect(try test.store.place(id: try Place.ID("delta")) == nil)
        let actors = try test.store.auditEntries(
            areas: [TestApp.sampleArea.id], includingGlobal: false, action: nil, before: nil, limit: 3
        ).map(\.actorName)
        #expect(actors == ["API key script", "API key script", "API key script"])
    }

    @Test func seatsAreSetThroughThePlaceAndOutOfRangeStoresNothing() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let key = try Self.makeKey(test, area: TestApp.sampleArea.id, scope: .write)
        let seated = Self.place.replacingOccurrences(
            of: #""kind": "cafeteria","#, with: #""kind": "cafeteria", "seats": 120,"#)
        let created = try call(test, .put, "/api/v1/admin/places/delta", key: key, body: seated)
        #expect(created.status == .created)
        #expect(json(created)["seats"] as? Int == 120)
        #expect(try test.store.place(id: try Place.ID("delta"))?.seats == 120)
        // 12.5 is not an integer to the JSON decoder: 400 all the same.
        for bad in ["0", "100001", "-3", "12.5", "\"40\""] {
            let body = Self.place.replacingOccurrences(
                of: #""kind": "cafeteria","#, with: #""kind": "cafeteria", "seats": \#(bad),"#)
            let refused = try call(test, .put, "/api/v1/admin/places/delta", key: key, body: body)
            #expect(refused.status == .badRequest, "\(bad)")
            guard bad != "12.5" else { continue }
            #expect((json(refused)["error"] as? [String: String])?["code"] == "invalid_place", "\(bad)")
            #expect(((json(refused)["error"] as? [String: String])?["message"])?.contains("seats") == true, "\(bad)")
        }
        #expect(try test.store.place(id: try Place.ID("delta"))?.seats == 120)
        // Left out, the place has no seats again.
        #expect(try call(test, .put, "/api/v1/admin/places/delta", key: key, body: Self.place).status == .ok)
        #expect(try test.store.place(id: try Place.ID("delta"))?.seats == nil)
    }

    @Test func aPlacesDatedExceptionsGoThroughReadAndReplace() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let key = try Self.makeKey(test, area: TestApp.sampleArea.id, scope: .write)
        let hours = """
            {"weekly": [{"days": "Mo-Fr", "opens": "11:00", "closes": "14:00"}],
             "exceptions": [{"date": "2026-12-03", "hours": [], "note": "Founders' day"},
                            {"date": "2026-12-24", "hours": [{"opens": "11:00", "closes": "13:00"}]}]}
            """
        let body = Self.place.replacingOccurrences(
            of: #"[{"days": "Mo-Fr", "opens": "11:00", "closes": "14:00"}]"#, with: hours)
        #expect(try call(test, .put, "/api/v1/admin/places/delta", key: key, body: body).status == .created)
        let saved = try #require(try test.store.place(id: try Place.ID("delta")))
        #expect(saved.openingHours.exceptions.map(\.date.description) == ["2026-12-03", "2026-12-24"])
        let read = json(try call(test, .get, "/api/v1/admin/places/delta", key: key))
        let exceptions = (read["openingHours"] as? [String: Any])?["exceptions"] as? [[String: Any]]
        #expect(exceptions?.first?["note"] as? String == "Founders' day")

        // Two exceptions for one date: refused with the reason, the stored place unchanged.
        let twice = body.replacingOccurrences(of: "2026-12-24", with: "2026-12-03")
        let refused = try call(test, .put, "/api/v1/admin/places/delta", key: key, body: twice)
        #expect(refused.status == .badRequest)
        let message = (json(refused)["error"] as? [String: String])?["message"] ?? ""
        #expect(message.contains("2026-12-03 has two exceptions"), "\(message)")
        #expect(try test.store.place(id: try Place.ID("delta")) == saved)
    }

    @Test func missingRevokedAndReadOnlyKeysAreRefused() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        #expect(try call(test, .get, "/api/v1/admin/areas/test-campus/places", key: nil).status == .unauthorized)
        #expect(
            try call(
                test, .get, "/api/v1/admin/areas/test-campus/places", key: "gmk_" + String(repeating: "a", count: 43)
            )
            .status == .unauthorized)
        let read = try Self.makeKey(test, area: TestApp.sampleArea.id, scope: .read)
        #expect(try call(test, .get, "/api/v1/admin/places/alpha", key: read).status == .ok)
        let refused = try call(test, .put, "/api/v1/admin/places/delta", key: read, body: Self.place)
        #expect(refused.status == .forbidden)
        #expect(try test.store.place(id: try Place.ID("delta")) == nil)
        let key = try #require(try test.store.apiKeys(inArea: TestApp.sampleArea.id).first)
        try test.store.revokeAPIKey(
            id: key.id, inArea: TestApp.sampleArea.id, at: test.clock.now,
            audit: AuditEntry(
                at: test.clock.now, actor: "cli", actorName: "test", areaID: TestApp.sampleArea.id,
                action: "api-key.revoke", subject: "script", before: nil, after: nil))
        #expect(try call(test, .get, "/api/v1/admin/places/alpha", key: read).status == .unauthorized)
        // The token is stored only as its digest.
        #expect(try test.store.apiKey(token: read) == nil)
    }

    /// Every admin API route with a write key of another area, and nothing changes: another area's address, and a
    /// dish or a name suggestion of another area, is 404 or 403; a call about a place of another area, a `PUT` of it too, is 400
    /// `place_in_other_area` naming the place and its area; a place that does not exist stays 404 (a `PUT` would
    /// make it, so it is not tried).
    @Test func everyAdminRouteRefusesAnotherAreasKey() throws {
        // Menus at alpha give the area dishes, so a dish's routes are tried with one of them.
        let test = try DishTests.app()
        defer { test.cleanUp() }
        let outsider = try Self.makeKey(test, area: TestApp.secondArea.id, scope: .write)
        let before = try test.store.consolePlaces(inArea: TestApp.sampleArea.id)
        let dishes = try test.store.dishes(inArea: TestApp.sampleArea.id)
        let dish = try DishTests.cutlet(test).id.description
        let suggestion = try test.store.suggestName(
            "Pork cutlet", language: .english, dishID: try DishTests.cutlet(test).id,
            by: ReporterKey(hex: String(repeating: "a", count: 64))!, at: test.clock.now, policy: .standard
        ).suggestion
        let date = CalendarDate.local(test.clock.now, in: TimeZone(identifier: "Asia/Seoul")!).date
        let menu = try test.store.menu(placeID: try Place.ID("alpha"), on: date)
        var tried = 0
        for route in test.app.routes.adminAPIRoutes {
            let isArea =
                route.pattern.contains("/areas/") || route.pattern.contains("/dishes/")
                || route.pattern.contains("/name-suggestions/")
            let id =
                route.pattern.contains("/areas/")
                ? TestApp.sampleArea.id.rawValue
                : route.pattern.contains("/dishes/")
                    ? dish : route.pattern.contains("/name-suggestions/") ? suggestion.id.description : "alpha"
            let path = route.pattern.replacingOccurrences(of: "{id}", with: id) + "?date=\(date)"
            let takeOver = Self.place.replacingOccurrences(of: "\"delta\"", with: "\"alpha\"")
                .replacingOccurrences(of: "test-campus", with: TestApp.secondArea.id.rawValue)
            let body =
                route.pattern.hasSuffix("/menu")
                ? #"{"closed": true}"#
                : route.pattern.hasSuffix("/sold-out")
                    ? #"{"date": "\#(date)"}"#
                    : route.pattern.contains("/dishes/")
                        ? #"{"names": {"en": "Taken over"}, "into": \#(dish), "key": "x"}"#
                        : route.pattern.contains("/name-suggestions/") ? #"{"reason": "Taken over"}"# : takeOver
            let response = try call(test, route.method, path, key: outsider, body: body)
            if isArea {
                #expect([.notFound, .forbidden].contains(response.status), "\(route.method) \(path)")
            } else {
                #expect(response.status == .badRequest, "\(route.method) \(path): \(response.status)")
                let error = json(response)["error"] as? [String: Any] ?? [:]
                #expect(error["code"] as? String == "place_in_other_area", "\(route.method) \(path)")
                #expect(
                    error["message"] as? String
                        == "id: the place alpha is of the area test-campus, and this key is for another-area only; "
                        + "nothing was changed.")
                if route.method != .put {
                    let missing = route.pattern.replacingOccurrences(of: "{id}", with: "nowhere") + "?date=\(date)"
                    let absent = try call(test, route.method, missing, key: outsider, body: body)
                    #expect(absent.status == .notFound, "\(route.method) \(missing): \(absent.status)")
                }
            }
            tried += 1
        }
        #expect(tried == 17)
        #expect(try test.store.nameSuggestion(id: suggestion.id)?.suggestion == suggestion)
        #expect(try test.store.soldOutMarks(placeID: try Place.ID("alpha"), on: date).isEmpty)
        #expect(try test.store.consolePlaces(inArea: TestApp.sampleArea.id) == before)
        #expect(try test.store.menu(placeID: try Place.ID("alpha"), on: date) == menu)
        #expect(try test.store.dishes(inArea: TestApp.sampleArea.id) == dishes)
        #expect(
            try test.store.auditEntries(
                areas: [TestApp.sampleArea.id], includingGlobal: true, action: nil, before: nil, limit: 10
            ).allSatisfy { $0.action == "api-key.create" })
    }
}

/// API keys made and revoked in the console by an area's admin.
@Suite struct APIKeysConsoleTests {
    @Test func anAdminMakesAKeyThatWorksOnceShownAndRevokesIt() throws {
        let test = try ConsoleTests.makeApp()
        defer { test.cleanUp() }
        let admin = try ConsoleTests.signedIn(test, "boss@example.org", role: .admin)
        let csrf = try ConsoleTests.consoleCSRF(admin)
        let made = String(
            decoding: try admin.post(
                "/admin/areas/test-campus/api-keys", [("label", "menu script"), ("scope", "write")], csrf: csrf
            ).body, as: UTF8.self)
        let range = try #require(made.range(of: "gmk_"))
        let key = String(made[range.lowerBound...].prefix { $0 != "<" })
        let list = try test.send(
            .get, "/api/v1/admin/areas/test-campus/places", headers: ["Authorization": "Bearer \(key)"])
        #expect(list.status == .ok)
        #expect(!(try admin.html("/admin/areas/test-campus/api-keys")).contains(key))
        let id = try #require(try test.store.apiKeys(inArea: TestApp.sampleArea.id).first?.id)
        #expect(
            try admin.post("/admin/areas/test-campus/api-keys/revoke", [("key", id.rawValue)], csrf: csrf).status
                == .seeOther)
        let after = try test.send(
            .get, "/api/v1/admin/areas/test-campus/places", headers: ["Authorization": "Bearer \(key)"])
        #expect(after.status == .unauthorized)
        // An editor may not make keys.
        let editor = try ConsoleTests.signedIn(test, "kim@example.org")
        #expect(try editor.get("/admin/areas/test-campus/api-keys").status == .forbidden)
    }
}
