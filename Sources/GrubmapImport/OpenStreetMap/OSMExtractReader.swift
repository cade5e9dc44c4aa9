import Foundation
import GrubmapCore

/// Reads an OpenStreetMap XML extract (<https://wiki.openstreetmap.org/wiki/OSM_XML>) as a stream, keeping only
/// what a basemap can use: the coordinates of nodes near the area, the ways touching them, multipolygon relations
/// of areas, and stations.
///
/// Memory follows what is kept, not the file: nodes outside the ``collectionBox`` are counted and dropped, and so
/// are ways without a node in it (so a multipolygon reaching far beyond it cannot be closed: an extract cut with
/// `osmium extract --strategy smart` has them whole). The file must be sorted as OpenStreetMap's tools write it (nodes, then ways,
/// then relations), so a way's nodes are known when it arrives. Every object is bounded (tags, a way's nodes, a
/// relation's members, attributes, value lengths, nesting), and so are the totals kept; the first problem stops the
/// read with its line. Used by one read on one thread.
final class OSMExtractReader {
    /// Bounds on one object and on what is kept in all.
    struct Limits {
        var attributesPerElement = 64
        var tagsPerObject = 1_000
        var nodesPerWay = 20_000
        var membersPerRelation = 50_000
        var bytesPerValue = 4_096
        var keptNodes = 10_000_000
        var keptWays = 2_000_000
        var keptRelations = 200_000
    }

    /// A way near the area: its nodes, and what it is when its own tags say (`nil` for an untagged way, kept as a
    /// possible part of a multipolygon).
    struct Way {
        let refs: [Int64]
        let kind: BasemapFeature.Kind?
        let tags: [String: String]
    }

    /// A multipolygon of an area kind, with its member ways and their roles.
    struct Relation {
        let id: Int64
        let kind: BasemapFeature.Kind
        let tags: [String: String]
        let members: [(way: Int64, role: String)]
    }

    /// A station node.
    struct Station {
        let id: Int64
        let coordinate: Coordinate
        let tags: [String: String]
    }

    /// Where nodes are kept; `nil` keeps every node (an extract already cropped by osmium, whose multipolygons
    /// were completed with nodes from anywhere).
    let collectionBox: Bounds?
    let limits: Limits
    private(set) var problem: XMLReader.Problem?

    // What was kept.
    private(set) var nodeIDs: [Int64] = []
    private(set) var nodeLatitudes: [Int32] = []
    private(set) var nodeLongitudes: [Int32] = []
    private(set) var ways: [Int64: Way] = [:]
    private(set) var relations: [Relation] = []
    private(set) var stations: [Station] = []
    /// How many of each were in the file.
    private(set) var nodesSeen = 0
    private(set) var waysSeen = 0
    private(set) var relationsSeen = 0
    /// The extent of every node in the file, for saying where an extract of the wrong place is.
    private(set) var extent: (south: Double, west: Double, north: Double, east: Double)?
    private(set) var sawRoot = false
    private(set) var isRootClosed = false

    /// Called about every 10,000 objects with the number of ways kept so far.
    var onObject: ((Int) -> Void)?

    private enum Section: Int, Comparable {
        case nodes, ways, relations
        static func < (lhs: Section, rhs: Section) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private enum Open {
        case node(id: Int64, latitude: Double, longitude: Double, deleted: Bool)
        case way(id: Int64, deleted: Bool)
        case relation(id: Int64, deleted: Bool)
        case other
    }

    private var depth = 0
    private var section = Section.nodes
    private var open: Open?
    private var tags: [String: String] = [:]
    private var tagCount = 0
    private var refs: [Int64] = []
    private var members: [(way: Int64, role: String)] = []
    private var memberCount = 0
    private var nodesSorted = true
    private var objects = 0
    /// The line of the element being read, for a problem.
    private var line = 0

    private static let scale = 10_000_000.0
    private static let topLevel: Set<String> = [
        "node", "way", "relation", "bounds", "bound", "note", "meta",
        "remark", "changeset",
    ]

    init(collectionBox: Bounds?, limits: Limits = Limits()) {
        self.collectionBox = collectionBox
        self.limits = limits
    }

    /// Reads the document `xml` reads (elements by their qualified names; text between them is ignored) up to its
    /// end or the first problem, XML's or OSM's, left in ``problem``.
    func read(_ xml: XMLReader) {
        do {
            while problem == nil, let node = try xml.next() {
                switch node {
                case .start(let element):
                    line = xml.line
                    start(element.name, element.attributes)
                case .end:
                    line = xml.line
                    end()
                case .text:
                    break
                }
            }
        } catch {
            if problem == nil { problem = error }
        }
    }

    /// The coordinate of a kept node, or `nil` when the file did not have it near the area.
    func coordinate(ofNode id: Int64) -> Coordinate? {
        guard let index = index(ofNode: id) else { return nil }
        return try? Coordinate(
            latitude: Double(nodeLatitudes[index]) / Self.scale, longitude: Double(nodeLongitudes[index]) / Self.scale)
    }

    private func index(ofNode id: Int64) -> Int? {
        var low = 0
        var high = nodeIDs.count
        while low < high {
            let middle = (low + high) / 2
            if nodeIDs[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < nodeIDs.count && nodeIDs[low] == id ? low : nil
    }

    private func fail(_ message: String) {
        guard problem == nil else { return }
        problem = XMLReader.Problem(line: line, message: message)
    }

    private func start(_ name: String, _ attributes: [String: String]) {
        depth += 1
        if let long = attributes.first(where: { $0.value.utf8.count > limits.bytesPerValue }) {
            return fail(
                "the attribute \(long.key.prefix(40)) of <\(name.prefix(40))> is longer than "
                    + "\(limits.bytesPerValue) bytes")
        }
        switch depth {
        case 1:
            guard name == "osm" else {
                return fail("the root element is <\(name.prefix(40))>, not <osm>: is it OSM XML?")
            }
            if let version = attributes["version"], version != "0.6" {
                return fail("OSM XML version \"\(version.prefix(16))\" is not 0.6")
            }
            sawRoot = true
        case 2:
            startObject(name, attributes)
        case 3:
            startChild(name, attributes)
        default:
            fail("<\(name.prefix(40))> nests deeper than OSM XML allows")
        }
    }

    private func startObject(_ name: String, _ attributes: [String: String]) {
        guard Self.topLevel.contains(name) else {
            return fail("<\(name.prefix(40))> is not an element of OSM XML")
        }
        tags = [:]
        tagCount = 0
        let deleted = attributes["action"] == "delete" || attributes["visible"] == "false"
        switch name {
        case "node":
            guard enter(.nodes, name), let id = id(attributes, of: name) else { return }
            guard let latitude = degrees(attributes["lat"], "lat", of: "node \(id)", range: -90...90),
                let longitude = degrees(attributes["lon"], "lon", of: "node \(id)", range: -180...180)
            else { return }
            open = .node(id: id, latitude: latitude, longitude: longitude, deleted: deleted)
        case "way":
            guard enter(.ways, name), let id = id(attributes, of: name) else { return }
            refs = []
            open = .way(id: id, deleted: deleted)
        case "relation":
            guard enter(.relations, name), let id = id(attributes, of: name) else { return }
            members = []
            memberCount = 0
            open = .relation(id: id, deleted: deleted)
        default:
            open = .other
        }
    }

    /// Moves on to the section of `name`, refusing a file whose sections are out of order.
    private func enter(_ next: Section, _ name: String) -> Bool {
        if next < section {
            fail(
                "<\(name)> comes after the \(section == .ways ? "ways" : "relations"): the file is not sorted "
                    + "(nodes, then ways, then relations); sort it with osmium sort")
            return false
        }
        if next > section, section == .nodes, !nodesSorted {
            sortNodes()
        }
        section = next
        return true
    }

    private func id(_ attributes: [String: String], of name: String) -> Int64? {
        guard let text = attributes["id"], let id = Int64(text) else {
            fail("<\(name)> needs a whole-number id")
            return nil
        }
        return id
    }

    private func degrees(_ text: String?, _ name: String, of object: String, range: ClosedRange<Double>) -> Double? {
        guard let text, let value = Double(text), value.isFinite, range.contains(value) else {
            fail("\(object): \(name) \"\(text?.prefix(24) ?? "")\" is not a number of degrees in \(range)")
            return nil
        }
        return value
    }

    private func startChild(_ name: String, _ attributes: [String: String]) {
        switch (open, name) {
        case (.node?, "tag"), (.way?, "tag"), (.relation?, "tag"), (.other?, "tag"):
            tagCount += 1
            guard tagCount <= limits.tagsPerObject else {
                return fail("an object has more than \(limits.tagsPerObject) tags")
            }
            guard let key = attributes["k"], let value = attributes["v"] else {
                return fail("<tag> needs k and v attributes")
            }
            if OSMTags.readKeys.contains(key) { tags[key] = value.trimmingCharacters(in: .whitespaces) }
        case (.way?, "nd"):
            guard refs.count < limits.nodesPerWay else {
                return fail("a way has more than \(limits.nodesPerWay) nodes")
            }
            guard let text = attributes["ref"], let ref = Int64(text) else {
                return fail("<nd> needs a whole-number ref")
            }
            refs.append(ref)
        case (.relation?, "member"):
            memberCount += 1
            guard memberCount <= limits.membersPerRelation else {
                return fail("a relation has more than \(limits.membersPerRelation) members")
            }
            guard let type = attributes["type"], let text = attributes["ref"], let ref = Int64(text) else {
                return fail("<member> needs a type and a whole-number ref")
            }
            if type == "way" { members.append((ref, attributes["role"] ?? "")) }
        default:
            let parent =
                switch open {
                case .node: "node"
                case .way: "way"
                case .relation: "relation"
                case .other, nil: "this element"
                }
            fail("<\(parent)> cannot contain <\(name.prefix(40))>")
        }
    }

    private func end() {
        defer { depth -= 1 }
        switch depth {
        case 1: isRootClosed = true
        case 2: endObject()
        default: break
        }
    }

    private func endObject() {
        defer { open = nil }
        objects += 1
        if objects % 10_000 == 0 { onObject?(ways.count) }
        switch open {
        case .node(let id, let latitude, let longitude, let deleted):
            nodesSeen += 1
            guard !deleted else { return }
            grow(latitude, longitude)
            guard inBox(latitude, longitude) else { return }
            guard nodeIDs.count < limits.keptNodes else {
                return fail("more than \(limits.keptNodes) nodes lie near the area: crop the extract first")
            }
            if let last = nodeIDs.last, last >= id { nodesSorted = false }
            nodeIDs.append(id)
            nodeLatitudes.append(Int32((latitude * Self.scale).rounded()))
            nodeLongitudes.append(Int32((longitude * Self.scale).rounded()))
            if OSMTags.kind(of: tags, isClosed: false) == .station,
                let coordinate = try? Coordinate(
                    latitude: latitude, longitude: longitude)
            {
                stations.append(Station(id: id, coordinate: coordinate, tags: tags))
            }
        case .way(let id, let deleted):
            waysSeen += 1
            guard !deleted, refs.contains(where: { index(ofNode: $0) != nil }) else { return }
            guard ways.count < limits.keptWays else {
                return fail("more than \(limits.keptWays) ways lie near the area: crop the extract first")
            }
            let isClosed = refs.count >= 4 && refs.first == refs.last
            let kind = OSMTags.kind(of: tags, isClosed: isClosed)
            // A highway the map does not draw (in a tunnel) may still be walked: its tags stay for the graphs.
            ways[id] = Way(refs: refs, kind: kind, tags: kind == nil && tags["highway"] == nil ? [:] : tags)
        case .relation(let id, let deleted):
            relationsSeen += 1
            guard !deleted, tags["type"] == "multipolygon",
                let kind = OSMTags.kind(of: tags, isClosed: true), kind.shape == .polygon || kind == .station
            else { return }
            guard relations.count < limits.keptRelations else {
                return fail("more than \(limits.keptRelations) multipolygons lie near the area: crop the extract first")
            }
            relations.append(Relation(id: id, kind: kind, tags: tags, members: members))
        case .other, nil:
            break
        }
    }

    private func inBox(_ latitude: Double, _ longitude: Double) -> Bool {
        guard let collectionBox else { return true }
        return latitude >= collectionBox.southWest.latitude && latitude <= collectionBox.northEast.latitude
            && longitude >= collectionBox.southWest.longitude && longitude <= collectionBox.northEast.longitude
    }

    private func grow(_ latitude: Double, _ longitude: Double) {
        guard let current = extent else {
            extent = (latitude, longitude, latitude, longitude)
            return
        }
        extent = (
            min(current.south, latitude), min(current.west, longitude), max(current.north, latitude),
            max(current.east, longitude)
        )
    }

    /// Sorts the kept nodes by id (files from editors need not be), dropping repeats of an id (the first stays).
    private func sortNodes() {
        let order = nodeIDs.indices.sorted { (nodeIDs[$0], $0) < (nodeIDs[$1], $1) }
        var ids: [Int64] = []
        var latitudes: [Int32] = []
        var longitudes: [Int32] = []
        for index in order where ids.last != nodeIDs[index] {
            ids.append(nodeIDs[index])
            latitudes.append(nodeLatitudes[index])
            longitudes.append(nodeLongitudes[index])
        }
        (nodeIDs, nodeLatitudes, nodeLongitudes) = (ids, latitudes, longitudes)
        nodesSorted = true
    }

    /// Sorts the nodes when the file had no ways to trigger it.
    func finish() {
        if !nodesSorted { sortNodes() }
    }
}
