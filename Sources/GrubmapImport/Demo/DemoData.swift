import Foundation
import GrubmapCore
import GrubmapStore

/// The demo areas shipped with Grubmap: one JSON file per area in the module's `Resources/Demo` folder.
///
/// A file looks like:
///
///     {"id": "pnu-busan", "name": {"ko": "부산캠퍼스", "en": "Busan Campus"},
///      "center": {"latitude": 35.2316, "longitude": 129.0825},
///      "timeZone": "Asia/Seoul", "currency": "KRW", "locale": "ko-KR",
///      "bounds": {"southWest": {…}, "northEast": {…}},
///      "places": [{"id": "geumjeong-hall", "name": {…}, "kind": "cafeteria", "coordinate": {…},
///                  "address": "…", "phone": "…", "website": "…", "description": {…},
///                  "openingHours": [{"days": "Mo-Fr", "opens": "11:00", "closes": "13:30"}]}]}
///
/// `bounds` is optional (the default encloses the center and every place, with a 15% margin); so are the place
/// fields after `coordinate`. `coordinateSource` and `hoursSource` notes are allowed and ignored.
///
/// An optional `fares` object is the area's ``FareSchedule``, in the area's currency; amounts are decimal numbers in
/// the currency's major unit, read exactly:
///
///     "fares": {"note": "sample rates", "currency": "USD", "detourFactor": 1.3,
///               "speedKilometersPerHour": {"low": 18, "high": 30}, "surge": 1,
///               "rideTypes": [{"id": "go", "name": {"en": "Grubmap Go"}, "capacity": 4, "baseFare": 10,
///                              "farePerKilometer": 0.932057, "farePerMinute": 0.3, "bookingFee": 2.5,
///                              "minimumFare": 15}]}
public enum DemoData {
    /// Every demo area, ordered by file name. Throws the first file's error; nothing is half-read.
    public static func datasets() throws -> [AreaDataset] {
        guard let folder = Bundle.module.url(forResource: "Demo", withExtension: nil) else {
            throw DemoDataError.folderMissing
        }
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try files.map { url in
            let name = "Demo/" + url.lastPathComponent
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw DemoDataError.unreadable(file: name, reason: error.localizedDescription)
            }
            return try decode(data, file: name)
        }
    }

    /// Saves every demo area into `store` when it holds no area yet.
    ///
    /// Every file is decoded before anything is saved; each area is saved in its own transaction.
    ///
    /// - Returns: `true` when demo areas were saved, `false` when the store was not empty (and was left alone)
    ///   or there are no demo files.
    @discardableResult
    public static func load(into store: any Store) throws -> Bool {
        guard try store.isEmpty() else { return false }
        let datasets = try datasets()
        for dataset in datasets {
            try store.save(area: dataset.area, places: dataset.places)
        }
        return !datasets.isEmpty
    }

    /// Decodes one area file.
    ///
    /// - Parameter file: the name used in error messages, like `Demo/pnu-busan.json`.
    /// - Throws: ``DemoDataError``, naming the place (by id when it has a readable one) for a place's error.
    public static func decode(_ data: Data, file: String) throws -> AreaDataset {
        let decoded: AreaFile
        do {
            decoded = try JSONDecoder().decode(AreaFile.self, from: data)
        } catch let error as PlaceFile.Failure {
            throw DemoDataError.invalidPlace(file: file, index: error.index, id: error.id, reason: error.reason)
        } catch let error as DecodingError {
            throw DemoDataError.invalidArea(file: file, reason: error.readableDescription())
        }
        let id: Area.ID
        do {
            id = try Area.ID(decoded.id)
        } catch {
            throw DemoDataError.invalidArea(file: file, reason: "id: \(error)")
        }
        let places = decoded.places.map { $0.place(in: id) }
        let bounds: Bounds
        do {
            if let given = decoded.bounds {
                bounds = try Bounds(southWest: given.southWest, northEast: given.northEast)
            } else {
                bounds = try Bounds(enclosing: [decoded.center] + places.map(\.coordinate), margin: 0.15)
            }
        } catch {
            let reason = error == .cornersOutOfOrder ? "southWest is not south-west of northEast" : "\(error)"
            throw DemoDataError.invalidArea(file: file, reason: "bounds: \(reason)")
        }
        let area = Area(
            id: id, name: decoded.name, center: decoded.center, bounds: bounds, timeZone: decoded.timeZone,
            currency: decoded.currency, locale: decoded.locale, shortName: decoded.shortName,
            fareSchedule: decoded.fares)
        if let fares = decoded.fares, fares.currency.code != decoded.currency {
            throw DemoDataError.invalidArea(
                file: file,
                reason: "fares.currency: \(fares.currency) differs from the area's currency \(decoded.currency)")
        }
        var seen = Set<Place.ID>()
        for (index, place) in places.enumerated() where !seen.insert(place.id).inserted {
            throw DemoDataError.invalidPlace(
                file: file, index: index, id: place.id.rawValue, reason: "the id is used by an earlier place")
        }
        return AreaDataset(area: area, places: places)
    }
}

/// The file's top level, as written.
private struct AreaFile: Decodable {
    struct Corners: Decodable {
        var southWest: Coordinate
        var northEast: Coordinate
    }

    var id: String
    var name: LocalizedText
    var shortName: LocalizedText?
    var center: Coordinate
    var timeZone: String
    var currency: String
    var locale: String
    var bounds: Corners?
    var fares: FareSchedule?
    var places: [PlaceFile]
}

/// One place as written; its errors carry the place's position and id out of `JSONDecoder`.
private struct PlaceFile: Decodable {
    struct Failure: Error {
        var index: Int
        var id: String?
        var reason: String
    }

    var id: Place.ID
    var name: LocalizedText
    var kind: Place.Kind
    var coordinate: Coordinate
    var address: String?
    var phone: String?
    var website: String?
    var description: LocalizedText?
    var openingHours: OpeningHours

    private enum CodingKeys: String, CodingKey {
        case id, name, kind, coordinate, address, phone, website, description, openingHours
    }

    init(from decoder: any Decoder) throws {
        // The path is `places[index]`: errors below are reported relative to it.
        let index = decoder.codingPath.last?.intValue ?? 0
        let depth = decoder.codingPath.count
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let rawID = try? container.decode(String.self, forKey: .id)
        do {
            guard let rawID else {
                throw Failure(
                    index: index, id: nil, reason: container.contains(.id) ? "id: expected a string" : "missing \"id\"")
            }
            do {
                id = try Place.ID(rawID)
            } catch {
                throw Failure(index: index, id: rawID, reason: "id: \(error)")
            }
            name = try container.decode(LocalizedText.self, forKey: .name)
            let kindText = try container.decode(String.self, forKey: .kind)
            guard let kind = Place.Kind(rawValue: kindText) else {
                let known = Place.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                throw Failure(index: index, id: rawID, reason: "kind: \"\(kindText)\" is not one of \(known)")
            }
            self.kind = kind
            coordinate = try container.decode(Coordinate.self, forKey: .coordinate)
            address = try container.decodeIfPresent(String.self, forKey: .address)
            phone = try container.decodeIfPresent(String.self, forKey: .phone)
            website = try container.decodeIfPresent(String.self, forKey: .website)
            description = try container.decodeIfPresent(LocalizedText.self, forKey: .description)
            openingHours = try container.decodeIfPresent(OpeningHours.self, forKey: .openingHours) ?? OpeningHours()
        } catch let error as DecodingError {
            throw Failure(index: index, id: rawID, reason: error.readableDescription(droppingPrefix: depth))
        }
    }

    func place(in area: Area.ID) -> Place {
        Place(
            id: id, areaID: area, name: name, kind: kind, coordinate: coordinate, address: address, phone: phone,
            website: website, description: description, openingHours: openingHours)
    }
}
