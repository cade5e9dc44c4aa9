/// How far from a graph's streets a point may lie for a route from it to mean something: someone at home 16 km away
/// is not a 12-minute walk from a campus because its nearest street is.
extension RoutingGraph {
    /// The farthest a point may be from the nearest street for pages and fares to route from it.
    public static let reachMeters = 300.0

    /// Whether `coordinate` lies within ``reachMeters`` of the graph's streets.
    public func reaches(_ coordinate: Coordinate) -> Bool {
        snap(coordinate).map { $0.distanceMeters <= Self.reachMeters } ?? false
    }

    /// The way from door to door over the streets, in metres: the route and both ends' ways to and from the
    /// nearest street, to the centimetre; `nil` when either end is beyond ``reachMeters`` or no route joins them.
    public func doorToDoorMeters(from origin: Coordinate, to destination: Coordinate) -> Double? {
        guard let route = try? route(from: origin, to: destination),
            route.snapFromMeters <= Self.reachMeters, route.snapToMeters <= Self.reachMeters
        else { return nil }
        return ((route.distanceMeters + route.snapFromMeters + route.snapToMeters) * 100).rounded() / 100
    }
}
