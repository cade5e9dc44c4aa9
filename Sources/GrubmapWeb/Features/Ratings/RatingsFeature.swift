import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Rating meals: the place page's "Rate" link opens `/dishes/{id}/rating?placeId=&date=` (the stars, a comment, and
/// the person's earlier rating to change), and `PUT /api/v1/me/ratings` does the same for apps. A person with a
/// profile rates a meal served today or on the two days before, once per meal of a day (sending again replaces it).
struct RatingsFeature: RouteCollection {
    let menus: any MenuStore
    let dishes: any DishStore
    let profiles: any ProfileStore
    let ratings: any RatingStore
    let photos: any PhotoStore

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.rating, .page, .optional, ratingPage)
        routes.add(.post, Paths.rating, .page, .required, saveRating)
        routes.add(.put, Paths.API.ratings, .api, .required, apiRate)
        routes.add(.post, Paths.commentFlag, .page, .optional, flagComment)
    }

    /// The query field of the dish page a flag comes back to, which thanks the person.
    static let flaggedField = "flagged"

    /// `POST /dishes/{id}/comment-flag` with `comment`: counted once per person (a session, or a browser's signed
    /// device) for the area's operators; back to the dish page, which thanks them.
    func flagComment(_ context: VisitorContext, id: Dish.ID) throws -> Response {
        let fields = try context.request.formFields()
        guard let text = fields["comment"], let commentID = Int64(text), commentID > 0,
            let comment = try ratings.comment(id: commentID), let dish = try dishes.dish(id: id),
            comment.dishID == dish.id
        else {
            throw HTTPError.notFound("There is no such comment under dish \(id).")
        }
        try ratings.flagComment(id: comment.id, reporter: try context.visitor.reporterKey())
        return .redirect(to: Paths.dish(dish.id, query: [(Self.flaggedField, "1")], fragment: "comments"))
    }

    /// The rating page of the dish's meal at `serving`'s place and day.
    static func pagePath(
        dish: Dish.ID, at serving: DishServing, query: [(String, String)] = [], fragment: String? = nil
    ) -> String {
        Paths.rating(
            dish, query: [("placeId", serving.placeID.rawValue), ("date", serving.date.description)] + query,
            fragment: fragment)
    }

    /// `GET /dishes/{id}/rating?placeId=&date=`: the meal's ratings and the form, or the way to make a profile first.
    func ratingPage(_ context: VisitorContext, id: Dish.ID) throws -> Response {
        let query = context.request.query
        let meal = try RateableMeal(
            context, menus: menus, dishes: dishes, dishID: id, placeID: query["placeId"], date: query["date"])
        guard meal.dish.id == id else {
            return .redirect(to: Self.pagePath(dish: meal.dish.id, at: meal.serving), status: .movedPermanently)
        }
        let own = try context.visitor.session.flatMap {
            try ratings.rating(sessionToken: $0.token, placeID: meal.place.id, date: meal.date, key: meal.key)
        }
        var page = try view(context, meal: meal, own: own, isSaved: query["saved"] == "1")
        page.photoOutcome = query[PhotosFeature.addedField]
        return .html(page.render())
    }

    /// `POST /dishes/{id}/rating` with `placeId`, `date`, `stars` and `comment`: saved, back to the page with
    /// thanks; problems beside their field (400) and nothing saved; without a profile, to the profile page first.
    func saveRating(_ context: SessionContext, id: Dish.ID) throws -> Response {
        let fields = try context.request.formFields()
        let meal = try RateableMeal(
            context.parent, menus: menus, dishes: dishes, dishID: id, placeID: fields["placeId"], date: fields["date"])
        let typed = fields["comment"] ?? ""
        let draft: RatingDraft
        do {
            draft = try meal.draft(stars: fields["stars"].flatMap { Int($0) }, comment: typed)
        } catch let error as HTTPError {
            guard let field = error.field else { throw error }
            var page = try view(context.parent, meal: meal, own: nil, isSaved: false)
            page.typed = (Int(fields["stars"] ?? "").flatMap(Stars.init), RatingDraft.commentLimit.clipped(typed))
            page.problems = [field: error.message]
            return .html(page.render(), status: .badRequest)
        }
        guard try rate(draft, meal: meal, context: context) != nil else {
            return .redirect(to: Paths.profile(query: [("next", Self.pagePath(dish: meal.dish.id, at: meal.serving))]))
        }
        return .redirect(to: Self.pagePath(dish: meal.dish.id, at: meal.serving, query: [("saved", "1")]))
    }

    /// `PUT /api/v1/me/ratings` with `{"placeId", "date", "dishId", "stars", "comment"?}`: 200 with what was stored
    /// and the meal's ratings; 409 `profile_required` without a profile.
    func apiRate(_ context: SessionContext) throws -> Response {
        let body = try context.request.decodeJSON(API.RatingRequest.self, code: "invalid_rating")
        guard let dishID = Dish.ID(body.dishId) else {
            throw HTTPError.badRequest(
                "dishId: \(body.dishId) is not a dish id (a positive number).", code: "invalid_rating", field: "dishId")
        }
        let meal = try RateableMeal(
            context.parent, menus: menus, dishes: dishes, dishID: dishID, placeID: body.placeId, date: body.date)
        let draft = try meal.draft(stars: body.stars, comment: body.comment ?? "")
        guard let summary = try rate(draft, meal: meal, context: context) else {
            throw HTTPError(
                .conflict, code: "profile_required",
                message: "Make a profile (PUT \(Paths.API.profile())) before rating meals.")
        }
        return .json(
            API.RatingResultBody(
                placeId: meal.place.id, date: meal.date, dishId: meal.dish.id, stars: draft.stars.value,
                comment: draft.comment, rating: API.RatingBody(summary)))
    }

    private func rate(_ draft: RatingDraft, meal: RateableMeal, context: SessionContext) throws -> RatingSummary? {
        try ratings.rate(
            draft, key: meal.key, areaID: meal.area.id, sessionToken: context.session.token, at: context.now)
    }

    private func view(_ context: VisitorContext, meal: RateableMeal, own: OwnRating?, isSaved: Bool) throws
        -> RatingPage
    {
        let dayRatings = try ratings.mealRatings(placeID: meal.place.id, on: meal.date)
        let hasProfile =
            try context.visitor.session.map { try profiles.profile(sessionToken: $0.token) != nil } ?? false
        let ownPhoto = try context.visitor.session.flatMap {
            try photos.ownPhoto(sessionToken: $0.token, placeID: meal.place.id, date: meal.date, key: meal.key)
        }
        return RatingPage(
            strings: context.strings, meal: meal, areas: try context.headerAreas(), today: meal.today,
            ofDay: dayRatings[meal.key], overall: try ratings.dishRatings(ids: [meal.dish.id])[meal.dish.id],
            own: own, ownPhoto: ownPhoto, hasProfile: hasProfile, csrfToken: context.visitor.csrfToken,
            isSaved: isSaved)
    }
}

/// A meal people may rate, as a request names it: the dish (a merged dish's id leads to the dish it went into)
/// served at the place on the day, which is today or one of the two days before in the area. Each way it can be
/// wrong is a 400 naming its field, or 404 for a dish or place that does not exist.
struct RateableMeal {
    let dish: Dish
    let place: Place
    let area: Area
    let date: CalendarDate
    let today: CalendarDate
    /// The key of the meal's name on that menu: what its ratings are stored under.
    let key: DishKey
    /// The menu's name of the meal.
    let mealName: String

    var serving: DishServing { DishServing(placeID: place.id, date: date) }

    init(
        _ context: VisitorContext, menus: any MenuStore, dishes: any DishStore, dishID: Dish.ID, placeID: String?,
        date: String?
    ) throws {
        guard let dish = try dishes.dish(id: dishID) else { throw HTTPError.notFound("There is no dish \(dishID).") }
        guard let placeText = placeID, !placeText.isEmpty else {
            throw HTTPError.badRequest(
                "placeId: name the place that served the meal.", code: "invalid_rating", field: "placeId")
        }
        guard let id = try? Place.ID(placeText), let place = try context.knownPlace(id) else {
            throw HTTPError.notFound("placeId: there is no place \"\(placeText.prefix(64))\".")
        }
        let area = try context.area(place.areaID)
        guard let dateText = date, let date = try? CalendarDate(parsing: dateText) else {
            throw HTTPError.badRequest(
                "date: \"\((date ?? "").prefix(32))\" is not a date; write it as YYYY-MM-DD.", code: "invalid_date",
                field: "date")
        }
        let today = CalendarDate.local(context.now, in: area.clockTimeZone).date
        guard RatingDraft.isRateable(date, today: today) else {
            throw HTTPError.badRequest(
                "date: meals can be rated on the day they are served and the \(RatingDraft.daysBack) days after; "
                    + "today is \(today) in \(area.id).",
                code: "not_rateable", field: "date")
        }
        let menu = try menus.menu(placeID: place.id, on: date)
        let meals = Self.meals(of: PlaceDay(place: place, date: date, menu: menu))
        let found = try MealDishes(dishes, menus: [menu].compactMap { $0 }, area: area.id)
        guard place.areaID == dish.areaID, let name = meals.first(where: { found[mealName: $0]?.id == dish.id }) else {
            throw HTTPError.badRequest(
                "dishId: \(place.id) served no meal of dish \(dishID) on \(date).", code: "not_on_menu",
                field: "dishId")
        }
        self.dish = dish
        self.place = place
        self.area = area
        self.date = date
        self.today = today
        self.key = DishKey(mealName: name)
        mealName = name
    }

    /// The names of the day's meals, none when the place did not serve that day.
    private static func meals(of day: PlaceDay) -> [String] {
        guard case .serving(let menu) = day else { return [] }
        return menu.categories.flatMap { $0.meals.map(\.name) }
    }

    /// A rating of this meal, or a 400 naming `stars` or `comment`.
    func draft(stars: Int?, comment: String) throws -> RatingDraft {
        guard let stars = stars.flatMap(Stars.init) else {
            throw HTTPError.badRequest("stars: give 1 to 5.", code: "invalid_rating", field: "stars")
        }
        do {
            return try RatingDraft(placeID: place.id, date: date, dishID: dish.id, stars: stars, comment: comment)
        } catch {
            throw HTTPError.badRequest(
                "comment: " + error.message(label: "a comment") + ".", code: "invalid_rating", field: "comment")
        }
    }
}
