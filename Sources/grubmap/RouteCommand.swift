import Foundation
import GrubmapCore
import GrubmapStore

/// `grubmap route FROM TO --area ID`: the shortest walk between two points (or places) over the area's imported
/// streets, as `GET /api/v1/routes/walk` answers it.
enum RouteCommand {
    static let area = Option("area", "ID", .described { try Area.ID($0) }, help: "The area whose streets are walked")
    static let database = SharedOptions.existingDatabase

    static let definition = CommandDefinition(
        words: ["route"], summary: "The shortest walk between two points over an area's streets",
        usage: """
            Usage: grubmap route FROM TO --area ID [--database PATH|postgres://…]

            Prints the shortest walk from FROM to TO (each LAT,LON or a place id) over the area's routing graph,
            built by grubmap import basemap: its length in metres, minutes on foot at 4.8 km/h (steps at half
            that), how far each end was from the street it was snapped to, and the number of points on the way.
            """,
        options: [area, database])

    static func run(_ arguments: [String]) throws -> Int32 {
        let command = definition.name
        guard let options = try definition.read(arguments) else { return 0 }
        guard options.positional.count == 2 else {
            throw UsageError(
                "grubmap \(command): give FROM and TO, each LAT,LON or a place id (see grubmap route --help)")
        }
        guard let areaID = options[area] else { throw UsageError("grubmap \(command): give --area ID") }
        let database = try SharedOptions.existing(options[Self.database], command: command)
        let store = try openStore(database)
        guard try store.area(id: areaID) != nil else {
            throw UsageError("grubmap \(command): there is no area \"\(areaID)\" in \(databaseName(database))")
        }
        func point(_ text: String, _ name: String) throws -> Coordinate {
            if let coordinate = try? Coordinate(parsing: text) { return coordinate }
            guard let id = try? Place.ID(text), let place = try store.place(id: id) else {
                throw UsageError("grubmap \(command): \(name) \"\(text.prefix(64))\" is neither LAT,LON nor a place id")
            }
            guard place.areaID == areaID else {
                throw UsageError(
                    "grubmap \(command): the place \"\(id)\" is in the area \"\(place.areaID)\", not \"\(areaID)\"")
            }
            return place.coordinate
        }
        let from = try point(options.positional[0], "FROM")
        let to = try point(options.positional[1], "TO")
        guard let graph = try store.routingGraph(areaID: areaID, mode: .walk) else {
            throw UsageError(
                "grubmap \(command): the area \"\(areaID)\" has no streets to walk; import them with grubmap import basemap"
            )
        }
        do {
            let route = try graph.route(from: from, to: to)
            print(
                String(
                    format: "%.2f m, %d min on foot (%.0f s); snapped %.1f m from the start and %.1f m from the end; "
                        + "%d points", route.distanceMeters, Int((route.durationSeconds / 60).rounded(.up)),
                    route.durationSeconds, route.snapFromMeters, route.snapToMeters, route.coordinates.count))
            return 0
        } catch {
            FileHandle.standardError.write(Data("grubmap \(command): \(error.description)\n".utf8))
            return 1
        }
    }
}
