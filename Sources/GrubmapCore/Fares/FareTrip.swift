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
    /// Resolves a ride's destination and area among `areas`, looking places up with `place`.
    ///
    /// A place prices under its own area (naming another area is an error); a point under `areaID` when given,
    /// else under the first area by id whose bounds contain it.
    ///
    /// - Parameter areaID: the area as the person wrote it, or `nil`; text that is not an id is an unknown area.
    /// - Throws: ``FareTripError``, or what `place` throws.
    public static func resolve(
        to destination: FareDestination, areaID: String?, areas: [Area], place: (Place.ID) throws -> Place?
    ) throws -> FareTrip {
        let area = { (id: Area.ID) in areas.first { $0.id == id } }
        var chosen: Area?
        if let areaID {
            guard let id = try? Area.ID(areaID), let found = area(id) else { throw FareTripError.unknownArea(areaID) }
            chosen = found
        }
        let priced: Area
        let point: Coordinate
        var destinationPlace: Place?
        switch destination {
        case .place(let id):
            guard let found = try place(id) else { throw FareTripError.unknownPlace(id) }
            if let chosen, chosen.id != found.areaID {
                throw FareTripError.areaMismatch(place: id, placeArea: found.areaID, given: chosen.id)
            }
            guard let own = area(found.areaID) else { throw FareTripError.unknownArea(found.areaID.rawValue) }
            (priced, point, destinationPlace) = (own, found.coordinate, found)
        case .coordinate(let coordinate):
            guard let found = chosen ?? Area.containing(coordinate, in: areas) else {
                throw FareTripError.noAreaContains(coordinate)
            }
            (priced, point) = (found, coordinate)
        }
        guard let schedule = priced.fareSchedule else { throw FareTripError.noFareSchedule(priced.id) }
        return FareTrip(area: priced, schedule: schedule, destination: point, place: destinationPlace)
    }
}
