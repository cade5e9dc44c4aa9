import GrubmapCore
import GrubmapStore

/// Reads an import's places in batches of 256 (fewer at the end: on SQLite a statement of that many more in the
/// connection's cache), for a ``ReadAhead`` to read on a thread of its own. What the reader throws, or a place of
/// another area, ends the batch before it and is thrown by the next call, so the places before the first problem
/// are all written or staged first, in input order.
struct PlaceBatchReader {
    /// Places in a batch but the last.
    static let size = 256

    let area: Area.ID
    let next: () throws -> Place?
    private var pending: (any Error)?
    private var read = 0
    private var isDone = false

    init(area: Area.ID, next: @escaping () throws -> Place?) {
        self.area = area
        self.next = next
    }

    /// The next batch, `nil` after the last; throws the first problem after the batch before it.
    mutating func nextBatch() throws -> [Place]? {
        if let pending {
            self.pending = nil
            isDone = true
            throw pending
        }
        guard !isDone else { return nil }
        var batch: [Place] = []
        batch.reserveCapacity(Self.size)
        while batch.count < Self.size {
            let place: Place?
            do {
                place = try next()
            } catch {
                pending = error
                break
            }
            guard let place else {
                isDone = true
                break
            }
            read += 1
            guard place.areaID == area else {
                pending = PlaceImport.Conflict.wrongArea(position: read, id: place.id)
                break
            }
            batch.append(place)
        }
        if batch.isEmpty, pending == nil { return nil }
        return batch
    }
}
