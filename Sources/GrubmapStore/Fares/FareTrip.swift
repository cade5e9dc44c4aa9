import GrubmapCore

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

extension Store {
    /// Resolves a ride's destination and area.
    ///
    /// A place prices under its own area (naming another area is an error); a point under `areaID` when given,
    /// else under the first area by id whose bounds contain it.
    ///
    /// - Parameter areaID: the area as the person wrote it, or `nil`; text that is not an id is an unknown area.
    /// - Throws: ``FareTripError``, or the store's own errors.
    public func fareTrip(to destination: FareDestination, areaID: String?) throws -> FareTrip {
        var chosen: Area?
        if let areaID {
            guard let id = try? Area.ID(areaID), let area = try area(id: id) else {
                throw FareTripError.unknownArea(areaID)
            }
            chosen = area
        }
        let area: Area
        let point: Coordinate
        var place: Place?
        switch destination {
        case .place(let id):
            guard let found = try self.place(id: id) else { throw FareTripError.unknownPlace(id) }
            if let chosen, chosen.id != found.areaID {
                throw FareTripError.areaMismatch(place: id, placeArea: found.areaID, given: chosen.id)
            }
            guard let own = try self.area(id: found.areaID) else {
                throw FareTripError.unknownArea(found.areaID.rawValue)
            }
            (area, point, place) = (own, found.coordinate, found)
        case .coordinate(let coordinate):
            guard let found = try chosen ?? Area.containing(coordinate, in: areas()) else {
                throw FareTripError.noAreaContains(coordinate)
            }
            (area, point) = (found, coordinate)
        }
        guard let schedule = area.fareSchedule else { throw FareTripError.noFareSchedule(area.id) }
        return FareTrip(area: area, schedule: schedule, destination: point, place: place)
    }
}
