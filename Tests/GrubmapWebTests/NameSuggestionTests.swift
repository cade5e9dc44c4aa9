import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Visitors suggesting names for dishes (the dish page's form and the API) and operators deciding them (the
/// console's queue and the admin API): an approved name shows on the English pages, a rejected one changes nothing,
/// a person's second suggestion replaces their first, and bad input is refused with nothing stored.
@Suite struct NameSuggestionTests {
    static let area = DishTests.area
    /// 돈까스's Korean name: the first of its meals stored, on the 6th.
    static let korean = "돈 까스(소스)"

    static func app() throws -> TestApp {
        try DishTests.app { $0.passwordHasher = PasswordHasher(cost: .minimum) }
    }

    private func body(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

    private func json(_ response: Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]) ?? [:]
    }

    /// A visitor's `POST /api/v1/dishes/{id}/name-suggestions` with `body`.
    static func suggest(_ person: Person, dish: String, _ body: String) throws -> Response {
        try person.send(
            .post, "/api/v1/dishes/\(dish)/name-suggestions",
            headers: ["Content-Type": "application/json", "X-CSRF-Token": try person.csrfToken()], body: body)
    }

    static func waiting(_ test: TestApp) throws -> [PendingNameSuggestion] {
        try test.store.pendingNameSuggestions(inArea: area, limit: 100)
    }

    @Test func aSuggestionFromTheDishPageApprovedInTheConsoleShowsOnTheEnglishPlacePage() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try DishTests.cutlet(test)
        let visitor = try Person(test)
        let page = try visitor.html("/dishes/\(cutlet.id)")
        #expect(page.contains("<label for=\"suggest-en\">Suggest a name in English</label>"))
        #expect(!page.contains("id=\"suggest-ko\""))  // it has a Korean name, and the reader reads English
        let sent = try visitor.post(
            "/dishes/\(cutlet.id)/name-suggestions", [("language", "en"), ("name", " Pork  cutlet ")],
            csrf: try visitor.csrfToken())
        #expect(sent.status == .seeOther)
        #expect(sent.headers["Location"] == "/dishes/\(cutlet.id)?suggested=en#suggest")
        #expect(try visitor.html("/dishes/\(cutlet.id)?suggested=en").contains("Thank you: an operator will look"))
        #expect(try Self.waiting(test).map(\.suggestion.name) == ["Pork cutlet"])

        let operatorPerson = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(operatorPerson)
        #expect(try operatorPerson.html("/admin").contains("Name suggestions (1)"))
        let suggestion = try #require(try Self.waiting(test).first?.suggestion)
        let queue = try operatorPerson.html("/admin/areas/test-campus/name-suggestions")
        #expect(queue.contains("<h2 id=\"suggestion-\(suggestion.id)-name\" lang=\"en\">Pork cutlet</h2>"))
        #expect(queue.contains("<dd lang=\"ko\">\(Self.korean)</dd>"))
        let approved = try operatorPerson.post("/admin/name-suggestions/\(suggestion.id)/approve", [], csrf: csrf)
        #expect(approved.status == .seeOther)
        #expect(
            approved.headers["Location"]
                == "/admin/areas/test-campus/name-suggestions?done=approved&dish=\(cutlet.id)")
        #expect(
            try operatorPerson.html("/admin/areas/test-campus/name-suggestions?done=approved&dish=\(cutlet.id)")
                .contains("Approved: dish #\(cutlet.id) has its new name."))
        #expect(try DishTests.cutlet(test).names == [.korean: Self.korean, .english: "Pork cutlet"])
        let english = body(try test.get("/places/alpha", headers: ["Accept-Language": "en"]))
        #expect(english.contains(">Pork cutlet</a></p><p class=\"meal-original\" lang=\"ko\">돈까스</p>"))
        let audit = try DishAdminAPITests.dishAudit(test)
        #expect(audit.map(\.action) == ["dish.suggestion.approve"])
        #expect(audit.first?.before == "ko: \(Self.korean)")
        #expect(audit.first?.after == "en: Pork cutlet · ko: \(Self.korean)")
        #expect(audit.first?.actorName == "kim@example.org")
        #expect(
            try operatorPerson.html("/admin/areas/test-campus/audit?action=dish.suggestion.approve")
                .contains("<option value=\"dish.suggestion.approve\" selected>"))
        // Decided is decided: a second approval says so and changes nothing.
        let again = try operatorPerson.post("/admin/name-suggestions/\(suggestion.id)/approve", [], csrf: csrf)
        #expect(again.headers["Location"]?.contains("done=decided") == true)
        #expect(try DishAdminAPITests.dishAudit(test).count == 1)
    }

    @Test func aRejectedSuggestionChangesNothingAndAnOverLongReasonIsShownBesideItsField() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try DishTests.cutlet(test)
        #expect(
            try Self.suggest(try Person(test), dish: "\(cutlet.id)", #"{"language": "en", "name": "Pork"}"#)
                .status == .created)
        let suggestion = try #require(try Self.waiting(test).first?.suggestion)
        let operatorPerson = try ConsoleTests.signedIn(test, "kim@example.org")
        let csrf = try ConsoleTests.consoleCSRF(operatorPerson)
        let tooLong = try operatorPerson.post(
            "/admin/name-suggestions/\(suggestion.id)/reject", [("reason", String(repeating: "x", count: 201))],
            csrf: csrf)
        #expect(tooLong.status == .unprocessableContent)
        #expect(body(tooLong).contains("id=\"suggestion-\(suggestion.id)-reason-problem\""))
        #expect(try Self.waiting(test).count == 1)
        let rejected = try operatorPerson.post(
            "/admin/name-suggestions/\(suggestion.id)/reject", [("reason", "It is a cutlet")], csrf: csrf)
        #expect(rejected.status == .seeOther)
        #expect(try DishTests.cutlet(test) == cutlet)
        #expect(try Self.waiting(test).isEmpty)
        #expect(try test.store.nameSuggestion(id: suggestion.id)?.suggestion.reason == "It is a cutlet")
        let audit = try DishAdminAPITests.dishAudit(test)
        #expect(audit.map(\.action) == ["dish.suggestion.reject"])
        #expect(audit.first?.before == "en: Pork")
        #expect(audit.first?.after == "It is a cutlet")
    }

    @Test func thePersonsSecondSuggestionReplacesTheirFirst() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try DishTests.cutlet(test)
        let visitor = try Person(test)
        let first = try Self.suggest(visitor, dish: "\(cutlet.id)", #"{"language": "en", "name": "Pork"}"#)
        #expect(first.status == .created)
        #expect(json(first)["name"] as? String == "Pork")
        #expect(json(first)["state"] as? String == "pending")
        let second = try Self.suggest(visitor, dish: "\(cutlet.id)", #"{"language": "en", "name": "Pork cutlet"}"#)
        #expect(second.status == .ok)
        #expect(json(second)["id"] as? Int == json(first)["id"] as? Int)
        #expect(try Self.waiting(test).map(\.suggestion.name) == ["Pork cutlet"])
        // Another person's is their own.
        #expect(
            try Self.suggest(try Person(test), dish: "\(cutlet.id)", #"{"language": "en", "name": "Tonkatsu"}"#)
                .status == .created)
        #expect(try Self.waiting(test).count == 2)
    }

    @Test(
        arguments: [
            (#"{"language": "en", "name": "   "}"#, "invalid_suggestion", "name"),
            (#"{"language": "en", "name": "\#(String(repeating: "a", count: 251))"}"#, "invalid_suggestion", "name"),
            (#"{"language": "ko", "name": " 돈 까스(소스) "}"#, "same_name", "name"),
            (#"{"language": "fr", "name": "Porc pané"}"#, "invalid_suggestion", "language"),
            (#"{"language": "en"}"#, "invalid_suggestion", "name"),
            (#"{"language": "en", "name": "#, "invalid_json", ""),
        ])
    func badSuggestionsAre400NamingTheFieldAndStoreNothing(body: String, code: String, field: String) throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try DishTests.cutlet(test)
        let response = try Self.suggest(try Person(test), dish: "\(cutlet.id)", body)
        #expect(response.status == .badRequest)
        let error = json(response)["error"] as? [String: Any]
        #expect(error?["code"] as? String == code)
        if !field.isEmpty { #expect((error?["message"] as? String)?.hasPrefix("\(field):") == true) }
        #expect(try Self.waiting(test).isEmpty)
    }

    @Test func aPersonMayHaveTwentySuggestionsWaitingAndTheNextIsRefused() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let soups = (1...21).map { "Soup \($0)" }
        let lunch = try MenuCategory(name: "Lunch", meals: soups.map { MenuFixtures.meal($0) })
        try test.store.replaceMenus(
            [try Menu(date: MenuFixtures.date("2026-11-10"), status: .serving([lunch]), currency: MenuFixtures.won)],
            placeID: MenuFixtures.alpha)
        let visitor = try Person(test)
        let dishes = try test.store.dishes(inArea: Self.area).filter { $0.names[.english]?.hasPrefix("Soup") == true }
        #expect(dishes.count == 21)
        for dish in dishes.prefix(20) {
            let body = #"{"language": "ko", "name": "수프"}"#
            #expect(try Self.suggest(visitor, dish: "\(dish.id)", body).status == .created)
        }
        let refused = try Self.suggest(visitor, dish: "\(dishes[20].id)", #"{"language": "ko", "name": "수프"}"#)
        #expect(refused.status == .badRequest)
        #expect((json(refused)["error"] as? [String: Any])?["code"] as? String == "too_many_suggestions")
        #expect(try test.store.pendingNameSuggestionCount(inArea: Self.area) == 20)
        // Another person is not held back by it.
        #expect(
            try Self.suggest(try Person(test), dish: "\(dishes[20].id)", #"{"language": "ko", "name": "수프"}"#).status
                == .created)
    }

    @Test func anUnknownDishIs404() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let visitor = try Person(test)
        for dish in ["999999", "0", "abc"] {
            #expect(
                try Self.suggest(visitor, dish: dish, #"{"language": "en", "name": "Soup"}"#).status == .notFound)
        }
        #expect(try Self.waiting(test).isEmpty)
    }

    @Test func aProblemIsShownBesideTheFieldInEitherLanguageAndNothingIsStored() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try DishTests.cutlet(test)
        let visitor = try Person(test, language: "ko")
        let page = try visitor.html("/dishes/\(cutlet.id)")
        // A Korean reader is asked for the English name it lacks, and for their own language.
        #expect(page.contains("<label for=\"suggest-en\">영어 이름 제안</label>"))
        #expect(page.contains("<label for=\"suggest-ko\">한국어 이름 제안</label>"))
        let same = try visitor.post(
            "/dishes/\(cutlet.id)/name-suggestions", [("language", "ko"), ("name", Self.korean)],
            csrf: try visitor.csrfToken())
        #expect(same.status == .unprocessableContent)
        let shown = body(same)
        #expect(shown.contains("<p id=\"suggest-ko-problem\" class=\"problem\">이미 그 이름이에요.</p>"))
        #expect(shown.contains("aria-invalid=\"true\""))
        let english = try Person(test)
        let empty = try english.post(
            "/dishes/\(cutlet.id)/name-suggestions", [("language", "en"), ("name", " ")],
            csrf: try english.csrfToken())
        #expect(body(empty).contains("<p id=\"suggest-en-problem\" class=\"problem\">Type a name.</p>"))
        #expect(try Self.waiting(test).isEmpty)
    }

    @Test func theAdminAPIListsApprovesAndRejectsTheKeysAreasSuggestionsOnly() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try DishTests.cutlet(test)
        let stew = try DishAdminAPITests.stew(test)
        _ = try Self.suggest(try Person(test), dish: "\(cutlet.id)", #"{"language": "en", "name": "Pork cutlet"}"#)
        _ = try Self.suggest(try Person(test), dish: "\(stew.id)", #"{"language": "en", "name": "Kimchi stew"}"#)
        let key = try AdminAPITests.makeKey(test, area: Self.area, scope: .write)
        let api = AdminAPITests()
        let listed = json(try api.call(test, .get, "/api/v1/admin/areas/test-campus/name-suggestions", key: key))
        let items = try #require(listed["suggestions"] as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["Pork cutlet", "Kimchi stew"])
        #expect(items.first?["names"] as? [String: String] == ["ko": Self.korean])
        let first = try #require(items.first?["id"] as? Int)
        let second = try #require(items.last?["id"] as? Int)

        // Another area's key sees none of them.
        let other = try AdminAPITests.makeKey(test, area: TestApp.secondArea.id, scope: .write)
        #expect(
            try api.call(test, .post, "/api/v1/admin/name-suggestions/\(first)/approve", key: other).status
                == .notFound)
        #expect(
            try api.call(test, .get, "/api/v1/admin/areas/test-campus/name-suggestions", key: other).status
                == .notFound)

        let approved = try api.call(test, .post, "/api/v1/admin/name-suggestions/\(first)/approve", key: key)
        #expect(approved.status == .ok)
        #expect(json(approved)["state"] as? String == "approved")
        #expect(json(approved)["names"] as? [String: String] == ["ko": Self.korean, "en": "Pork cutlet"])
        let again = try api.call(test, .post, "/api/v1/admin/name-suggestions/\(first)/approve", key: key)
        #expect(again.status == .conflict)
        #expect((json(again)["error"] as? [String: Any])?["code"] as? String == "suggestion_decided")

        let badReason = try api.call(
            test, .post, "/api/v1/admin/name-suggestions/\(second)/reject", key: key,
            body: #"{"reason": "\#(String(repeating: "x", count: 201))"}"#)
        #expect(badReason.status == .badRequest)
        let rejected = try api.call(
            test, .post, "/api/v1/admin/name-suggestions/\(second)/reject", key: key, body: #"{"reason": "Stew"}"#)
        #expect(json(rejected)["state"] as? String == "rejected")
        #expect(json(rejected)["reason"] as? String == "Stew")
        #expect(try DishAdminAPITests.stew(test) == stew)
        #expect(
            try DishAdminAPITests.dishAudit(test).map(\.action) == [
                "dish.suggestion.reject", "dish.suggestion.approve",
            ])
    }
}
