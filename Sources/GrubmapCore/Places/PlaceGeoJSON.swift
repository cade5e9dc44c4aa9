import Foundation

/// Places as a GeoJSON FeatureCollection (RFC 7946): one Point feature per place, for organisers' tools.
///
/// A feature's `id` is the place id; `properties` has `name` (and `name:en`, `name:ko`, … per language),
/// `kind`, `address`, `phone`, `website`, `description` (and `description:xx`), and `openingHours`
/// (`[{"days", "opens", "closes"}]`), and `seats` (a whole number, when known). Exporting then importing gives the same places.
public enum PlaceGeoJSON {
    /// The places as a FeatureCollection, in id order, with sorted keys so equal places give equal bytes.
    public static func encode(_ places: [Place], localLanguage: String) -> Data {
        var data = Data(collectionStart.utf8)
        for (offset, place) in places.sorted(by: { $0.id < $1.id }).enumerated() {
            if offset > 0 { data.append(UInt8(ascii: ",")) }
            data.append(encodeFeature(place, localLanguage: localLanguage))
        }
        data.append(contentsOf: collectionEnd.utf8)
        return data
    }

    /// What a FeatureCollection begins with, before its features: ``encode(_:localLanguage:)`` written piece by
    /// piece, for exports too large to hold (begin, features separated by commas, end).
    public static let collectionStart = #"{"features":["#
    /// What a FeatureCollection ends with, after its features.
    public static let collectionEnd = #"],"type":"FeatureCollection"}"#

    /// One place as a Feature, with sorted keys.
    public static func encodeFeature(_ place: Place, localLanguage: String) -> Data {
        var properties: [String: Any] = ["kind": place.kind.rawValue]
        properties["name"] = place.name.values[localLanguage] ?? place.name.text(in: .english)
        for (language, text) in place.name.values { properties["name:\(language)"] = text }
        if let description = place.description {
            properties["description"] = description.values[localLanguage] ?? description.text(in: .english)
            for (language, text) in description.values { properties["description:\(language)"] = text }
        }
        if let address = place.address { properties["address"] = address }
        if let phone = place.phone { properties["phone"] = phone }
        if let website = place.website { properties["website"] = website }
        if let seats = place.seats { properties["seats"] = seats }
        if !place.openingHours.isEmpty {
            properties["openingHours"] = place.openingHours.rules.map { rule in
                [
                    "days": Weekday.format(rule.days), "opens": rule.opens.description,
                    "closes": rule.closes.description,
                ]
            }
        }
        let feature: [String: Any] = [
            "type": "Feature", "id": place.id.rawValue, "properties": properties,
            "geometry": ["type": "Point", "coordinates": [place.coordinate.longitude, place.coordinate.latitude]],
        ]
        // Every value above is a string, number, array or dictionary: serialization cannot fail.
        return (try? JSONSerialization.data(withJSONObject: feature, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
    }

    /// Reads places for an area from a FeatureCollection. Throws ``PlaceGeoJSONError`` naming the first
    /// feature that breaks the format (by position and, when it has one, name), so nothing half-valid is kept.
    ///
    /// For documents in memory; ``PlaceGeoJSONReader`` reads a file of any size one feature at a time.
    public static func decode(_ data: Data, area: Area.ID, localLanguage: String) throws(PlaceGeoJSONError) -> [Place] {
        var reader = PlaceGeoJSONReader(bytes: Array(data), area: area, localLanguage: localLanguage)
        var places: [Place] = []
        var seen = Set<Place.ID>()
        while let place = try reader.next() {
            guard seen.insert(place.id).inserted else {
                throw .feature(
                    places.count + 1, place.name.text(in: .english),
                    "the id \"\(place.id)\" is used by an earlier feature")
            }
            places.append(place)
        }
        return places
    }

    /// Reads one feature as a place of `area`, or throws naming what is wrong with it (feature `index`, from 1).
    static func decodeFeature(_ item: JSONValue, index: Int, area: Area.ID, localLanguage: String)
        throws(PlaceGeoJSONError) -> Place
    {
        guard let feature = item.object, feature["type"]?.string == "Feature" else {
            throw .feature(index, nil, "is not a Feature object")
        }
        let properties = feature["properties"]?.object ?? [:]
        let label = properties["name"]?.string.map { String($0.prefix(60)) }
        func fail(_ message: String) -> PlaceGeoJSONError { .feature(index, label, message) }

        guard let geometry = feature["geometry"]?.object, geometry["type"]?.string == "Point",
            let numbers = geometry["coordinates"]?.array, (2...3).contains(numbers.count),
            let longitude = numbers[0].number, let latitude = numbers[1].number
        else { throw fail("needs a Point geometry with [longitude, latitude]") }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw fail("coordinates: \(error.description)")
        }

        guard let idText = feature["id"]?.string ?? properties["id"]?.string else {
            throw fail("needs a string \"id\" (the place's stable id, like \"geumjeong-hall\")")
        }
        let id: Place.ID
        do {
            id = try Place.ID(idText)
        } catch {
            throw fail("id: \(error.description)")
        }

        let members = Array(properties)
        let name = try localized(members, key: "name", localLanguage: localLanguage, fail: fail)
        guard let name else { throw fail("needs a non-empty \"name\"") }
        let description = try localized(members, key: "description", localLanguage: localLanguage, fail: fail)

        var kind = Place.Kind.restaurant
        if let value = properties["kind"] {
            guard let text = value.string, let parsed = Place.Kind(rawValue: text) else {
                throw fail("kind must be one of \(Place.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            kind = parsed
        }
        func text(_ key: String, limit: Int) throws(PlaceGeoJSONError) -> String? {
            guard let value = properties[key], !value.isNull else { return nil }
            guard let string = value.string else { throw fail("\(key) must be text") }
            guard string.utf8.count <= limit || string.count <= limit else {
                throw fail("\(key) has more than \(limit) characters")
            }
            guard !string.utf8.contains(0) else { throw fail("\(key) contains a NUL character") }
            return string.isEmpty ? nil : string
        }
        let website = try text("website", limit: 500)
        if let website {
            let lowered = website.lowercased()
            guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"),
                !website.contains(where: \.isWhitespace)
            else { throw fail("website must be an http or https address") }
        }
        var hours = OpeningHours()
        if let value = properties["openingHours"], !value.isNull {
            guard let parsed = OpeningHours(json: value) else {
                throw fail(
                    "openingHours must be a list of {\"days\": \"Mo-Fr\", \"opens\": \"11:00\", \"closes\": \"21:00\"}")
            }
            hours = parsed
        }
        var seats: Int?
        if let value = properties["seats"], !value.isNull {
            guard let number = value.number, number == number.rounded(), Double(Place.seatRange.lowerBound) <= number,
                number <= Double(Place.seatRange.upperBound)
            else { throw fail("seats must be a whole number from 1 to 100000") }
            seats = Int(number)
        }
        return Place(
            id: id, areaID: area, name: name, kind: kind, coordinate: coordinate,
            address: try text("address", limit: 300),
            phone: try text("phone", limit: 40), website: website, description: description, openingHours: hours,
            seats: seats)
    }

    /// Text per language from `key:xx` properties; a plain `key` counts (as the area's local language) only
    /// when there are none, since exports write it beside them for tools that know no languages.
    private static func localized(
        _ properties: [(key: String, value: JSONValue)], key: String, localLanguage: String,
        fail: (String) -> PlaceGeoJSONError
    ) throws(PlaceGeoJSONError) -> LocalizedText? {
        var values: [String: String] = [:]
        var plain: String?
        let prefix = key + ":"
        for (name, value) in properties {
            // The bytes first, as most properties are other keys: a name that begins with `prefix` as characters
            // begins with its bytes, as no character of "name:" or "description:" has another canonical form (as
            // "K" has the Kelvin sign).
            let isPlain = name == key
            guard isPlain || (name.utf8.starts(with: prefix.utf8) && name.hasPrefix(prefix)) else { continue }
            guard let text = value.string else { throw fail("\(name) must be text") }
            let limit = key == "name" ? 120 : 1000
            guard text.utf8.count <= limit || text.count <= limit else { throw fail("\(name) is too long") }
            guard !text.utf8.contains(0) else { throw fail("\(name) contains a NUL character") }
            if isPlain {
                plain = text
            } else {
                values[String(decoding: name.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)] = text
            }
        }
        if values.isEmpty, let plain { values[localLanguage] = plain }
        return try? LocalizedText(values)
    }
}

extension OpeningHours {
    /// Hours from their JSON (`[{"days": "Mo-Fr", "opens": "11:00", "closes": "21:00"}]`, other keys ignored), as
    /// their `Decodable` conformance reads them; `nil` for anything else.
    init?(json: JSONValue) {
        guard let items = json.array else { return nil }
        var rules: [Rule] = []
        for item in items {
            guard let rule = item.object, let days = rule["days"]?.string, let opens = rule["opens"]?.string,
                let closes = rule["closes"]?.string,
                let parsed = try? Rule(
                    days: Weekday.parseList(days), opens: TimeOfDay(parsing: opens), closes: TimeOfDay(parsing: closes))
            else { return nil }
            rules.append(parsed)
        }
        self.init(rules: rules)
    }
}

/// Why a GeoJSON document of places was refused.
public enum PlaceGeoJSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document as a whole is wrong.
    case document(String)
    /// Feature number (from 1), its name when it has one, and what is wrong.
    case feature(Int, String?, String)
    /// The bytes could not be read (a file error while streaming).
    case unreadable(String)

    public var description: String {
        switch self {
        case .document(let message): message
        case .unreadable(let reason): "cannot read the file: \(reason)"
        case .feature(let index, let name, let message):
            "feature \(index)\(name.map { " (\"\($0)\")" } ?? ""): \(message)"
        }
    }
}
