import Foundation
import GrubmapCore
import GrubmapImport
import GrubmapStore

/// `grubmap import places` and `grubmap export places`: their arguments and what they print; GrubmapImport's
/// ``PlacesTransfer`` does the work.
enum PlacesCommand {
    static let importHelp = """
        Usage: grubmap import places FILE.geojson --area ID [--database PATH|postgres://…]

        Adds or updates the places of an existing area from a GeoJSON FeatureCollection of Point features
        (properties: name, name:xx, kind, address, phone, website, description, openingHours; the feature's
        id is the place's id). A file with any error imports nothing and names the first bad feature.

        Options:
          --area ID         The area the places belong to, like san-jose-convention-center
          --database PATH   SQLite database file (default \(defaultDatabasePath)); must exist; or a
                            postgres://… URL
          --help            Show this help
        """

    static let exportHelp = """
        Usage: grubmap export places --area ID [--database PATH|postgres://…]

        Writes the area's places to standard output as a GeoJSON FeatureCollection that import reads back.

        Options:
          --area ID         The area whose places to write
          --database PATH   SQLite database file (default \(defaultDatabasePath)); must exist; or a
                            postgres://… URL
          --help            Show this help
        """

    static let importDefinition = CommandDefinition(
        words: ["import", "places"], summary: "Add or update an area's places from GeoJSON", help: importHelp,
        valued: ["area", "database"], flags: ["help"], paths: ["database"])

    static let exportDefinition = CommandDefinition(
        words: ["export", "places"], summary: "Write an area's places as GeoJSON", help: exportHelp,
        valued: ["area", "database"], flags: ["help"], paths: ["database"])

    static func importPlaces(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(arguments, importDefinition)
        if options.has("help") {
            print(importHelp)
            return 0
        }
        guard options.positional.count == 1 else {
            throw UsageError("grubmap import places: give one GeoJSON file (see grubmap import places --help)")
        }
        let (store, area) = try open(options, command: "import places")
        let path = options.positional[0]
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("grubmap import places: cannot read \(path)")
        }
        let places: [Place]
        do {
            places = try PlacesTransfer.importPlaces(data, into: area, store: store)
        } catch let error as PlacesImportError {
            throw UsageError("grubmap import places: \(path): \(error.description); nothing was imported")
        }
        print("imported \(places.count) places into \(area.id)")
        return 0
    }

    static func exportPlaces(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(arguments, exportDefinition)
        if options.has("help") {
            print(exportHelp)
            return 0
        }
        guard options.positional.isEmpty else {
            throw UsageError("grubmap export places: unexpected argument \"\(options.positional[0])\"")
        }
        let (store, area) = try open(options, command: "export places")
        FileHandle.standardOutput.write(try PlacesTransfer.exportPlaces(of: area, from: store))
        FileHandle.standardOutput.write(Data("\n".utf8))
        return 0
    }

    private static func open(_ options: Arguments, command: String) throws -> (any Store, Area) {
        guard let text = options["area"] else { throw UsageError("grubmap \(command): --area ID is required") }
        let database = options["database"] ?? defaultDatabasePath
        try checkDatabaseArgument(database, command: command)
        guard let id = try? Area.ID(text) else {
            throw UsageError("grubmap \(command): --area: \"\(text)\" is not an id")
        }
        let store = try openStore(database)
        guard let area = try store.area(id: id) else {
            throw UsageError("grubmap \(command): there is no area \"\(id)\" in \(databaseName(database))")
        }
        return (store, area)
    }
}
