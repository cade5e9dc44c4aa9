import Foundation
import GrubmapCore
import GrubmapStore

/// An area's places as GeoJSON (RFC 7946, see ``PlaceGeoJSON``) in and out of a store: what `grubmap import places`
/// and `grubmap export places` do.
///
/// An import is all or nothing: the whole file is checked before anything is saved, and then every place is saved
/// in one transaction (``Store/save(area:places:)``), so a file with any mistake changes nothing.
public enum PlacesTransfer {
    /// Reads `data` as places of `area` and saves them: new ids are added, existing ones of the area updated, and
    /// the area's places the file does not name are kept.
    ///
    /// - Returns: the places saved, in file order.
    /// - Throws: ``PlacesImportError`` when the file is refused (nothing was saved), or the store's errors.
    @discardableResult
    public static func importPlaces(_ data: Data, into area: Area, store: any Store) throws -> [Place] {
        let places: [Place]
        do {
            places = try PlaceGeoJSON.decode(data, area: area.id, localLanguage: area.localLanguage)
        } catch {
            throw PlacesImportError.invalidFile(error)
        }
        let catalog = try store.catalog()
        for place in places {
            if let existing = try catalog.place(place.id), existing.areaID != area.id {
                throw PlacesImportError.placeOfAnotherArea(place.id, area: existing.areaID)
            }
        }
        try store.save(area: area, places: places)
        return places
    }

    /// The places of `area` as a GeoJSON FeatureCollection that ``importPlaces(_:into:store:)`` reads back as the
    /// same places.
    public static func exportPlaces(of area: Area, from store: any Store) throws -> Data {
        PlaceGeoJSON.encode(try store.places(inArea: area.id), localLanguage: area.localLanguage)
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
