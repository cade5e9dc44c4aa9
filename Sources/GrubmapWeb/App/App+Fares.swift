import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Ride estimates and distances: `/api/v1/fares`, `/api/v1/distance`, and the place page's ride cards.
extension App {
    /// `GET /api/v1/fares?from=LAT,LON&to=PLACE|LAT,LON[&area=ID]`.
    func apiFares(request: Request, language: Language) throws -> Response {
        let origin = try coordinateParameter("from", in: request)
        guard let text = request.query["to"] else {
            throw HTTPError.badRequest(
                "to: missing; give a place id or LAT,LON in degrees, like to=original-joes or to=37.3318,-121.8863.",
                code: "missing_parameter")
        }
        let destination: FareDestination
        do {
            destination = try FareDestination(parsing: text)
        } catch {
            throw HTTPError.badRequest("to: \(error.description).", code: "invalid_destination")
        }
        let trip: FareTrip
        do {
            trip = try environment.store.fareTrip(to: destination, areaID: request.query["area"])
        } catch let error as FareTripError {
            let message = "\(error.parameter): \(error.description)."
            throw error.isNotFound
                ? HTTPError(.notFound, code: Self.code(for: error), message: message)
                : HTTPError.badRequest(message, code: Self.code(for: error))
        }
        let estimate = FareEstimate(schedule: trip.schedule, from: origin, to: trip.destination)
        return .json(
            API.FareEstimateBody(
                estimate, schedule: trip.schedule, from: origin, to: trip.destination, area: trip.area,
                place: trip.place, language: language))
    }

    private static func code(for error: FareTripError) -> String {
        switch error {
        case .unknownArea, .unknownPlace: "not_found"
        case .areaMismatch: "area_mismatch"
        case .noAreaContains: "area_required"
        case .noFareSchedule: "no_fare_schedule"
        }
    }

    /// `GET /api/v1/distance?from=LAT,LON&to=LAT,LON`.
    func apiDistance(request: Request) throws(HTTPError) -> Response {
        let from = try coordinateParameter("from", in: request)
        let to = try coordinateParameter("to", in: request)
        return .json(API.DistanceBody(Geodesic.wgs84.inverse(from: from, to: to)))
    }

    /// The ride cards for a place's page: priced from the person's position when it is known.
    ///
    /// The selected ride type comes from `?ride=ID`; an unknown id selects the first ride type, as on a first visit.
    func rideEstimates(
        for place: Place, in area: Area, request: Request, language: Language, unit: DistanceUnit = .kilometers
    ) throws(HTTPError) -> RideEstimates {
        let position = try personPosition(request)
        let schedule = area.fareSchedule
        let requested = request.query["ride"].flatMap { try? RideType.ID($0) }
        let selected = requested.flatMap { schedule?.rideType(id: $0)?.id } ?? schedule?.rideTypes.first?.id
        return RideEstimates(
            strings: FareStrings.forLanguage(language), place: place, schedule: schedule,
            estimate: position.flatMap { position in
                schedule.map { FareEstimate(schedule: $0, from: position, to: place.coordinate) }
            },
            selected: selected, unit: unit, nearParameter: request.query["near"])
    }

    /// A required `LAT,LON` query parameter; 400 naming it when missing, malformed, not finite or out of range.
    func coordinateParameter(_ name: String, in request: Request) throws(HTTPError) -> Coordinate {
        guard let text = request.query[name] else {
            throw .badRequest(
                "\(name): missing; give LAT,LON in degrees, like \(name)=37.3318,-121.8863.", code: "missing_parameter")
        }
        do {
            return try Coordinate(parsing: text)
        } catch {
            throw .badRequest("\(name): \(error.description).", code: "invalid_coordinate")
        }
    }
}
