import Foundation

/// Places as a GeoJSON FeatureCollection (RFC 7946): one Point feature per place, for organisers' tools.
///
/// A feature's `id` is the place id; `properties` has `name` (and `name:en`, `name:ko`, … per language),
/// `kind`, `address`, `phone`, `website`, `description` (and `description:xx`), and `openingHours`
/// (`[{"days", "opens", "closes"}]`). Exporting then importing gives the same places.
public enum PlaceGeoJSON {
    /// The places as a FeatureCollection, in id order, with sorted keys so equal places give equal bytes.
    public static func encode(_ places: [Place], localLanguage: String) -> Data {
        let features: [[String: Any]] = places.sorted { $0.id < $1.id }.map { place in
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
            if !place.openingHours.isEmpty {
                properties["openingHours"] = place.openingHours.rules.map { rule in
                    [
                        "days": Weekday.format(rule.days), "opens": rule.opens.description,
                        "closes": rule.closes.description,
                    ]
                }
            }
            return [
                "type": "Feature", "id": place.id.rawValue, "properties": properties,
                "geometry": ["type": "Point", "coordinates": [place.coordinate.longitude, place.coordinate.latitude]],
            ]
        }
        let collection: [String: Any] = ["type": "FeatureCollection", "features": features]
        // Every value above is a string, number, array or dictionary: serialization cannot fail.
        return
            (try? JSONSerialization.data(withJSONObject: collection, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
    }

    /// Reads places for an area from a FeatureCollection. Throws ``PlaceGeoJSONError`` naming the first
    /// feature that breaks the format (by position and, when it has one, name), so nothing half-valid is kept.
    public static func decode(_ data: Data, area: Area.ID, localLanguage: String) throws(PlaceGeoJSONError) -> [Place] {
        guard let parsed = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            throw .document("the file is not JSON")
        }
        guard let root = parsed as? [String: Any], root["type"] as? String == "FeatureCollection" else {
            throw .document("the top level must be a FeatureCollection")
        }
        guard let features = root["features"] as? [Any] else { throw .document("\"features\" must be a list") }
        var places: [Place] = []
        var seen = Set<Place.ID>()
        for (index, item) in features.enumerated() {
            let place = try decodeFeature(item, index: index + 1, area: area, localLanguage: localLanguage)
            guard seen.insert(place.id).inserted else {
                throw .feature(
                    index + 1, place.name.text(in: .english), "the id \"\(place.id)\" is used by an earlier feature")
            }
            places.append(place)
        }
        return places
    }

    private static func decodeFeature(_ item: Any, index: Int, area: Area.ID, localLanguage: String)
        throws(PlaceGeoJSONError) -> Place
    {
        guard let feature = item as? [String: Any], feature["type"] as? String == "Feature" else {
            throw .feature(index, nil, "is not a Feature object")
        }
        let properties = feature["properties"] as? [String: Any] ?? [:]
        let label = (properties["name"] as? String).map { String($0.prefix(60)) }
        func fail(_ message: String) -> PlaceGeoJSONError { .feature(index, label, message) }

        guard let geometry = feature["geometry"] as? [String: Any], geometry["type"] as? String == "Point",
            let numbers = geometry["coordinates"] as? [Any], (2...3).contains(numbers.count),
            let longitude = number(numbers[0]), let latitude = number(numbers[1])
        else { throw fail("needs a Point geometry with [longitude, latitude]") }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw fail("coordinates: \(error.description)")
        }

        guard let idText = (feature["id"] as? String) ?? (properties["id"] as? String) else {
            throw fail("needs a string \"id\" (the place's stable id, like \"geumjeong-hall\")")
        }
        let id: Place.ID
        do {
            id = try Place.ID(idText)
        } catch {
            throw fail("id: \(error.description)")
        }

        let name = try localized(properties, key: "name", localLanguage: localLanguage, fail: fail)
        guard let name else { throw fail("needs a non-empty \"name\"") }
        let description = try localized(properties, key: "description", localLanguage: localLanguage, fail: fail)

        var kind = Place.Kind.restaurant
        if let value = properties["kind"] {
            guard let text = value as? String, let parsed = Place.Kind(rawValue: text) else {
                throw fail("kind must be one of \(Place.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            kind = parsed
        }
        func text(_ key: String, limit: Int) throws(PlaceGeoJSONError) -> String? {
            guard let value = properties[key], !(value is NSNull) else { return nil }
            guard let string = value as? String else { throw fail("\(key) must be text") }
            guard string.count <= limit else { throw fail("\(key) has more than \(limit) characters") }
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
        if let value = properties["openingHours"], !(value is NSNull) {
            // JSONSerialization traps (rather than throws) on anything but a list or an object: check first.
            do {
                guard value is [Any], JSONSerialization.isValidJSONObject(value) else {
                    throw PlaceGeoJSONError.document("")
                }
                let data = try JSONSerialization.data(withJSONObject: value)
                hours = try JSONDecoder().decode(OpeningHours.self, from: data)
            } catch {
                throw fail(
                    "openingHours must be a list of {\"days\": \"Mo-Fr\", \"opens\": \"11:00\", \"closes\": \"21:00\"}")
            }
        }
        return Place(
            id: id, areaID: area, name: name, kind: kind, coordinate: coordinate,
            address: try text("address", limit: 300),
            phone: try text("phone", limit: 40), website: website, description: description, openingHours: hours)
    }

    /// Text per language from `key:xx` properties; a plain `key` counts (as the area's local language) only
    /// when there are none, since exports write it beside them for tools that know no languages.
    private static func localized(
        _ properties: [String: Any], key: String, localLanguage: String, fail: (String) -> PlaceGeoJSONError
    ) throws(PlaceGeoJSONError) -> LocalizedText? {
        var values: [String: String] = [:]
        var plain: String?
        for (name, value) in properties where name == key || name.hasPrefix(key + ":") {
            guard let text = value as? String else { throw fail("\(name) must be text") }
            guard text.count <= (key == "name" ? 120 : 1000) else { throw fail("\(name) is too long") }
            if name == key { plain = text } else { values[String(name.dropFirst(key.count + 1))] = text }
        }
        if values.isEmpty, let plain { values[localLanguage] = plain }
        return try? LocalizedText(values)
    }

    /// A JSON number as a `Double`; `nil` for anything else, booleans included (JSONSerialization gives those
    /// as numbers too, told apart by their type encoding).
    private static func number(_ value: Any) -> Double? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        return number.doubleValue
    }
}

/// Why a GeoJSON document of places was refused.
public enum PlaceGeoJSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document as a whole is wrong.
    case document(String)
    /// Feature number (from 1), its name when it has one, and what is wrong.
    case feature(Int, String?, String)

    public var description: String {
        switch self {
        case .document(let message): message
        case .feature(let index, let name, let message):
            "feature \(index)\(name.map { " (\"\($0)\")" } ?? ""): \(message)"
        }
    }
}
