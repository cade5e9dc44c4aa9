import Foundation
import GrubmapCore
import GrubmapImport

/// `grubmap import KIND …`: reads data into the database. Each kind of data is one case of ``run(_:)``.
enum ImportCommand {
    static let help = """
        Usage: grubmap import <kind> FILE [options]

        Kinds:
          basemap  An area's map from an OpenStreetMap extract (grubmap import basemap FILE.osm --area ID)
          menu     A place's menus from an OpenMensa feed v2 (grubmap import menu FEED.xml --place ID)
          places   An area's places from GeoJSON (grubmap import places FILE.geojson --area ID)

        Run grubmap import <kind> --help for a kind's options.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        guard let kind = arguments.first else {
            throw UsageError("grubmap import: say what to import (see grubmap import --help)")
        }
        let rest = Array(arguments.dropFirst())
        switch kind {
        case "basemap": return try BasemapCommand.importBasemap(rest)
        case "menu": return try importMenu(rest)
        case "places": return try PlacesCommand.importPlaces(rest)
        case "--help", "-h", "help":
            print(help)
            return 0
        default:
            throw UsageError("grubmap import: unknown kind \"\(kind)\" (see grubmap import --help)")
        }
    }

    static let menuDefinition = CommandDefinition(
        words: ["import", "menu"], summary: "Import a place's menus from an OpenMensa feed",
        usage: """
            Usage: grubmap import menu FEED.xml --place ID [--database PATH|postgres://…]

            Imports a place's menus from an OpenMensa feed (version 2.0 or 2.1; https://doc.openmensa.org/feed/v2/):
            each <day> is closed or has categories of meals with notes and prices per role (student, employee,
            pupil, other), in the place's area's currency. Days before today (in the area's time zone) are skipped;
            each other day replaces that day's stored menu, so importing the same feed twice changes nothing more.

            A feed that breaks the spec imports nothing: the first problem is printed with its line, exit status 2.
            """,
        options: [SharedOptions.place, SharedOptions.existingDatabase], arguments: .files)

    static func importMenu(_ arguments: [String]) throws -> Int32 {
        let command = "import menu"
        guard let options = try menuDefinition.read(arguments) else { return 0 }
        let path = try options.single("feed file")
        let placeID = try options.required(SharedOptions.place)
        let database = try SharedOptions.existing(options[SharedOptions.existingDatabase], command: command)
        let data = try readFeed(path, command: command)
        let store = try openStore(database)
        let summary: OpenMensaImporter.Summary
        do {
            summary = try OpenMensaImporter.importFeed(data, placeID: placeID, into: store, now: Date())
        } catch let error as OpenMensaImportError {
            switch error {
            case .unknownPlace: throw UsageError("grubmap \(command): --place: \(error.description)")
            case .invalidFeed:
                throw UsageError("grubmap \(command): \(path): \(error.description); nothing was imported")
            }
        }
        var line = "imported \(summary.importedDays) days (\(summary.closedDays) closed, \(summary.meals) meals)"
        if let dates = summary.dates { line += " from \(dates.lowerBound) to \(dates.upperBound)" }
        line += " for \(summary.place) from OpenMensa feed \(summary.version)"
        if summary.skippedPastDays > 0 { line += "; skipped \(summary.skippedPastDays) past days" }
        print(line)
        return 0
    }

    /// The file's bytes, refusing a missing file, a folder, or one larger than a feed may be.
    private static func readFeed(_ path: String, command: String) throws(UsageError) -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw UsageError("grubmap \(command): there is no file \(path)")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= OpenMensaFeed.maximumBytes else {
            throw UsageError(
                "grubmap \(command): \(path) is \(size) bytes; a feed may have at most \(OpenMensaFeed.maximumBytes)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("grubmap \(command): cannot read \(path)")
        }
        return data
    }
}
