import GrubmapCore
import GrubmapStore

/// Minutes on foot from a point to many places of an area (the list, the board, the map's pins): one search from
/// the point over the area's walking graph (``RoutingGraph/nearest(from:places:k:search:)``), at least one minute
/// each. Empty without a graph or a point, or for a point beyond ``RoutingGraph/reachMeters`` of its streets; a
/// place no street reaches is left out.
enum WalkingMinutes {
    static func from(_ position: Coordinate?, to places: [Place], graph: RoutingGraph?) -> [Place.ID: Int] {
        guard let position, !places.isEmpty, let graph, graph.reaches(position),
            let walks = try? graph.nearest(from: position, places: places.map(\.coordinate), k: places.count)
        else { return [:] }
        var minutes: [Place.ID: Int] = [:]
        for walk in walks { minutes[places[walk.index].id] = Self.minutes(cost: walk.cost) }
        return minutes
    }

    /// Whole minutes on foot for a walk's cost, at least one.
    static func minutes(cost: Int64) -> Int {
        max(1, Int((RoutingGraph.walkingSeconds(cost: cost) / 60).rounded(.up)))
    }
}

/// The area list's order by walking time (`sort=walking`): the places nearest the position by straight line (at most
/// ``candidates``, so every place of most areas), ranked by minutes on foot in one search, bookmarks first; places
/// no street reaches come last, nearest first by straight line.
struct WalkingOrder {
    /// How many places, nearest by straight line, the order ranks: a walk is never shorter than the straight line,
    /// so in an area of more places the ones left out are the farthest.
    static let candidates = PlaceQuery.maximumLimit

    /// The ranked places, each with its distance by straight line.
    let places: [ListedPlace]
    /// Each place's position in the order without bookmarks first (where a row goes back when its star is taken off).
    let ranks: [Place.ID: Int]
    let minutes: [Place.ID: Int]

    init(
        from position: Coordinate, area: Area.ID, graph: RoutingGraph, places store: any PlaceStore,
        bookmarks: [Place.ID]
    ) throws {
        let nearest = try store.places(
            matching: PlaceQuery(areaID: area, order: .distance(from: position), limit: Self.candidates)
        ).places
        let walks =
            (try? graph.nearest(from: position, places: nearest.map(\.place.coordinate), k: nearest.count)) ?? []
        var minutes: [Place.ID: Int] = [:]
        var ordered = walks.map { nearest[$0.index] }
        for walk in walks { minutes[nearest[walk.index].place.id] = WalkingMinutes.minutes(cost: walk.cost) }
        ordered += nearest.filter { minutes[$0.place.id] == nil }
        ranks = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($0.element.place.id, $0.offset) })
        let starred = Set(bookmarks)
        places = ordered.filter { starred.contains($0.place.id) } + ordered.filter { !starred.contains($0.place.id) }
        self.minutes = minutes
    }
}
