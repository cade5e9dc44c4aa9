import Foundation
import GrubmapCore
import GrubmapStore

/// The demo areas' schematic basemaps: one JSON file per area in `Resources/DemoBasemaps`, main streets and campus
/// lanes drawn from estimates until an OpenStreetMap extract is imported. The map labels them "schematic".
///
/// A file looks like:
///
///     {"area": "pnu-busan", "note": "SCHEMATIC BASEMAP: estimates, not a survey. …",
///      "features": [{"kind": "secondary", "name": {"ko": "부산대학로", "en": "Busandaehak-ro"},
///                    "lines": [[[35.2298, 129.0889], [35.2326, 129.0828]]], "estimate": "from the station …"},
///                   {"kind": "building", "name": {…}, "polygon": [[[lat, lon], …]], "estimate": "…"},
///                   {"kind": "station", "name": {…}, "point": [lat, lon], "estimate": "…"}]}
///
/// Points are `[latitude, longitude]`; each feature has the shape its kind calls for (``BasemapFeature/Kind/shape``)
/// and says in `estimate` how it was placed. Features are cut to the area's coverage, as an import's are.
public enum DemoBasemaps {
    /// Stores the schematic basemap of every demo area that exists in `store` and has no basemap yet, so an
    /// imported one is never replaced and loading again changes nothing. Every file is read and checked first.
    ///
    /// A schematic basemap stored before routing graphs existed is stored again with its graphs.
    ///
    /// - Returns: the number of areas given a basemap (or its graphs).
    @discardableResult
    public static func load(into store: any Store) throws -> Int {
        var loaded = 0
        for (areaID, file) in try files() {
            guard let area = try store.area(id: areaID) else { continue }
            if let stored = try store.basemap(areaID: areaID) {
                // A schematic basemap stored before routing graphs existed gets its graphs; an import is left alone.
                if stored.basemap.source == .schematic, try store.routingGraph(areaID: areaID, mode: .walk) == nil {
                    let graphs = RoutingGraph.graphs(of: stored.basemap.features)
                    if !graphs.isEmpty {
                        try store.replaceBasemap(stored.basemap, areaID: areaID, graphs: graphs)
                        loaded += 1
                    }
                }
                continue
            }
            let basemap = file.basemap(coverage: Basemap.coverage(of: area.bounds))
            try store.replaceBasemap(basemap, areaID: areaID, graphs: RoutingGraph.graphs(of: basemap.features))
            loaded += 1
        }
        return loaded
    }

    /// Every demo basemap file by area, checked, ordered by area id.
    static func files() throws -> [(Area.ID, BasemapFile)] {
        guard let folder = Bundle.module.url(forResource: "DemoBasemaps", withExtension: nil) else {
            throw DemoDataError.folderMissing
        }
        let urls = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try urls.map { url in
            let name = "DemoBasemaps/" + url.lastPathComponent
            let file: BasemapFile
            do {
                file = try JSONDecoder().decode(BasemapFile.self, from: Data(contentsOf: url))
            } catch let error as DecodingError {
                throw DemoDataError.invalidArea(file: name, reason: error.readableDescription())
            } catch {
                throw DemoDataError.unreadable(file: name, reason: error.localizedDescription)
            }
            guard let id = try? Area.ID(file.area) else {
                throw DemoDataError.invalidArea(file: name, reason: "area: \"\(file.area)\" is not an id")
            }
            return (id, file)
        }
    }

    /// One file as written.
    struct BasemapFile: Decodable {
        let area: String
        let note: String
        let features: [Feature]

        struct Feature: Decodable {
            let kind: BasemapFeature.Kind
            let name: LocalizedText?
            let lines: [[Point]]?
            let polygon: [[Point]]?
            let point: Point?
            let estimate: String

            enum CodingKeys: String, CodingKey { case kind, name, lines, polygon, point, estimate }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                kind = try container.decode(BasemapFeature.Kind.self, forKey: .kind)
                name = try container.decodeIfPresent(LocalizedText.self, forKey: .name)
                lines = try container.decodeIfPresent([[Point]].self, forKey: .lines)
                polygon = try container.decodeIfPresent([[Point]].self, forKey: .polygon)
                point = try container.decodeIfPresent(Point.self, forKey: .point)
                estimate = try container.decode(String.self, forKey: .estimate)
                let given = [
                    lines != nil ? BasemapFeature.Shape.lines : nil, polygon != nil ? .polygon : nil,
                    point != nil ? .point : nil,
                ].compactMap { $0 }
                guard given == [kind.shape] else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .kind, in: container,
                        debugDescription: "a \(kind.rawValue) is drawn as \"\(kind.shape.rawValue)\" and nothing else")
                }
            }
        }

        /// A `[latitude, longitude]` pair.
        struct Point: Decodable {
            let coordinate: Coordinate

            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                let latitude = try container.decode(Double.self)
                let longitude = try container.decode(Double.self)
                guard container.isAtEnd else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected [lat, lon]")
                }
                do {
                    coordinate = try Coordinate(latitude: latitude, longitude: longitude)
                } catch {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
                }
            }
        }

        /// The file's features cut to `coverage`, as a schematic basemap.
        func basemap(coverage: Bounds) -> Basemap {
            let rect = PlaneRect(
                minX: coverage.southWest.longitude, minY: coverage.southWest.latitude,
                maxX: coverage.northEast.longitude, maxY: coverage.northEast.latitude)
            func plane(_ points: [Point]) -> [PlanePoint] {
                points.map { PlanePoint(x: $0.coordinate.longitude, y: $0.coordinate.latitude) }
            }
            func coordinates(_ points: [PlanePoint]) -> [Coordinate] {
                points.map { try! Coordinate(latitude: $0.y, longitude: $0.x) }
            }
            let features = self.features.compactMap { feature -> BasemapFeature? in
                let parts: [[PlanePoint]]
                switch feature.kind.shape {
                case .lines: parts = (feature.lines ?? []).flatMap { Clipping.clip(line: plane($0), to: rect) }
                case .polygon:
                    parts = (feature.polygon ?? []).map { Clipping.clip(ring: plane($0), to: rect) }
                        .filter { !$0.isEmpty }
                case .point: parts = feature.point.map { rect.contains(plane([$0])[0]) ? [plane([$0])] : [] } ?? []
                }
                guard !parts.isEmpty else { return nil }
                return BasemapFeature(kind: feature.kind, name: feature.name, parts: parts.map(coordinates))
            }
            return Basemap(source: .schematic, note: note, coverage: coverage, features: features)
        }
    }
}
