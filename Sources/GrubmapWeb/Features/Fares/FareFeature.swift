import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Ride estimates and distances: `/api/v1/fares`, `/api/v1/distance`, and the place page's ride cards.
struct FareFeature: RouteCollection {
    /// Where the areas' driving graphs are read: fares are priced on the route where there is one.
    let basemaps: any BasemapStore

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.API.fares, .api, .optional, fares)
        routes.add(.get, Paths.API.distance, .api, .none, distance)
    }

    /// `GET /api/v1/fares?from=LAT,LON&to=PLACE|LAT,LON[&area=ID]`.
    func fares(_ context: VisitorContext) throws -> Response {
        let request = context.request
        let origin = try request.coordinate("from")
        guard let text = request.query["to"] else {
            throw HTTPError.badRequest(
                "to: missing; give a place id or LAT,LON in degrees, like to=original-joes or to=37.3318,-121.8863.",
                code: "missing_parameter", field: "to")
        }
        let destination: FareDestination
        do {
            destination = try FareDestination(parsing: text)
        } catch {
            throw HTTPError.badRequest("to: \(error.description).", code: "invalid_destination", field: "to")
        }
        let trip = try FareTrip.resolve(
            to: destination, areaID: request.query["area"], areas: try context.catalog.allAreas(),
            place: { try context.places.place(id: $0) })
        let estimate = FareEstimate(
            schedule: trip.schedule, from: origin, to: trip.destination,
            graph: try basemaps.routingGraph(areaID: trip.area.id, mode: .drive))
        return .json(
            API.FareEstimateBody(
                estimate, schedule: trip.schedule, from: origin, to: trip.destination, area: trip.area,
                place: trip.place, language: context.language))
    }

    /// `GET /api/v1/distance?from=LAT,LON&to=LAT,LON`.
    func distance(_ context: RequestContext) throws -> Response {
        let from = try context.request.coordinate("from")
        let to = try context.request.coordinate("to")
        return .json(API.DistanceBody(Geodesic.wgs84.inverse(from: from, to: to)))
    }
}

extension RideEstimates {
    /// The ride cards for a place's page: priced from `position` when it is known. The selected ride type comes
    /// from `?ride=ID` in `query`; an unknown id selects the first ride type, as on a first visit.
    static func make(
        for place: Place, in area: Area, from position: Coordinate?, query: QueryFields, language: Language,
        units: DistanceUnit, routedMeters: Double? = nil
    ) -> RideEstimates {
        let schedule = area.fareSchedule
        let requested = query["ride"].flatMap { try? RideType.ID($0) }
        let selected = requested.flatMap { schedule?.rideType(id: $0)?.id } ?? schedule?.rideTypes.first?.id
        return RideEstimates(
            strings: FareStrings.forLanguage(language), place: place, schedule: schedule,
            estimate: position.flatMap { position in
                schedule.map {
                    FareEstimate(
                        schedule: $0, straightLineMeters: position.distance(to: place.coordinate),
                        routedMeters: routedMeters)
                }
            },
            selected: selected, unit: units, nearParameter: query["near"])
    }
}
