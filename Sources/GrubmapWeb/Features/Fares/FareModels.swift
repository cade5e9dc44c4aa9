import Foundation
import GrubmapCore

extension API {
    /// `GET /api/v1/fares`: one estimate per ride type of the destination area's schedule.
    ///
    /// `distanceMeters` is the road distance the fares are priced on (the geodesic `straightLineMeters` times the
    /// schedule's detour factor, whole metres); `durationSeconds` is a range, `low` at the speed band's fast end and
    /// `high` at its slow end. Prices are exact decimals in `currency`'s major unit, already rounded as it rounds.
    struct FareEstimateBody: Encodable {
        struct Range<Value: Encodable>: Encodable {
            let low: Value
            let high: Value
        }

        struct Estimate: Encodable {
            let rideType: RideType.ID
            let displayName: String
            let capacity: Int
            let low: Decimal
            let high: Decimal
            /// The range for people in the caller's language: `$13.50–$13.76`, `₩4,800`.
            let display: String
        }

        let from: Coordinate
        let to: Coordinate
        let areaId: Area.ID
        /// The destination place, when `to` named one.
        let placeId: Place.ID?
        let distanceMeters: Int
        let straightLineMeters: Double
        let durationSeconds: Range<Int>
        let currency: String
        let surge: Decimal
        let estimates: [Estimate]

        init(
            _ estimate: FareEstimate, schedule: FareSchedule, from: Coordinate, to: Coordinate, area: Area,
            place: Place?, language: Language
        ) {
            self.from = from
            self.to = to
            areaId = area.id
            placeId = place?.id
            distanceMeters = estimate.roadMeters
            straightLineMeters = (estimate.straightLineMeters * 1000).rounded() / 1000
            durationSeconds = Range(low: estimate.durationSeconds.lowerBound, high: estimate.durationSeconds.upperBound)
            currency = estimate.currency.code
            surge = schedule.surge
            estimates = estimate.fares.map { fare in
                Estimate(
                    rideType: fare.rideType.id, displayName: fare.rideType.name.text(in: language),
                    capacity: fare.rideType.capacity, low: fare.low, high: fare.high,
                    display: estimate.currency.formatRange(low: fare.low, high: fare.high, language: language))
            }
        }
    }

    /// `GET /api/v1/distance`: the geodesic between two points on the WGS-84 ellipsoid.
    struct DistanceBody: Encodable {
        /// Metres, rounded to the millimetre.
        let distanceMeters: Double
        /// Degrees clockwise from north in [0, 360), at the start.
        let initialBearingDegrees: Double
        /// Degrees clockwise from north in [0, 360), on arrival.
        let finalBearingDegrees: Double

        init(_ inverse: GeodesicInverse) {
            distanceMeters = (inverse.distanceMeters * 1000).rounded() / 1000
            initialBearingDegrees = inverse.initialBearingDegrees
            finalBearingDegrees = inverse.finalBearingDegrees
        }
    }
}
