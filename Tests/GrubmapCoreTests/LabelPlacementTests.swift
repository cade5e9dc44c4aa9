import Testing

@testable import GrubmapCore

/// Street names along their streets: never upside down, never over each other, a pin or the edge.
@Suite struct LabelPlacementTests {
    let bounds = PlaneRect(minX: 0, minY: 0, maxX: 400, maxY: 460)

    func line(_ pairs: [(Double, Double)]) -> [PlanePoint] { pairs.map { PlanePoint(x: $0.0, y: $0.1) } }

    @Test func aLabelSitsInTheMiddleOfItsStreet() throws {
        var placement = LabelPlacement(bounds: bounds)
        let paths = placement.place(along: line([(20, 100), (380, 100)]), textWidth: 80, textHeight: 12, limit: 1)
        let path = try #require(paths.first)
        #expect(abs((path[0].x + path[path.count - 1].x) / 2 - 200) < 1)
        #expect(abs(path[path.count - 1].x - path[0].x - 92) < 0.5)
    }

    @Test func aStreetDrawnRightToLeftIsLabelledLeftToRight() throws {
        var placement = LabelPlacement(bounds: bounds)
        let path = try #require(
            placement.place(along: line([(380, 300), (20, 200)]), textWidth: 80, textHeight: 12).first)
        #expect(path[path.count - 1].x > path[0].x)
        var vertical = LabelPlacement(bounds: bounds)
        let up = try #require(vertical.place(along: line([(50, 20), (50, 440)]), textWidth: 80, textHeight: 12).first)
        #expect(up[up.count - 1].y < up[0].y)
    }

    @Test func labelsDoNotOverlapAndTheSecondMovesAlong() throws {
        var placement = LabelPlacement(bounds: bounds)
        let first = placement.place(along: line([(20, 100), (380, 100)]), textWidth: 100, textHeight: 12, limit: 1)
        // A crossing street: its label may not sit on the first one.
        let second = placement.place(along: line([(200, 20), (200, 440)]), textWidth: 100, textHeight: 12, limit: 1)
        let path = try #require(second.first)
        #expect(first.count == 1)
        let top = min(path[0].y, path[path.count - 1].y)
        let bottom = max(path[0].y, path[path.count - 1].y)
        #expect(bottom < 94 || top > 106)
    }

    @Test func aPinKeepsLabelsOff() {
        var placement = LabelPlacement(bounds: bounds)
        placement.block(PlaneRect(minX: 0, minY: 80, maxX: 400, maxY: 120))
        let placed1 = placement.place(along: line([(20, 100), (380, 100)]), textWidth: 80, textHeight: 12)
        #expect(placed1.isEmpty)
    }

    @Test func aShortOrSharplyBentStreetGetsNoLabel() {
        var placement = LabelPlacement(bounds: bounds)
        let placed2 = placement.place(along: line([(20, 100), (60, 100)]), textWidth: 80, textHeight: 12)
        #expect(placed2.isEmpty)
        let zigzag = (0..<20).map { index -> PlanePoint in
            PlanePoint(x: 20 + Double(index) * 18, y: index % 2 == 0 ? 100 : 118)
        }
        let placed3 = placement.place(along: zigzag, textWidth: 80, textHeight: 12)
        #expect(placed3.isEmpty)
    }

    @Test func aLongStreetGetsItsNameAgainAfterTheSpacing() {
        var placement = LabelPlacement(bounds: PlaneRect(minX: 0, minY: 0, maxX: 2000, maxY: 400))
        let paths = placement.place(
            along: line([(10, 200), (1990, 200)]), textWidth: 80, textHeight: 12, spacing: 400, limit: 3)
        #expect(paths.count == 3)
        let starts = paths.map(\.[0].x).sorted()
        #expect(starts[1] - starts[0] >= 400 && starts[2] - starts[1] >= 400)
    }

    @Test func labelsStayInsideTheDrawing() {
        var placement = LabelPlacement(bounds: bounds)
        let placed4 = placement.place(along: line([(-500, 2), (900, 2)]), textWidth: 80, textHeight: 12)
        #expect(placed4.isEmpty)
        let placed5 = placement.place(box: PlaneRect(minX: 390, minY: 10, maxX: 420, maxY: 20))
        #expect(!placed5)
        let placed6 = placement.place(box: PlaneRect(minX: 300, minY: 10, maxX: 320, maxY: 20))
        #expect(placed6)
        let placed7 = placement.place(box: PlaneRect(minX: 310, minY: 15, maxX: 330, maxY: 25))
        #expect(!placed7)
    }

    @Test func widthsAreEstimatedPerScript() {
        #expect(TextMetrics.estimatedWidth(of: "부산대학로", fontSize: 10) == 50)
        let latin = TextMetrics.estimatedWidth(of: "Market Street", fontSize: 10)
        #expect((60...90).contains(latin))
    }
}
