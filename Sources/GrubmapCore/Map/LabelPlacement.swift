import Foundation

/// Places a map's labels so none overlaps another, a pin, or the edge: street names along their streets, names of
/// buildings, parks and stations in their middle.
///
/// Labels are placed one after another in the order they are offered (the caller offers the most important first),
/// each where it fits; one that fits nowhere is left out. A street label's footprint is a row of squares along its
/// path, one per half of the text's height, kept in a grid so each check looks at a few neighbours only.
public struct LabelPlacement: Sendable {
    /// Where labels may go: inside these bounds, less a margin.
    public let bounds: PlaneRect
    private var grid: [GridKey: [PlaneRect]] = [:]
    private let cell: Double

    /// A placer for a drawing of `bounds`; `cell` is the grid's size (about the largest label's height).
    public init(bounds: PlaneRect, cell: Double = 32) {
        self.bounds = bounds
        self.cell = cell
    }

    /// Keeps labels off `rect` (a pin, a control over the map).
    public mutating func block(_ rect: PlaneRect) {
        // Only what can touch a label matters, and the grid stays bounded by the drawing.
        guard rect.intersects(bounds) else { return }
        insert(
            PlaneRect(
                minX: max(rect.minX, bounds.minX - cell), minY: max(rect.minY, bounds.minY - cell),
                maxX: min(rect.maxX, bounds.maxX + cell), maxY: min(rect.maxY, bounds.maxY + cell)))
    }

    /// Whether `rect` is free: inside the bounds and touching nothing placed or blocked.
    public func isFree(_ rect: PlaneRect) -> Bool {
        guard bounds.contains(rect) else { return false }
        return !overlapsAnything(rect)
    }

    /// Places a horizontal label box if it is free; returns whether it was placed.
    public mutating func place(box rect: PlaneRect) -> Bool {
        guard isFree(rect) else { return false }
        insert(rect)
        return true
    }

    /// Places up to `limit` copies of a label of `textWidth` × `textHeight` along a polyline, at least `spacing`
    /// apart along it, the first as near the middle of the line as fits. Each placed label is the piece of the line
    /// it runs along, from its first letter to its last, turned so the text never reads upside down (left to
    /// right, or bottom to top on a vertical street).
    ///
    /// A piece qualifies only where the line bends gently: no corner sharper than `maximumTurnDegrees` and nowhere
    /// further than a third of the text's height from the straight line between its ends.
    public mutating func place(
        along line: [PlanePoint], textWidth: Double, textHeight: Double, spacing: Double = 260, limit: Int = 2,
        maximumTurnDegrees: Double = 28
    ) -> [[PlanePoint]] {
        guard line.count >= 2, textWidth > 0 else { return [] }
        var distances = [0.0]
        for index in 1..<line.count {
            distances.append(distances[index - 1] + line[index].distance(to: line[index - 1]))
        }
        let total = distances[distances.count - 1]
        let length = textWidth + textHeight  // half a letter's room at each end
        guard total >= length else { return [] }
        let step = max(textHeight / 2, 1)
        let middle = (total - length) / 2
        var starts: [Double] = []
        var offset = 0.0
        while offset <= middle + step {
            for start in [middle - offset, middle + offset] where start >= 0 && start <= total - length {
                if starts.last != start { starts.append(start) }
            }
            offset += step
        }
        var placed: [(start: Double, path: [PlanePoint])] = []
        for start in starts {
            guard placed.count < limit else { break }
            guard placed.allSatisfy({ abs($0.start - start) >= spacing }) else { continue }
            let piece = Self.piece(of: line, distances: distances, from: start, to: start + length)
            guard Self.isGentle(piece, height: textHeight, maximumTurnDegrees: maximumTurnDegrees) else { continue }
            let footprint = Self.footprint(of: piece, height: textHeight)
            guard footprint.allSatisfy({ isFree($0) }) else { continue }
            for rect in footprint { insert(rect) }
            placed.append((start, Self.readable(piece)))
        }
        return placed.map(\.path)
    }

    /// The part of a polyline between two distances along it.
    static func piece(of line: [PlanePoint], distances: [Double], from start: Double, to end: Double) -> [PlanePoint] {
        func point(at distance: Double) -> (PlanePoint, Int) {
            var index = 1
            while index < distances.count - 1, distances[index] < distance { index += 1 }
            let segment = distances[index] - distances[index - 1]
            let t = segment == 0 ? 0 : (distance - distances[index - 1]) / segment
            let a = line[index - 1]
            let b = line[index]
            return (PlanePoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), index)
        }
        let (first, firstIndex) = point(at: start)
        let (last, lastIndex) = point(at: end)
        var points = [first]
        if firstIndex < lastIndex {
            for index in firstIndex..<lastIndex where line[index] != points.last { points.append(line[index]) }
        }
        if points.last != last { points.append(last) }
        return points
    }

    /// Whether text can run along `piece` without its letters crowding or splaying.
    static func isGentle(_ piece: [PlanePoint], height: Double, maximumTurnDegrees: Double) -> Bool {
        guard piece.count > 2 else { return true }
        let a = piece[0]
        let b = piece[piece.count - 1]
        for point in piece.dropFirst().dropLast()
        where Simplification.squaredDistance(point, toSegment: a, b) > height * height / 9 {
            return false
        }
        let limit = maximumTurnDegrees * .pi / 180
        for index in 1..<(piece.count - 1) {
            let before = direction(piece[index - 1], piece[index])
            let after = direction(piece[index], piece[index + 1])
            var turn = abs(after - before)
            if turn > .pi { turn = 2 * .pi - turn }
            if turn > limit { return false }
        }
        return true
    }

    private static func direction(_ a: PlanePoint, _ b: PlanePoint) -> Double {
        atan2(b.y - a.y, b.x - a.x)
    }

    /// Squares of the text's height every half height along the piece: its footprint.
    static func footprint(of piece: [PlanePoint], height: Double) -> [PlaneRect] {
        var rects: [PlaneRect] = []
        let half = height / 2
        var carried = 0.0
        for index in 1..<piece.count {
            let a = piece[index - 1]
            let b = piece[index]
            let length = a.distance(to: b)
            var along = carried
            while along <= length {
                let t = length == 0 ? 0 : along / length
                let center = PlanePoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                rects.append(
                    PlaneRect(
                        minX: center.x - half, minY: center.y - half, maxX: center.x + half,
                        maxY: center.y + half))
                along += half
            }
            carried = along - length
        }
        let end = piece[piece.count - 1]
        rects.append(PlaneRect(minX: end.x - half, minY: end.y - half, maxX: end.x + half, maxY: end.y + half))
        return rects
    }

    /// The piece turned to read left to right (bottom to top when vertical).
    static func readable(_ piece: [PlanePoint]) -> [PlanePoint] {
        let dx = piece[piece.count - 1].x - piece[0].x
        let dy = piece[piece.count - 1].y - piece[0].y
        return dx < 0 || (dx == 0 && dy > 0) ? piece.reversed() : piece
    }

    private func overlapsAnything(_ rect: PlaneRect) -> Bool {
        for key in keys(of: rect) {
            for other in grid[key] ?? [] where other.intersects(rect) { return true }
        }
        return false
    }

    private mutating func insert(_ rect: PlaneRect) {
        for key in keys(of: rect) { grid[key, default: []].append(rect) }
    }

    private func keys(of rect: PlaneRect) -> [GridKey] {
        let minX = Int((rect.minX / cell).rounded(.down))
        let maxX = Int((rect.maxX / cell).rounded(.down))
        let minY = Int((rect.minY / cell).rounded(.down))
        let maxY = Int((rect.maxY / cell).rounded(.down))
        var keys: [GridKey] = []
        for y in minY...maxY {
            for x in minX...maxX { keys.append(GridKey(x: x, y: y)) }
        }
        return keys
    }

    private struct GridKey: Hashable {
        let x: Int
        let y: Int
    }
}
