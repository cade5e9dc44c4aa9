import Foundation
import GrubmapAPI
import GrubmapCore

extension API.FareEstimateBody {
    init(
        _ estimate: FareEstimate, schedule: FareSchedule, from: Coordinate, to: Coordinate, area: Area, place: Place?,
        language: Language
    ) {
        self.init(
            from: from, to: to, areaId: area.id, placeId: place?.id, distanceMeters: estimate.roadMeters,
            straightLineMeters: (estimate.straightLineMeters * 1000).rounded() / 1000,
            routedMeters: estimate.routedMeters,
            durationSeconds: Range(low: estimate.durationSeconds.lowerBound, high: estimate.durationSeconds.upperBound),
            currency: estimate.currency.code, surge: schedule.surge,
            estimates: estimate.fares.map { fare in
                Estimate(
                    rideType: fare.rideType.id, displayName: fare.rideType.name.text(in: language),
                    capacity: fare.rideType.capacity, low: fare.low, high: fare.high,
                    display: estimate.currency.formatRange(low: fare.low, high: fare.high, language: language))
            })
    }
}

extension API.DistanceBody {
    init(_ inverse: GeodesicInverse) {
        self.init(
            distanceMeters: (inverse.distanceMeters * 1000).rounded() / 1000,
            initialBearingDegrees: inverse.initialBearingDegrees, finalBearingDegrees: inverse.finalBearingDegrees)
    }
}
