import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Testing

@testable import GrubmapWeb

/// Ratings as people give and read them: the place page's "Rate" link, the rating page and its form, the API, and
/// the stars under a meal on the place page, the board, the dish page and in the menu and dish APIs.
@Suite struct RatingTests {
    typealias F = MenuFixtures

    /// Today (Seoul) is Monday 2026-11-09, 12:40 there. Alpha serves 돈까스 and 김치찌개 today, 돈까스 on the 7th
    /// (two days ago, still rateable), the 6th (three days ago, not) and the 10th (tomorrow).
    static func app() throws -> TestApp {
        let test = try TestApp.make()
        func menu(_ date: String, _ meals: [String]) throws -> Menu {
            try Menu(
                date: F.date(date), status: .serving([try MenuCategory(name: "중식", meals: meals.map { F.meal($0) })]),
                currency: F.won)
        }
        try test.store.replaceMenus(
            [
                try menu("2026-11-06", ["돈까스"]), try menu("2026-11-07", ["돈까스"]),
                try menu("2026-11-09", ["돈까스", "김치찌개"]), try menu("2026-11-10", ["돈까스"]),
            ], placeID: F.alpha)
        F.setClock(test, to: "2026-11-09T03:40:00Z")
        return test
    }

    static func dish(_ test: TestApp, _ name: String) throws -> Dish {
        let key = DishKey(mealName: name)
        return try #require(try test.store.dishes(forKeys: [key], inArea: try Area.ID("test-campus"))[key])
    }

    /// A person with a profile, who has opened a page (so their CSRF token is known).
    static func rater(_ test: TestApp, language: String = "en") throws -> Person {
        let person = try Person(test, language: language)
        let made = try person.post("/profile", [("firstName", "Ada"), ("lastName", "Lovelace")])
        #expect(made.status == .seeOther)
        return person
    }

    func rate(_ person: Person, body: String) throws -> Response {
        _ = try person.get("/places/alpha")
        return try person.send(
            .put, "/api/v1/me/ratings",
            headers: ["Content-Type": "application/json", "X-CSRF-Token": try person.csrfToken()], body: body)
    }

    func json(_ response: Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]) ?? [:]
    }

    /// An error answer's `{"code", "field", "message"}`.
    func error(_ response: Response) -> [String: Any] {
        (json(response)["error"] as? [String: Any]) ?? [:]
    }

    func meals(_ menu: [String: Any]) -> [[String: Any]] {
        ((menu["categories"] as? [[String: Any]]) ?? []).flatMap { ($0["meals"] as? [[String: Any]]) ?? [] }
    }

    @Test func ratingsThroughTheFormShowUnderTheMealOnEveryPageAndInTheAPIs() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try Self.dish(test, "돈까스")
        let rating = "/dishes/\(cutlet.id)/rating?placeId=alpha&date=2026-11-09"
        let ada = try Self.rater(test)
        let place = try ada.html("/places/alpha")
        #expect(place.contains("href=\"\(rating.replacingOccurrences(of: "&", with: "&amp;"))\""))
        #expect(place.contains("aria-label=\"Rate 돈까스\">Rate</a>"))
        #expect(!place.contains("★"), "nobody rated anything yet")

        let form = try ada.html(rating)
        #expect(form.contains("<h1>Rate 돈까스</h1>"))
        #expect(form.contains("No ratings yet."))
        let saved = try ada.post(
            "/dishes/\(cutlet.id)/rating",
            [("placeId", "alpha"), ("date", "2026-11-09"), ("stars", "5"), ("comment", "  Crisp  ")])
        #expect(saved.status == .seeOther)
        #expect(saved.headers["Location"] == rating + "&saved=1")
        let thanked = try ada.html(rating + "&saved=1")
        #expect(thanked.contains("Thanks! Your rating is saved."))
        #expect(thanked.contains("id=\"stars-5\" name=\"stars\" value=\"5\" checked"))
        #expect(thanked.contains("value=\"Crisp\""))
        #expect(thanked.contains("You rated this meal. Send again to change it."))

        let grace = try Self.rater(test)
        _ = try grace.get("/places/alpha")
        #expect(
            try grace.post(
                "/dishes/\(cutlet.id)/rating", [("placeId", "alpha"), ("date", "2026-11-09"), ("stars", "4")]
            ).status == .seeOther)
        // Two days ago counts for the dish over all days, not for today's meal.
        #expect(
            try grace.post(
                "/dishes/\(cutlet.id)/rating", [("placeId", "alpha"), ("date", "2026-11-07"), ("stars", "1")]
            ).status == .seeOther)

        let today = try ada.html("/places/alpha")
        #expect(today.contains("aria-label=\"4.5 of 5 stars, 2 ratings\">★ 4.5 (2)</span>"))
        #expect(today.contains("aria-label=\"All days: 3.3 of 5 stars, 3 ratings\">all days ★ 3.3 (3)</span>"))
        let board = try ada.html("/areas/test-campus/menus")
        #expect(board.contains("★ 4.5 (2)") && board.contains("all days ★ 3.3 (3)"))
        #expect(!board.contains("rate-link"), "the board shows stars, not the link")
        let korean = String(
            decoding: try test.get("/places/alpha", headers: ["Accept-Language": "ko"]).body, as: UTF8.self)
        #expect(korean.contains("aria-label=\"별점 5점 만점에 4.5점, 2명 평가\">★ 4.5 (2)</span>"))
        #expect(korean.contains(">평가하기</a>"))

        let meal = meals(try test.json("/api/v1/places/alpha/menu")).first { $0["name"] as? String == "돈까스" }
        #expect(meal?["rating"] as? [String: Double] == ["average": 4.5, "count": 2])
        let stew = meals(try test.json("/api/v1/places/alpha/menu")).first { $0["name"] as? String == "김치찌개" }
        #expect(stew != nil && stew?["rating"] == nil)
        let boardAPI = try test.json("/api/v1/areas/test-campus/menus")
        let alpha = (boardAPI["menus"] as? [[String: Any]])?.first { $0["placeId"] as? String == "alpha" }
        #expect(alpha.map(meals)?.contains { ($0["rating"] as? [String: Double])?["count"] == 2 } == true)
        let dishBody = try test.json("/api/v1/dishes/\(cutlet.id)")
        #expect((dishBody["rating"] as? [String: Double])?["count"] == 3)
        #expect(try ada.html("/dishes/\(cutlet.id)").contains("★ 3.3 (3)"))
    }

    @Test func thePlacePageOffersRatingForTodayAndTheTwoDaysBeforeOnly() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let person = try Person(test)
        #expect(try person.html("/places/alpha?date=2026-11-07").contains("rate-link"))
        #expect(!(try person.html("/places/alpha?date=2026-11-06")).contains("rate-link"))
        #expect(!(try person.html("/places/alpha?date=2026-11-10")).contains("rate-link"))
    }

    @Test func withoutAProfileThePageLeadsToMakingOneAndBackAndTheFormStoresNothing() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try Self.dish(test, "돈까스")
        let rating = "/dishes/\(cutlet.id)/rating?placeId=alpha&date=2026-11-09"
        let person = try Person(test)
        let page = try person.html(rating)
        #expect(!page.contains("name=\"stars\""))
        let next = "/profile?next=" + QueryFields.encode(rating)
        #expect(page.contains("href=\"\(next.replacingOccurrences(of: "&", with: "&amp;"))\""))
        let posted = try person.post(
            "/dishes/\(cutlet.id)/rating", [("placeId", "alpha"), ("date", "2026-11-09"), ("stars", "5")])
        #expect(posted.headers["Location"] == next)
        #expect(try test.store.mealRatings(placeID: F.alpha, on: F.date("2026-11-09")).isEmpty)
        let refused = try rate(
            person, body: #"{"placeId": "alpha", "date": "2026-11-09", "dishId": \#(cutlet.id), "stars": 5}"#)
        #expect(refused.status == .conflict && error(refused)["code"] as? String == "profile_required")
    }

    @Test func theFormShowsItsProblemsBesideTheFieldsAndStoresNothing() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try Self.dish(test, "돈까스")
        let person = try Self.rater(test, language: "ko")
        _ = try person.get("/places/alpha")
        let noStars = try person.post(
            "/dishes/\(cutlet.id)/rating", [("placeId", "alpha"), ("date", "2026-11-09"), ("comment", "맛있어요")])
        #expect(noStars.status == .badRequest)
        let page = String(decoding: noStars.body, as: UTF8.self)
        #expect(page.contains("<p id=\"stars-problem\" class=\"problem\">별을 1개에서 5개까지 골라 주세요</p>"))
        #expect(page.contains("href=\"#stars-1\""))
        #expect(page.contains("value=\"맛있어요\""), "what was typed stays")
        let long = try person.post(
            "/dishes/\(cutlet.id)/rating",
            [
                ("placeId", "alpha"), ("date", "2026-11-09"), ("stars", "3"),
                ("comment", String(repeating: "맛", count: 141)),
            ])
        #expect(long.status == .badRequest)
        #expect(String(decoding: long.body, as: UTF8.self).contains("한마디는 한 줄로 140자까지 써 주세요."))
        #expect(
            String(decoding: long.body, as: UTF8.self).contains("id=\"stars-3\" name=\"stars\" value=\"3\" checked"))
        #expect(try test.store.mealRatings(placeID: F.alpha, on: F.date("2026-11-09")).isEmpty)
    }

    @Test func theAPIRatesAndChangesAMealAndAnswersWithItsRatings() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try Self.dish(test, "돈까스")
        let person = try Self.rater(test)
        let first = try rate(
            person,
            body: #"{"placeId": "alpha", "date": "2026-11-09", "dishId": \#(cutlet.id), "stars": 2, "comment": "Dry"}"#)
        #expect(first.status == .ok)
        #expect(json(first)["rating"] as? [String: Double] == ["average": 2, "count": 1])
        #expect(json(first)["comment"] as? String == "Dry")
        let changed = try rate(
            person, body: #"{"placeId": "alpha", "date": "2026-11-09", "dishId": \#(cutlet.id), "stars": 4}"#)
        #expect(json(changed)["rating"] as? [String: Double] == ["average": 4, "count": 1])
        #expect(json(changed)["stars"] as? Int == 4 && json(changed)["comment"] as? String == "")
    }

    @Test(
        arguments: [
            (#""date": "2026-11-09", "stars": 0"#, "invalid_rating", "stars"),
            (#""date": "2026-11-09", "stars": 6"#, "invalid_rating", "stars"),
            (
                #""date": "2026-11-09", "stars": 3, "comment": "\#(String(repeating: "x", count: 141))""#,
                "invalid_rating", "comment"
            ),
            (#""date": "2026-11-09", "stars": 3, "comment": "a\u0000b""#, "invalid_rating", "comment"),
            (#""date": "2026-11-06", "stars": 3"#, "not_rateable", "date"),
            (#""date": "2026-11-10", "stars": 3"#, "not_rateable", "date"),
            (#""date": "9 Nov", "stars": 3"#, "invalid_date", "date"),
            (#""date": "2026-11-08", "stars": 3"#, "not_on_menu", "dishId"),
            (#""date": "2026-11-09", "stars": "five""#, "invalid_rating", nil),
        ] as [(String, String, String?)])
    func badRatingsAreRefusedNamingTheirFieldAndStoreNothing(fields: String, code: String, field: String?) throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try Self.dish(test, "돈까스")
        let person = try Self.rater(test)
        let response = try rate(person, body: #"{"placeId": "alpha", "dishId": \#(cutlet.id), \#(fields)}"#)
        #expect(response.status == .badRequest)
        #expect(error(response)["code"] as? String == code)
        if let field { #expect((error(response)["message"] as? String)?.hasPrefix(field + ": ") == true) }
        for date in ["2026-11-06", "2026-11-07", "2026-11-09", "2026-11-10"] {
            #expect(try test.store.mealRatings(placeID: F.alpha, on: F.date(date)).isEmpty)
        }
    }

    @Test func aDishNotOnThatMenuAnotherAreasPlaceAnUnknownDishOrPlaceAreRefused() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let stew = try Self.dish(test, "김치찌개")
        let elsewhere = Place(
            id: try Place.ID("sj-grill"), areaID: TestApp.secondArea.id, name: LocalizedText("Grill"),
            kind: .restaurant,
            coordinate: TestApp.secondArea.center)
        try test.store.save(area: TestApp.secondArea, places: [elsewhere])
        let person = try Self.rater(test)
        func status(_ body: String) throws -> (Status, String?) {
            let response = try rate(person, body: body)
            return (response.status, error(response)["code"] as? String)
        }
        // The stew was not on the 7th's menu.
        #expect(
            try status(#"{"placeId": "alpha", "date": "2026-11-07", "dishId": \#(stew.id), "stars": 3}"#)
                == (.badRequest, "not_on_menu"))
        // Today in San José is the 8th.
        #expect(
            try status(#"{"placeId": "sj-grill", "date": "2026-11-08", "dishId": \#(stew.id), "stars": 3}"#)
                == (.badRequest, "not_on_menu"))
        #expect(try status(#"{"placeId": "alpha", "date": "2026-11-09", "dishId": 999999, "stars": 3}"#).0 == .notFound)
        #expect(
            try status(#"{"placeId": "alpha", "date": "2026-11-09", "dishId": 0, "stars": 3}"#) == (
                .badRequest, "invalid_rating"
            ))
        #expect(
            try status(#"{"placeId": "nowhere", "date": "2026-11-09", "dishId": \#(stew.id), "stars": 3}"#).0
                == .notFound)
        #expect(try status(#"{"placeId": "alpha""#) == (.badRequest, "invalid_json"))
        #expect(try test.store.mealRatings(placeID: F.alpha, on: F.date("2026-11-09")).isEmpty)
        #expect(try test.get("/dishes/\(stew.id)/rating?placeId=alpha&date=2026-11-06").status == .badRequest)
        #expect(try test.get("/dishes/\(stew.id)/rating").status == .badRequest)
        #expect(try test.get("/dishes/\(stew.id)/rating?placeId=nowhere&date=2026-11-09").status == .notFound)
    }

    @Test func theBoardSortedByRatingPutsThePlaceWithTheBestRatedMealFirst() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        try test.store.replaceMenus(
            [
                try Menu(
                    date: F.date("2026-11-09"),
                    status: .serving([try MenuCategory(name: "중식", meals: [F.meal("비빔밥")])]), currency: F.won)
            ], placeID: try Place.ID("bravo"))
        let person = try Self.rater(test)
        _ = try person.get("/places/alpha")
        for (place, dish, stars) in [("alpha", "돈까스", "3"), ("bravo", "비빔밥", "5")] {
            let id = try Self.dish(test, dish).id
            #expect(
                try person.post("/dishes/\(id)/rating", [("placeId", place), ("date", "2026-11-09"), ("stars", stars)])
                    .status == .seeOther)
        }
        func order(_ html: String) -> [String] {
            html.components(separatedBy: "class=\"board-card card\" data-place=\"").dropFirst().map {
                String($0.prefix { $0 != "\"" })
            }
        }
        let usual = try person.html("/areas/test-campus/menus")
        #expect(order(usual) == ["alpha", "bravo"])
        #expect(usual.contains("href=\"/areas/test-campus/menus?sort=rating#board\" aria-current=\"false\""))
        let sorted = try person.html("/areas/test-campus/menus?sort=rating")
        #expect(order(sorted) == ["bravo", "alpha"])
        #expect(sorted.contains("href=\"/areas/test-campus/menus#board\" aria-current=\"true\">Best rated first</a>"))
        // The days keep the order.
        #expect(sorted.contains("/areas/test-campus/menus?sort=rating&amp;date=2026-11-10"))
        let api = try test.json("/api/v1/areas/test-campus/menus?sort=rating")
        #expect(
            (api["menus"] as? [[String: Any]])?.prefix(2).compactMap { $0["placeId"] as? String } == ["bravo", "alpha"])
        for target in ["/areas/test-campus/menus?sort=best", "/api/v1/areas/test-campus/menus?sort="] {
            let refused = try test.get(target)
            #expect(refused.status == .badRequest, "\(target)")
        }
    }

    @Test func commentsShowUnderTheDishPeopleFlagThemAndOperatorsHideOrKeepThem() throws {
        let test = try Self.app()
        defer { test.cleanUp() }
        let cutlet = try Self.dish(test, "돈까스")
        let ada = try Self.rater(test)
        _ = try ada.get("/places/alpha")
        #expect(
            try ada.post(
                "/dishes/\(cutlet.id)/rating",
                [("placeId", "alpha"), ("date", "2026-11-09"), ("stars", "2"), ("comment", "Cold <b>again</b>")]
            ).status == .seeOther)
        let page = try ada.html("/dishes/\(cutlet.id)")
        #expect(page.contains("Cold &lt;b&gt;again&lt;/b&gt;"))
        #expect(page.contains("Ada L. · Alpha Hall, Monday, November 9"))
        let comment = try #require(try test.store.comments(ofDish: cutlet.id, limit: 5).first)

        // Two visitors flag it; the same one twice counts once.
        let reader = try Person(test)
        _ = try reader.get("/dishes/\(cutlet.id)")
        let flagged = try reader.post("/dishes/\(cutlet.id)/comment-flag", [("comment", String(comment.id))])
        #expect(flagged.headers["Location"] == "/dishes/\(cutlet.id)?flagged=1#comments")
        #expect(try reader.html("/dishes/\(cutlet.id)?flagged=1").contains("Thanks. The organisers will look at it."))
        _ = try reader.post("/dishes/\(cutlet.id)/comment-flag", [("comment", String(comment.id))])
        #expect(try test.store.comment(id: comment.id)?.flags == 1)
        // A comment of another dish, or none, is not found.
        let stew = try Self.dish(test, "김치찌개")
        #expect(
            try reader.post("/dishes/\(stew.id)/comment-flag", [("comment", String(comment.id))]).status == .notFound)
        #expect(try reader.post("/dishes/\(cutlet.id)/comment-flag", [("comment", "x")]).status == .notFound)

        // The area's operator sees it flagged, must give a reason, and hides it.
        let console = try ConsoleTests.signedIn(test, "mod@example.org")
        let csrf = try ConsoleTests.consoleCSRF(console)
        let moderation = try console.html("/admin/areas/test-campus/moderation")
        #expect(moderation.contains("Cold &lt;b&gt;again&lt;/b&gt;") && moderation.contains("flagged once"))
        let noReason = try console.post(
            "/admin/areas/test-campus/moderation/comment", [("comment", String(comment.id)), ("action", "hide")],
            csrf: csrf)
        #expect(noReason.status == .unprocessableContent)
        #expect(try test.store.comment(id: comment.id)?.flags == 1)
        let hidden = try console.post(
            "/admin/areas/test-campus/moderation/comment",
            [("comment", String(comment.id)), ("action", "hide"), ("reason", "Markup, not a review")], csrf: csrf)
        #expect(hidden.status == .seeOther)
        #expect(!(try reader.html("/dishes/\(cutlet.id)")).contains("Cold"))
        #expect(!(try console.html("/admin/areas/test-campus/moderation")).contains("Cold"))
        // Its author sees why; its stars still count.
        let own = try ada.html("/dishes/\(cutlet.id)/rating?placeId=alpha&date=2026-11-09")
        #expect(own.contains("An organiser hid your comment from others: Markup, not a review."))
        #expect(
            try test.json("/api/v1/dishes/\(cutlet.id)")["rating"] as? [String: Double] == ["average": 2, "count": 1])
        let audit = try console.html("/admin/areas/test-campus/audit?action=comment.hide")
        #expect(audit.contains("hidden: Markup, not a review"))

        // Kept: shown again.
        #expect(
            try console.post(
                "/admin/areas/test-campus/moderation/comment",
                [("comment", String(comment.id)), ("action", "keep"), ("reason", "Fair after all")], csrf: csrf
            ).status == .seeOther)
        #expect(try reader.html("/dishes/\(cutlet.id)").contains("Cold"))
        // Another area's operator cannot reach it.
        let outsider = try ConsoleTests.signedIn(test, "far@example.org", area: TestApp.secondArea.id)
        #expect(
            try outsider.post(
                "/admin/areas/another-area/moderation/comment",
                [("comment", String(comment.id)), ("action", "hide"), ("reason", "x")],
                csrf: try ConsoleTests.consoleCSRF(outsider)
            ).status == .notFound)
        #expect(try test.store.comment(id: comment.id).map { $0.flags == 0 } == true)
    }
}
