/// A place in a listing, with its distance from the person when their position is known.
public struct ListedPlace: Hashable, Sendable {
    public let place: Place
    /// Metres on the WGS-84 ellipsoid from the origin the listing was made for, or `nil`.
    public let distanceMeters: Double?
}

extension Place {
    /// Orders places for a listing: by distance from `origin` when it is given (nearest first, ties by name),
    /// else by name in `language`; ids break any remaining tie so the order is always the same.
    public static func listing(_ places: [Place], from origin: Coordinate?, language: Language) -> [ListedPlace] {
        let listed = places.map { place in
            ListedPlace(place: place, distanceMeters: origin.map { $0.distance(to: place.coordinate) })
        }
        return listed.sorted { lhs, rhs in
            if let left = lhs.distanceMeters, let right = rhs.distanceMeters, left != right { return left < right }
            let leftName = lhs.place.name.text(in: language).lowercased()
            let rightName = rhs.place.name.text(in: language).lowercased()
            if leftName != rightName { return leftName < rightName }
            return lhs.place.id < rhs.place.id
        }
    }
}
