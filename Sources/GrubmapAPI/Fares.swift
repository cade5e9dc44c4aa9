import Foundation
import GrubmapCore

extension API {
    /// `GET /api/v1/fares`: one estimate per ride type of the destination area's schedule.
    ///
    /// `distanceMeters` is the road distance the fares are priced on (the geodesic `straightLineMeters` times the
    /// schedule's detour factor, whole metres); `durationSeconds` is a range, `low` at the speed band's fast end and
    /// `high` at its slow end. Prices are exact decimals in `currency`'s major unit, already rounded as it rounds.
    public struct FareEstimateBody: Codable, Sendable, Equatable {
        public struct Range<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
            public let low: Value
            public let high: Value

            public init(low: Value, high: Value) {
                self.low = low
                self.high = high
            }
        }

        public struct Estimate: Codable, Sendable, Equatable {
            public let rideType: RideType.ID
            public let displayName: String
            public let capacity: Int
            public let low: Decimal
            public let high: Decimal
            /// The range for people in the caller's language: `$13.50–$13.76`, `₩4,800`.
            public let display: String

            public init(
                rideType: RideType.ID, displayName: String, capacity: Int, low: Decimal, high: Decimal, display: String
            ) {
                self.rideType = rideType
                self.displayName = displayName
                self.capacity = capacity
                self.low = low
                self.high = high
                self.display = display
            }
        }

        public let from: Coordinate
        public let to: Coordinate
        public let areaId: Area.ID
        /// The destination place, when `to` named one.
        public let placeId: Place.ID?
        public let distanceMeters: Int
        public let straightLineMeters: Double
        /// The driving route's length over the area's roads, when the area has a driving graph: `distanceMeters`
        /// is then this, rounded; without it, the straight line times the detour factor.
        public let routedMeters: Double?
        public let durationSeconds: Range<Int>
        public let currency: String
        public let surge: Decimal
        public let estimates: [Estimate]

        public init(
            from: Coordinate, to: Coordinate, areaId: Area.ID, placeId: Place.ID?, distanceMeters: Int,
            straightLineMeters: Double, routedMeters: Double? = nil, durationSeconds: Range<Int>, currency: String,
            surge: Decimal, estimates: [Estimate]
        ) {
            self.routedMeters = routedMeters
            self.from = from
            self.to = to
            self.areaId = areaId
            self.placeId = placeId
            self.distanceMeters = distanceMeters
            self.straightLineMeters = straightLineMeters
            self.durationSeconds = durationSeconds
            self.currency = currency
            self.surge = surge
            self.estimates = estimates
        }
    }

    /// `GET /api/v1/distance`: the geodesic between two points on the WGS-84 ellipsoid.
    public struct DistanceBody: Codable, Sendable, Equatable {
        /// Metres, rounded to the millimetre.
        public let distanceMeters: Double
        /// Degrees clockwise from north in [0, 360), at the start.
        public let initialBearingDegrees: Double
        /// Degrees clockwise from north in [0, 360), on arrival.
        public let finalBearingDegrees: Double

        public init(distanceMeters: Double, initialBearingDegrees: Double, finalBearingDegrees: Double) {
            self.distanceMeters = distanceMeters
            self.initialBearingDegrees = initialBearingDegrees
            self.finalBearingDegrees = finalBearingDegrees
        }
    }
}
