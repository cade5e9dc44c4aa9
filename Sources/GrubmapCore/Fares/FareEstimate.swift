import Foundation

/// What a ride from one point to another would cost with each ride type of a schedule, as a low–high range.
///
/// The road distance is the geodesic on the WGS-84 ellipsoid times the schedule's detour factor, in whole metres.
/// The duration is that distance at the fast and the slow end of the speed band, in whole seconds; the fast trip
/// gives the low price and the slow trip the high one. Identical points give 0 m and every ride type's minimum fare.
public struct FareEstimate: Hashable, Sendable {
    /// One ride type's price range.
    public struct Fare: Hashable, Sendable {
        public let rideType: RideType
        /// The price of the fast trip, rounded as the currency rounds.
        public let low: Decimal
        /// The price of the slow trip, rounded as the currency rounds; at least `low`.
        public let high: Decimal
    }

    /// The geodesic between the two points, in metres.
    public let straightLineMeters: Double
    /// The driving route's length over the area's roads, when it has a driving graph and a route joins the points.
    public let routedMeters: Double?
    /// The distance priced: the driving route's length where there is one, else straight line × detour factor,
    /// rounded to whole metres.
    public let roadMeters: Int
    /// The trip's duration at the fast end (`lowerBound`) and the slow end (`upperBound`) of the speed band, seconds.
    public let durationSeconds: ClosedRange<Int>
    /// The currency of every price.
    public let currency: Currency
    /// One range per ride type, in the schedule's order.
    public let fares: [Fare]

    /// Estimates a ride of the given straight-line length under `schedule`.
    public init(schedule: FareSchedule, straightLineMeters: Double, routedMeters: Double? = nil) {
        precondition(straightLineMeters.isFinite && straightLineMeters >= 0, "a distance is finite and not negative")
        self.straightLineMeters = straightLineMeters
        self.routedMeters = routedMeters
        let road = Int((routedMeters ?? straightLineMeters * schedule.detourFactor).rounded())
        roadMeters = road
        // metres / (km/h ÷ 3.6) = seconds
        let fastest = Int((Double(road) * 3.6 / schedule.speedBand.high).rounded())
        let slowest = Int((Double(road) * 3.6 / schedule.speedBand.low).rounded())
        durationSeconds = fastest...slowest
        currency = schedule.currency
        fares = schedule.rideTypes.map { rideType in
            Fare(
                rideType: rideType,
                low: schedule.price(of: rideType, roadMeters: road, durationSeconds: fastest),
                high: schedule.price(of: rideType, roadMeters: road, durationSeconds: slowest))
        }
    }

    /// Estimates a ride priced on the driving route over `graph` (a driving graph) from door to door when one joins
    /// the points and both lie near its roads (``RoutingGraph/doorToDoorMeters(from:to:)``), else on the straight
    /// line.
    public init(
        schedule: FareSchedule, from origin: Coordinate, to destination: Coordinate, graph: RoutingGraph? = nil
    ) {
        self.init(
            schedule: schedule, straightLineMeters: origin.distance(to: destination),
            routedMeters: graph?.doorToDoorMeters(from: origin, to: destination))
    }

    /// The range for the ride type with this id, or `nil`.
    public func fare(for id: RideType.ID) -> Fare? {
        fares.first { $0.rideType.id == id }
    }
}
