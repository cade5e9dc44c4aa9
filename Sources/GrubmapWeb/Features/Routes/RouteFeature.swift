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
        let trip = try WalkTrip.resolve(
            to: destination, areaID: request.query["area"], from: origin, areas: try context.catalog.allAreas(),
            place: { try context.knownPlace($0) })
        guard let graph = try basemaps.routingGraph(areaID: trip.area.id, mode: .walk) else {
            throw HTTPError(
                .notFound, code: "no_routing_graph",
                message: "area: the area \"\(trip.area.id)\" has no streets to walk yet; its operator imports them "
                    + "with grubmap import basemap.", field: "area")
        }
        let route: GraphRoute
        do {
            route = try graph.route(from: origin, to: trip.destination)
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

/// Where a walk goes and whose streets it takes: a place (its own area's; naming another area is 400) or a point
/// (the area given, else the one holding the start).
struct WalkTrip {
    let area: Area
    let destination: Coordinate
    let place: Place?

    static func resolve(
        to destination: FareDestination, areaID: String?, from origin: Coordinate, areas: [Area],
        place: (Place.ID) throws -> Place?
    ) throws -> WalkTrip {
        let area = { (id: Area.ID) in areas.first { $0.id == id } }
        var chosen: Area?
        if let areaID {
            guard let id = try? Area.ID(areaID), let found = area(id) else { throw FareTripError.unknownArea(areaID) }
            chosen = found
        }
        switch destination {
        case .place(let id):
            guard let found = try place(id) else { throw FareTripError.unknownPlace(id) }
            if let chosen, chosen.id != found.areaID {
                throw FareTripError.areaMismatch(place: id, placeArea: found.areaID, given: chosen.id)
            }
            guard let own = area(found.areaID) else { throw FareTripError.unknownArea(found.areaID.rawValue) }
            return WalkTrip(area: own, destination: found.coordinate, place: found)
        case .coordinate(let point):
            guard let found = chosen ?? Area.containing(origin, in: areas) ?? Area.containing(point, in: areas) else {
                throw FareTripError.noAreaContains(point)
            }
            return WalkTrip(area: found, destination: point, place: nil)
        }
    }
}
