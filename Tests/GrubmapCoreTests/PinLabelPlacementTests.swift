import Testing

@testable import GrubmapCore

/// Names beside pins: on the first free side (right, left, below, above), never over another name, a pin or the
/// edge, and left out where no side is free.
@Suite struct PinLabelPlacementTests {
    let bounds = PlaneRect(minX: 0, minY: 0, maxX: 400, maxY: 460)

    /// A pin's box as the map draws it: its tip at (x, y), its head 23 pixels above.
    func pin(_ x: Double, _ y: Double) -> PlaneRect {
        PlaneRect(minX: x - 14, minY: y - 38, maxX: x + 14, maxY: y + 1)
    }

    @Test func aNameGoesRightOfItsPinCentredOnTheHead() throws {
        var placement = LabelPlacement(bounds: bounds)
        placement.block(pin(100, 200))
        let right = placement.place(labelWidth: 80, height: 15, beside: pin(100, 200), middleY: 177)
        let placed = try #require(right)
        #expect(placed.side == .right)
        #expect(placed.box.minX == 116 && placed.box.maxX == 196)
        #expect(placed.box.center.y == 177)
    }

    @Test func aNameTakesTheNextFreeSide() throws {
        var placement = LabelPlacement(bounds: bounds)
        // Near the right edge: no room on the right, so on the left.
        let left = placement.place(labelWidth: 80, height: 15, beside: pin(360, 200), middleY: 177)
        let nearEdge = try #require(left)
        #expect(nearEdge.side == .left)
        #expect(nearEdge.box.maxX <= pin(360, 200).minX)
        // Hemmed in left and right by other pins: below.
        placement.block(pin(150, 300))
        placement.block(pin(50, 300))
        placement.block(pin(250, 300))
        let under = placement.place(labelWidth: 80, height: 15, beside: pin(150, 300), middleY: 277)
        let below = try #require(under)
        #expect(below.side == .below)
        #expect(below.box.minY >= pin(150, 300).maxY)
    }

    @Test func aNameThatFitsNowhereIsLeftOut() {
        var placement = LabelPlacement(bounds: bounds)
        placement.block(PlaneRect(minX: 0, minY: 0, maxX: 400, maxY: 460))
        let placed = placement.place(labelWidth: 40, height: 15, beside: pin(200, 200), middleY: 177)
        #expect(placed == nil)
    }

    @Test func namesOfACrowdOfPinsNeverOverlapAPinOrEachOther() {
        var generator = SplitMix(seed: 19)
        let pins = (0..<60).map { _ in pin(20 + generator.next() * 360, 40 + generator.next() * 400) }
        var placement = LabelPlacement(bounds: bounds.insetBy(3), cell: 24)
        for box in pins { placement.block(box) }
        var names: [PlaneRect] = []
        for box in pins {
            let width = 30 + generator.next() * 120
            if let placed = placement.place(labelWidth: width, height: 15, beside: box, middleY: box.minY + 15) {
                names.append(placed.box)
            }
        }
        #expect(names.count >= 10, "a crowd still gets some names")
        for (index, name) in names.enumerated() {
            #expect(bounds.insetBy(3).contains(name))
            #expect(!pins.contains { $0.intersects(name) })
            for other in names[(index + 1)...] { #expect(!other.intersects(name)) }
        }
    }
}
