import GrubmapCore

/// Which OpenStreetMap objects a basemap keeps, read from their tags, and their names.
enum OSMTags {
    /// The only keys read; other tags are counted (against the limit per object) and dropped at once.
    static let readKeys: Set<String> = Set<String>([
        "highway", "railway", "waterway", "building", "natural", "landuse", "leisure", "water", "area", "tunnel",
        "public_transport", "type", "name", "name:ko", "name:en",
    ]).union(RoutingTags.keys)

    /// The kind of a node, way or multipolygon with these tags, or `nil` when the basemap does not draw it.
    /// `isClosed` says whether the object can be an area (a closed way or a multipolygon).
    static func kind(of tags: [String: String], isClosed: Bool) -> BasemapFeature.Kind? {
        let underground = tags["tunnel"].map { $0 != "no" } ?? false
        if let highway = tags["highway"], tags["area"] != "yes" {
            guard !underground else { return nil }
            switch highway {
            case "motorway", "motorway_link", "trunk", "trunk_link": return .motorway
            case "primary", "primary_link": return .primary
            case "secondary", "secondary_link": return .secondary
            case "tertiary", "tertiary_link": return .tertiary
            case "unclassified", "residential", "living_street", "road": return .street
            case "service", "track": return .service
            case "pedestrian": return .pedestrian
            case "footway", "path", "cycleway", "steps", "bridleway": return .footway
            default: break
            }
        }
        if let railway = tags["railway"] {
            switch railway {
            case "rail", "light_rail", "subway", "tram", "narrow_gauge", "monorail", "funicular":
                if !underground { return .railway }
            case "station", "halt":
                return .station
            default: break
            }
        }
        if tags["public_transport"] == "station" { return .station }
        if let building = tags["building"], building != "no", isClosed { return .building }
        if isClosed {
            if tags["natural"] == "water" || tags["waterway"] == "riverbank"
                || ["reservoir", "basin"].contains(tags["landuse"] ?? "")
            {
                return .water
            }
            if ["park", "garden", "pitch", "playground", "golf_course", "nature_reserve", "recreation_ground"]
                .contains(tags["leisure"] ?? "")
                || ["grass", "forest", "meadow", "recreation_ground", "village_green", "cemetery"]
                    .contains(tags["landuse"] ?? "")
                || ["wood", "scrub", "grassland", "heath"].contains(tags["natural"] ?? "")
            {
                return .green
            }
        }
        if let waterway = tags["waterway"], ["river", "stream", "canal", "drain", "ditch"].contains(waterway) {
            return underground ? nil : .waterway
        }
        return nil
    }

    /// The object's name: `name` in the area's own language, `name:ko` and `name:en` in theirs (each winning over
    /// `name` for its language); `nil` when it has none.
    static func name(of tags: [String: String], localLanguage: String) -> LocalizedText? {
        var values: [String: String] = [:]
        if let name = tags["name"] { values[localLanguage] = name }
        for language in ["ko", "en"] {
            if let name = tags["name:" + language] { values[language] = name }
        }
        return try? LocalizedText(values.mapValues { String($0.prefix(200)) })
    }
}
