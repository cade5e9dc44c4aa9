import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapStore

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
          nearby     The places nearest a point (nearby LAT,LON [--area ID] [--limit N] [--radius M])
          route      The shortest walk between two points over an area's streets (route FROM TO --area ID)
          import     Import menus (import menu FEED.xml --place ID) or places (import places FILE --area ID)
          export     Write an area's places as GeoJSON (export places --area ID)
          completion Print a shell completion script (completion bash|zsh|fish)
          man        Print the man page (man -l <(grubmap man))
          operator   Manage the console's operators (operator add --email ADDRESS --area ID; list, remove, reset)
          feed       Places' OpenMensa feeds, fetched by serve (feed set --place ID URL; list; remove|fetch --place ID)
          api-key    An area's admin API keys (api-key add --area ID --scope read|write; list; revoke KEY-ID)

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
        case "nearby": return try NearbyCommand.run(rest)
        case "route": return try RouteCommand.run(rest)
        case "import": return try ImportCommand.run(rest)
        case "completion": return try CompletionCommand.run(rest)
        case "man": return try CompletionCommand.runMan(rest)
        case "operator": return try OperatorCommand.run(rest)
        case "feed": return try FeedCommand.run(rest)
        case "api-key": return try APIKeyCommand.run(rest)
        case "export":
            guard rest.first == "places" else {
                throw UsageError("grubmap export: say what to export: grubmap export places --area ID")
            }
            return try PlacesCommand.exportPlaces(Array(rest.dropFirst()))
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

/// Whether `--database` names a PostgreSQL database (`postgres://…` or `postgresql://…`) rather than a SQLite file.
func isPostgresURL(_ database: String) -> Bool {
    PostgresConfiguration.isPostgresURL(database)
}

/// The database for messages: a SQLite path as given, a PostgreSQL URL without its password.
func databaseName(_ database: String) -> String {
    isPostgresURL(database) ? PostgresConfiguration(url: database).redactedURL : database
}

/// Opens (creating and migrating) the store `--database` names: a SQLite file, or a PostgreSQL database by URL.
///
/// - Parameters:
///   - timeoutMilliseconds: PostgreSQL only: the longest a connection, a statement or a wait for a pooled
///     connection may take.
///   - connections: the most connections the store's pool opens.
func openStore(_ database: String, timeoutMilliseconds: Int = 5000, connections: Int = 8) throws -> any Store {
    if isPostgresURL(database) {
        return try PostgresStore(
            configuration: PostgresConfiguration(
                url: database, timeoutSeconds: Double(timeoutMilliseconds) / 1000, maximumConnections: connections))
    }
    return try SQLiteStore(path: database, maximumConnections: connections)
}

/// Options several commands take alike.
enum SharedOptions {
    /// `--database PATH`: a SQLite file or a PostgreSQL database by URL, ``defaultDatabasePath`` unless given.
    static func database(_ help: String = "SQLite database file, or a postgres://… URL") -> Option<String> {
        Option("database", "PATH", .database, default: defaultDatabasePath, help: help)
    }

    /// `--database PATH` of a command that reads data already there.
    static let existingDatabase = database("SQLite database file, which must exist; or a postgres://… URL")

    /// `--area ID`, when it names an area by its id.
    static let area = Option("area", "ID", .described { try Area.ID($0) }, help: "The area, like pnu-busan")

    /// `--place ID`.
    static let place = Option(
        "place", "ID", .described { try Place.ID($0) },
        help: "The place, like pnu-busan-geumjeong-hall")

    /// The database named, refusing a SQLite file that does not exist: the commands that read data say to make it.
    static func existing(_ database: String, command: String) throws(UsageError) -> String {
        guard isPostgresURL(database) || FileManager.default.fileExists(atPath: database) else {
            throw UsageError("grubmap \(command): there is no database at \(database); run grubmap serve --demo once")
        }
        return database
    }
}
