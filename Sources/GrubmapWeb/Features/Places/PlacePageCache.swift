import Foundation
import GrubmapCore
import GrubmapStore

/// The place page's caches, each kept for ``AppCaches/lifetime``: what a place's page reads for a day (its menu, the
/// week's menu days, who is there); what it reads for the person (their profile and check-in) by session; and the
/// pages rendered from those, per ``PlacePageInput``, with the CSRF token filled in per request.
struct PlacePageCache: Sendable {
    struct ReadingKey: Hashable, Sendable {
        let place: Place.ID
        let date: CalendarDate
        let catalogVersion: Int64
    }

    let readings: RecentCache<ReadingKey, PlaceReading>
    let people: RecentCache<String, PersonReading>
    let pages: RecentCache<PlacePageInput, PersonalizedPage>
    private let serials = SerialNumbers()

    init(lifetime: TimeInterval, writes: LocalWrites) {
        readings = RecentCache(lifetime: lifetime, capacity: 1024, scope: .everyChange, writes: writes)
        people = RecentCache(lifetime: lifetime, capacity: 10_000, scope: .everyChange, writes: writes)
        // Pages are some 30 KB: a few hundred of them.
        pages = RecentCache(lifetime: lifetime, capacity: 256, scope: .everyChange, writes: writes)
    }

    /// A number no other reading of this server has.
    func nextSerial() -> UInt64 {
        serials.next()
    }
}

/// What a place's page reads for one day. Equal and hashed by ``serial`` alone, which names the place, the day and
/// the catalog version it was read at: a page's input holds the reading itself at the cost of a number.
struct PlaceReading: Hashable, Sendable {
    /// Tells readings apart (``PlacePageCache/nextSerial()``).
    let serial: UInt64
    let place: Place
    let area: Area
    /// The day read.
    let date: CalendarDate
    let menu: Menu?
    /// The week's menu days, for the day selector.
    let days: [CalendarDate: MenuDayKind]
    /// Who is checked in there, the newest first.
    let people: PlacePeople
    /// The day's sold-out marks, read when the day is today (marks clear with the day); else empty.
    var soldOut: [MealID: SoldOutMark] = [:]
    /// The dishes of the day's meals, for their names in the reader's language and their links.
    var dishes: MealDishes = .none
    /// People's ratings of the day's meals and of their dishes.
    var ratings: MealRatings = .none
    /// The place's popular-times counters of the 8 weeks up to the read; `nil` leaves the chart out.
    var popularTimes: PopularTimes? = nil
    /// The place's check-ins and line reports at the moment of reading, read when the day is today; else `nil`
    /// (the page shows busyness and "How's the line?" on today's page only).
    var live: LiveCounts? = nil

    static func == (lhs: PlaceReading, rhs: PlaceReading) -> Bool { lhs.serial == rhs.serial }
    func hash(into hasher: inout Hasher) { hasher.combine(serial) }
}

/// What a place's page reads for the person: their profile, and their check-in with its place, when they have them.
struct PersonReading: Hashable, Sendable {
    let me: Profile?
    let checkIn: CheckIn?
    let checkInPlace: Place?

    static let nobody = PersonReading(me: nil, checkIn: nil, checkInPlace: nil)
}
