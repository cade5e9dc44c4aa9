import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// The menu board (뿌대식's main screen): every place of an area with its menu for one day, bookmarks first, as a
/// page and in the API; and the form that saves the person's price role and dietary filter.
struct MenuBoardFeature: RouteCollection {
    let menus: any MenuStore
    let soldOut: any SoldOutStore
    let dishes: any DishStore
    let ratings: any RatingStore
    let photos: any PhotoStore
    let live: any LiveStore
    let preferences: PreferenceWriter
    let cache: BoardCache
    let followedDishes: RecentCache<[Dish.ID], [Dish]>
    /// Where the area's walking graph is read, for minutes on foot from the person's position.
    let basemaps: any BasemapStore

    func addRoutes(to routes: inout RouteTable) {
        routes.addKept(Paths.menuBoard, .page, boardPage)
        routes.add(.get, Paths.API.areaMenus, .api, .optional, boardAPI)
        routes.add(.post, Paths.menuPreferences, .page, .optional, saveMenuPreferences)
    }

    /// `GET /areas/{id}/menus[?date=YYYY-MM-DD][&near=LAT,LON]`: the board for the day, today in the area's time
    /// zone by default; nearest first when the person's position is known (`near`, or the position they shared).
    /// Rendered once per ``BoardPageInput`` while its reading is kept. The browser remembers it opened the area.
    func boardPage(_ context: VisitorContext, id: Area.ID) throws -> Response {
        _ = try BoardOrder.sortsByRating(context.request.query)
        let area = try context.area(id)
        context.cookies.openedArea = id
        let day = try BoardDay(area: area, context: context)
        let (reading, bookmarks) = try read(area, on: day, context: context)
        let position = try context.request.personPosition()
        var input = BoardPageInput(
            reading: reading, bookmarks: bookmarks,
            followed: try FollowedDishes(
                context.preferences, dishes: dishes, cache: followedDishes, now: context.now
            ).ids.intersection(reading.dishes.ids),
            reader: MenuPageReader(context, position: position, today: day.today, time: day.time))
        input.walkingMinutes = WalkingMinutes.from(
            position, to: reading.places,
            graph: try position.flatMap { _ in try basemaps.routingGraph(areaID: area.id, mode: .walk) })
        let csrfToken = context.visitor.csrfToken
        guard reading.isShared else { return try input.response(csrfToken: csrfToken, from: PageSources(context)) }
        return try cache.pages.response(
            for: input, csrfToken: csrfToken, now: context.now, sources: PageSources(context))
    }

    /// `GET /api/v1/areas/{id}/menus[?date=YYYY-MM-DD][&near=LAT,LON][&sort=rating]`: the board's content in its
    /// order for the caller, each place's menu in the shape of `/api/v1/places/{id}/menu`, with its busyness now.
    func boardAPI(_ context: VisitorContext, id: Area.ID) throws -> Response {
        let sortsByRating = try BoardOrder.sortsByRating(context.request.query)
        let origin = try context.request.near()
        let area = try context.area(id)
        let day = try BoardDay(area: area, context: context)
        let (reading, bookmarks) = try read(area, on: day, context: context)
        let board = MenuBoard(
            date: day.selected, places: reading.places, menus: reading.menus, from: origin, language: context.language,
            bookmarks: bookmarks, clock: day.clock,
            rank: sortsByRating ? reading.ratings.bestMeals(of: reading.menus, dishes: reading.dishes) : nil)
        return .json(
            API.BoardBody(
                area: area, board: board, today: day.today, week: day.selected.week(startingOn: .sunday),
                calendar: reading.calendar, live: try live.busyness(inArea: id, at: context.now),
                language: context.language, soldOut: reading.soldOut, dishes: reading.dishes,
                ratings: reading.ratings))
    }

    /// `POST /settings/menus`: any of `priceRole`, `diet` and `avoidAllergens` (repeated; an empty one clears the
    /// list), all saved or none (400 naming the field); where the person's preferences live (the session, else the
    /// device cookie). Scripts (`Accept: application/json`) get the three values; forms go back to `return`.
    func saveMenuPreferences(_ context: VisitorContext) throws -> Response {
        let fields = try context.request.formFields()
        let changes = PreferenceChanges(MenuPreferenceForm.values(from: fields))
        guard !changes.values.isEmpty else {
            throw HTTPError.badRequest(
                "Send priceRole, diet or avoidAllergens.", code: "invalid_preference")
        }
        let saved = try preferences.save(changes, for: context)
        if context.request.headers["Accept"]?.contains("application/json") == true {
            return .json(API.MenuPreferencesBody(saved))
        }
        return .redirect(to: Request.localPath(fields["return"]) ?? Paths.home())
    }

    /// What the board of `area` on `date` is made from (with the next day's menus when `date` is today, for the
    /// meal after the day's last), kept per ``BoardCache/ReadingKey`` for an area of up to
    /// ``PlaceQuery/maximumLimit`` places (a campus, whose places without a menu yet are listed too), and the
    /// reader's bookmarks among its places. A bigger area is read for the request: the places with a menu that day
    /// (or the next) and the bookmarked ones, so a city's board does not read a million places.
    private func read(_ area: Area, on day: BoardDay, context: VisitorContext) throws -> (
        reading: BoardReading, bookmarks: [Place.ID]
    ) {
        let date = day.selected
        func read(bookmarks: [Place.ID]?) throws -> BoardReading {
            let menus = try menus.menus(inArea: area.id, on: date)
            let nextDayMenus = day.isToday ? try self.menus.menus(inArea: area.id, on: date.adding(days: 1)) : [:]
            let week = date.week(startingOn: .sunday)
            let menuDays = try self.menus.menuDays(inArea: area.id, in: week.first!...week.last!)
            let marks = day.isToday ? try soldOut.soldOutMarks(inArea: area.id, on: date) : [:]
            let counts = day.isToday ? try live.busyness(inArea: area.id, at: context.now) : [:]
            let dishes = try MealDishes(
                self.dishes, menus: Array(menus.values) + Array(nextDayMenus.values), area: area.id)
            let ratings = try AreaMealRatings(self.ratings, area: area.id, date: date, dishes: dishes)
            let photos = try self.photos.newestPhotos(inArea: area.id, on: date)
            guard let bookmarks else {
                let places = try context.places.places(inArea: area.id, after: nil, limit: PlaceQuery.maximumLimit)
                return BoardReading(
                    serial: cache.nextSerial(), isShared: true, area: area, date: date, places: places, menus: menus,
                    nextDayMenus: nextDayMenus,
                    calendar: AreaMenuCalendar(menuDays, places: places), soldOut: marks, live: counts,
                    dishes: dishes, ratings: ratings, photos: photos)
            }
            // The week's marks take the hours of the places read; a city's other places go by their menus.
            let ids = Set(menus.keys).union(nextDayMenus.keys).sorted() + bookmarks
            let places = try context.places.places(ids: ids).filter { $0.areaID == area.id }
            return BoardReading(
                serial: cache.nextSerial(), isShared: false, area: area, date: date,
                places: places.filter { menus[$0.id] != nil || bookmarks.contains($0.id) }, menus: menus,
                nextDayMenus: nextDayMenus, calendar: AreaMenuCalendar(menuDays, places: places), soldOut: marks,
                live: counts, dishes: dishes, ratings: ratings, photos: photos)
        }
        guard context.catalog.placeCount(inArea: area.id) <= PlaceQuery.maximumLimit else {
            let bookmarks = try context.bookmarks()
            return (try read(bookmarks: bookmarks), bookmarks)
        }
        let key = BoardCache.ReadingKey(
            area: area.id, date: date, withNextDay: day.isToday, catalogVersion: context.catalog.version)
        let reading = try cache.readings.value(for: key, now: context.now) { try read(bookmarks: nil) }
        return (reading, context.preferences[PreferenceKeys.bookmarks].filter(reading.placeIDs.contains))
    }
}

/// The board's day: today and the time on the area's clock, and the day asked for (`?date=`, else today).
struct BoardDay {
    let today: CalendarDate
    /// The clock time in the area now.
    let time: TimeOfDay
    /// The instant of the request, for opening hours.
    let instant: Date
    let selected: CalendarDate

    init(area: Area, context: VisitorContext) throws {
        (today, time) = CalendarDate.local(context.now, in: area.clockTimeZone)
        instant = context.now
        selected = try context.request.date() ?? today
    }

    init(today: CalendarDate, time: TimeOfDay, instant: Date, selected: CalendarDate) {
        self.today = today
        self.time = time
        self.instant = instant
        self.selected = selected
    }

    var isToday: Bool { selected == today }

    /// Today and the time on the area's clock, for the board's meal periods.
    var clock: MenuBoard.Clock { MenuBoard.Clock(today: today, time: time) }
}

extension API.BoardBody {
    init(
        area: Area, board: MenuBoard, today: CalendarDate, week: [CalendarDate], calendar: AreaMenuCalendar,
        live: [Place.ID: LiveCounts], language: Language, soldOut: [Place.ID: [MealID: SoldOutMark]] = [:],
        dishes: MealDishes = .none, ratings: AreaMealRatings = .none
    ) {
        let kinds = calendar.dayKinds
        self.init(
            areaId: area.id, date: board.date, today: today,
            days: week.map { Day(date: $0, status: kinds[$0]?.rawValue ?? "unknown") },
            menus: board.places.map { entry in
                Entry(
                    menu: API.MenuBody(
                        place: entry.place, area: area, date: board.date, day: entry.day,
                        soldOut: soldOut[entry.place.id] ?? [:], dishes: dishes, ratings: ratings[entry.place.id]),
                    name: entry.place.name.text(in: language), bookmarked: entry.isBookmarked,
                    distanceMeters: entry.distanceMeters.map { ($0 * 1000).rounded() / 1000 },
                    busyness: API.Busyness((live[entry.place.id] ?? .none).busyness(seats: entry.place.seats)))
            })
    }
}

/// How the board orders its serving places: as usual (bookmarks, then nearest or by name), or best rated first
/// (`?sort=rating`: each place by its best-rated meal of the day, ``AreaMealRatings/bestMeals(of:dishes:)``).
enum BoardOrder {
    static let field = "sort"
    static let rating = "rating"

    /// Whether `query` asks for the best rated first; 400 naming `sort` for any other value.
    static func sortsByRating(_ query: QueryFields) throws(HTTPError) -> Bool {
        guard let value = query[field] else { return false }
        guard value == rating else {
            throw .badRequest(
                "sort: \"\(value.prefix(32))\" is not an order of the board; leave it out, or give rating.",
                code: "invalid_sort", field: field)
        }
        return true
    }
}
