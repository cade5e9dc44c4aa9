import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Following dishes: the bell beside a meal (`POST /dishes/{id}/follow`), the page of followed dishes with the
/// calendar feed (`/settings/dishes`), their API (`/api/v1/me/followed-dishes`, `/api/v1/me/calendar`), and the
/// feed itself (`/calendar/{token}.ics`), which calendar apps read without a session. The followed dishes live in
/// the person's stored session, like bookmarks (``PreferenceKeys/followedDishes``).
struct FollowingFeature: RouteCollection {
    let dishes: any DishStore
    let menus: any MenuStore
    let feeds: any CalendarFeedStore
    let preferences: PreferenceWriter

    /// How far ahead the calendar feed looks, in days from today.
    static let calendarDays = 14
    /// The most events a feed holds.
    static let calendarEventLimit = 300
    /// The query field of the page a calendar form comes back to, naming what it did.
    static let calendarField = "calendar"

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.post, Paths.follow, .page, .required, followForm)
        routes.add(.get, Paths.followedDishes, .page, .optional, followedPage)
        routes.add(.post, Paths.calendarSettings, .page, .required, calendarForm)
        routes.add(.get, Paths.API.followedDishes, .api, .optional, followedAPI)
        routes.add(.put, Paths.API.followedDish, .api, .required, followAPI)
        routes.add(.delete, Paths.API.followedDish, .api, .required, unfollowAPI)
        routes.add(.get, Paths.API.calendar, .api, .required, calendarAPI)
        routes.add(.delete, Paths.API.calendar, .api, .required, revokeCalendarAPI)
        routes.add(.get, Paths.calendar, .page, .none, calendarFeed)
    }

    // MARK: Following

    /// `POST /dishes/{id}/follow` with `followed=1` (follow) or `0` (stop), and `return`: back to the page, which says
    /// what the bell did.
    func followForm(_ context: SessionContext, id: Dish.ID) throws -> Response {
        let fields = try context.request.formFields()
        guard let value = fields["followed"], value == "1" || value == "0" else {
            throw HTTPError.badRequest(
                "Send followed=1 to follow the dish or 0 to stop.", code: "invalid_follow", field: "followed")
        }
        let dish = try follow(context, id, value == "1")
        return .redirect(
            to: FollowNotice.toggle.redirect(
                to: Request.localPath(fields["return"]) ?? Paths.dish(dish.id), id: dish.id, on: value == "1"))
    }

    /// `PUT /api/v1/me/followed-dishes/{id}`: 204, also when the caller already followed it.
    func followAPI(_ context: SessionContext, id: Dish.ID) throws -> Response {
        try follow(context, id, true)
        return Response(status: .noContent)
    }

    /// `DELETE /api/v1/me/followed-dishes/{id}`: 204, also when the caller did not follow it.
    func unfollowAPI(_ context: SessionContext, id: Dish.ID) throws -> Response {
        try follow(context, id, false)
        return Response(status: .noContent)
    }

    /// Adds the dish (as it is now: a merged dish's id follows the dish it went into) after the others, or removes it
    /// under any id that leads to it; ids of dishes that no longer exist are dropped on the way.
    @discardableResult
    private func follow(_ context: SessionContext, _ id: Dish.ID, _ follows: Bool) throws -> Dish {
        guard let dish = try dishes.dish(id: id) else { throw HTTPError.notFound("There is no dish \(id).") }
        // Where each id leads is asked before the transaction, which holds a connection of its own.
        let known = context.preferences[PreferenceKeys.followedDishes]
        let current = try dishes.dishes(ids: Set(known)).mapValues(\.id)
        try preferences.update(for: context) { preferences in
            var ids: [Dish.ID] = []
            for followed in preferences[PreferenceKeys.followedDishes] {
                // One made meanwhile (by another tab) is kept as it is.
                let now = known.contains(followed) ? current[followed] : followed
                if let now, now != dish.id, !ids.contains(now) { ids.append(now) }
            }
            if follows { ids.append(dish.id) }
            guard ids.count <= PreferenceKeys.maximumFollowedDishes else {
                throw HTTPError.badRequest(
                    "You follow \(PreferenceKeys.maximumFollowedDishes) dishes, the most there can be; stop following one first.",
                    code: "too_many_followed")
            }
            try preferences.set(ids, for: PreferenceKeys.followedDishes)
        }
        return dish
    }

    /// `GET /api/v1/me/followed-dishes`: the caller's dishes in the order followed, each with its next serving.
    func followedAPI(_ context: VisitorContext) throws -> Response {
        let followed = try FollowedDishes(context.preferences, dishes: dishes)
        let today = try followed.nextServings(dishes: dishes, context: context)
        return .json(
            API.FollowedDishesBody(
                dishes: followed.dishes.map { dish in
                    API.FollowedDishBody(
                        id: dish.id, areaId: dish.areaID, names: API.DishNames(dish.names),
                        next: today[dish.id].map(API.DishServingBody.init))
                }))
    }

    /// `/settings/dishes`: the followed dishes, each with its next serving and a bell to stop, and the calendar feed.
    func followedPage(_ context: VisitorContext) throws -> Response {
        let followed = try FollowedDishes(context.preferences, dishes: dishes)
        let next = try followed.nextServings(dishes: dishes, context: context)
        let places = try context.places.places(ids: Array(Set(next.values.map(\.placeID))).sorted())
        var feedURL: String?
        if let session = context.visitor.session,
            let generation = try feeds.calendarFeedGeneration(sessionToken: session.token)
        {
            feedURL = Self.feedURL(
                context, token: CalendarFeedToken.make(sessionToken: session.token, generation: generation))
        }
        let query = context.request.query
        let page = FollowedDishesPage(
            strings: context.strings, areas: try context.headerAreas(), dishes: followed.dishes, next: next,
            places: Dictionary(places.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
            calendarURL: feedURL, includesBookmarks: context.preferences[PreferenceKeys.calendarIncludesBookmarks],
            csrfToken: context.visitor.csrfToken,
            notice: FollowNotice.text(
                for: query, followed: Set(followed.dishes.map(\.id)),
                strings: FollowStrings.forLanguage(context.language),
                name: { id in (try? dishes.dish(id: id)).map { FollowedDishesPage.name(of: $0, in: context.language) } }
            ),
            calendarNotice: query[Self.calendarField].flatMap(FollowedDishesPage.CalendarNotice.init(rawValue:)))
        return .html(page.render())
    }

    // MARK: Calendar feed

    /// `POST /settings/calendar` with `action` = `open` (make the address), `revoke`, or `save` (with
    /// `includeBookmarks=1` or without it): back to the page of followed dishes, which says what happened.
    func calendarForm(_ context: SessionContext) throws -> Response {
        let fields = try context.request.formFields()
        let notice: FollowedDishesPage.CalendarNotice
        switch fields["action"] {
        case "open":
            _ = try openFeed(context)
            notice = .opened
        case "revoke":
            try feeds.revokeCalendarFeed(sessionToken: context.session.token)
            notice = .revoked
        case "save":
            try preferences.update(for: context) { preferences in
                try preferences.set(fields["includeBookmarks"] == "1", for: PreferenceKeys.calendarIncludesBookmarks)
            }
            notice = .saved
        default:
            throw HTTPError.badRequest(
                "Send action=open, revoke or save.", code: "invalid_parameter", field: "action")
        }
        return .redirect(
            to: Paths.followedDishes(
                query: [(Self.calendarField, notice.rawValue)], fragment: FollowedDishesPage.calendarID))
    }

    /// `GET /api/v1/me/calendar`: `{"url"}`, the caller's feed (made now if they had none open).
    func calendarAPI(_ context: SessionContext) throws -> Response {
        .json(API.CalendarFeedBody(url: Self.feedURL(context.parent, token: try openFeed(context))))
    }

    /// A feed's whole address, in the language of the page or call that shows it: calendar apps send no language of
    /// their own, so the address says it (`?lang=`) unless the person chose one in settings, which wins.
    static func feedURL(_ context: VisitorContext, token: String) -> String {
        context.baseURL + Paths.calendar(token + ".ics", query: [("lang", context.language.rawValue)])
    }

    /// `DELETE /api/v1/me/calendar`: 204; the address answers 404 from now on.
    func revokeCalendarAPI(_ context: SessionContext) throws -> Response {
        try feeds.revokeCalendarFeed(sessionToken: context.session.token)
        return Response(status: .noContent)
    }

    private func openFeed(_ context: SessionContext) throws -> String {
        let session = context.session.token
        return try feeds.openCalendarFeed(sessionToken: session, at: context.now) {
            CalendarFeedToken.make(sessionToken: session, generation: $0)
        }
    }

    /// `GET /calendar/{token}.ics`: the feed, `text/calendar`; 404 for a revoked or unknown address. Reading it keeps
    /// the person's session (and so their follows) alive as long as a calendar keeps reading.
    func calendarFeed(_ context: RequestContext, segment: String) throws -> Response {
        let missing = HTTPError.notFound("There is no calendar feed at this address; it may have been revoked.")
        guard let token = CalendarFeedToken.parse(segment: segment) else { throw missing }
        let store = context.environment.store
        guard
            let preferences = try feeds.calendarFeedPreferences(
                token: token, keepingSessionUntil: context.now.addingTimeInterval(context.configuration.sessionLifetime)
            )
        else { throw missing }
        let language =
            preferences[PreferenceKeys.language] ?? context.request.query["lang"].flatMap(Language.init(rawValue:))
            ?? context.language
        let events = try CalendarEvents(
            dishes: dishes, menus: menus, places: store, catalog: try store.catalog(), language: language,
            baseURL: context.baseURL, now: context.now
        ).events(
            following: try FollowedDishes(preferences, dishes: dishes).dishes,
            bookmarks: preferences[PreferenceKeys.calendarIncludesBookmarks]
                ? preferences[PreferenceKeys.bookmarks] : [])
        let text = CalendarFeed(name: FollowStrings.forLanguage(language).calendarName, events: events).render(
            stamp: context.now)
        return Response(
            status: .ok,
            headers: [
                "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, no-store",
                "Content-Disposition": "inline; filename=\"grubmap.ics\"",
            ], body: Array(text.utf8))
    }
}

/// The dishes a person follows as they are now: each followed id led to its dish (a merged dish's to the one it
/// went into), in the order followed, each once; ids of no dish dropped. No store read when they follow none.
struct FollowedDishes {
    let dishes: [Dish]

    init(_ preferences: Preferences, dishes store: any DishStore) throws {
        dishes = try Self.resolve(preferences[PreferenceKeys.followedDishes], store)
    }

    /// The same, kept in `cache` (by the list of ids) for pages every request of a follower reads.
    init(
        _ preferences: Preferences, dishes store: any DishStore, cache: RecentCache<[Dish.ID], [Dish]>, now: Date
    ) throws {
        let ids = preferences[PreferenceKeys.followedDishes]
        dishes = ids.isEmpty ? [] : try cache.value(for: ids, now: now) { try Self.resolve(ids, store) }
    }

    private static func resolve(_ ids: [Dish.ID], _ store: any DishStore) throws -> [Dish] {
        guard !ids.isEmpty else { return [] }
        let found = try store.dishes(ids: Set(ids))
        var seen: Set<Dish.ID> = []
        return ids.compactMap { found[$0] }.filter { seen.insert($0.id).inserted }
    }

    /// Their current ids.
    var ids: Set<Dish.ID> { Set(dishes.map(\.id)) }

    /// Each dish's first serving from today (in its area's time zone) on, when a published menu has one.
    func nextServings(dishes store: any DishStore, context: VisitorContext) throws -> [Dish.ID: DishServing] {
        var next: [Dish.ID: DishServing] = [:]
        for dish in dishes {
            guard let area = try context.catalog.area(dish.areaID) else { continue }
            let today = CalendarDate.local(context.now, in: area.clockTimeZone).date
            next[dish.id] = try store.nextServing(ofDish: dish.id, from: today)
        }
        return next
    }
}
