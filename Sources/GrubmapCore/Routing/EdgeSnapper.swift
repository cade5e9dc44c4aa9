import Foundation

/// A grid of a graph's segments, to find the segment nearest a point and the point on it.
///
/// Distances are measured on a plane tangent at the graph's middle latitude (metres east and north), which is what a
/// walk of a few kilometres needs; the snap distance reported is then the geodesic to the point found.
final class EdgeSnapper: @unchecked Sendable {  // Written once in init, then only read.
    /// A segment: the edge from `a` to `b`, and the edge back when there is one (-1 otherwise).
    struct Segment {
        let forward: Int32
        let backward: Int32
        let a: Int32
        let b: Int32
    }

    let segments: [Segment]
    private let x: [Double]
    private let y: [Double]
    private let cellSize: Double
    private let minX: Double
    private let minY: Double
    private let columns: Int
    private let rows: Int
    private let cellStarts: [Int32]
    private let cellSegments: [Int32]
    private let metersPerDegreeLongitude: Double
    static let metersPerDegreeLatitude = 111_132.954

    init(latitudes: Int32Storage, longitudes: Int32Storage, offsets: Int32Storage, targets: Int32Storage) {
        let n = latitudes.count
        var sum = 0.0
        for v in 0..<n { sum += Double(latitudes[v]) / 1e7 }
        let middle = n == 0 ? 0 : sum / Double(n)
        metersPerDegreeLongitude = max(1, 111_319.49 * cos(middle * .pi / 180))
        var x = [Double](repeating: 0, count: n)
        var y = x
        for v in 0..<n {
            x[v] = Double(longitudes[v]) / 1e7 * metersPerDegreeLongitude
            y[v] = Double(latitudes[v]) / 1e7 * Self.metersPerDegreeLatitude
        }
        var segments: [Segment] = []
        for u in 0..<max(0, offsets.count - 1) {
            for edge in Int(offsets[u])..<Int(offsets[u + 1]) {
                let v = Int(targets[edge])
                let back = (Int(offsets[v])..<Int(offsets[v + 1])).first { targets[$0] == Int32(u) }
                if u < v || back == nil {
                    segments.append(
                        Segment(forward: Int32(edge), backward: Int32(back ?? -1), a: Int32(u), b: Int32(v)))
                }
            }
        }
        self.segments = segments
        let (minX, maxX) = (x.min() ?? 0, x.max() ?? 0)
        let (minY, maxY) = (y.min() ?? 0, y.max() ?? 0)
        // About two segments to a cell, at most 1,024 cells a side, at least 20 m.
        let extent = max(maxX - minX, maxY - minY, 1)
        var size = max(
            20, (max(maxX - minX, 1) * max(maxY - minY, 1) / Double(max(segments.count, 1)) * 2).squareRoot())
        size = max(size, extent / 1_024)
        cellSize = size
        self.minX = minX
        self.minY = minY
        let columnCount = Int((maxX - minX) / size) + 1
        let rowCount = Int((maxY - minY) / size) + 1
        columns = columnCount
        rows = rowCount
        var counts = [Int32](repeating: 0, count: columnCount * rowCount + 1)
        func cells(_ segment: Segment, _ body: (Int) -> Void) {
            let (a, b) = (Int(segment.a), Int(segment.b))
            let c0 = Int((min(x[a], x[b]) - minX) / size)
            let c1 = Int((max(x[a], x[b]) - minX) / size)
            let r0 = Int((min(y[a], y[b]) - minY) / size)
            let r1 = Int((max(y[a], y[b]) - minY) / size)
            for row in r0...r1 {
                for column in c0...c1 { body(row * columnCount + column) }
            }
        }
        for segment in segments { cells(segment) { counts[$0 + 1] += 1 } }
        for cell in 0..<(columnCount * rowCount) { counts[cell + 1] += counts[cell] }
        var next = counts
        var cellSegments = [Int32](repeating: 0, count: Int(counts[columnCount * rowCount]))
        for (index, segment) in segments.enumerated() {
            cells(segment) { cell in
                cellSegments[Int(next[cell])] = Int32(index)
                next[cell] += 1
            }
        }
        cellStarts = counts
        self.cellSegments = cellSegments
        self.x = x
        self.y = y
    }

    var memoryBytes: Int { segments.count * 16 + x.count * 16 + cellStarts.count * 4 + cellSegments.count * 4 }

    /// The segment nearest `coordinate`, and where on it (0 at `a`, 1 at `b`); `nil` for a graph without segments.
    func nearest(to coordinate: Coordinate) -> (segment: Segment, fraction: Double)? {
        guard !segments.isEmpty else { return nil }
        let px = coordinate.longitude * metersPerDegreeLongitude
        let py = coordinate.latitude * Self.metersPerDegreeLatitude
        let column = min(max(Int(((px - minX) / cellSize).rounded(.down)), 0), columns - 1)
        let row = min(max(Int(((py - minY) / cellSize).rounded(.down)), 0), rows - 1)
        var best: (distance: Double, segment: Int, fraction: Double)?
        var ring = 0
        while ring <= max(columns, rows) {
            for r in (row - ring)...(row + ring) where r >= 0 && r < rows {
                for c in (column - ring)...(column + ring) where c >= 0 && c < columns {
                    guard abs(r - row) == ring || abs(c - column) == ring else { continue }
                    let cell = r * columns + c
                    for slot in Int(cellStarts[cell])..<Int(cellStarts[cell + 1]) {
                        let index = Int(cellSegments[slot])
                        let (distance, fraction) = project(px, py, segments[index])
                        if best.map({ (distance, index) < ($0.distance, $0.segment) }) ?? true {
                            best = (distance, index, fraction)
                        }
                    }
                }
            }
            if let best, best.distance <= Double(ring) * cellSize { break }
            ring += 1
        }
        return best.map { (segments[$0.segment], $0.fraction) }
    }

    private func project(_ px: Double, _ py: Double, _ segment: Segment) -> (Double, Double) {
        let (a, b) = (Int(segment.a), Int(segment.b))
        let (dx, dy) = (x[b] - x[a], y[b] - y[a])
        let squared = dx * dx + dy * dy
        let t = squared == 0 ? 0 : min(max(((px - x[a]) * dx + (py - y[a]) * dy) / squared, 0), 1)
        let (qx, qy) = (x[a] + t * dx - px, y[a] + t * dy - py)
        return ((qx * qx + qy * qy).squareRoot(), t)
    }
}
