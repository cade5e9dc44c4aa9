import Foundation
import GrubmapCore

/// Where the person is: a point in the address, the position their browser shared, or one they set by hand (by
/// tapping the map or picking "I'm at …"). All three are used alike, for distances, nearest first and rides; pages
/// say which it is.
struct PersonPosition: Hashable, Sendable {
    enum Source: Hashable, Sendable {
        /// `?near=LAT,LON` in the address.
        case query
        /// The browser's geolocation, kept by the page script.
        case shared
        /// Set by the person on the map or from a list.
        case setByHand
    }

    let coordinate: Coordinate
    let source: Source

    /// The cookie both the page script (shared positions) and `POST /position` (positions set by hand) write.
    static let cookieName = "grubmap_position"
    /// How long a position is kept, in seconds: an hour, as the script keeps a shared one.
    static let lifetimeSeconds = 3600

    init(coordinate: Coordinate, source: Source) {
        self.coordinate = coordinate
        self.source = source
    }

    /// Reads `LAT,LON` (shared) or `LAT,LON,set` (set by hand); `nil` for anything else.
    init?(cookieValue: String) {
        var text = Substring(cookieValue)
        var source = Source.shared
        if text.hasSuffix(",set") {
            text = text.dropLast(4)
            source = .setByHand
        }
        guard let coordinate = try? Coordinate(parsing: text) else { return nil }
        self.init(coordinate: coordinate, source: source)
    }

    /// The cookie's value for a position set by hand, to six decimals (about 0.1 m).
    static func cookieValue(setByHand coordinate: Coordinate) -> String {
        FixedPoint.text(coordinate, digits: 6) + ",set"
    }

    /// Whether it is the person's own (shared or set), rather than a point in the address.
    var isPersons: Bool { source != .query }
}
