/// Fewer points for the same shape, so a map of a whole area at a small scale stays small.
public enum Simplification {
    /// The Douglas–Peucker simplification of a polyline: the points that keep every dropped point within
    /// `tolerance` of the simplified line. The first and last points are always kept.
    ///
    /// Iterative (an explicit stack rather than recursion), so a line of any length is safe. The line is
    /// simplified in pieces of at most ``pieceLength`` points that share their ends (which are kept): Douglas–Peucker
    /// is quadratic at worst (a zigzag of equal teeth), and pieces bound the work at O(n × ``pieceLength``) whatever
    /// a file holds.
    public static func douglasPeucker(_ points: [PlanePoint], tolerance: Double) -> [PlanePoint] {
        guard points.count > pieceLength else { return douglasPeuckerPiece(points, tolerance: tolerance) }
        var result: [PlanePoint] = []
        var start = 0
        while start < points.count - 1 {
            let end = min(start + pieceLength - 1, points.count - 1)
            let piece = douglasPeuckerPiece(Array(points[start...end]), tolerance: tolerance)
            result += result.isEmpty ? piece : Array(piece.dropFirst())
            start = end
        }
        return result
    }

    /// The most points simplified in one piece.
    public static let pieceLength = 256

    private static func douglasPeuckerPiece(_ points: [PlanePoint], tolerance: Double) -> [PlanePoint] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        let squaredTolerance = tolerance * tolerance
        var stack: [(Int, Int)] = [(0, points.count - 1)]
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            var farthest = first
            var farthestDistance = -1.0
            for index in (first + 1)..<last {
                let distance = squaredDistance(points[index], toSegment: points[first], points[last])
                if distance > farthestDistance {
                    farthestDistance = distance
                    farthest = index
                }
            }
            if farthestDistance > squaredTolerance {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        return points.indices.compactMap { keep[$0] ? points[$0] : nil }
    }

    /// A closed ring simplified as two halves split at its farthest point from the first, so the ring keeps its
    /// extent; `nil` when fewer than three points would remain (the ring is smaller than the tolerance).
    public static func douglasPeucker(ring points: [PlanePoint], tolerance: Double) -> [PlanePoint]? {
        var ring = points
        if ring.count > 1, ring.first == ring.last { ring.removeLast() }
        guard ring.count >= 3 else { return nil }
        let first = ring[0]
        let split = ring.indices.max { ring[$0].distance(to: first) < ring[$1].distance(to: first) } ?? 0
        guard split > 0 else { return nil }
        let one = douglasPeucker(Array(ring[0...split]), tolerance: tolerance)
        let two = douglasPeucker(Array(ring[split...]) + [first], tolerance: tolerance)
        let simplified = Array(one.dropLast()) + Array(two.dropLast())
        return simplified.count >= 3 ? simplified : nil
    }

    /// The squared distance from `point` to the segment from `a` to `b`.
    static func squaredDistance(_ point: PlanePoint, toSegment a: PlanePoint, _ b: PlanePoint) -> Double {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        var t = lengthSquared == 0 ? 0 : ((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared
        t = min(max(t, 0), 1)
        let x = a.x + t * dx - point.x
        let y = a.y + t * dy - point.y
        return x * x + y * y
    }
}
