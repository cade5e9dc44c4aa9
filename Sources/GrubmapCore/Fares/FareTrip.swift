/// A ride to estimate: where it goes and the area whose fare schedule prices it.
public struct FareTrip: Hashable, Sendable {
    /// The area whose schedule applies.
    public let area: Area
    /// That area's schedule.
    public let schedule: FareSchedule
    /// The point the ride ends at.
    public let destination: Coordinate
    /// The place the ride goes to, when the destination named one.
    public let place: Place?
}

/// Why a ride could not be resolved; ``parameter`` says which input is at fault (`to` or `area`).
public enum FareTripError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownArea(String)
    case unknownPlace(Place.ID)
    case areaMismatch(place: Place.ID, placeArea: Area.ID, given: Area.ID)
    case noAreaContains(Coordinate)
    case noFareSchedule(Area.ID)

    /// The input the error is about: `"to"` or `"area"`.
    public var parameter: String {
        switch self {
        case .unknownArea, .areaMismatch, .noFareSchedule: "area"
        case .unknownPlace, .noAreaContains: "to"
        }
    }

    /// Whether the error is about something that does not exist (a 404), rather than a bad request.
    public var isNotFound: Bool {
        switch self {
        case .unknownArea, .unknownPlace, .noFareSchedule: true
        case .areaMismatch, .noAreaContains: false
        }
    }

    public var description: String {
        switch self {
        case .unknownArea(let text): "there is no area \"\(text.prefix(64))\""
        case .unknownPlace(let id): "there is no place \"\(id)\""
        case .areaMismatch(let place, let placeArea, let given):
            "the place \"\(place)\" is in the area \"\(placeArea)\", not \"\(given)\"; leave the area out to use the "
                + "place's own"
        case .noAreaContains(let point): "no area contains \(point); give an area to choose whose fares apply"
        case .noFareSchedule(let id): "the area \"\(id)\" has no fare schedule, so rides there cannot be estimated"
        }
    }
}

extension FareTrip {
    /// Resolves a ride's destination and area among `areas` (``TripDestination``), looking places up with `place`:
    /// a point prices under `areaID` when given, else under the first area by id whose bounds contain it.
    ///
    /// - Throws: ``FareTripError`` (``FareTripError/noFareSchedule(_:)`` for an area without fares), or what
    ///   `place` throws.
    public static func resolve(
        to destination: FareDestination, areaID: String?, areas: [Area], place: (Place.ID) throws -> Place?
    ) throws -> FareTrip {
        let resolved = try TripDestination.resolve(
            destination, areaID: areaID, areas: areas, pointAreaFrom: [], place: place)
        guard let schedule = resolved.area.fareSchedule else { throw FareTripError.noFareSchedule(resolved.area.id) }
        return FareTrip(area: resolved.area, schedule: schedule, destination: resolved.point, place: resolved.place)
    }
}

/// Where a trip (a ride, a walk) goes and the area it belongs to.
public struct TripDestination: Hashable, Sendable {
    public let area: Area
    /// The point the trip ends at.
    public let point: Coordinate
    /// The place it goes to, when the destination named one.
    public let place: Place?

    /// Resolves `destination` among `areas`, looking places up with `place`. A place belongs to its own area
    /// (naming another area is an error); a point to `areaID` when given, else to the first area by id whose bounds
    /// contain one of `pointAreaFrom` (tried in order) or the point itself.
    ///
    /// - Parameter areaID: the area as the person wrote it, or `nil`; text that is not an id is an unknown area.
    /// - Throws: ``FareTripError``, or what `place` throws.
    public static func resolve(
        _ destination: FareDestination, areaID: String?, areas: [Area], pointAreaFrom: [Coordinate],
        place: (Place.ID) throws -> Place?
    ) throws -> TripDestination {
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
            return TripDestination(area: own, point: found.coordinate, place: found)
        case .coordinate(let point):
            guard
                let found = chosen
                    ?? (pointAreaFrom + [point]).lazy.compactMap({ Area.containing($0, in: areas) }).first
            else { throw FareTripError.noAreaContains(point) }
            return TripDestination(area: found, point: point, place: nil)
        }
    }
}
