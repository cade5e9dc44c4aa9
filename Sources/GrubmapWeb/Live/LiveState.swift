import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapStore

/// An area's live state at one instant: its today and each place with anything live (``API/LivePlace``). A place
/// left out is quiet (``API/LivePlace/quiet(_:on:)``).
struct LiveArea: Equatable, Sendable {
    /// The area's today in its time zone: the day of the sold-out marks.
    var date: CalendarDate
    var places: [Place.ID: API.LivePlace]

    /// What the area shows of `place`: its entry, else quiet.
    func state(of place: Place.ID) -> API.LivePlace {
        places[place] ?? .quiet(place, on: date)
    }
}

/// Reads an area's live state for the ``LiveHub``: the one place that knows what "live" holds, so new kinds of
/// live state join by reading more here.
struct LiveStateReader: Sendable {
    /// The live state of the area at the instant; places left out have nothing live.
    var read: @Sendable (Area.ID, Date) throws -> LiveArea
    /// The area of a place, or `nil` for a place that does not exist.
    var areaOfPlace: @Sendable (Place.ID) throws -> Area.ID?

    /// From the store: the check-ins and line reports counting (one statement per area), the seats of the places
    /// among them (from the catalog's memo of places, read once per catalog version), and the area's sold-out marks
    /// of its today, the time zone of the area deciding the day (one statement).
    static func store(_ store: any Store) -> LiveStateReader {
        LiveStateReader(
            read: { area, now in
                let catalog = try store.catalog()
                let timeZone = try catalog.area(area)?.clockTimeZone ?? .gmt
                let date = CalendarDate.local(now, in: timeZone).date
                let counts = try store.busyness(inArea: area, at: now)
                let marks = try store.soldOutMarks(inArea: area, on: date)
                var places: [Place.ID: API.LivePlace] = [:]
                for id in Set(counts.keys).union(marks.keys) {
                    let seats = try catalog.place(id, orRead: store.place(id:))?.seats
                    let live = API.LivePlace(
                        placeId: id, busyness: API.Busyness((counts[id] ?? .none).busyness(seats: seats)), date: date,
                        soldOut: Dictionary(
                            uniqueKeysWithValues: (marks[id] ?? [:]).map {
                                ($0.key.rawValue, API.SoldOutBody($0.value))
                            }
                        ))
                    if !live.isQuiet { places[id] = live }
                }
                return LiveArea(date: date, places: places)
            },
            // Archived places too: their `place` event tells pages showing them.
            areaOfPlace: { id in try store.consolePlace(id: id)?.place.areaID })
    }
}
