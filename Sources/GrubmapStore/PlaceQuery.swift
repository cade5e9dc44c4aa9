import GrubmapCore

/// A page of places to ask a ``PlaceStore`` for: an area's (or every area's), nearest first or by name, inside a box
/// or a radius, after the last place of the page before.
///
/// Stores answer exactly what a full scan would: every place's distance is the ellipsoidal geodesic
/// (``GeodesicDisc/distance(to:)``), and ties are broken by id, so the order is total and a page ends where the
/// next begins.
public struct PlaceQuery: Hashable, Sendable {
    /// The order of the places.
    public enum Order: Hashable, Sendable {
        /// Nearest first to the point, ties by id.
        case distance(from: Coordinate)
        /// By ``LocalizedText/sortKey(in:)`` of the name in the language, ties by id.
        case name(Language)
    }

    /// The most places one query may ask for.
    public static let maximumLimit = 1000

    /// Only this area's places; `nil` for every area's.
    public var areaID: Area.ID?
    public var order: Order
    /// Only places inside the box (with ``Order/distance(from:)`` only).
    public var box: GeoBox?
    /// Only places at most this many metres from the order's point (with ``Order/distance(from:)`` only).
    public var radiusMeters: Double?
    /// How many places at most, from 1 to ``maximumLimit``.
    public var limit: Int
    /// Only places after this one in the order: the ``PlaceResults/next`` of the page before.
    public var after: PlaceSortKey?
    /// Places to leave out (shown apart, such as the person's bookmarks).
    public var excluding: Set<Place.ID>

    public init(
        areaID: Area.ID?, order: Order, box: GeoBox? = nil, radiusMeters: Double? = nil, limit: Int,
        after: PlaceSortKey? = nil, excluding: Set<Place.ID> = []
    ) {
        self.areaID = areaID
        self.order = order
        self.box = box
        self.radiusMeters = radiusMeters
        self.limit = limit
        self.after = after
        self.excluding = excluding
    }

    /// The point distances are measured from, for ``Order/distance(from:)``.
    public var origin: Coordinate? {
        if case .distance(let origin) = order { origin } else { nil }
    }

    /// Throws when the query cannot be answered: a limit out of range, a box or radius without a point to measure
    /// from, a radius that is not a positive finite number, or an `after` of the other order.
    public func validate() throws(StoreError) {
        guard (1...Self.maximumLimit).contains(limit) else {
            throw .invalidQuery("limit \(limit) is outside 1...\(Self.maximumLimit)")
        }
        if let radiusMeters, !(radiusMeters.isFinite && radiusMeters > 0) {
            throw .invalidQuery("the radius must be a positive number of metres")
        }
        switch (order, after) {
        case (.name, _) where box != nil || radiusMeters != nil:
            throw .invalidQuery("a box or a radius needs places ordered by distance")
        case (.name, .distance?), (.distance, .name?):
            throw .invalidQuery("the place to continue after belongs to the other order")
        default:
            break
        }
    }

    /// Whether `place` belongs in the answer (leaving ``after`` and ``excluding`` aside), and its distance from the
    /// order's point when there is one: the stores' test, for places found otherwise (bookmarks).
    public func admits(_ place: Place) -> (admitted: Bool, distanceMeters: Double?) {
        guard areaID.map({ $0 == place.areaID }) ?? true, box?.contains(place.coordinate) ?? true else {
            return (false, nil)
        }
        guard let origin else { return (true, nil) }
        let distance = GeodesicDisc(center: origin, radiusMeters: 0).distance(to: place.coordinate)
        return (radiusMeters.map { distance <= $0 } ?? true, distance)
    }

    /// The key of a place in this query's order.
    public func sortKey(of listed: ListedPlace) -> PlaceSortKey {
        switch order {
        case .distance: .distance(meters: listed.distanceMeters ?? 0, id: listed.place.id)
        case .name(let language): .name(key: listed.place.name.sortKey(in: language), id: listed.place.id)
        }
    }
}

/// Where a place stands in a ``PlaceQuery``'s order: what a page continues after.
public enum PlaceSortKey: Hashable, Sendable, Comparable {
    /// Its distance in metres from the query's point, and its id.
    case distance(meters: Double, id: Place.ID)
    /// Its name's ``LocalizedText/sortKey(in:)``, and its id.
    case name(key: String, id: Place.ID)

    public static func < (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.distance(let left, let leftID), .distance(let right, let rightID)):
            (left, leftID) < (right, rightID)
        case (.name(let left, let leftID), .name(let right, let rightID)):
            left.utf8.lexicographicallyPrecedes(right.utf8) || (left == right && leftID < rightID)
        case (.distance, .name): true
        case (.name, .distance): false
        }
    }
}

/// One page of a ``PlaceQuery``'s answer.
public struct PlaceResults: Sendable {
    /// The places in the query's order, each with its distance for ``PlaceQuery/Order/distance(from:)``.
    public var places: [ListedPlace]
    /// The key of the last place when more follow (the next page's ``PlaceQuery/after``); `nil` on the last page.
    public var next: PlaceSortKey?

    public init(places: [ListedPlace], next: PlaceSortKey?) {
        self.places = places
        self.next = next
    }
}
