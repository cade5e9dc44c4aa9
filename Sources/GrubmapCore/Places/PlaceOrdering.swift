/// A place in a listing, with its distance from the person when their position is known.
public struct ListedPlace: Hashable, Sendable {
    public let place: Place
    /// Metres on the WGS-84 ellipsoid from the origin the listing was made for, or `nil`.
    public let distanceMeters: Double?

    public init(place: Place, distanceMeters: Double?) {
        self.place = place
        self.distanceMeters = distanceMeters
    }
}

/// How a listing of places is ordered.
public enum PlaceOrder: String, Sendable, CaseIterable {
    /// Nearest first when the origin is known, else by name.
    case distance
    /// By name in the person's language.
    case name
}

extension Place {
    /// Lists places with their distances from `origin` (when it is given): the bookmarked ones first, in the
    /// order of `bookmarks`, then the rest ordered by `order`: by distance nearest first (ties by name), or by
    /// name in `language`; ids break any remaining tie so the order is always the same.
    ///
    /// `bookmarks` may name places that are not in `places` (another area's, or deleted ones): those are skipped,
    /// as are repeats after the first.
    public static func listing(
        _ places: [Place], from origin: Coordinate?, order: PlaceOrder = .distance, language: Language,
        bookmarks: [Place.ID] = []
    ) -> [ListedPlace] {
        let listed = places.map { place in
            ListedPlace(place: place, distanceMeters: origin.map { $0.distance(to: place.coordinate) })
        }
        let inOrder = ordered(listed, order: order, language: language)
        guard !bookmarks.isEmpty else { return inOrder }
        var rank: [Place.ID: Int] = [:]
        for (index, id) in bookmarks.enumerated() where rank[id] == nil { rank[id] = index }
        let bookmarked = inOrder.filter { rank[$0.place.id] != nil }.sorted { rank[$0.place.id]! < rank[$1.place.id]! }
        return bookmarked + inOrder.filter { rank[$0.place.id] == nil }
    }

    private static func ordered(_ listed: [ListedPlace], order: PlaceOrder, language: Language) -> [ListedPlace] {
        listed.sorted { lhs, rhs in
            if order == .distance, let left = lhs.distanceMeters, let right = rhs.distanceMeters, left != right {
                return left < right
            }
            let leftName = lhs.place.name.text(in: language).lowercased()
            let rightName = rhs.place.name.text(in: language).lowercased()
            if leftName != rightName { return leftName < rightName }
            return lhs.place.id < rhs.place.id
        }
    }
}
