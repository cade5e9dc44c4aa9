import Foundation
import GrubmapCore
import GrubmapStore

/// What the live pages show of one place as it is now. An event carries a place's whole live state, so a client
/// that applies the latest it received is right whatever it missed in between. Busyness and sold-out marks join
/// here as fields of their own, read by ``LiveStateReader``.
struct LivePlace: Equatable, Sendable, Encodable {
    let placeId: Place.ID
    /// People checked in there now.
    var checkedIn: Int

    /// A place with nothing live (what a place absent from an area's state is).
    static func quiet(_ id: Place.ID) -> LivePlace {
        LivePlace(placeId: id, checkedIn: 0)
    }
}

/// Reads an area's live state for the ``LiveHub``: the one place that knows what "live" holds, so new kinds of
/// live state (busyness, sold-out marks) join by reading more here.
struct LiveStateReader: Sendable {
    /// The live state of each place of the area with anything live at the instant; places left out have none.
    var read: @Sendable (Area.ID, Date) throws -> [Place.ID: LivePlace]
    /// The area of a place, or `nil` for a place that does not exist.
    var areaOfPlace: @Sendable (Place.ID) throws -> Area.ID?

    /// Who is checked in where, from the store: one statement per area.
    static func presence(_ store: any CheckInStore & PlaceStore) -> LiveStateReader {
        LiveStateReader(
            read: { area, now in
                try store.presence(inArea: area, at: now, sample: 0).reduce(into: [:]) { result, entry in
                    result[entry.key] = LivePlace(placeId: entry.key, checkedIn: entry.value.count)
                }
            },
            areaOfPlace: { id in try store.place(id: id)?.areaID })
    }
}
