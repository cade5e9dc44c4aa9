import Foundation
import GrubmapCore

/// An OpenStreetMap XML extract written by a test: nodes, ways and relations with tags, in the sorted order
/// OpenStreetMap's tools write them.
struct OSMExtract {
    private var nodes: [String] = []
    private var ways: [String] = []
    private var relations: [String] = []

    mutating func node(_ id: Int64, _ latitude: Double, _ longitude: Double, _ tags: [String: String] = [:]) {
        nodes.append("  <node id=\"\(id)\" lat=\"\(latitude)\" lon=\"\(longitude)\" version=\"1\"\(body(tags, "node"))")
    }

    mutating func way(_ id: Int64, _ refs: [Int64], _ tags: [String: String] = [:]) {
        let children = refs.map { "<nd ref=\"\($0)\"/>" }.joined() + Self.tags(tags)
        ways.append("  <way id=\"\(id)\">\(children)</way>")
    }

    mutating func relation(_ id: Int64, ways members: [(Int64, String)], _ tags: [String: String]) {
        let children =
            members.map { "<member type=\"way\" ref=\"\($0.0)\" role=\"\($0.1)\"/>" }.joined() + Self.tags(tags)
        relations.append("  <relation id=\"\(id)\">\(children)</relation>")
    }

    var xml: String {
        (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<osm version=\"0.6\" generator=\"grubmap tests\">"]
            + nodes + ways + relations + ["</osm>", ""]).joined(separator: "\n")
    }

    private func body(_ tags: [String: String], _ name: String) -> String {
        tags.isEmpty ? "/>" : ">" + Self.tags(tags) + "</\(name)>"
    }

    private static func tags(_ tags: [String: String]) -> String {
        tags.sorted { $0.key < $1.key }.map { "<tag k=\"\(escape($0.key))\" v=\"\(escape($0.value))\"/>" }.joined()
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}

/// A file in a temporary folder, removed after `body`.
@discardableResult
func withTemporaryFile<T>(named name: String, contents: Data, _ body: (String) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grubmap-osm-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(name).path
    try contents.write(to: URL(fileURLWithPath: path))
    return try body(path)
}
