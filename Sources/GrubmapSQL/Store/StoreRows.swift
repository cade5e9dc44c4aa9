import Foundation
import GrubmapCore
import GrubmapStore

/// The SQL of areas, places, profiles and check-ins, and reading their rows back, with errors that name the row.
/// Shared by every ``SQLStore``.
enum StoreRows {
    static let areaColumns: SQL = """
        id, name, short_name, center_latitude, center_longitude, south, west, north, east, time_zone, currency,
        locale, fare_schedule
        """

    /// The columns of a place, in the order ``place(from:)`` expects them first.
    private static let placeColumnNames = [
        "id", "area_id", "name", "kind", "latitude", "longitude", "address", "phone", "website", "description",
        "opening_hours", "seats",
    ]

    static let placeColumns = SQL(stringLiteral: placeColumnNames.joined(separator: ", "))

    /// ``placeColumns`` of the table known as `p` in a join: `p.id, p.area_id, …` (the spatial queries' join,
    /// made once rather than for every query).
    static let placeColumnsOfP = placeColumns(of: "p")

    /// ``placeColumns`` of the table known as `table` in a join: `t.id, t.area_id, …`.
    static func placeColumns(of table: String) -> SQL {
        SQL(stringLiteral: placeColumnNames.map { "\(table).\($0)" }.joined(separator: ", "))
    }

    /// Inserts the area, or updates every column of the one with its id.
    static func upsert(_ area: Area) throws -> SQL {
        let (southWest, northEast) = (area.bounds.southWest, area.bounds.northEast)
        let (name, shortName, fares) = (area.name.jsonText, area.shortName?.jsonText, try area.fareSchedule.map(json))
        return """
            INSERT INTO areas (id, name, short_name, center_latitude, center_longitude, south, west, north, east,
                time_zone, currency, locale, fare_schedule)
            VALUES (\(area.id), \(name), \(shortName), \(area.center.latitude), \(area.center.longitude),
                \(southWest.latitude), \(southWest.longitude), \(northEast.latitude), \(northEast.longitude),
                \(area.timeZone), \(area.currency), \(area.locale), \(fares))
            ON CONFLICT (id) DO UPDATE SET
                name = excluded.name, short_name = excluded.short_name, center_latitude = excluded.center_latitude,
                center_longitude = excluded.center_longitude, south = excluded.south, west = excluded.west,
                north = excluded.north, east = excluded.east, time_zone = excluded.time_zone,
                currency = excluded.currency, locale = excluded.locale, fare_schedule = excluded.fare_schedule
            """
    }

    /// Inserts the place, or updates every column of the one with its id.
    static func upsert(_ place: Place) -> SQL {
        "INSERT INTO places (\(sql: placeColumns)) VALUES \(sql: values(of: place)) \(sql: placeUpsertClause)"
    }

    /// The place's values in the order of ``placeColumns``, parenthesised: a row of a `VALUES` list.
    static func values(of place: Place) -> SQL {
        let row: SQL = """
            \(place.id), \(place.areaID), \(place.name.jsonText), \(place.kind.rawValue), \(place.coordinate.latitude),
            \(place.coordinate.longitude), \(place.address), \(place.phone), \(place.website),
            \(place.description?.jsonText), \(place.openingHours.jsonText), \(place.seats)
            """
        return "(\(sql: row))"
    }

    /// The place's values in the order of ``placeColumns``: a row of `places`, and after its position a row of the
    /// import's staging table.
    static func placeValues(of place: Place) -> [DatabaseValue] {
        [
            place.id.databaseValue, place.areaID.databaseValue, .text(place.name.jsonText), .text(place.kind.rawValue),
            .real(place.coordinate.latitude), .real(place.coordinate.longitude), place.address.databaseValue,
            place.phone.databaseValue, place.website.databaseValue,
            place.description.map { .text($0.jsonText) } ?? .null, .text(place.openingHours.jsonText),
            place.seats.databaseValue,
        ]
    }

    /// What an insert into `places` does when the id exists: update every column in place (never a delete and
    /// insert, which would cascade to the place's menus and check-ins).
    static let placeUpsertClause: SQL = """
        ON CONFLICT (id) DO UPDATE SET
            area_id = excluded.area_id, name = excluded.name, kind = excluded.kind, latitude = excluded.latitude,
            longitude = excluded.longitude, address = excluded.address, phone = excluded.phone,
            website = excluded.website, description = excluded.description, opening_hours = excluded.opening_hours,
            seats = excluded.seats
        """

    static func area(from row: Row) throws -> Area {
        let reader = RowReader(row: row, table: "areas")
        return Area(
            id: try reader.read("id") { try Area.ID(row.value(named: "id", as: String.self)) },
            name: try reader.json("name"),
            center: try reader.read("center_latitude, center_longitude") {
                try Coordinate(
                    latitude: row.value(named: "center_latitude"), longitude: row.value(named: "center_longitude"))
            },
            bounds: try reader.read("south, west, north, east") {
                try Bounds(
                    southWest: Coordinate(latitude: row.value(named: "south"), longitude: row.value(named: "west")),
                    northEast: Coordinate(latitude: row.value(named: "north"), longitude: row.value(named: "east")))
            },
            timeZone: try reader.read("time_zone") { try row.value(named: "time_zone") },
            currency: try reader.read("currency") { try row.value(named: "currency") },
            locale: try reader.read("locale") { try row.value(named: "locale") },
            shortName: try reader.json("short_name", as: LocalizedText?.self),
            fareSchedule: try reader.json("fare_schedule", as: FareSchedule?.self))
    }

    /// Reads a row with the columns of ``placeColumns``, found by name (at their place in that list first).
    static func place(from row: Row) throws -> Place {
        let reader = RowReader(row: row, table: "places")
        func value<T: DatabaseValueConvertible>(_ name: String, _ position: Int) throws -> T {
            try row.value(named: name, expectedAt: position)
        }
        return Place(
            id: try reader.read("id") { try Place.ID(value("id", 0) as String) },
            areaID: try reader.read("area_id") { try Area.ID(value("area_id", 1) as String) },
            name: try reader.json("name", at: 2) { $0.flatMap(LocalizedText.init(jsonText:)) },
            kind: try reader.read("kind") {
                let text: String = try value("kind", 3)
                guard let kind = Place.Kind(rawValue: text) else { throw UnknownKind(text: text) }
                return kind
            },
            coordinate: try reader.read("latitude, longitude") {
                try Coordinate(latitude: value("latitude", 4), longitude: value("longitude", 5))
            },
            address: try reader.read("address") { try value("address", 6) },
            phone: try reader.read("phone") { try value("phone", 7) },
            website: try reader.read("website") { try value("website", 8) },
            description: try reader.json("description", at: 9, as: LocalizedText?.self) { text in
                // NULL is no description; text that the fast reader gives up on goes to `JSONDecoder`.
                guard let text else { return .some(nil) }
                return LocalizedText(jsonText: text).map(Optional.some)
            },
            openingHours: try reader.json("opening_hours", at: 10) { $0.flatMap(OpeningHours.init(jsonText:)) },
            seats: try reader.read("seats") { try value("seats", 11) })
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

private struct UnknownKind: Error, CustomStringConvertible {
    let text: String
    var description: String {
        "\"\(text)\" is not one of \(Place.Kind.allCases.map(\.rawValue).joined(separator: ", "))"
    }
}

/// Reads columns of one row, wrapping any failure in ``StoreError/unreadableRow(table:id:column:reason:)``.
private struct RowReader {
    let row: Row
    let table: String

    /// The row's id as stored, for the error message even when it is not a valid id.
    var id: String {
        switch try? row.databaseValue(named: "id") {
        case .text(let text): text
        case let value?: value.description
        case nil: "?"
        }
    }

    /// Runs `body`, naming `columns` and the row in any error it throws.
    func read<T>(_ columns: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DecodingError {
            let reason = "invalid JSON: \(error.readableDescription())"
            throw StoreError.unreadableRow(table: table, id: id, column: columns, reason: reason)
        } catch BoundsError.cornersOutOfOrder {
            let reason = "the south-west corner is not south-west of the north-east corner"
            throw StoreError.unreadableRow(table: table, id: id, column: columns, reason: reason)
        } catch {
            throw StoreError.unreadableRow(table: table, id: id, column: columns, reason: "\(error)")
        }
    }

    /// Decodes a JSON text column (looked for at `position` first); `NULL` decodes as `nil` when `T` is optional.
    /// `fast` reads the text (`nil` for
    /// `NULL`) first when given: a place's name and hours, read for every place a page shows, where `JSONDecoder`
    /// would cost most of the page. What it gives up on, `JSONDecoder` reads or refuses, saying why.
    func json<T: Decodable>(
        _ column: String, at position: Int? = nil, as type: T.Type = T.self, fast: (String?) -> T? = { _ in nil }
    ) throws -> T {
        try read(column) {
            let text: String? = try row.value(named: column, expectedAt: position)
            if let value = fast(text) { return value }
            return try JSONDecoder().decode(T.self, from: Data((text ?? "null").utf8))
        }
    }
}
