import Foundation
import GrubmapCore
import GrubmapStore

/// Synthetic places for the spatial tests, clearly not real ones (`Synthetic place 17`), spread where nearest-first
/// queries go wrong: a dense city, across the antimeridian, near both poles, on top of each other, and anywhere.
public enum SyntheticPlaces {
    /// An area spanning the whole Earth, so every kind of place fits in it.
    public static let world = Area(
        id: try! Area.ID("synthetic-world"), name: LocalizedText("Synthetic world"),
        center: try! Coordinate(latitude: 37.55, longitude: 126.98), bounds: .world, timeZone: "UTC",
        currency: "USD", locale: "en-US")

    /// A second area, whose places queries of the first must leave out.
    public static let other = Area(
        id: try! Area.ID("synthetic-other"), name: LocalizedText("Synthetic other"),
        center: try! Coordinate(latitude: 37.55, longitude: 126.98), bounds: .world, timeZone: "UTC",
        currency: "USD", locale: "en-US")

    /// `count` places of `area`, ids `s-<prefix>-<n>` in a shuffled order, names in English, Korean, both or
    /// neither and in mixed case, some with the same name.
    public static func places(_ count: Int, in area: Area, prefix: String = "a", seed: UInt64 = 1) -> [Place] {
        var random = SplitMix64(seed: seed)
        var places: [Place] = []
        for index in 0..<count {
            let latitude: Double
            let longitude: Double
            switch index % 6 {
            case 0, 1:  // a dense city
                latitude = 37.55 + random.between(-0.05, 0.05)
                longitude = 126.98 + random.between(-0.06, 0.06)
            case 2:  // across the antimeridian
                latitude = -16.8 + random.between(-0.5, 0.5)
                let raw = 180 + random.between(-0.5, 0.5)
                longitude = raw > 180 ? raw - 360 : raw
            case 3:  // near a pole
                latitude = index % 12 == 3 ? random.between(89.5, 90) : random.between(-90, -89.5)
                longitude = random.between(-180, 180)
            case 4:  // on top of an earlier place
                latitude = places[index - 2].coordinate.latitude
                longitude = places[index - 2].coordinate.longitude
            default:  // anywhere
                latitude = random.between(-90, 90)
                longitude = random.between(-180, 180)
            }
            let number = (index * 7919) % max(count, 1)
            let label = "Synthetic place \(number % max(count / 3, 1))"
            let name: LocalizedText
            switch index % 4 {
            case 0: name = LocalizedText(label.uppercased())
            case 1: name = try! LocalizedText(["en": label, "ko": "합성 장소 \(number)"])
            case 2: name = LocalizedText("합성 장소 \(number % 50)", language: .korean)
            default: name = try! LocalizedText(["de": "Künstlicher Ort \(number)"])
            }
            places.append(
                Place(
                    id: try! Place.ID("s-\(prefix)-\(number)"), areaID: area.id, name: name,
                    kind: Place.Kind.allCases[index % 4],
                    coordinate: try! Coordinate(latitude: latitude, longitude: longitude)))
        }
        return places
    }

    /// What a full scan answers for a query: every place's distance computed, filtered and sorted, ties by id.
    public static func scan(_ places: [Place], _ query: PlaceQuery) -> [ListedPlace] {
        let admitted = places.compactMap { place -> ListedPlace? in
            guard !query.excluding.contains(place.id) else { return nil }
            let (isAdmitted, distance) = query.admits(place)
            return isAdmitted ? ListedPlace(place: place, distanceMeters: distance) : nil
        }
        let sorted = admitted.sorted { query.sortKey(of: $0) < query.sortKey(of: $1) }
        let after = query.after.map { after in sorted.filter { query.sortKey(of: $0) > after } } ?? sorted
        return Array(after.prefix(query.limit))
    }
}
