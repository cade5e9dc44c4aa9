import GrubmapCore

/// A bulk import of places into an area (``PlaceStore/importPlaces(into:from:progress:)``): a city's restaurants
/// from OpenStreetMap, a million at a time, in memory that does not grow with them on SQLite (on PostgreSQL, 32 bytes
/// a place at most, the places themselves in a temporary file).
///
/// All or nothing for what the import is given: every place is read and staged apart from the live data (in the
/// importing connection's own temporary table, or on PostgreSQL in a file of the importing process), ids repeated
/// in the input and ids of another area's places are refused (on PostgreSQL, into an area with no places, by the
/// places' unique ids while the one transaction writes them), and only what is refused by none is committed. A
/// refused import writes nothing.
///
/// Live writers are never held up for long. On PostgreSQL the places are written in one transaction, which
/// locks only the rows it updates, so check-ins go on beside it. SQLite has one write lock per file, so there the
/// staged places are written in transactions that each hold the lock for at most about a tenth of a second while
/// other connections write, and about a second while none does (fewer, bigger transactions write the indexes'
/// pages fewer times); a check-in waiting for the lock gets it between two of them. While they run, readers see
/// the import's places appear; an import stopped in that last phase (the process killed) leaves the places written
/// so far, and running it again finishes it.
///
/// An import into an area with no places yet (a new city) takes a fast path: nobody uses the area, so the places go
/// in as the database writes fastest, in one transaction, and a killed import leaves the area as it was. On SQLite
/// that transaction holds the file's write lock throughout (some 25 s for a million places), so other writers wait.
public enum PlaceImport {
    /// What an import is doing, for a progress bar.
    public enum Progress: Sendable, Equatable {
        /// Reading and staging the input: how many places so far.
        case staging(places: Int)
        /// Checking the staged places against each other and the live ones.
        case checking(places: Int)
        /// Writing the staged places: how many of how many.
        case writing(done: Int, of: Int)
    }

    /// What an import did.
    public struct Summary: Sendable, Equatable {
        /// The places written, new and updated.
        public let count: Int
        /// Of ``count``, those that existed and were updated.
        public let updated: Int

        public init(count: Int, updated: Int) {
            self.count = count
            self.updated = updated
        }
    }

    /// Why a store refused an import; nothing was written.
    public enum Conflict: Error, Equatable, Sendable, CustomStringConvertible {
        /// The place at this position of the input (from 1) has the id of an earlier one.
        case repeatedID(position: Int, place: Place)
        /// The place at this position has the id of a place of another area (ids are unique across areas).
        case placeOfAnotherArea(position: Int, id: Place.ID, area: Area.ID)
        /// A place of the input belongs to another area than the one imported into.
        case wrongArea(position: Int, id: Place.ID)

        public var description: String {
            switch self {
            case .repeatedID(let position, let place):
                "place \(position) (\(place.id)) has the id of an earlier one"
            case .placeOfAnotherArea(let position, let id, let area):
                "place \(position): the id \"\(id)\" belongs to a place of \(area)"
            case .wrongArea(let position, let id):
                "place \(position) (\(id)) belongs to another area"
            }
        }
    }
}
