import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// The menu board (뿌대식's main screen): every place of an area with its menu for one day, bookmarks first, as a
/// page and in the API; and the form that saves the person's price role and dietary filter.
struct MenuBoardFeature: RouteCollection {
    let menus: any MenuStore
    let preferences: PreferenceWriter

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.menuBoard, .page, .optional, boardPage)
        routes.add(.get, Paths.API.areaMenus, .api, .optional, boardAPI)
        routes.add(.post, Paths.menuPreferences, .page, .optional, saveMenuPreferences)
    }

    /// `GET /areas/{id}/menus[?date=YYYY-MM-DD][&near=LAT,LON]`: the board for the day, today in the area's time
    /// zone by default; nearest first when the person's position is known (`near`, or the position they shared).
    func boardPage(_ context: VisitorContext, id: Area.ID) throws -> Response {
        let area = try context.area(id)
        let request = context.request
        let position = try request.personPosition()
        let day = try BoardDay(area: area, context: context)
        let board = try makeBoard(area: area, date: day.selected, origin: position, context: context)
        let week = day.selected.week(startingOn: .sunday)
        let calendar = AreaMenuCalendar(try menus.menuDays(inArea: id, in: week.first!...week.last!))
        let page = MenuBoardPage(
            strings: context.strings, area: area, areas: try context.headerAreas(), board: board, day: day,
            days: calendar.dayKinds,
            reading: MenuReading(
                strings: MenuStrings.forLanguage(context.language), contentLanguage: area.localLanguage,
                preferences: context.preferences),
            units: context.preferences[PreferenceKeys.units], csrfToken: context.visitor.csrfToken,
            returnPath: request.returnPath(dropping: ["locate", "filter"]),
            keptQuery: request.query.pairs.filter { !["date", "locate", "filter"].contains($0.name) },
            locatesOnLoad: request.query["locate"] == "1", hasPosition: position != nil,
            isFilterOpen: request.query["filter"] == "open")
        return .html(page.render())
    }

    /// `GET /api/v1/areas/{id}/menus[?date=YYYY-MM-DD][&near=LAT,LON]`: the board's content in its order for the
    /// caller, each place's menu in the shape of `/api/v1/places/{id}/menu`.
    func boardAPI(_ context: VisitorContext, id: Area.ID) throws -> Response {
        let origin = try context.request.near()
        let area = try context.area(id)
        let day = try BoardDay(area: area, context: context)
        let board = try makeBoard(area: area, date: day.selected, origin: origin, context: context)
        let week = day.selected.week(startingOn: .sunday)
        let calendar = AreaMenuCalendar(try menus.menuDays(inArea: id, in: week.first!...week.last!))
        return .json(
            API.BoardBody(
                area: area, board: board, today: day.today, week: week, calendar: calendar, language: context.language))
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

    private func makeBoard(area: Area, date: CalendarDate, origin: Coordinate?, context: VisitorContext) throws
        -> MenuBoard
    {
        let menus = try menus.menus(inArea: area.id, on: date)
        let bookmarks = try context.bookmarks()
        return MenuBoard(
            date: date, places: try boardPlaces(of: area, menus: menus, bookmarks: bookmarks, context: context),
            menus: menus, from: origin, language: context.language, bookmarks: bookmarks)
    }

    /// The places the board lists: every place of an area of up to ``PlaceQuery/maximumLimit`` places (a campus,
    /// whose places without a menu yet are listed too), else those with a menu that day and the bookmarked ones,
    /// so a city's board does not read a million places.
    private func boardPlaces(of area: Area, menus: [Place.ID: Menu], bookmarks: [Place.ID], context: VisitorContext)
        throws -> [Place]
    {
        guard context.catalog.placeCount(inArea: area.id) > PlaceQuery.maximumLimit else {
            return try context.places.places(inArea: area.id, after: nil, limit: PlaceQuery.maximumLimit)
        }
        return try context.places.places(ids: menus.keys.sorted() + bookmarks).filter { $0.areaID == area.id }
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

    var isToday: Bool { selected == today }
}

extension API.BoardBody {
    init(
        area: Area, board: MenuBoard, today: CalendarDate, week: [CalendarDate], calendar: AreaMenuCalendar,
        language: Language
    ) {
        let kinds = calendar.dayKinds
        self.init(
            areaId: area.id, date: board.date, today: today,
            days: week.map { Day(date: $0, status: kinds[$0]?.rawValue ?? "unknown") },
            menus: board.places.map { entry in
                Entry(
                    menu: API.MenuBody(place: entry.place, area: area, date: board.date, menu: entry.menu),
                    name: entry.place.name.text(in: language), bookmarked: entry.isBookmarked,
                    distanceMeters: entry.distanceMeters.map { ($0 * 1000).rounded() / 1000 })
            })
    }
}
