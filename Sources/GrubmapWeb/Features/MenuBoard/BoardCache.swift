import Foundation
import GrubmapCore
import GrubmapStore

/// The menu board's caches: what an area's board for a day reads (its places, their menus that day, the week's
/// menu days), kept for ``AppCaches/lifetime`` per area, day and catalog version; and the board pages rendered from
/// it, per ``BoardPageInput``, with the CSRF token filled in per request. Areas of more places than one read may
/// hold (a city) are read and rendered per request.
struct BoardCache: Sendable {
    struct ReadingKey: Hashable, Sendable {
        let area: Area.ID
        let date: CalendarDate
        /// Whether the reading holds the next day's menus too (the date is today).
        let withNextDay: Bool
        let catalogVersion: Int64
    }

    let readings: RecentCache<ReadingKey, BoardReading>
    let pages: RecentCache<BoardPageInput, PersonalizedPage>
    private let serials = SerialNumbers()

    init(lifetime: TimeInterval, writes: LocalWrites) {
        readings = RecentCache(lifetime: lifetime, capacity: 64, scope: .everyChange, writes: writes)
        // Pages are some 40 KB: a few hundred of them.
        pages = RecentCache(lifetime: lifetime, capacity: 256, scope: .everyChange, writes: writes)
    }

    /// A number no other reading of this server has.
    func nextSerial() -> UInt64 {
        serials.next()
    }
}

/// What an area's board for a day is made from. Equal and hashed by ``serial`` alone, which names the area, the day
/// and the catalog version it was read at: a page's input holds the reading itself at the cost of a number.
struct BoardReading: Hashable, Sendable {
    /// Tells readings apart (``BoardCache/nextSerial()``).
    let serial: UInt64
    /// Whether the reading is kept for every reader of the board; not one read for a single request (a city's
    /// board, whose places include the reader's bookmarks), whose page is not kept either.
    let isShared: Bool
    let area: Area
    /// The day read.
    let date: CalendarDate
    /// The places the board lists.
    let places: [Place]
    /// Their menus that day, as stored (the board lets the places' hours close a day all the same).
    let menus: [Place.ID: Menu]
    /// Their menus the next day, read when the day is today (the meal after the day's last); else empty.
    let nextDayMenus: [Place.ID: Menu]
    /// The week's menu days after the places' hours, for the day selector.
    let calendar: AreaMenuCalendar
    /// The ids of ``places``.
    let placeIDs: Set<Place.ID>
    /// The roles the day's prices are for: with one, the board shows no role chooser.
    let priceRoles: Set<PriceRole>
    /// The day's sold-out marks by place, read when the day is today (marks clear with the day); else empty.
    let soldOut: [Place.ID: [MealID: SoldOutMark]]
    /// The places' check-ins and line reports at the moment of reading, read when the day is today; else empty (and
    /// the board shows no busyness).
    let live: [Place.ID: LiveCounts]
    /// The dishes of the day's and the next day's meals.
    let dishes: MealDishes
    /// People's ratings of the day's meals and of their dishes.
    let ratings: AreaMealRatings
    /// The newest photo no operator hid of each of the day's meals, by place and the key of the meal's name.
    let photos: [Place.ID: [DishKey: MealPhoto]]

    init(
        serial: UInt64, isShared: Bool, area: Area, date: CalendarDate, places: [Place], menus: [Place.ID: Menu],
        nextDayMenus: [Place.ID: Menu], calendar: AreaMenuCalendar, soldOut: [Place.ID: [MealID: SoldOutMark]] = [:],
        live: [Place.ID: LiveCounts] = [:], dishes: MealDishes = .none, ratings: AreaMealRatings = .none,
        photos: [Place.ID: [DishKey: MealPhoto]] = [:]
    ) {
        self.photos = photos
        self.dishes = dishes
        self.ratings = ratings
        self.soldOut = soldOut
        self.live = live
        self.serial = serial
        self.isShared = isShared
        self.area = area
        self.date = date
        self.places = places
        self.menus = menus
        self.nextDayMenus = nextDayMenus
        self.calendar = calendar
        placeIDs = Set(places.map(\.id))
        priceRoles = Set(menus.values.lazy.flatMap(\.priceRoles)).union(nextDayMenus.values.lazy.flatMap(\.priceRoles))
    }

    static func == (lhs: BoardReading, rhs: BoardReading) -> Bool { lhs.serial == rhs.serial }
    func hash(into hasher: inout Hasher) { hasher.combine(serial) }
}
