import Foundation
import GrubmapAPI
import GrubmapCore

/// The place form's fields as typed, checked into a ``Place`` or into problems by field; nothing is saved while
/// there are any.
struct PlaceForm: Decodable, Sendable {
    var id: String?
    var nameEn: String?
    var nameKo: String?
    var kind: String?
    var latitude: String?
    var longitude: String?
    var address: String?
    var phone: String?
    var website: String?
    /// How many people the place seats: a whole number from 1 to 100000, or empty when not known.
    var seats: String?
    var descriptionEn: String?
    var descriptionKo: String?
    /// One field per weekday, `hoursMo` … `hoursSu`: `11:00-14:00, 17:00-20:00`, empty when closed.
    var hours: [Weekday: String] = [:]

    static let textLimit = 200
    static let descriptionLimit = 1000

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        func field(_ name: String) throws -> String? {
            try container.decodeIfPresent(String.self, forKey: AnyCodingKey(stringValue: name))
        }
        id = try field("id")
        nameEn = try field("nameEn")
        nameKo = try field("nameKo")
        kind = try field("kind")
        latitude = try field("latitude")
        longitude = try field("longitude")
        address = try field("address")
        phone = try field("phone")
        website = try field("website")
        seats = try field("seats")
        descriptionEn = try field("descriptionEn")
        descriptionKo = try field("descriptionKo")
        for day in Weekday.allCases {
            hours[day] = try field("hours" + day.code)
        }
    }

    /// The form showing a stored place.
    init(_ place: Place) {
        id = place.id.rawValue
        nameEn = place.name.values["en"]
        nameKo = place.name.values["ko"]
        kind = place.kind.rawValue
        latitude = String(place.coordinate.latitude)
        longitude = String(place.coordinate.longitude)
        address = place.address
        phone = place.phone
        website = place.website
        seats = place.seats.map(String.init)
        descriptionEn = place.description?.values["en"]
        descriptionKo = place.description?.values["ko"]
        for day in Weekday.allCases {
            let shifts = place.openingHours.rules.filter { $0.days.contains(day) }.map { "\($0.opens)-\($0.closes)" }
            hours[day] = shifts.joined(separator: ", ")
        }
    }

    /// The place the fields describe in `area` (with `fixedID` when editing), or the problems by field name. A
    /// missing position is a problem: no place is put anywhere by default.
    func place(in area: Area.ID, fixedID: Place.ID?, words: ConsoleFormStrings = .english) -> Result<Place, Problems> {
        let say = ConsoleProblemStrings.forLanguage(words.language)
        var problems: [String: String] = [:]
        var placeID = fixedID
        if placeID == nil {
            do throws(SlugError) {
                placeID = try Place.ID(clean(id) ?? "")
            } catch {
                problems["id"] = error == .empty ? words.placeIDMissing : say.id(error)
            }
        }
        var names: [String: String] = [:]
        for (code, value, field) in [("en", nameEn, "nameEn"), ("ko", nameKo, "nameKo")] {
            guard let text = clean(value) else { continue }
            if text.count > Self.textLimit { problems[field] = say.textTooLong(Self.textLimit) }
            names[code] = text
        }
        if names.isEmpty { problems["nameEn"] = say.nameMissing }
        let placeKind = Place.Kind(rawValue: kind ?? "")
        if placeKind == nil { problems["kind"] = say.kindMissing }
        var coordinate: Coordinate?
        if clean(latitude) == nil && clean(longitude) == nil {
            problems["latitude"] = words.positionMissing
        } else if let latitudeText = clean(latitude), let longitudeText = clean(longitude),
            let lat = Double(latitudeText), let lon = Double(longitudeText)
        {
            do throws(CoordinateError) {
                coordinate = try Coordinate(latitude: lat, longitude: lon)
            } catch {
                problems["latitude"] = say.position(error)
            }
        } else {
            problems["latitude"] = say.positionNotNumbers
        }
        for (value, field) in [(address, "address"), (phone, "phone")] where (clean(value)?.count ?? 0) > Self.textLimit
        {
            problems[field] = say.textTooLong(Self.textLimit)
        }
        if let site = clean(website), WebAddress(site) == nil || site.count > 2000 {
            problems["website"] = say.websiteProblem
        }
        var seatCount: Int?
        if let text = clean(seats) {
            if let number = Int(text), Place.seatRange.contains(number) {
                seatCount = number
            } else {
                problems["seats"] = say.seatsProblem
            }
        }
        var descriptions: [String: String] = [:]
        for (code, value, field) in [("en", descriptionEn, "descriptionEn"), ("ko", descriptionKo, "descriptionKo")] {
            guard let text = clean(value) else { continue }
            if text.count > Self.descriptionLimit { problems[field] = say.textTooLong(Self.descriptionLimit) }
            descriptions[code] = text
        }
        var rules: [OpeningHours.Rule] = []
        for day in Weekday.allCases {
            do throws(OpeningHoursError) {
                rules += try Self.shifts(hours[day] ?? "", on: day)
            } catch {
                problems["hours" + day.code] = say.hours(error)
            }
        }
        guard problems.isEmpty, let placeID, let placeKind, let coordinate, let name = try? LocalizedText(names) else {
            return .failure(Problems(byField: problems))
        }
        return .success(
            Place(
                id: placeID, areaID: area, name: name, kind: placeKind, coordinate: coordinate, address: clean(address),
                phone: clean(phone), website: clean(website),
                description: descriptions.isEmpty ? nil : try? LocalizedText(descriptions),
                openingHours: OpeningHours(rules: Self.merged(rules)), seats: seatCount))
    }

    /// A day's `HH:MM-HH:MM` shifts, separated by commas.
    static func shifts(_ text: String, on day: Weekday) throws(OpeningHoursError) -> [OpeningHours.Rule] {
        var rules: [OpeningHours.Rule] = []
        for part in text.split(separator: ",") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let ends = trimmed.split(separator: "-").map { $0.trimmingCharacters(in: .whitespaces) }
            guard ends.count == 2 else { throw .badTime(trimmed) }
            rules.append(
                try OpeningHours.Rule(
                    days: [day], opens: try TimeOfDay(parsing: ends[0]), closes: try TimeOfDay(parsing: ends[1])))
        }
        return rules
    }

    /// Days with the same shift merged into one rule (`Mo-Fr 11:00-14:00`), in the order of their first day.
    static func merged(_ rules: [OpeningHours.Rule]) -> [OpeningHours.Rule] {
        var merged: [OpeningHours.Rule] = []
        for rule in rules {
            if let index = merged.firstIndex(where: { $0.opens == rule.opens && $0.closes == rule.closes }) {
                merged[index].days += rule.days
            } else {
                merged.append(rule)
            }
        }
        return merged
    }

    /// The position the fields hold, when both are numbers of a coordinate.
    var coordinate: Coordinate? {
        guard let latitude = clean(latitude).flatMap(Double.init), let longitude = clean(longitude).flatMap(Double.init)
        else { return nil }
        return try? Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The id to make the place with: the one typed, or else one made from its name (English first), the first of
    /// `name`, `name-2`, … that `isTaken` says is free; `nil` when neither gives one.
    func placeID(isTaken: (Place.ID) throws -> Bool) rethrows -> Place.ID? {
        if let typed = clean(id) { return try? Place.ID(typed) }
        guard let name = clean(nameEn) ?? clean(nameKo), let made = Place.ID(name: name) else { return nil }
        return try made.firstFree(isTaken: isTaken)
    }

    private func clean(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// Problems by field name.
    struct Problems: Error {
        let byField: [String: String]
    }
}
