import Foundation
import GrubmapCore
import GrubmapStore
import Synchronization

/// Basemaps in two tables (migration 10): `basemaps` (one row per area: source, note, coverage and a revision) and
/// `basemap_features` (one row per feature, in drawing order, its geometry in ``BasemapGeometryCoding``).
extension SQLStore {
    /// The basemap, decoded once per revision: each call reads only the revision (one tiny query), and everything
    /// again when it moved, as ``catalog()`` does for areas and places.
    public func basemap(areaID: Area.ID) throws -> StoredBasemap? {
        let revision = try withConnection { connection in
            try connection.fetchOne("SELECT revision FROM basemaps WHERE area_id = \(areaID)")?
                .value(named: "revision", as: Int64.self)
        }
        guard let revision else {
            basemapCache.remove(areaID)
            return nil
        }
        if let cached = basemapCache[areaID], cached.revision == revision { return cached }
        let fresh: StoredBasemap? = try read { connection in
            guard
                let header = try connection.fetchOne(
                    "SELECT revision, source, note, south, west, north, east FROM basemaps WHERE area_id = \(areaID)")
            else { return nil }
            let row = BasemapRow(area: areaID)
            let source = try row.read("source") {
                let text: String = try header.value(named: "source")
                guard let source = Basemap.Source(rawValue: text) else { throw UnknownValue(text: text) }
                return source
            }
            let coverage = try row.read("south, west, north, east") { try Self.bounds(header) }
            var features: [BasemapFeature] = []
            for feature in try connection.fetchAll(
                """
                SELECT position, kind, name, geometry, source_id FROM basemap_features
                WHERE area_id = \(areaID) ORDER BY position
                """)
            {
                let position: Int64 = try feature.value(named: "position")
                let row = BasemapRow(area: areaID, position: position)
                features.append(
                    BasemapFeature(
                        kind: try row.read("kind") {
                            let text: String = try feature.value(named: "kind")
                            guard let kind = BasemapFeature.Kind(rawValue: text) else { throw UnknownValue(text: text) }
                            return kind
                        },
                        name: try row.read("name") {
                            guard let text: String = try feature.value(named: "name") else { return nil }
                            return try JSONDecoder().decode(LocalizedText.self, from: Data(text.utf8))
                        },
                        parts: try row.read("geometry") {
                            try BasemapGeometryCoding.decode(try feature.value(named: "geometry", as: [UInt8].self))
                        },
                        sourceID: try row.read("source_id") { try feature.value(named: "source_id") }))
            }
            return StoredBasemap(
                revision: try header.value(named: "revision"),
                basemap: Basemap(
                    source: source, note: try row.read("note") { try header.value(named: "note") },
                    coverage: coverage, features: features))
        }
        if let fresh { basemapCache[areaID] = fresh } else { basemapCache.remove(areaID) }
        return fresh
    }

    /// Deletes the area's basemap (its features cascade) and inserts the new one with a new random revision, in one
    /// write transaction that holds the area's row locked, so two imports for one area apply one after the other.
    /// Features are inserted 64 to a statement: an extract of 100,000 features is 1,563 statements.
    public func replaceBasemap(_ basemap: Basemap, areaID: Area.ID, graphs: [RoutingGraph]) throws {
        let encodedGraphs = graphs.map { ($0.mode.rawValue, $0.nodeCount, $0.edgeCount, $0.encoded()) }
        let encoded = try basemap.features.map { feature -> EncodedFeature in
            guard let extent = feature.extent else {
                throw StoreError.unreadableRow(
                    table: "basemap_features", id: areaID.rawValue, column: "geometry",
                    reason: "a feature has no points")
            }
            return EncodedFeature(
                kind: feature.kind.rawValue, name: try feature.name.map(StoreRows.json), extent: extent,
                geometry: BasemapGeometryCoding.encode(feature.parts), sourceID: feature.sourceID)
        }
        let revision = Int64.random(in: 1...Int64.max)
        let coverage = basemap.coverage
        try write { connection in
            let area = try connection.fetchOne("SELECT id FROM areas WHERE id = \(areaID)\(sql: dialect.lockingClause)")
            guard area != nil else { throw StoreError.unknownArea(id: areaID.rawValue) }
            try connection.execute("DELETE FROM routing_graphs WHERE area_id = \(areaID)")
            try connection.execute("DELETE FROM basemap_features WHERE area_id = \(areaID)")
            try connection.execute("DELETE FROM basemaps WHERE area_id = \(areaID)")
            try connection.execute(
                """
                INSERT INTO basemaps (area_id, revision, source, note, south, west, north, east, feature_count)
                VALUES (\(areaID), \(revision), \(basemap.source.rawValue), \(basemap.note),
                    \(coverage.southWest.latitude), \(coverage.southWest.longitude), \(coverage.northEast.latitude),
                    \(coverage.northEast.longitude), \(encoded.count))
                """)
            var position = 0
            for batch in stride(from: 0, to: encoded.count, by: 64).map({ encoded[$0..<min($0 + 64, encoded.count)] }) {
                var values: SQL = ""
                for (offset, feature) in batch.enumerated() {
                    let (southWest, northEast) = (feature.extent.southWest, feature.extent.northEast)
                    let separator: SQL = offset == 0 ? "" : ", "
                    values = """
                        \(sql: values)\(sql: separator)(\(areaID), \(position), \(feature.kind), \(feature.name), \
                        \(southWest.latitude), \(southWest.longitude), \(northEast.latitude), \(northEast.longitude), \
                        \(feature.geometry), \(feature.sourceID))
                        """
                    position += 1
                }
                try connection.execute(
                    """
                    INSERT INTO basemap_features
                        (area_id, position, kind, name, south, west, north, east, geometry, source_id)
                    VALUES \(sql: values)
                    """)
            }
            for (mode, nodes, edges, bytes) in encodedGraphs {
                try connection.execute(
                    """
                    INSERT INTO routing_graphs (area_id, mode, revision, node_count, edge_count, graph)
                    VALUES (\(areaID), \(mode), \(revision), \(nodes), \(edges), \(bytes))
                    """)
            }
        }
        basemapCache.remove(areaID)
    }

    /// The area's routing graph for `mode`, decoded once per basemap revision and kept (one tiny query a call).
    public func routingGraph(areaID: Area.ID, mode: TravelMode) throws -> RoutingGraph? {
        let revision = try withConnection { connection in
            try connection.fetchOne("SELECT revision FROM basemaps WHERE area_id = \(areaID)")?
                .value(named: "revision", as: Int64.self)
        }
        guard let revision else {
            basemapCache.removeGraphs(areaID)
            return nil
        }
        if let cached = basemapCache.graph(areaID, mode), cached.revision == revision { return cached.graph }
        let bytes: [UInt8]? = try read { connection in
            try connection.fetchOne(
                """
                SELECT graph FROM routing_graphs
                WHERE area_id = \(areaID) AND mode = \(mode.rawValue) AND revision = \(revision)
                """)?.value(named: "graph", as: [UInt8].self)
        }
        let graph = try bytes.map { bytes in
            do {
                return try RoutingGraph(decoding: bytes)
            } catch {
                throw StoreError.unreadableRow(
                    table: "routing_graphs", id: "\(areaID) \(mode.rawValue)", column: "graph", reason: "\(error)")
            }
        }
        basemapCache.setGraph(areaID, mode, revision: revision, graph: graph)
        return graph
    }

    private static func bounds(_ row: Row) throws -> Bounds {
        try Bounds(
            southWest: Coordinate(latitude: row.value(named: "south"), longitude: row.value(named: "west")),
            northEast: Coordinate(latitude: row.value(named: "north"), longitude: row.value(named: "east")))
    }
}

/// A feature ready to insert.
private struct EncodedFeature {
    let kind: String
    let name: String?
    let extent: Bounds
    let geometry: [UInt8]
    let sourceID: String?
}

private struct UnknownValue: Error, CustomStringConvertible {
    let text: String
    var description: String { "\"\(text.prefix(40))\" is not a known value" }
}

/// Names the basemap row a stored value belongs to when it cannot be read back.
private struct BasemapRow {
    let area: Area.ID
    var position: Int64?

    func read<T>(_ column: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw error
        } catch {
            let table = position == nil ? "basemaps" : "basemap_features"
            let id = position.map { "\(area) #\($0)" } ?? area.rawValue
            throw StoreError.unreadableRow(table: table, id: id, column: column, reason: "\(error)")
        }
    }
}

/// The basemaps a store last read, by area, shared by its threads.
public final class BasemapCache: Sendable {
    private let stored = Mutex<[Area.ID: StoredBasemap]>([:])

    /// Makes an empty cache: each area's first read fills it.
    public init() {}

    subscript(area: Area.ID) -> StoredBasemap? {
        get { stored.withLock { $0[area] } }
        set { stored.withLock { $0[area] = newValue } }
    }

    func remove(_ area: Area.ID) {
        _ = stored.withLock { $0.removeValue(forKey: area) }
        removeGraphs(area)
    }

    /// The routing graphs read, by area and mode, with the basemap revision they belong to (`nil`: it has none).
    private let graphs = Mutex<[GraphKey: (revision: Int64, graph: RoutingGraph?)]>([:])

    private struct GraphKey: Hashable {
        let area: Area.ID
        let mode: TravelMode
    }

    func graph(_ area: Area.ID, _ mode: TravelMode) -> (revision: Int64, graph: RoutingGraph?)? {
        graphs.withLock { $0[GraphKey(area: area, mode: mode)] }
    }

    func setGraph(_ area: Area.ID, _ mode: TravelMode, revision: Int64, graph: RoutingGraph?) {
        graphs.withLock { $0[GraphKey(area: area, mode: mode)] = (revision, graph) }
    }

    func removeGraphs(_ area: Area.ID) {
        graphs.withLock { kept in
            for mode in TravelMode.allCases { kept.removeValue(forKey: GraphKey(area: area, mode: mode)) }
        }
    }
}
