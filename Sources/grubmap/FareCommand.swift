import Foundation
import GrubmapCore
import GrubmapImport
import GrubmapSQL
import GrubmapStore

/// `grubmap fare`: what a ride would cost with each ride type, as a table.
enum FareCommand {
    static let from = Option(
        "from", "LAT,LON", .described { try Coordinate(parsing: $0) }, help: "Where the ride starts, in degrees")
    static let to = Option(
        "to", "PLACE|LAT,LON", .described { try FareDestination(parsing: $0) },
        help: "A place id, like original-joes, or a point in degrees")
    static let area = Option(
        "area", "ID", .text,
        help: "The area whose fares apply to a point (default: the area containing it); for a place, its own area "
            + "is used")
    static let database = SharedOptions.existingDatabase
    static let demo = Option(flag: "demo", help: "Use the built-in demo areas instead of a database")
    static let language = Option(
        "language", "en|ko", .choice(), default: Language.english, help: "Names and prices in English or Korean")

    static let definition = CommandDefinition(
        words: ["fare"], summary: "Estimate a ride to a place or a point with each ride type",
        usage: """
            Usage: grubmap fare --from LAT,LON --to PLACE|LAT,LON [--area ID] [--database PATH|postgres://… | --demo]
                                [--language en|ko]

            Estimates a ride from a point to a place (by id) or to another point, with every ride type of the
            destination area's fare schedule: the road distance (along the roads where the area's basemap has a
            driving graph, else the geodesic times the area's detour factor), the duration at the ends of the
            area's speed band, and each ride type's price range.
            """,
        options: [from, to, area, database, demo, language])

    static func run(_ arguments: [String]) throws -> Int32 {
        guard let options = try definition.read(arguments) else { return 0 }
        try options.expectNoPositional()
        let origin = try options.required(from)
        let destination = try options.required(to)
        let language = options[Self.language]
        if options[demo] && options.has(database) {
            throw UsageError("grubmap fare: give --database or --demo, not both")
        }

        let (trip, graph) = try withStore(demo: options[demo], database: options[database]) { store in
            do {
                let catalog = try store.catalog()
                let trip = try FareTrip.resolve(
                    to: destination, areaID: options[area], areas: try catalog.allAreas(),
                    place: { try store.place(id: $0) })
                return (trip, try store.routingGraph(areaID: trip.area.id, mode: .drive))
            } catch let error as FareTripError {
                throw UsageError("grubmap fare: --\(error.parameter): \(error.description)")
            }
        }
        let estimate = FareEstimate(schedule: trip.schedule, from: origin, to: trip.destination, graph: graph)
        print(table(estimate, trip: trip, origin: origin, language: language))
        return 0
    }

    /// Runs `body` on the database at `database` (which must exist), or on a temporary copy of the demo data and its
    /// schematic streets.
    private static func withStore<T>(demo: Bool, database: String, _ body: (any Store) throws -> T) throws -> T {
        if demo {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("grubmap-fare-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = try SQLiteStore(path: folder.appendingPathComponent("demo.sqlite").path)
            try DemoData.load(into: store)
            try DemoBasemaps.load(into: store)  // the demo areas' streets, whose driving graphs price rides
            return try body(store)
        }
        guard isPostgresURL(database) || FileManager.default.fileExists(atPath: database) else {
            throw UsageError(
                "grubmap fare: there is no database at \(database); run grubmap serve --demo once, or pass --demo")
        }
        return try body(try openStore(database))
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
            "Distance  \(kilometers(Double(estimate.roadMeters))) "
                + (estimate.routedMeters == nil
                    ? "by road (the straight line × \(number(trip.schedule.detourFactor)))" : "along the roads")
                + ", \(kilometers(estimate.straightLineMeters)) in a straight line",
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
