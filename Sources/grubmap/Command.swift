import Foundation

/// Grubmap's subcommands.
enum Command {
    static let usage = """
        Grubmap: where to eat nearby, for the people at one place.

        Usage: grubmap <command> [options]

        Commands:
          serve      Start the web server
          migrate    Create or upgrade the database schema
          distance   Geodesic distances between points, for two points or lines on stdin
          fare       Estimate a ride to a place or a point with each ride type
          import     Import menus (import menu FEED.xml --place ID) or places (import places FILE --area ID)
          export     Write an area's places as GeoJSON (export places --area ID)

        Run grubmap <command> --help for a command's options.
        """

    /// Runs the command named first in `arguments` and returns the exit status.
    static func run(_ arguments: [String]) throws -> Int32 {
        guard let name = arguments.first else {
            print(usage)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch name {
        case "serve": return try ServeCommand.run(rest)
        case "migrate": return try MigrateCommand.run(rest)
        case "distance": return try DistanceCommand.run(rest)
        case "fare": return try FareCommand.run(rest)
        case "import": return try ImportCommand.run(rest)
        case "export":
            guard rest.first == "places" else {
                throw UsageError("grubmap export: say what to export: grubmap export places --area ID")
            }
            return try PlacesTransfer.exportPlaces(Array(rest.dropFirst()))
        case "--help", "-h", "help":
            print(usage)
            return 0
        default:
            throw UsageError("grubmap: unknown command \"\(name)\" (see grubmap --help)")
        }
    }
}

/// Where the database lives unless `--database` says otherwise.
let defaultDatabasePath = ".grubmap/grubmap.sqlite"

/// Refuses database URLs this build cannot open, with a clear line.
func checkDatabaseArgument(_ database: String, command: String) throws(UsageError) {
    if database.hasPrefix("postgres://") || database.hasPrefix("postgresql://") {
        throw UsageError("grubmap \(command): PostgreSQL databases are not supported by this version yet")
    }
    if database.isEmpty { throw UsageError("grubmap \(command): --database needs a path") }
}
