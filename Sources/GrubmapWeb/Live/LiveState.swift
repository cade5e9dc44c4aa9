import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapStore

/// An area's live state at one instant: its today and each place with anything live (``API/LivePlace``). A place
/// left out is quiet: ``settled`` says how when that is not ``API/LivePlace/quiet(_:on:)``.
struct LiveArea: Equatable, Sendable {
    /// The area's today in its time zone: the day of the sold-out marks.
    var date: CalendarDate
    var places: [Place.ID: API.LivePlace]
    /// Places that were live at the area's previous read and are quiet now, where quiet is more than nothing: a place
    /// with seats and nobody in it has no line (level `none`), as the places API says. Never in a `reload` (pages
    /// render a place's quiet themselves, from the same ``LiveCounts/busyness(seats:)``).
    var settled: [Place.ID: API.LivePlace] = [:]

    /// What the area shows of `place`: its entry, else its quiet.
    func state(of place: Place.ID) -> API.LivePlace {
        places[place] ?? settled[place] ?? .quiet(place, on: date)
    }
}

/// Reads an area's live state for the ``LiveHub``: the one place that knows what "live" holds, so new kinds of
/// live state join by reading more here.
struct LiveStateReader: Sendable {
    /// The live state of the area at the instant, given the places that were live at its previous read (whose quiet
    /// the reader works out with their seats); places left out have nothing live.
    var read: @Sendable (Area.ID, Date, Set<Place.ID>) throws -> LiveArea
    /// The area of a place, or `nil` for a place that does not exist.
    var areaOfPlace: @Sendable (Place.ID) throws -> Area.ID?

    /// A place's state as the places API gives it: its busyness from `counts` against its `seats` (the one function
    /// every page and API answer uses), and its marks of `date`.
    static func state(
        of place: Place.ID, counts: LiveCounts, seats: Int?, marks: [MealID: SoldOutMark], on date: CalendarDate
    ) -> API.LivePlace {
        API.LivePlace(
            placeId: place, busyness: API.Busyness(counts.busyness(seats: seats)), date: date,
            soldOut: Dictionary(uniqueKeysWithValues: marks.map { ($0.key.rawValue, API.SoldOutBody($0.value)) }))
    }

    /// From the store: the check-ins and line reports counting (one statement per area), the seats of the places
    /// among them and of those live before (from the catalog's memo of places, read once per catalog version), and
    /// the area's sold-out marks of its today, the time zone of the area deciding the day (one statement).
    static func store(_ store: any Store) -> LiveStateReader {
        LiveStateReader(
            read: { area, now, before in
                let catalog = try store.catalog()
                let timeZone = try catalog.area(area)?.clockTimeZone ?? .gmt
                let date = CalendarDate.local(now, in: timeZone).date
                let counts = try store.busyness(inArea: area, at: now)
                let marks = try store.soldOutMarks(inArea: area, on: date)
                func seats(_ id: Place.ID) throws -> Int? { try catalog.place(id, orRead: store.place(id:))?.seats }
                var live = LiveArea(date: date, places: [:])
                for id in Set(counts.keys).union(marks.keys) {
                    let state = Self.state(
                        of: id, counts: counts[id] ?? .none, seats: try seats(id), marks: marks[id] ?? [:], on: date)
                    if !state.isQuiet { live.places[id] = state }
                }
                for id in before where live.places[id] == nil {
                    let quiet = Self.state(of: id, counts: .none, seats: try seats(id), marks: [:], on: date)
                    if quiet != .quiet(id, on: date) { live.settled[id] = quiet }
                }
                return live
            },
            // Archived places too: their `place` event tells pages showing them.
            areaOfPlace: { id in try store.consolePlace(id: id)?.place.areaID })
    }
}
