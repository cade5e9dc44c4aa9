import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Dishes: `GET /api/v1/dishes/{id}` and the dish page `/dishes/{id}` (names, when and where it was served, when it
/// is next on a menu, its ratings). Meals on the board and the place page link here.
struct DishesFeature: RouteCollection {
    let dishes: any DishStore
    let ratings: any RatingStore

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.API.dish, .api, .optional, dishAPI)
        routes.add(.get, Paths.dish, .page, .optional, dishPage)
    }

    /// `GET /api/v1/dishes/{id}`: a merged dish's id answers the dish it went into.
    func dishAPI(_ context: VisitorContext, id: Dish.ID) throws -> Response {
        let found = try read(context, id: id)
        return .json(
            API.DishBody(
                id: found.dish.id, areaId: found.dish.areaID, names: API.DishNames(found.dish.names),
                rating: found.rating.map(API.RatingBody.init), served: found.served.map(API.DishServingBody.init),
                next: found.next.map(API.DishServingBody.init)))
    }

    /// `/dishes/{id}`: a merged dish's id is sent on to the dish it went into.
    func dishPage(_ context: VisitorContext, id: Dish.ID) throws -> Response {
        let found = try read(context, id: id)
        guard found.dish.id == id else { return .redirect(to: Paths.dish(found.dish.id), status: .movedPermanently) }
        let comments = try ratings.comments(ofDish: id, limit: DishPage.commentLimit)
        let ids = Set(
            found.served.map(\.placeID) + (found.next.map { [$0.placeID] } ?? []) + comments.map(\.placeID))
        let places = try context.places.places(ids: ids.sorted())
        var page = DishPage(
            strings: context.strings, area: found.area, areas: try context.headerAreas(), dish: found.dish,
            rating: found.rating, served: found.served, next: found.next, today: found.today,
            places: Dictionary(places.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))
        page.comments = comments
        page.csrfToken = context.visitor.csrfToken
        page.isFlagged = context.request.query[RatingsFeature.flaggedField] == "1"
        return .html(page.render())
    }

    private func read(_ context: VisitorContext, id: Dish.ID) throws -> (
        dish: Dish, area: Area, today: CalendarDate, served: [DishServing], next: DishServing?, rating: RatingSummary?
    ) {
        guard let dish = try dishes.dish(id: id) else { throw HTTPError.notFound("There is no dish \(id).") }
        let area = try context.area(dish.areaID)
        let today = CalendarDate.local(context.now, in: area.clockTimeZone).date
        let served = try dishes.servings(ofDish: dish.id, through: today, limit: API.DishBody.servedLimit)
        let next = try dishes.nextServing(ofDish: dish.id, from: today)
        let rating = try ratings.dishRatings(ids: [dish.id])[dish.id]
        return (dish, area, today, served, next, rating)
    }
}
