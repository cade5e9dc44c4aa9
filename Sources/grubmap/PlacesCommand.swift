import Foundation
import GrubmapCore
import GrubmapImport
import GrubmapStore

/// `grubmap import places` and `grubmap export places`: their arguments and what they print; GrubmapImport's
/// ``PlacesTransfer`` does the work.
enum PlacesCommand {
    static let database = SharedOptions.database()

    static let importDefinition = CommandDefinition(
        words: ["import", "places"], summary: "Add or update an area's places from GeoJSON",
        usage: """
            Usage: grubmap import places FILE.geojson --area ID [--database PATH|postgres://…]

            Adds or updates the places of an existing area from a GeoJSON FeatureCollection of Point features
            (properties: name, name:xx, kind, address, phone, website, description, openingHours; the feature's
            id is the place's id). A file with any error imports nothing and names the first bad feature.

            Files of any size are read a megabyte at a time. Every feature is checked and staged before the first
            place is written; on SQLite the places are then written a few thousand per transaction, so check-ins on
            a running server are never held up for long. Into an area with no places yet, everything is written in
            one transaction, the fastest way (on SQLite holding the file's write lock throughout, some 25 s for a
            million places); stopped at any point, it leaves the area as it was. On a terminal a progress bar shows how far it has come;
            otherwise one line says what was imported.
            """,
        options: [SharedOptions.area, database], arguments: .files)

    static let exportDefinition = CommandDefinition(
        words: ["export", "places"], summary: "Write an area's places as GeoJSON",
        usage: """
            Usage: grubmap export places --area ID [--database PATH|postgres://…]

            Writes the area's places to standard output as a GeoJSON FeatureCollection that import reads back,
            a thousand places at a time.
            """,
        options: [SharedOptions.area, database])

    static func importPlaces(_ arguments: [String]) throws -> Int32 {
        guard let options = try importDefinition.read(arguments) else { return 0 }
        let path = try options.single("GeoJSON file")
        let (store, area) = try open(options, command: "import places", timeoutMilliseconds: 600_000)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            FileManager.default.isReadableFile(atPath: path)
        else {
            throw UsageError("grubmap import places: cannot read \(path)")
        }
        let bar = ProgressBar(isTerminal: isatty(STDERR_FILENO) == 1)
        let started = ContinuousClock.now
        let summary: PlaceImport.Summary
        do {
            summary = try PlacesTransfer.importPlaces(fileAt: path, into: area, store: store, progress: bar.show)
        } catch let error as PlacesImportError {
            bar.clear()
            throw UsageError("grubmap import places: \(path): \(error.description); nothing was imported")
        }
        bar.clear()
        let seconds = max((ContinuousClock.now - started) / .milliseconds(1) / 1000, 0.001)
        let rate = Int(Double(summary.count) / seconds)
        print(
            "imported \(summary.count) places into \(area.id) (\(summary.count - summary.updated) new, "
                + "\(summary.updated) updated) in \(String(format: "%.1f", seconds)) s, \(rate) places/s")
        return 0
    }

    static func exportPlaces(_ arguments: [String]) throws -> Int32 {
        guard let options = try exportDefinition.read(arguments) else { return 0 }
        try options.expectNoPositional()
        let (store, area) = try open(options, command: "export places")
        try PlacesTransfer.exportPlaces(of: area, from: store) { FileHandle.standardOutput.write($0) }
        FileHandle.standardOutput.write(Data("\n".utf8))
        return 0
    }

    private static func open(_ options: Arguments, command: String, timeoutMilliseconds: Int = 5000) throws
        -> (any Store, Area)
    {
        let id = try options.required(SharedOptions.area)
        let database = options[Self.database]
        let store = try openStore(database, timeoutMilliseconds: timeoutMilliseconds)
        guard let area = try store.area(id: id) else {
            throw UsageError("grubmap \(command): there is no area \"\(id)\" in \(databaseName(database))")
        }
        return (store, area)
    }
}

/// A progress bar on standard error, redrawn at most ten times a second: `reading  42% [########      ] 420,000`.
/// Off a terminal it draws nothing.
final class ProgressBar {
    private let isTerminal: Bool
    private var lastDrawn = ContinuousClock.now - .seconds(1)
    private var isShown = false

    init(isTerminal: Bool) {
        self.isTerminal = isTerminal
    }

    func show(_ progress: PlacesTransfer.Progress) {
        guard isTerminal, ContinuousClock.now - lastDrawn >= .milliseconds(100) else { return }
        lastDrawn = .now
        let width = 30
        let filled = Int((progress.fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        let percent = Int((progress.fraction * 100).rounded(.down))
        let line =
            "\r\(progress.phase.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0))"
            + "\(String(percent).leftPadded(to: 3))% [\(bar)] \(progress.count) places"
        FileHandle.standardError.write(Data(line.utf8))
        isShown = true
    }

    /// Takes the bar off the terminal, so what is printed next starts a clean line.
    func clear() {
        guard isShown else { return }
        FileHandle.standardError.write(Data(("\r" + String(repeating: " ", count: 70) + "\r").utf8))
        isShown = false
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
