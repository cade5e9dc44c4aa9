import Foundation
import GrubmapCore
import GrubmapStore

/// Imports an OpenStreetMap extract as an area's basemap: `grubmap import basemap FILE --area ID`.
///
/// An `.osm` file is read as a stream by ``OSMExtractReader`` (through libxml2, ``XMLReader``); PBF and compressed
/// files are first cropped to the area by Debian's `osmium-tool` (`osmium extract --strategy smart`, which keeps
/// multipolygons whole) and read from its OSM XML output the same way. What is kept is cut to the area's coverage
/// (its bounds and a margin, ``Basemap/coverage(of:minimumMarginMeters:)``) and replaces the area's basemap in one
/// transaction. The whole file is read and checked before anything is written, so a refused file changes nothing,
/// and the same file gives the same basemap every time.
public enum BasemapImporter {
    /// How far an import has got, for a progress line.
    public struct Progress: Sendable {
        /// Bytes of OSM XML read so far.
        public let bytesRead: Int64
        /// The file's size, when it is read directly; `nil` when osmium converts it.
        public let totalBytes: Int64?
        /// Ways kept so far.
        public let waysKept: Int
    }

    /// What an import did.
    public struct Summary: Hashable, Sendable {
        public let area: Area.ID
        /// Features stored, in all and by kind.
        public let features: Int
        public let featuresByKind: [BasemapFeature.Kind: Int]
        /// Nodes, ways and relations in the file.
        public let nodesRead: Int
        public let waysRead: Int
        public let relationsRead: Int
        /// Ways, rings and stations left out because a node they need was not in the file.
        public let incomplete: Int
        /// Whether osmium converted the file first.
        public let convertedByOsmium: Bool
        /// The routing graphs built, by mode, with their numbers of edges (each way of an edge counted).
        public let graphEdges: [TravelMode: Int]
    }

    /// File names read directly, and those osmium converts.
    static let xmlExtensions = [".osm"]
    static let osmiumExtensions = [".osm.pbf", ".pbf", ".osm.bz2", ".osm.gz", ".o5m"]

    /// Imports the extract at `path` as the basemap of `areaID`.
    ///
    /// - Throws: ``BasemapImportError`` for a file that cannot be used (the store is then unchanged), or the store's
    ///   own error.
    public static func importExtract(
        at path: String, areaID: Area.ID, into store: any Store, progress: (@Sendable (Progress) -> Void)? = nil
    ) throws -> Summary {
        guard let area = try store.area(id: areaID) else { throw BasemapImportError.unknownArea(areaID) }
        let coverage = Basemap.coverage(of: area.bounds)
        let name = path.lowercased()
        let convert: Bool
        if xmlExtensions.contains(where: name.hasSuffix) {
            convert = false
        } else if osmiumExtensions.contains(where: name.hasSuffix) {
            convert = true
        } else {
            throw BasemapImportError.unsupportedFormat(
                "give an OpenStreetMap extract ending in \((xmlExtensions + osmiumExtensions).joined(separator: ", "))")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw BasemapImportError.unreadableFile("there is no file \(path)")
        }
        let reader: OSMExtractReader
        if convert {
            reader = try readThroughOsmium(
                path, box: Basemap.coverage(of: coverage, minimumMarginMeters: 250),
                progress: progress)
        } else {
            reader = try readXML(
                path, box: Basemap.coverage(of: coverage, minimumMarginMeters: 1_000), progress: progress)
        }
        let built = OSMBasemapBuilder(reader: reader, coverage: coverage, localLanguage: area.localLanguage).build()
        guard !built.features.isEmpty else {
            throw BasemapImportError.nothingInArea(describeMiss(reader, area: area, coverage: coverage))
        }
        guard built.features.count <= Basemap.maximumFeatures else {
            throw BasemapImportError.tooLarge(
                "\(built.features.count) features lie within the area's map; at most \(Basemap.maximumFeatures)")
        }
        let points = built.features.reduce(0) { $0 + $1.pointCount }
        guard points <= Basemap.maximumPoints else {
            throw BasemapImportError.tooLarge("the features have \(points) points; at most \(Basemap.maximumPoints)")
        }
        let file = URL(fileURLWithPath: path).lastPathComponent
        let graphs = OSMRoutingGraphs.build(reader)
        try store.replaceBasemap(
            Basemap(
                source: .openStreetMap, note: "OpenStreetMap extract \(file)", coverage: coverage,
                features: built.features),
            areaID: areaID, graphs: graphs)
        return Summary(
            area: areaID, features: built.features.count,
            featuresByKind: Dictionary(grouping: built.features, by: \.kind).mapValues(\.count),
            nodesRead: reader.nodesSeen, waysRead: reader.waysSeen, relationsRead: reader.relationsSeen,
            incomplete: built.incomplete, convertedByOsmium: convert,
            graphEdges: Dictionary(uniqueKeysWithValues: graphs.map { ($0.mode, $0.edgeCount) }))
    }

    private static func readXML(_ path: String, box: Bounds, progress: (@Sendable (Progress) -> Void)?) throws
        -> OSMExtractReader
    {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw BasemapImportError.unreadableFile("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        let size = fstat(descriptor, &status) == 0 ? Int64(status.st_size) : nil
        guard size != 0 else { throw BasemapImportError.invalidExtract(line: nil, message: "the file is empty") }
        return try parse(descriptor: descriptor, box: box, totalBytes: size, progress: progress)
    }

    /// The features an OSM XML extract read from `descriptor` gives within `coverage`, as an import reads and
    /// builds them but without a store: for the fuzzer (`Fuzz/OSM`), which hands it any bytes.
    public static func features(fromXML descriptor: Int32, coverage: Bounds, localLanguage: String)
        throws(BasemapImportError) -> [BasemapFeature]
    {
        let reader = try parse(descriptor: descriptor, box: coverage, totalBytes: nil, progress: nil)
        return OSMBasemapBuilder(reader: reader, coverage: coverage, localLanguage: localLanguage).build().features
    }

    /// Parses OSM XML from `descriptor`; throws the first problem of the bytes, the XML or the content.
    static func parse(
        descriptor: Int32, box: Bounds?, totalBytes: Int64?, progress: (@Sendable (Progress) -> Void)?
    ) throws(BasemapImportError) -> OSMExtractReader {
        let reader = OSMExtractReader(collectionBox: box)
        let xml: XMLReader
        do {
            xml = try XMLReader(
                descriptor: descriptor, maximumAttributes: reader.limits.attributesPerElement,
                onProgress: progress.map { progress in
                    { [unowned reader] bytes in
                        progress(Progress(bytesRead: bytes, totalBytes: totalBytes, waysKept: reader.ways.count))
                    }
                })
        } catch {
            throw BasemapImportError.invalidExtract(line: error.line, message: error.message)
        }
        reader.read(xml)
        if let problem = reader.problem {
            guard xml.bytesRead > 0 else {
                throw BasemapImportError.invalidExtract(line: nil, message: "the file is empty")
            }
            throw BasemapImportError.invalidExtract(
                line: problem.line, message: problem.message + (problem.column.map { " (column \($0))" } ?? ""))
        }
        guard reader.sawRoot else {
            throw BasemapImportError.invalidExtract(line: nil, message: "there is no <osm> element: is it OSM XML?")
        }
        guard reader.isRootClosed else {
            throw BasemapImportError.invalidExtract(
                line: nil, message: "the file ends before </osm>: it is cut short")
        }
        reader.finish()
        return reader
    }

    private static func readThroughOsmium(_ path: String, box: Bounds, progress: (@Sendable (Progress) -> Void)?)
        throws -> OSMExtractReader
    {
        guard let osmium = executable(named: "osmium") else { throw BasemapImportError.osmiumMissing }
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("grubmap-osmium-\(UUID()).log")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: osmium)
        let (south, west, north, east) = (
            box.southWest.latitude, box.southWest.longitude, box.northEast.latitude, box.northEast.longitude
        )
        process.arguments = [
            "extract", "--bbox", "\(west),\(south),\(east),\(north)", "--strategy", "smart", "--no-progress",
            // `--` ends the options, so a file named like one (`-o.osm.pbf`) is read as a file.
            "--output-format", "osm", "--output", "-", "--", path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw BasemapImportError.osmiumFailed("cannot run \(osmium): \(error.localizedDescription)")
        }
        let reader: OSMExtractReader
        do {
            reader = try parse(
                descriptor: output.fileHandleForReading.fileDescriptor, box: nil, totalBytes: nil, progress: progress)
        } catch {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            // A broken input makes osmium stop and its output end early: osmium's own words say why.
            if process.terminationReason == .exit, process.terminationStatus != 0 {
                throw BasemapImportError.osmiumFailed(firstLine(of: errors))
            }
            throw error
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw BasemapImportError.osmiumFailed(firstLine(of: errors))
        }
        return reader
    }

    private static func firstLine(of file: URL) -> String {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "it failed without a message"
        return String(line.prefix(300))
    }

    /// The path of an executable on `PATH`, or `nil`.
    static func executable(named name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Why nothing was kept: the extract is of another place, or has nothing a basemap draws near the area.
    private static func describeMiss(_ reader: OSMExtractReader, area: Area, coverage: Bounds) -> String {
        let map = "\(area.id)'s map (\(format(coverage)))"
        guard let extent = reader.extent else { return "the extract has no nodes, so nothing lies within \(map)" }
        let overlaps =
            extent.south <= coverage.northEast.latitude && extent.north >= coverage.southWest.latitude
            && extent.west <= coverage.northEast.longitude && extent.east >= coverage.southWest.longitude
        let covered = String(
            format: "%.4f,%.4f to %.4f,%.4f", extent.south, extent.west, extent.north, extent.east)
        return overlaps
            ? "the extract has no roads, railways, water, green, buildings or stations within \(map)"
            : "nothing in the extract lies within \(map): its data covers \(covered); is it another area's file?"
    }

    private static func format(_ bounds: Bounds) -> String {
        String(
            format: "%.4f,%.4f to %.4f,%.4f", bounds.southWest.latitude, bounds.southWest.longitude,
            bounds.northEast.latitude, bounds.northEast.longitude)
    }
}

/// Why an extract was refused; nothing was stored.
public enum BasemapImportError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownArea(Area.ID)
    case unreadableFile(String)
    case unsupportedFormat(String)
    /// The file needs osmium-tool, which is not installed.
    case osmiumMissing
    /// osmium could not read the file; its first line of output.
    case osmiumFailed(String)
    /// The bytes or the XML break OSM XML, with the line when there is one.
    case invalidExtract(line: Int?, message: String)
    /// The extract is fine but has nothing to draw within the area.
    case nothingInArea(String)
    case tooLarge(String)

    public var description: String {
        switch self {
        case .unknownArea(let id): "there is no area \"\(id)\""
        case .unreadableFile(let message), .unsupportedFormat(let message), .nothingInArea(let message): message
        case .osmiumMissing:
            "reading this format needs osmium-tool (Debian: apt-get install osmium-tool), or give an .osm file"
        case .osmiumFailed(let message): "osmium could not read it: \(message)"
        case .invalidExtract(let line?, let message): "line \(line): \(message)"
        case .invalidExtract(nil, let message): message
        case .tooLarge(let message): message + "; crop the extract to the area first (osmium extract --bbox …)"
        }
    }
}
