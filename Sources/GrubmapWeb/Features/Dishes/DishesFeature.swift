import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Dishes: `GET /api/v1/dishes/{id}` and the dish page `/dishes/{id}` (names, when and where it was served, when it
/// is next on a menu, its ratings), and a visitor's suggestion of a name, from the page's form or
/// `POST /api/v1/dishes/{id}/name-suggestions`, which waits for an operator. Meals on the board and the place page
/// link here.
struct DishesFeature: RouteCollection {
    let dishes: any DishStore
    let ratings: any RatingStore
    let suggestions: any NameSuggestionStore
    let photos: any PhotoStore
    var policy = NameSuggestionPolicy.standard

    /// The query field of the page a suggestion comes back to, naming its language (the page thanks the person).
    static let suggestedField = "suggested"

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.API.dish, .api, .optional, dishAPI)
        routes.add(.get, Paths.dish, .page, .optional, dishPage)
        routes.add(.post, Paths.dishNameSuggestion, .page, .optional, suggestForm)
        routes.add(.post, Paths.API.dishNameSuggestions, .api, .optional, suggestAPI)
    }

    /// `GET /api/v1/dishes/{id}`: a merged dish's id answers the dish it went into.
    func dishAPI(_ context: VisitorContext, id: Dish.ID) throws -> Response {
        let found = try read(context, id: id)
        return .json(
            API.DishBody(
                id: found.dish.id, areaId: found.dish.areaID, names: API.DishNames(found.dish.names),
                rating: found.rating.map(API.RatingBody.init), served: found.served.map(API.DishServingBody.init),
                next: found.next.map(API.DishServingBody.init),
                photos: try photos.photos(ofDish: found.dish.id, limit: API.DishBody.photoLimit).compactMap {
                    PhotoPicture($0, alt: "")?.body
                }))
    }

    /// `/dishes/{id}[?suggested=en|ko]`: a merged dish's id is sent on to the dish it went into.
    func dishPage(_ context: VisitorContext, id: Dish.ID) throws -> Response {
        let found = try read(context, id: id)
        guard found.dish.id == id else { return .redirect(to: Paths.dish(found.dish.id), status: .movedPermanently) }
        let thanked = context.request.query[Self.suggestedField].flatMap(Language.init(rawValue:))
        return .html(try page(context, found, form: DishPage.SuggestionForm(thanked: thanked)).render())
    }

    /// `POST /api/v1/dishes/{id}/name-suggestions` with `{"language", "name"}`: 201 with the suggestion, 200 when it
    /// replaced the caller's own for the dish and language.
    func suggestAPI(_ context: VisitorContext, id: Dish.ID) throws -> Response {
        let body = try context.request.decodeJSON(API.NameSuggestionRequest.self, code: "invalid_suggestion")
        let language = try NameSuggestionEdit.language(body.language)
        let receipt = try NameSuggestionEdit.answering { try suggest(context, body.name, language, id) }
        return .json(API.NameSuggestionBody(receipt.suggestion), status: receipt.replaced ? .ok : .created)
    }

    /// `POST /dishes/{id}/name-suggestions` with `language` and `name`: back to the dish page, which thanks the
    /// person, or the page again (422) with the problem beside the field, nothing stored.
    func suggestForm(_ context: VisitorContext, id: Dish.ID) throws -> Response {
        let fields = try context.request.formFields()
        let language = try NameSuggestionEdit.language(fields["language"])
        let typed = fields["name"] ?? ""
        let receipt: NameSuggestionReceipt
        do {
            receipt = try suggest(context, typed, language, id)
        } catch let error as NameSuggestionError {
            let form = DishPage.SuggestionForm(
                typed: typed, language: language, problem: DishStrings.forLanguage(context.language).problem(error))
            return .html(
                try page(context, try read(context, id: id), form: form).render(), status: .unprocessableContent)
        }
        return .redirect(
            to: Paths.dish(
                receipt.suggestion.dishID, query: [(Self.suggestedField, language.rawValue)],
                fragment: DishPage.suggestID))
    }

    /// Stores the visitor's suggestion (``Visitor/reporterKey()`` says who); an unknown dish is 404.
    private func suggest(_ context: VisitorContext, _ name: String, _ language: Language, _ id: Dish.ID) throws
        -> NameSuggestionReceipt
    {
        do {
            return try suggestions.suggestName(
                name, language: language, dishID: id, by: try context.visitor.reporterKey(), at: context.now,
                policy: policy)
        } catch DishError.unknownDish {
            throw HTTPError.notFound("There is no dish \(id).")
        }
    }

    private func page(_ context: VisitorContext, _ found: Found, form: DishPage.SuggestionForm) throws -> DishPage {
        let comments = try ratings.comments(ofDish: found.dish.id, limit: DishPage.commentLimit)
        let shownPhotos = try photos.photos(ofDish: found.dish.id, limit: API.DishBody.photoLimit)
        let ids = Set(
            found.served.map(\.placeID) + (found.next.map { [$0.placeID] } ?? []) + comments.map(\.placeID)
                + shownPhotos.map(\.placeID))
        let places = try context.places.places(ids: ids.sorted())
        var page = DishPage(
            strings: context.strings, area: found.area, areas: try context.headerAreas(), dish: found.dish,
            rating: found.rating, served: found.served, next: found.next, today: found.today,
            places: Dictionary(places.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
            csrfToken: context.visitor.csrfToken, form: form)
        page.comments = comments
        page.photos = shownPhotos
        page.isPhotoFlagged = context.request.query[PhotosFeature.flaggedField] == "1"
        page.isFlagged = context.request.query[RatingsFeature.flaggedField] == "1"
        let followed = try FollowedDishes(context.preferences, dishes: dishes).ids
        page.isFollowed = followed.contains(found.dish.id)
        page.followNotice = FollowNotice.text(
            for: context.request.query, followed: followed, strings: FollowStrings.forLanguage(context.language),
            name: { $0 == found.dish.id ? FollowedDishesPage.name(of: found.dish, in: context.language) : nil })
        return page
    }

    /// A dish as its page and body show it.
    private typealias Found = (
        dish: Dish, area: Area, today: CalendarDate, served: [DishServing], next: DishServing?, rating: RatingSummary?
    )

    private func read(_ context: VisitorContext, id: Dish.ID) throws -> Found {
        guard let dish = try dishes.dish(id: id) else { throw HTTPError.notFound("There is no dish \(id).") }
        let area = try context.area(dish.areaID)
        let today = CalendarDate.local(context.now, in: area.clockTimeZone).date
        let served = try dishes.servings(ofDish: dish.id, through: today, limit: API.DishBody.servedLimit)
        let next = try dishes.nextServing(ofDish: dish.id, from: today)
        let rating = try ratings.dishRatings(ids: [dish.id])[dish.id]
        return (dish, area, today, served, next, rating)
    }
}
