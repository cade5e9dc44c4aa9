import Foundation
import GrubmapCore
import GrubmapImport
import GrubmapSQL
import GrubmapStore

/// `grubmap fare`: what a ride would cost with each ride type, as a table.
enum FareCommand {
    static let help = """
        Usage: grubmap fare --from LAT,LON --to PLACE|LAT,LON [--area ID] [--database PATH|postgres://… | --demo]
                            [--language en|ko]

        Estimates a ride from a point to a place (by id) or to another point, with every ride type of the
        destination area's fare schedule: the road distance (the geodesic times the area's detour factor),
        the duration at the ends of the area's speed band, and each ride type's price range.

        Options:
          --from LAT,LON        Where the ride starts, in degrees
          --to PLACE|LAT,LON    A place id, like original-joes, or a point in degrees
          --area ID             The area whose fares apply to a point (default: the area containing it);
                                for a place, its own area is used
          --database PATH       SQLite database file (default \(defaultDatabasePath)); must exist; or a
                                postgres://… URL
          --demo                Use the built-in demo areas instead of a database
          --language en|ko      Names and prices in English (default) or Korean
          --help                Show this help
        """

    static let definition = CommandDefinition(
        words: ["fare"], summary: "Estimate a ride to a place or a point with each ride type", help: help,
        valued: ["from", "to", "area", "database", "language"], flags: ["demo", "help"],
        choices: ["language": ["en", "ko"]], paths: ["database"])

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(arguments, definition)
        if options.has("help") {
            print(help)
            return 0
        }
        guard options.positional.isEmpty else {
            throw UsageError("grubmap fare: unexpected argument \"\(options.positional[0])\" (see grubmap fare --help)")
        }
        guard let fromText = options["from"] else { throw UsageError("grubmap fare: --from LAT,LON is required") }
        guard let toText = options["to"] else { throw UsageError("grubmap fare: --to PLACE|LAT,LON is required") }
        let origin: Coordinate
        do {
            origin = try Coordinate(parsing: fromText)
        } catch {
            throw UsageError("grubmap fare: --from: \(error.description)")
        }
        let destination: FareDestination
        do {
            destination = try FareDestination(parsing: toText)
        } catch {
            throw UsageError("grubmap fare: --to: \(error.description)")
        }
        var language = Language.english
        if let text = options["language"] {
            guard let chosen = Language(rawValue: text) else {
                throw UsageError("grubmap fare: --language must be en or ko, got \"\(text)\"")
            }
            language = chosen
        }
        if options.has("demo") && options["database"] != nil {
            throw UsageError("grubmap fare: give --database or --demo, not both")
        }

        let trip = try withStore(demo: options.has("demo"), database: options["database"]) { store in
            do {
                let catalog = try store.catalog()
                return try FareTrip.resolve(
                    to: destination, areaID: options["area"], areas: try catalog.allAreas(),
                    place: { try store.place(id: $0) })
            } catch let error as FareTripError {
                throw UsageError("grubmap fare: --\(error.parameter): \(error.description)")
            }
        }
        let estimate = FareEstimate(schedule: trip.schedule, from: origin, to: trip.destination)
        print(table(estimate, trip: trip, origin: origin, language: language))
        return 0
    }

    /// Runs `body` on the database at `database` (which must exist), or on a temporary copy of the demo data.
    private static func withStore<T>(demo: Bool, database: String?, _ body: (any Store) throws -> T) throws -> T {
        if demo {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("grubmap-fare-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = try SQLiteStore(path: folder.appendingPathComponent("demo.sqlite").path)
            try DemoData.load(into: store)
            return try body(store)
        }
        let path = database ?? defaultDatabasePath
        try checkDatabaseArgument(path, command: "fare")
        guard isPostgresURL(path) || FileManager.default.fileExists(atPath: path) else {
            throw UsageError(
                "grubmap fare: there is no database at \(path); run grubmap serve --demo once, or pass --demo")
        }
        return try body(try openStore(path))
    }

    /// The estimate for people: where, how far, how long, then one row per ride type.
    static func table(_ estimate: FareEstimate, trip: FareTrip, origin: Coordinate, language: Language) -> String {
        let destination = trip.place.map { "\($0.name.text(in: language)) (\($0.id))" } ?? trip.destination.description
        let minutes = { (seconds: Int) in max(1, (seconds + 59) / 60) }
        let fastest = minutes(estimate.durationSeconds.lowerBound)
        let slowest = minutes(estimate.durationSeconds.upperBound)
        let speeds = trip.schedule.speedBand
        var lines = [
            "From      \(origin)",
            "To        \(destination)",
            "Area      \(trip.area.name.text(in: language)) (\(trip.area.id))",
            "Distance  \(kilometers(Double(estimate.roadMeters))) by road, \(kilometers(estimate.straightLineMeters)) "
                + "in a straight line",
            "Duration  \(fastest == slowest ? "\(fastest)" : "\(fastest)–\(slowest)") min at "
                + "\(number(speeds.high)) to \(number(speeds.low)) km/h",
            "Currency  \(estimate.currency.code)" + (trip.schedule.surge == 1 ? "" : ", surge ×\(trip.schedule.surge)"),
            "",
        ]
        let rows = estimate.fares.map { fare in
            [
                fare.rideType.name.text(in: language), "\(fare.rideType.capacity)",
                estimate.currency.formatRange(low: fare.low, high: fare.high, language: language),
            ]
        }
        let header = ["Ride type", "Seats", "Price"]
        let nameWidth = ([header] + rows).map { displayWidth($0[0]) }.max()!
        let seatsWidth = ([header] + rows).map { displayWidth($0[1]) }.max()!
        for row in [header] + rows {
            lines.append(
                pad(row[0], to: nameWidth) + "  " + String(repeating: " ", count: seatsWidth - displayWidth(row[1]))
                    + row[1] + "  " + row[2])
        }
        lines.append("")
        lines.append("Estimates only: the meter or the app decides the final price.")
        return lines.joined(separator: "\n")
    }

    private static func kilometers(_ meters: Double) -> String {
        String(format: "%.2f km", meters / 1000)
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - displayWidth(text)))
    }

    /// Columns `text` takes in a terminal: Hangul, CJK and full-width forms take two.
    static func displayWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                0xFF00...0xFF60, 0xFFE0...0xFFE6:
                width + 2
            default:
                width + 1
            }
        }
    }
}
