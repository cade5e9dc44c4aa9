import Foundation
import GrubmapCore
import GrubmapStore

/// `grubmap nearby LAT,LON [--area ID] [--limit N] [--radius M]`: the nearest places to a point, through the same
/// store query as the API's `near` (exact ellipsoidal distances, ties by id).
enum NearbyCommand {
    static let area = Option("area", "ID", .described { try Area.ID($0) }, help: "Only this area's places")
    static let limit = Option("limit", "N", .number(in: 1...500), default: 10, help: "How many places")
    static let radius = Option(
        "radius", "M",
        ValueParser { text throws(OptionProblem) in
            guard let meters = Double(text), meters.isFinite, meters > 0 else {
                throw .mustBe("a number of metres above 0", got: text)
            }
            return meters
        }, help: "Only places at most M metres away")
    static let database = SharedOptions.existingDatabase

    static let definition = CommandDefinition(
        words: ["nearby"], summary: "The places nearest a point, nearest first",
        usage: """
            Usage: grubmap nearby LAT,LON [--area ID] [--limit N] [--radius M] [--database PATH|postgres://…]

            Lists the places nearest a point, nearest first, with their distance in metres on the WGS-84 ellipsoid:
            of one area, or of every area when --area is not given.
            """,
        options: [area, limit, radius, database])

    static func run(_ arguments: [String]) throws -> Int32 {
        let command = definition.name
        guard let options = try definition.read(arguments) else { return 0 }
        let point = try options.single("point, LAT,LON")
        let origin: Coordinate
        do {
            origin = try Coordinate(parsing: point)
        } catch {
            throw UsageError("grubmap \(command): \(error.description)")
        }
        let (limit, radius, areaID) = (options[limit], options[radius], options[area])
        let database = try SharedOptions.existing(options[Self.database], command: command)
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
