import GrubmapCore
import GrubmapStore

/// What a page with menus (the board, a place's page) shows that comes from the reader and the moment rather than
/// from what was read: part of the key such a page is kept under (``BoardCache/PageKey``,
/// ``PlacePageCache/PageKey``).
struct MenuPageReader: Hashable, Sendable {
    let language: Language
    let position: Coordinate?
    let today: CalendarDate
    /// The time on the area's clock, to the minute: what opening hours and meal periods are decided by.
    let time: TimeOfDay
    let priceRole: PriceRole
    let filter: DietaryFilter
    /// The visitor's unit, chosen or their browser's region's.
    let units: DistanceUnit
    /// The address's query, which the page's links and forms keep (the day, the ride type, a check-in's outcome).
    let query: [String]
    /// Whether the page is the service worker's offline copy (``OfflineCopies``), which leaves the people out.
    let isOfflineCopy: Bool

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
        query = context.request.query.pairs.map { "\($0.name)=\($0.value)" }
        isOfflineCopy = context.request.asksForOfflineCopy
    }
}
