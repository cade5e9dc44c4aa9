import Foundation
import GrubmapCore
import GrubmapStore
import Synchronization

/// An area's places as GeoJSON (RFC 7946, see ``PlaceGeoJSON``) in and out of a store: what `grubmap import places`
/// and `grubmap export places` do.
///
/// An import is all or nothing: the store stages every feature apart from the live places before it writes any
/// (``PlaceStore/importPlaces(into:from:progress:)``), so a file with any mistake changes nothing. Files are read a
/// chunk at a time and exports written a page at a time, so a city of a million places needs no more memory than
/// a campus.
public enum PlacesTransfer {
    /// Reads `data` as places of `area` and saves them: new ids are added, existing ones of the area updated, and
    /// the area's places the file does not name are kept.
    ///
    /// - Returns: the places saved, in file order (so for documents in memory; files go through
    ///   ``importPlaces(fileAt:into:store:progress:)``).
    /// - Throws: ``PlacesImportError`` when the file is refused (nothing was saved), or the store's errors.
    @discardableResult
    public static func importPlaces(_ data: Data, into area: Area, store: any Store) throws -> [Place] {
        var reader = PlaceGeoJSONReader(bytes: Array(data), area: area.id, localLanguage: area.localLanguage)
        var places: [Place] = []
        try importing(area: area) {
            _ = try store.importPlaces(
                into: area.id,
                from: {
                    let place = try reader.next()
                    if let place { places.append(place) }
                    return place
                }, progress: { _ in })
        }
        return places
    }

    /// How far an import of a file has come, for a progress bar.
    public struct Progress: Sendable, Equatable {
        /// What the import is doing.
        public enum Phase: String, Sendable {
            case reading, checking, writing
        }

        public let phase: Phase
        /// Features read (reading, checking) or places written (writing).
        public let count: Int
        /// How much of the phase is done, from 0 to 1.
        public let fraction: Double
    }

    /// Reads the GeoJSON file at `path` into `area`, a megabyte at a time, as ``importPlaces(_:into:store:)`` does.
    ///
    /// - Parameter progress: called now and then (every few hundred features) from the importing thread.
    /// - Throws: ``PlacesImportError`` when the file is refused (nothing was saved), a file error when it cannot
    ///   be read, or the store's errors.
    @discardableResult
    public static func importPlaces(
        fileAt path: String, into area: Area, store: any Store, progress: (Progress) -> Void = { _ in }
    ) throws -> PlaceImport.Summary {
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? file.close() }
        let size = max(1, (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 1)
        var reader = PlaceGeoJSONReader(area: area.id, localLanguage: area.localLanguage) {
            let chunk = try file.read(upToCount: 1 << 20) ?? Data()
            return chunk.isEmpty ? nil : Array(chunk)
        }
        // A store may read on a thread of its own (SQLite's fast path) while it reports progress on another, so
        // the bar reads how far the reader has come from here, never from the reader.
        let bytesRead = Atomic<Int>(0)
        return try importing(area: area) {
            try store.importPlaces(
                into: area.id,
                from: {
                    let place = try reader.next()
                    bytesRead.store(reader.bytesRead, ordering: .relaxed)
                    return place
                }
            ) { step in
                switch step {
                case .staging(let count):
                    let fraction = min(1, Double(bytesRead.load(ordering: .relaxed)) / Double(size))
                    progress(Progress(phase: .reading, count: count, fraction: fraction))
                case .checking(let count):
                    progress(Progress(phase: .checking, count: count, fraction: 0))
                case .writing(let done, let total):
                    progress(Progress(phase: .writing, count: done, fraction: Double(done) / Double(max(total, 1))))
                }
            }
        }
    }

    /// Runs an import, turning what the reader and the store refuse into ``PlacesImportError``.
    private static func importing<T>(area: Area, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PlaceGeoJSONError {
            throw PlacesImportError.invalidFile(error)
        } catch let conflict as PlaceImport.Conflict {
            switch conflict {
            case .repeatedID(let position, let place):
                throw PlacesImportError.invalidFile(
                    .feature(
                        position, place.name.text(in: .english),
                        "the id \"\(place.id)\" is used by an earlier feature"))
            case .placeOfAnotherArea(_, let id, let owner):
                throw PlacesImportError.placeOfAnotherArea(id, area: owner)
            case .wrongArea(let position, let id):
                throw PlacesImportError.invalidFile(.feature(position, nil, "\(id) is not a place of \(area.id)"))
            }
        }
    }

    /// The places of `area` as a GeoJSON FeatureCollection that ``importPlaces(_:into:store:)`` reads back as the
    /// same places.
    public static func exportPlaces(of area: Area, from store: any Store) throws -> Data {
        var data = Data()
        try exportPlaces(of: area, from: store) { data.append($0) }
        return data
    }

    /// Writes the places of `area` as a GeoJSON FeatureCollection to `output` a piece at a time, reading them a
    /// thousand at a time: the same bytes as ``exportPlaces(of:from:)``, in memory that does not grow with the area.
    public static func exportPlaces(of area: Area, from store: any Store, to output: (Data) throws -> Void) throws {
        try output(Data(PlaceGeoJSON.collectionStart.utf8))
        var last: Place.ID?
        var first = true
        while true {
            let page = try store.places(inArea: area.id, after: last, limit: PlaceQuery.maximumLimit)
            var data = Data()
            for place in page {
                if !first { data.append(UInt8(ascii: ",")) }
                first = false
                data.append(PlaceGeoJSON.encodeFeature(place, localLanguage: area.localLanguage))
            }
            try output(data)
            guard page.count == PlaceQuery.maximumLimit, let next = page.last?.id else { break }
            last = next
        }
        try output(Data(PlaceGeoJSON.collectionEnd.utf8))
    }
}

/// Why a places file was refused; nothing was saved.
public enum PlacesImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is not GeoJSON Point features with valid places; the error names the first bad feature.
    case invalidFile(PlaceGeoJSONError)
    /// The file gives an id that belongs to a place of another area: ids are unique across areas.
    case placeOfAnotherArea(Place.ID, area: Area.ID)

    /// The reason, for people; the caller adds the file and "nothing was imported".
    public var description: String {
        switch self {
        case .invalidFile(let error): error.description
        case .placeOfAnotherArea(let id, let area): "the id \"\(id)\" belongs to a place of \(area)"
        }
    }
}
