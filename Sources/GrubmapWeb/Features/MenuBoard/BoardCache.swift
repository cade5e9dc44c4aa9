import Foundation
import GrubmapCore
import GrubmapStore

/// The menu board's caches: what an area's board for a day reads (its places, their menus that day, the week's
/// menu days), kept for ``AppCaches/lifetime`` per area, day and catalog version; and the board pages rendered from
/// it, per everything else a page shows (the reader's language, bookmarks in the area, position, price role,
/// dietary filter, units, the time to the minute and the address's query), with the CSRF token filled in per
/// request. Areas of more places than one read may hold (a city) are read per request, as before.
struct BoardCache: Sendable {
    struct ReadingKey: Hashable, Sendable {
        let area: Area.ID
        let date: CalendarDate
        /// Whether the reading holds the next day's menus too (the date is today).
        let withNextDay: Bool
        let catalogVersion: Int64
    }

    /// Everything a board page shows besides the reading and the CSRF token.
    struct PageKey: Hashable, Sendable {
        /// ``BoardReading/serial``: the reading, which names the area, the day and the catalog version.
        let reading: UInt64
        /// The reader's bookmarks among the area's places, in their order.
        let bookmarks: [Place.ID]
        let reader: MenuPageReader
    }

    let readings: RecentCache<ReadingKey, BoardReading>
    let pages: RecentCache<PageKey, PersonalizedPage>
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

/// What an area's board for a day is made from.
struct BoardReading: Sendable {
    /// Tells kept readings apart (``BoardCache/nextSerial()``); `nil` for one read for a single request (a city's
    /// board, whose places include the reader's bookmarks).
    let serial: UInt64?
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

    init(
        serial: UInt64?, places: [Place], menus: [Place.ID: Menu], nextDayMenus: [Place.ID: Menu],
        calendar: AreaMenuCalendar
    ) {
        self.serial = serial
        self.places = places
        self.menus = menus
        self.nextDayMenus = nextDayMenus
        self.calendar = calendar
        placeIDs = Set(places.map(\.id))
        priceRoles = Set(menus.values.lazy.flatMap(\.priceRoles)).union(nextDayMenus.values.lazy.flatMap(\.priceRoles))
    }
}
