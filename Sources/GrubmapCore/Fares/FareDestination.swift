/// Where a ride estimate goes: a place by id, or a point.
///
/// Written as `PLACE` (a place id such as `original-joes`) or `LAT,LON`; text with a comma is a point.
public enum FareDestination: Hashable, Sendable {
    case place(Place.ID)
    case coordinate(Coordinate)

    /// Reads `PLACE` or `LAT,LON`; throws ``FareDestinationError`` saying which was expected.
    public init(parsing text: some StringProtocol) throws(FareDestinationError) {
        if text.contains(",") {
            do {
                self = .coordinate(try Coordinate(parsing: text))
            } catch {
                throw .coordinate(error)
            }
        } else {
            do {
                self = .place(try Place.ID(text))
            } catch {
                throw .placeID(error)
            }
        }
    }
}

/// Why a destination was refused.
public enum FareDestinationError: Error, Equatable, Sendable, CustomStringConvertible {
    case coordinate(CoordinateError)
    case placeID(SlugError)

    public var description: String {
        switch self {
        case .coordinate(let error): error.description
        case .placeID(.empty): "expected a place id or LAT,LON, got nothing"
        case .placeID(let error): "expected a place id or LAT,LON: \(error.description)"
        }
    }
}

extension Area {
    /// The first of `areas` (in the order given) whose bounds contain `point`, or `nil`.
    public static func containing(_ point: Coordinate, in areas: [Area]) -> Area? {
        areas.first { $0.bounds.contains(point) }
    }
}
