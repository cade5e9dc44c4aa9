import GrubmapCore
import GrubmapStore

/// What a page with menus (the board, a place's page) shows that comes from the reader, the moment and the address
/// rather than from what was read: the part of such a page's input (``BoardPageInput``, ``PlacePageInput``) that
/// both pages share.
struct MenuPageReader: Hashable, Sendable {
    let language: Language
    /// Where the person is: the address's `near`, else the position they shared or set.
    let position: Coordinate?
    let today: CalendarDate
    /// The time on the area's clock, to the minute: what opening hours and meal periods are decided by.
    let time: TimeOfDay
    let priceRole: PriceRole
    let filter: DietaryFilter
    /// The visitor's unit, chosen or their browser's region's.
    let units: DistanceUnit
    /// The page's path and query, which its links and forms keep (the day, the ride type, a check-in's outcome).
    let address: PageAddress
    /// Whether the page is the service worker's offline copy (``OfflineCopies``), which leaves the people out.
    let isOfflineCopy: Bool

    /// How this reader reads the menus of `area`: their price role and filter, in their language.
    func menuReading(in area: Area) -> MenuReading {
        MenuReading(
            strings: MenuStrings.forLanguage(language), contentLanguage: area.localLanguage, priceRole: priceRole,
            filter: filter)
    }
}

extension MenuPageReader {
    /// The reader of `context` at `position`, on `today` at `time` in the area's time zone.
    init(_ context: VisitorContext, position: Coordinate?, today: CalendarDate, time: TimeOfDay) {
        let preferences = context.preferences
        language = context.language
        self.position = position
        self.today = today
        self.time = time
        priceRole = preferences[PreferenceKeys.priceRole]
        filter = preferences.dietaryFilter
        units = context.units
        address = PageAddress(context.request)
        isOfflineCopy = context.request.asksForOfflineCopy
    }
}
