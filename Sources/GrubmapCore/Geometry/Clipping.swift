/// Cuts lines and polygons to a rectangle: what an import keeps of the roads crossing an area's edge, and what a map
/// view draws of the ones crossing its own.
public enum Clipping {
    /// The parts of a polyline inside `rect`, each with at least two points, in the line's direction.
    ///
    /// Each segment is cut with the Liang–Barsky method; consecutive pieces that meet are joined, so a line that
    /// leaves and comes back gives two parts.
    public static func clip(line points: [PlanePoint], to rect: PlaneRect) -> [[PlanePoint]] {
        guard points.count >= 2 else { return [] }
        var parts: [[PlanePoint]] = []
        var current: [PlanePoint] = []
        for index in 1..<points.count {
            guard let (start, end) = clip(segment: points[index - 1], points[index], to: rect) else {
                if current.count >= 2 { parts.append(current) }
                current = []
                continue
            }
            if let last = current.last, last == start {
                current.append(end)
            } else {
                if current.count >= 2 { parts.append(current) }
                current = [start, end]
            }
            // The segment left the rectangle: the next piece starts a new part.
            if end != points[index] {
                parts.append(current)
                current = []
            }
        }
        if current.count >= 2 { parts.append(current) }
        return parts.map(removingRepeats).filter { $0.count >= 2 }
    }

    /// The piece of the segment from `a` to `b` inside `rect`, or `nil` when none is.
    public static func clip(segment a: PlanePoint, _ b: PlanePoint, to rect: PlaneRect) -> (PlanePoint, PlanePoint)? {
        let dx = b.x - a.x
        let dy = b.y - a.y
        var enter = 0.0
        var leave = 1.0
        for (p, q) in [(-dx, a.x - rect.minX), (dx, rect.maxX - a.x), (-dy, a.y - rect.minY), (dy, rect.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let t = q / p
            if p < 0 {
                enter = max(enter, t)
            } else {
                leave = min(leave, t)
            }
            if enter > leave { return nil }
        }
        let start = enter == 0 ? a : PlanePoint(x: a.x + enter * dx, y: a.y + enter * dy)
        let end = leave == 1 ? b : PlanePoint(x: a.x + leave * dx, y: a.y + leave * dy)
        return (start, end)
    }

    /// A polygon ring cut to `rect` (Sutherland–Hodgman), without the closing repeat of its first point; empty when
    /// nothing of it is inside.
    ///
    /// A concave ring may come back with edges running along the rectangle's border; filled without a stroke, as
    /// the map draws areas, they do not show.
    public static func clip(ring points: [PlanePoint], to rect: PlaneRect) -> [PlanePoint] {
        var ring = points
        if ring.count > 1, ring.first == ring.last { ring.removeLast() }
        guard ring.count >= 3 else { return [] }
        if let box = PlaneRect(enclosing: ring), rect.contains(box) { return ring }
        let edges: [(inside: (PlanePoint) -> Bool, cross: (PlanePoint, PlanePoint) -> PlanePoint)] = [
            ({ $0.x >= rect.minX }, { crossing($0, $1, x: rect.minX) }),
            ({ $0.x <= rect.maxX }, { crossing($0, $1, x: rect.maxX) }),
            ({ $0.y >= rect.minY }, { crossing($0, $1, y: rect.minY) }),
            ({ $0.y <= rect.maxY }, { crossing($0, $1, y: rect.maxY) }),
        ]
        for edge in edges {
            guard !ring.isEmpty else { break }
            var output: [PlanePoint] = []
            output.reserveCapacity(ring.count + 4)
            var previous = ring[ring.count - 1]
            for point in ring {
                let isInside = edge.inside(point)
                if isInside {
                    if !edge.inside(previous) { output.append(edge.cross(previous, point)) }
                    output.append(point)
                } else if edge.inside(previous) {
                    output.append(edge.cross(previous, point))
                }
                previous = point
            }
            ring = output
        }
        ring = removingRepeats(ring)
        if ring.count > 1, ring.first == ring.last { ring.removeLast() }
        return ring.count >= 3 ? ring : []
    }

    private static func crossing(_ a: PlanePoint, _ b: PlanePoint, x: Double) -> PlanePoint {
        let t = (x - a.x) / (b.x - a.x)
        return PlanePoint(x: x, y: a.y + t * (b.y - a.y))
    }

    private static func crossing(_ a: PlanePoint, _ b: PlanePoint, y: Double) -> PlanePoint {
        let t = (y - a.y) / (b.y - a.y)
        return PlanePoint(x: a.x + t * (b.x - a.x), y: y)
    }

    private static func removingRepeats(_ points: [PlanePoint]) -> [PlanePoint] {
        var kept: [PlanePoint] = []
        kept.reserveCapacity(points.count)
        for point in points where kept.last != point { kept.append(point) }
        return kept
    }
}
