import Testing

@testable import GrubmapCore

/// Clipping and simplification: what an import keeps at an area's edge and what a zoomed-out map draws.
@Suite struct GeometryTests {
    let square = PlaneRect(minX: 0, minY: 0, maxX: 10, maxY: 10)

    func points(_ pairs: [(Double, Double)]) -> [PlanePoint] { pairs.map { PlanePoint(x: $0.0, y: $0.1) } }

    @Test func aLineCrossingTheRectangleIsCutAtItsEdges() {
        let parts = Clipping.clip(line: points([(-5, 5), (5, 5), (15, 5)]), to: square)
        #expect(parts == [points([(0, 5), (5, 5), (10, 5)])])
    }

    @Test func aLineLeavingAndComingBackGivesTwoParts() {
        let parts = Clipping.clip(line: points([(2, 2), (2, 20), (8, 20), (8, 2)]), to: square)
        #expect(parts == [points([(2, 2), (2, 10)]), points([(8, 10), (8, 2)])])
    }

    @Test func aLineOutsideGivesNothing() {
        #expect(Clipping.clip(line: points([(-5, -5), (-1, 20)]), to: square).isEmpty)
        #expect(Clipping.clip(line: points([(5, 5)]), to: square).isEmpty)
    }

    @Test func aLineAlongTheEdgeIsKept() {
        #expect(Clipping.clip(line: points([(0, 0), (0, 10)]), to: square) == [points([(0, 0), (0, 10)])])
    }

    @Test func aPolygonIsCutToTheRectangle() {
        let ring = Clipping.clip(ring: points([(-5, -5), (5, -5), (5, 5), (-5, 5), (-5, -5)]), to: square)
        #expect(Set(ring) == Set(points([(0, 0), (5, 0), (5, 5), (0, 5)])))
        #expect(ring.count == 4)
    }

    @Test func aPolygonInsideIsKeptWithoutItsClosingPoint() {
        let ring = Clipping.clip(ring: points([(1, 1), (4, 1), (4, 4), (1, 1)]), to: square)
        #expect(ring == points([(1, 1), (4, 1), (4, 4)]))
        #expect(Clipping.clip(ring: points([(20, 20), (30, 20), (30, 30)]), to: square).isEmpty)
    }

    @Test func aPolygonAroundTheRectangleBecomesTheRectangle() {
        let ring = Clipping.clip(ring: points([(-1, -1), (11, -1), (11, 11), (-1, 11)]), to: square)
        #expect(Set(ring) == Set(points([(0, 0), (10, 0), (10, 10), (0, 10)])))
    }

    @Test func douglasPeuckerDropsPointsWithinTheTolerance() {
        let line = points([(0, 0), (1, 0.1), (2, -0.1), (3, 5), (4, 6), (5, 7), (6, 8.05), (10, 0)])
        #expect(
            Simplification.douglasPeucker(line, tolerance: 0.5)
                == points([(0, 0), (2, -0.1), (3, 5), (6, 8.05), (10, 0)]))
        #expect(Simplification.douglasPeucker(line, tolerance: 100) == points([(0, 0), (10, 0)]))
        // Only the point exactly on the line between its neighbours goes.
        #expect(Simplification.douglasPeucker(line, tolerance: 0) == line.filter { $0 != PlanePoint(x: 4, y: 6) })
    }

    /// A zigzag of equal teeth is Douglas–Peucker's worst case: in pieces, 200,000 points still take moments.
    @Test func douglasPeuckerHandlesLongLinesWithoutRecursion() {
        let zigzag = (0..<200_000).map { PlanePoint(x: Double($0), y: $0 % 2 == 0 ? 0 : 3) }
        #expect(Simplification.douglasPeucker(zigzag, tolerance: 1).count == zigzag.count)
        let straight = (0..<200_000).map { PlanePoint(x: Double($0), y: 0) }
        let simplified = Simplification.douglasPeucker(straight, tolerance: 1)
        #expect(simplified.first == straight.first && simplified.last == straight.last)
        #expect(simplified.count <= straight.count / (Simplification.pieceLength - 1) + 2)
    }

    @Test func aSmallRingDisappearsAndALargeOneKeepsItsCorners() {
        let corners = points([(0, 0), (5, 0.01), (10, 0), (10, 10), (0, 10), (0, 0)])
        #expect(
            Simplification.douglasPeucker(ring: corners, tolerance: 0.5)
                == points([(0, 0), (10, 0), (10, 10), (0, 10)]))
        #expect(Simplification.douglasPeucker(ring: corners, tolerance: 50) == nil)
    }
}
