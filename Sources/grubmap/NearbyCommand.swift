import Foundation
import GrubmapCore
import GrubmapStore

/// `grubmap nearby LAT,LON [--area ID] [--limit N] [--radius M]`: the nearest places to a point, through the same
/// store query as the API's `near` (exact ellipsoidal distances, ties by id).
enum NearbyCommand {
    static let help = """
        Usage: grubmap nearby LAT,LON [--area ID] [--limit N] [--radius M] [--database PATH|postgres://…]

        Lists the places nearest a point, nearest first, with their distance in metres on the WGS-84 ellipsoid:
        of one area, or of every area when --area is not given.

        Options:
          --area ID         Only this area's places
          --limit N         How many places, from 1 to 500 (default 10)
          --radius M        Only places at most M metres away
          --database PATH   SQLite database file (default \(defaultDatabasePath)); must exist; or a
                            postgres://… URL
          --help            Show this help
        """

    static let definition = CommandDefinition(
        words: ["nearby"], summary: "The places nearest a point, nearest first", help: help,
        valued: ["area", "limit", "radius", "database"], flags: ["help"], paths: ["database"])

    static func run(_ arguments: [String]) throws -> Int32 {
        let command = definition.name
        let options = try Arguments(arguments, definition)
        if options.has("help") {
            print(help)
            return 0
        }
        guard options.positional.count == 1 else {
            throw UsageError("grubmap \(command): give one point, LAT,LON (see grubmap \(command) --help)")
        }
        let origin: Coordinate
        do {
            origin = try Coordinate(parsing: options.positional[0])
        } catch {
            throw UsageError("grubmap \(command): \(error.description)")
        }
        var limit = 10
        if let text = options["limit"] {
            guard let value = Int(text), (1...500).contains(value) else {
                throw UsageError("grubmap \(command): --limit must be a whole number from 1 to 500, got \"\(text)\"")
            }
            limit = value
        }
        var radius: Double?
        if let text = options["radius"] {
            guard let value = Double(text), value.isFinite, value > 0 else {
                throw UsageError("grubmap \(command): --radius must be a number of metres above 0, got \"\(text)\"")
            }
            radius = value
        }
        var areaID: Area.ID?
        if let text = options["area"] {
            guard let id = try? Area.ID(text) else {
                throw UsageError("grubmap \(command): --area: \"\(text)\" is not an id")
            }
            areaID = id
        }
        let database = options["database"] ?? defaultDatabasePath
        try checkDatabaseArgument(database, command: command)
        guard isPostgresURL(database) || FileManager.default.fileExists(atPath: database) else {
            throw UsageError("grubmap \(command): there is no database at \(database); run grubmap serve --demo once")
        }
        let store = try openStore(database)
        if let areaID, try store.area(id: areaID) == nil {
            throw UsageError("grubmap \(command): there is no area \"\(areaID)\" in \(databaseName(database))")
        }
        let results = try store.places(
            matching: PlaceQuery(areaID: areaID, order: .distance(from: origin), radiusMeters: radius, limit: limit))
        if results.places.isEmpty {
            print(radius == nil ? "no places" : "no places within \(format(radius!)) m")
            return 0
        }
        let width = results.places.map { format($0.distanceMeters ?? 0).count }.max() ?? 0
        for listed in results.places {
            let distance = format(listed.distanceMeters ?? 0)
            let padding = String(repeating: " ", count: width - distance.count)
            let name = listed.place.name.text(in: .english)
            print(
                "\(padding)\(distance) m  \(listed.place.id)  \(name)"
                    + (areaID == nil ? "  (\(listed.place.areaID))" : ""))
        }
        return 0
    }

    /// Metres to the millimetre, as `grubmap distance` prints them.
    private static func format(_ meters: Double) -> String {
        String(format: "%.3f", meters)
    }
}
