/// The exact nearest places to a point, found through a spatial index that can only answer "what lies in these
/// rectangles": the search asks for the rectangles around a disc (``GeodesicDisc/boundingBoxes``), measures every
/// candidate's exact ellipsoidal distance, and widens the disc until it holds enough of them.
///
/// Why the answer equals a full scan's. The rectangles hold every point of the disc, so once `count` candidates lie
/// within the disc's radius `r`, every place nearer than the `count`-th of them is among the candidates (it lies in
/// the disc too), and so are those at the same distance, which the id then orders. Any radius that gives `count`
/// places is enough; a better first guess only saves rounds.
public struct NearestSearch: Sendable {
    /// Where distances are measured from.
    public let origin: Coordinate
    /// How many places to find (fewer when fewer qualify).
    public let count: Int
    /// Only places after this distance and id, in (distance, id) order: the key of the last place of the page
    /// before.
    public let after: (distanceMeters: Double, id: String)?
    /// Only places at most this far, when given.
    public let maximumMeters: Double?
    /// Only places inside this box, when given.
    public let box: GeoBox?
    /// A rectangle holding every place there is to find, when known: once the disc's rectangles hold it, every place
    /// is a candidate and the search ends, however few qualify (a small area ends in one round).
    public let extent: Bounds?

    /// Makes a search; `count` below 1 finds nothing.
    public init(
        origin: Coordinate, count: Int, after: (distanceMeters: Double, id: String)? = nil,
        maximumMeters: Double? = nil, box: GeoBox? = nil, extent: Bounds? = nil
    ) {
        self.origin = origin
        self.count = count
        self.after = after
        self.maximumMeters = maximumMeters
        self.box = box
        self.extent = extent
    }

    /// A candidate with its exact distance. The searches sort `Found<Int>`, whose row is the index of the
    /// candidate's row, instead of the rows themselves, which a generic sort would move about through their type's
    /// witnesses.
    public struct Found<Row> {
        public let row: Row
        public let id: String
        public let distanceMeters: Double

        @inlinable
        init(row: Row, id: String, distanceMeters: Double) {
            self.row = row
            self.id = id
            self.distanceMeters = distanceMeters
        }

        /// Nearest first, ties by id.
        @inlinable
        static func precedes(_ left: Found, _ right: Found) -> Bool {
            (left.distanceMeters, left.id) < (right.distanceMeters, right.id)
        }
    }

    /// Runs the search: up to ``count`` qualifying rows, nearest first, ties by id.
    ///
    /// - Parameters:
    ///   - firstRadiusMeters: the first disc's radius; a guess of where the `count`-th place lies.
    ///   - excluding: ids to pass over (places shown apart, such as bookmarks).
    ///   - fetch: every row in the given rectangles (none crossing the antimeridian), or a superset of them.
    ///   - key: a row's id and coordinate.
    public func run<Row>(
        firstRadiusMeters: Double, excluding: Set<String> = [], fetch: ([Bounds]) throws -> [Row],
        key: (Row) -> (id: String, coordinate: Coordinate)
    ) rethrows -> [Found<Row>] {
        guard count > 0 else { return [] }
        var radius = max(firstRadiusMeters, 1, (after?.distanceMeters ?? 0) * 1.000_001)
        if let maximumMeters { radius = min(radius, maximumMeters) }
        while true {
            let disc = GeodesicDisc(center: origin, radiusMeters: radius)
            let boxes = disc.boundingBoxes
            // Once the rectangles hold the extent, or the box, every place there is to find is among the candidates.
            let holdsEverything =
                disc.coversEarth || extent.map { $0.isCovered(by: boxes) } ?? false
                || box.map { $0.parts.allSatisfy { part in part.isCovered(by: boxes) } } ?? false
            let isLast = holdsEverything || maximumMeters.map { radius >= $0 } ?? false
            let rectangles = self.rectangles(boxes)
            // A disc that does not reach the box yet finds nothing, and grows.
            let rows = rectangles.isEmpty ? [] : try fetch(rectangles)
            var found: [Found<Int>] = []
            for (index, row) in rows.enumerated() {
                let (id, coordinate) = key(row)
                guard !excluding.contains(id), box?.contains(coordinate) ?? true else { continue }
                let distance = disc.distance(to: coordinate)
                guard distance <= radius || holdsEverything else { continue }
                if let after, (distance, id) <= (after.distanceMeters, after.id) { continue }
                found.append(Found(row: index, id: id, distanceMeters: distance))
            }
            if found.count >= count || isLast {
                found.sort(by: Found.precedes)
                return found.prefix(count).map { $0.candidate(in: rows) }
            }
            // Grow by the square root of the shortfall (places grow with the disc's area), at least half again
            // and at most four times, so a sparse start reaches far places in a few rounds.
            let factor = found.isEmpty ? 4 : min(4, max(1.5, (Double(count) / Double(found.count)).squareRoot() * 1.2))
            radius *= factor
            if let maximumMeters { radius = min(radius, maximumMeters) }
            radius = min(radius, GeodesicDisc.longestGeodesicMeters)
        }
    }

    /// Runs the search on an index that gives places nearest first by a lower bound of their distance (SQLite's
    /// R*Tree ordered by ``GeodesicDisc/lowerBoundMeters(fromLatitude:longitude:south:north:west:east:)``): up to
    /// ``count`` qualifying rows, nearest first, ties by id, as ``run(firstRadiusMeters:excluding:fetch:key:)``
    /// gives.
    ///
    /// Why the answer equals a full scan's. Every row not yet fetched has a bound, and so a distance, at least the
    /// last fetched row's bound; once that bound exceeds the `count`-th distance found (or the radius), no row left
    /// can be nearer, nor tie. Otherwise twice as many rows are fetched from the start. So a search reads about
    /// `count` rows and the thin ring beyond the last one, however many places the box or the area holds.
    ///
    /// - Parameters:
    ///   - excluding: ids to pass over (places shown apart, such as bookmarks).
    ///   - fetch: the first `limit` rows in the index's order (fewer when there are no more).
    ///   - key: a row's id and coordinate.
    ///   - lowerBound: a bound, in metres, of the distance of the row and of every row after it.
    /// Inlinable, so that a store's call is specialized for its rows (a generic loop reads each row through its
    /// type's witnesses).
    @inlinable
    public func runInOrder<Row>(
        excluding: Set<String> = [], fetch: (_ limit: Int) throws -> [Row],
        key: (Row) -> (id: String, coordinate: Coordinate), lowerBound: (Row) -> Double
    ) rethrows -> [Found<Row>] {
        guard count > 0 else { return [] }
        let disc = GeodesicDisc(center: origin, radiusMeters: 0)
        // The bound is within a fraction of a percent of a point's distance, so the rows just past the last place
        // kept are few: a sixteenth more is nearly always enough, and a search that falls short reads twice as many.
        var limit = count + excluding.count + max(16, count / 16)
        while true {
            let rows = try fetch(limit)
            let found = qualifying(rows, excluding: excluding, key: key, disc: disc)
            // The bound beyond, less a little for the rounding of nested rectangles' bounds.
            let beyond = rows.last.map { lowerBound($0) * (1 - 1e-12) - 1e-6 } ?? .infinity
            let enough = found.count >= count && beyond > found[count - 1].distanceMeters
            if rows.count < limit || enough || beyond > maximumMeters ?? .infinity {
                return found.prefix(count).map { $0.candidate(in: rows) }
            }
            limit *= 2
        }
    }

    /// The answer from `rows` that hold every place that could qualify (a box's every place, read whole because it
    /// held fewer than asked): those that qualify, nearest first, ties by id, at most ``count``.
    @inlinable
    public func answer<Row>(
        fromEvery rows: [Row], excluding: Set<String> = [], key: (Row) -> (id: String, coordinate: Coordinate)
    ) -> [Found<Row>] {
        let disc = GeodesicDisc(center: origin, radiusMeters: 0)
        return qualifying(rows, excluding: excluding, key: key, disc: disc).prefix(count).map { $0.candidate(in: rows) }
    }

    /// The rows that qualify (not excluded, in the box, within the distance, after the key), sorted nearest first.
    @inlinable
    func qualifying<Row>(
        _ rows: [Row], excluding: Set<String>, key: (Row) -> (id: String, coordinate: Coordinate), disc: GeodesicDisc
    ) -> [Found<Int>] {
        var found: [Found<Int>] = []
        for (index, row) in rows.enumerated() {
            let (id, coordinate) = key(row)
            guard !excluding.contains(id), box?.contains(coordinate) ?? true else { continue }
            let distance = disc.distance(to: coordinate)
            if let maximumMeters, distance > maximumMeters { continue }
            if let after, (distance, id) <= (after.distanceMeters, after.id) { continue }
            found.append(Found(row: index, id: id, distanceMeters: distance))
        }
        found.sort(by: Found.precedes)
        return found
    }

    /// The disc's rectangles, cut to ``box`` when there is one; empty when they do not meet it.
    private func rectangles(_ boxes: [Bounds]) -> [Bounds] {
        guard let box else { return boxes }
        return boxes.flatMap { rectangle in box.parts.compactMap { rectangle.intersection($0) } }
    }
}

extension Bounds {
    /// Whether the rectangles (none crossing the antimeridian) together hold every point of these bounds.
    func isCovered(by rectangles: [Bounds]) -> Bool {
        let south = southWest.latitude
        let north = northEast.latitude
        let holding = rectangles.filter { $0.southWest.latitude <= south && $0.northEast.latitude >= north }
        // The longitudes the rectangles hold, merged; the bounds' span must lie in one of the merged runs.
        let runs = holding.map { ($0.southWest.longitude, $0.northEast.longitude) }.sorted { $0.0 < $1.0 }
        var merged: [(Double, Double)] = []
        for run in runs {
            if let last = merged.last, run.0 <= last.1 {
                merged[merged.count - 1].1 = max(last.1, run.1)
            } else {
                merged.append(run)
            }
        }
        return merged.contains { $0.0 <= southWest.longitude && $0.1 >= northEast.longitude }
    }
}

extension NearestSearch.Found where Row == Int {
    /// The candidate with its row out of `rows`, which this one's row indexes.
    @inlinable
    func candidate<Candidate>(in rows: [Candidate]) -> NearestSearch.Found<Candidate> {
        NearestSearch.Found(row: rows[row], id: id, distanceMeters: distanceMeters)
    }
}
