import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Walking routes over an area's imported streets: `GET /api/v1/routes/walk`.
struct RouteFeature: RouteCollection {
    let basemaps: any BasemapStore

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.API.walkingRoute, .api, .optional, walkingRoute)
    }

    /// `GET /api/v1/routes/walk?from=LAT,LON&to=PLACE|LAT,LON[&area=ID]`.
    func walkingRoute(_ context: VisitorContext) throws -> Response {
        let request = context.request
        let origin = try request.coordinate("from")
        guard let text = request.query["to"] else {
            throw HTTPError.badRequest(
                "to: missing; give a place id or LAT,LON in degrees, like to=pnu-busan-geumjeong-hall or "
                    + "to=35.2335,129.0818.", code: "missing_parameter", field: "to")
        }
        let destination: FareDestination
        do {
            destination = try FareDestination(parsing: text)
        } catch {
            throw HTTPError.badRequest("to: \(error.description).", code: "invalid_destination", field: "to")
        }
        // A walk to a point takes the streets of the area given, else of the one holding its start (or its end).
        let trip = try TripDestination.resolve(
            destination, areaID: request.query["area"], areas: try context.catalog.allAreas(), pointAreaFrom: [origin],
            place: { try context.knownPlace($0) })
        guard let graph = try basemaps.routingGraph(areaID: trip.area.id, mode: .walk) else {
            throw HTTPError(
                .notFound, code: "no_routing_graph",
                message: "area: the area \"\(trip.area.id)\" has no streets to walk yet; its operator imports them "
                    + "with grubmap import basemap.", field: "area")
        }
        let route: GraphRoute
        do {
            route = try graph.route(from: origin, to: trip.point)
        } catch {
            throw HTTPError(.notFound, code: "no_route", message: "to: \(error.description).", field: "to")
        }
        return .json(API.WalkingRouteBody(route, area: trip.area.id, place: trip.place?.id))
    }
}

extension API.WalkingRouteBody {
    init(_ route: GraphRoute, area: Area.ID, place: Place.ID?) {
        func rounded(_ meters: Double) -> Double { (meters * 100).rounded() / 100 }
        self.init(
            areaId: area, placeId: place, distanceMeters: rounded(route.distanceMeters),
            durationSeconds: Int(route.durationSeconds.rounded()),
            snapMeters: Snap(from: rounded(route.snapFromMeters), to: rounded(route.snapToMeters)),
            geometry: LineString(coordinates: route.coordinates.map { [$0.longitude, $0.latitude] }))
    }
}
