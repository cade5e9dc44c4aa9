import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Menus and bookmarks: a place's menu by day in the API, the place page's menu section, and the star that
/// bookmarks a place (the person's bookmarks live in their stored session).
struct MenuFeature: RouteCollection {
    let menus: any MenuStore
    let soldOut: any SoldOutStore
    let dishes: any DishStore
    let ratings: any RatingStore
    let preferences: PreferenceWriter

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.API.placeMenu, .api, .optional, placeMenu)
        routes.add(.post, Paths.bookmark, .page, .required, bookmark)
    }

    /// `GET /api/v1/places/{id}/menu[?date=YYYY-MM-DD]`: the day's menu, today in the area's time zone by default.
    func placeMenu(_ context: VisitorContext, id: Place.ID) throws -> Response {
        let place = try context.place(id)
        let area = try context.area(place.areaID)
        let today = CalendarDate.local(context.now, in: area.clockTimeZone).date
        let date = try context.request.date() ?? today
        let menu = try menus.menu(placeID: id, on: date)
        // Marks clear with the day: only today's are shown.
        let marks = date == today && menu?.isClosed == false ? try soldOut.soldOutMarks(placeID: id, on: date) : [:]
        let dishes = try MealDishes(self.dishes, menus: [menu].compactMap { $0 }, area: area.id)
        let ratings = try MealRatings(self.ratings, placeID: id, date: date, dishes: dishes)
        return .json(
            API.MenuBody(
                place: place, area: area, date: date, menu: menu, soldOut: marks, dishes: dishes, ratings: ratings))
    }

    /// `POST /places/{id}/bookmark`: `bookmarked=1` adds the place after the other bookmarks, `0` removes it;
    /// either is idempotent. Scripts (`Accept: application/json`) get `{"placeId", "bookmarked", "bookmarks",
    /// "message"}` (the sentence the page announces, so no star carries its own); forms are sent back to their
    /// `return` path.
    func bookmark(_ context: SessionContext, id: Place.ID) throws -> Response {
        let form = try context.request.decodeForm(BookmarkForm.self, code: "invalid_bookmark")
        let place = try context.place(id)
        // Which bookmarks still name a place is asked before the transaction, which holds a connection of its own;
        // one made meanwhile (by another tab) is kept.
        let known = context.preferences[PreferenceKeys.bookmarks]
        let existing = Set(try context.parent.existingPlaces(known))
        let saved = try preferences.update(for: context) { preferences in
            var ids = preferences[PreferenceKeys.bookmarks].filter { existing.contains($0) || !known.contains($0) }
            if !form.bookmarked {
                ids.removeAll { $0 == place.id }
            } else if !ids.contains(place.id) {
                ids.append(place.id)
            }
            try preferences.set(ids, for: PreferenceKeys.bookmarks)
        }
        if context.request.headers["Accept"]?.contains("application/json") == true {
            let strings = MenuStrings.forLanguage(context.language)
            let name = place.name.text(in: context.language)
            return .json(
                API.BookmarkBody(
                    placeId: place.id, bookmarked: form.bookmarked, bookmarks: saved[PreferenceKeys.bookmarks],
                    message: form.bookmarked ? strings.bookmarkAdded(name) : strings.bookmarkRemoved(name)))
        }
        return .redirect(
            to: BookmarkNotice.toggle.redirect(
                to: Request.localPath(form.return) ?? Paths.place(place.id), id: place.id, on: form.bookmarked))
    }

    private struct BookmarkForm: Decodable {
        /// `1` bookmarks the place, `0` removes the bookmark.
        let bookmarked: Bool
        let `return`: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let text = try container.decodeIfPresent(String.self, forKey: .bookmarked)
            guard let text, text == "1" || text == "0" else {
                throw DecodingError.dataCorruptedError(
                    forKey: .bookmarked, in: container, debugDescription: "expected 1 (bookmark) or 0 (remove)")
            }
            bookmarked = text == "1"
            `return` = try container.decodeIfPresent(String.self, forKey: .return)
        }

        private enum CodingKeys: String, CodingKey {
            case bookmarked, `return`
        }
    }
}
