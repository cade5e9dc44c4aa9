/// Which OpenStreetMap ways each graph takes, from their tags.
public enum RoutingTags {
    /// Highways people walk: footways, paths, steps, pedestrian streets, residential and service roads, tracks and
    /// the smaller roads (a crossing is a footway tagged `footway=crossing`).
    static let walkable: Set<String> = [
        "footway", "path", "steps", "pedestrian", "residential", "service", "living_street", "track", "unclassified",
        "tertiary", "tertiary_link", "secondary", "secondary_link", "primary", "primary_link", "road", "cycleway",
        "bridleway", "corridor", "crossing",
    ]
    /// Highways cars drive, by class.
    static let drivable: Set<String> = [
        "motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link", "secondary", "secondary_link",
        "tertiary", "tertiary_link", "unclassified", "residential", "living_street", "service", "road",
    ]
    /// Keys the rules read.
    public static let keys: Set<String> = [
        "highway", "foot", "access", "oneway", "junction", "motor_vehicle", "motorcar", "vehicle", "area",
    ]

    /// Whether people may walk a way with these tags, and its cost factor (steps are slower).
    public static func walking(_ tags: [String: String]) -> Double? {
        guard let highway = tags["highway"] else { return nil }
        let foot = tags["foot"]
        if foot == "no" { return nil }
        let allowed = ["yes", "designated", "permissive"].contains(foot ?? "")
        if !allowed {
            guard walkable.contains(highway) else { return nil }
            if ["private", "no"].contains(tags["access"] ?? "") { return nil }
        }
        return highway == "steps" ? RoutingGraph.stepsFactor : 1
    }

    /// Whether cars may drive a way with these tags, and which ways along it.
    public static func driving(_ tags: [String: String]) -> RoutingGraphBuilder.Direction? {
        guard let highway = tags["highway"], drivable.contains(highway) else { return nil }
        let vehicle = tags["motorcar"] ?? tags["motor_vehicle"] ?? tags["vehicle"]
        if let vehicle, ["no", "private"].contains(vehicle) { return nil }
        if ["private", "no"].contains(tags["access"] ?? ""),
            !["yes", "designated", "permissive"].contains(vehicle ?? "")
        {
            return nil
        }
        switch tags["oneway"] {
        case "yes", "true", "1": return .forward
        case "-1", "reverse": return .backward
        case "no", "false", "0": return .both
        default: return tags["junction"] == "roundabout" || highway == "motorway" ? .forward : .both
        }
    }
}
