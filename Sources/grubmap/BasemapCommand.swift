import Foundation
import GrubmapCore
import GrubmapImport
import GrubmapStore

/// `grubmap import basemap FILE --area ID`: its arguments, its progress line and what it prints; GrubmapImport's
/// ``BasemapImporter`` does the work.
enum BasemapCommand {
    static let definition = CommandDefinition(
        words: ["import", "basemap"], summary: "Draw an area's map from an OpenStreetMap extract",
        usage: """
            Usage: grubmap import basemap FILE --area ID [--database PATH|postgres://…]

            Draws the area's map from an OpenStreetMap extract: roads by class with their names (and name:ko,
            name:en), railways and stations, water, parks and green, and buildings, cut to the area's bounds and a
            margin. FILE is OSM XML (.osm), or a PBF or compressed extract (.osm.pbf, .osm.bz2, .osm.gz, .o5m), which
            needs osmium-tool (Debian: apt-get install osmium-tool).

            The file replaces the area's basemap in one go; a file with any mistake, or with nothing within the area,
            changes nothing and the first problem is printed with its line, exit status 2. Importing the same file
            again gives the same map. Get an extract from https://download.geofabrik.de/ or with Overpass; the map
            then shows "© OpenStreetMap contributors".
            """,
        options: [SharedOptions.area, SharedOptions.existingDatabase], arguments: .files)

    static func importBasemap(_ arguments: [String]) throws -> Int32 {
        let command = "import basemap"
        guard let options = try definition.read(arguments) else { return 0 }
        let path = try options.single("extract file")
        let areaID = try options.required(SharedOptions.area)
        let database = try SharedOptions.existing(options[SharedOptions.existingDatabase], command: command)
        let store = try openStore(database)
        let line = ProgressLine(label: "grubmap \(command): reading \(URL(fileURLWithPath: path).lastPathComponent)")
        var progress: (@Sendable (BasemapImporter.Progress) -> Void)?
        if line.isShown { progress = { line.show($0) } }
        let summary: BasemapImporter.Summary
        do {
            defer { line.clear() }
            summary = try BasemapImporter.importExtract(at: path, areaID: areaID, into: store, progress: progress)
        } catch let error as BasemapImportError {
            switch error {
            case .unknownArea: throw UsageError("grubmap \(command): --area: \(error.description)")
            default: throw UsageError("grubmap \(command): \(path): \(error.description); nothing was imported")
            }
        }
        let kinds = BasemapFeature.Kind.allCases.compactMap { kind in
            summary.featuresByKind[kind].map { "\($0) \(kind.rawValue)" }
        }
        var message =
            "imported \(summary.features) feature\(summary.features == 1 ? "" : "s") into \(summary.area)'s map (\(kinds.joined(separator: ", ")))"
        message += " from \(summary.nodesRead) nodes, \(summary.waysRead) ways and \(summary.relationsRead) relations"
        if summary.incomplete > 0 {
            message += "; left out \(summary.incomplete) ways or areas whose nodes the extract lacks"
        }
        let graphs = TravelMode.allCases.compactMap { mode in summary.graphEdges[mode].map { "\(mode.rawValue) \($0)" }
        }
        message +=
            graphs.isEmpty ? "; no streets to route on" : "; routing graph edges: \(graphs.joined(separator: ", "))"
        print(message)
        return 0
    }
}

/// One line on a terminal's standard error that an import rewrites as it goes (`\r`), at most five times a second;
/// nothing when standard error is not a terminal, so logs and tests see only the result.
final class ProgressLine: @unchecked Sendable {
    // Written by the import's one thread only; `@unchecked` because the progress closure must be `@Sendable`.
    let label: String
    let isShown = isatty(STDERR_FILENO) == 1
    private var lastShown = Date.distantPast
    private var width = 0

    init(label: String) {
        self.label = label
    }

    func show(_ progress: BasemapImporter.Progress) {
        let now = Date()
        guard now.timeIntervalSince(lastShown) >= 0.2 else { return }
        lastShown = now
        let megabytes = String(format: "%.1f MB", Double(progress.bytesRead) / 1_000_000)
        var text = "\(label): \(megabytes)"
        if let total = progress.totalBytes, total > 0 {
            text += String(
                format: " of %.1f MB (%d%%)", Double(total) / 1_000_000, Int(progress.bytesRead * 100 / total))
        }
        text += ", \(progress.waysKept) ways kept"
        write("\r" + text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0))
        width = text.count
    }

    func clear() {
        guard isShown, width > 0 else { return }
        write("\r" + String(repeating: " ", count: width) + "\r")
        width = 0
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
