extension LabelPlacement {
    /// The side of a marker a label went to.
    public enum Side: Sendable, CaseIterable {
        case right, left, below, above
    }

    /// A label placed beside a marker: its box, and the side it is on (which says how to anchor its text).
    public struct Beside: Hashable, Sendable {
        public let box: PlaneRect
        public let side: Side
    }

    /// Places a `width` × `height` label beside `marker` (the box of a pin or a landmark), on the first side where it
    /// is free: right of it, then left (both centred on `middleY`, a pin's head rather than its tip), below, and
    /// above (centred on the marker's middle), `gap` away; `nil` when it fits on no side. A placed label keeps the
    /// later ones off, as street names do.
    public mutating func place(
        labelWidth width: Double, height: Double, beside marker: PlaneRect, middleY: Double? = nil, gap: Double = 2
    ) -> Beside? {
        let middle = middleY ?? marker.center.y
        for side in Side.allCases {
            let box: PlaneRect =
                switch side {
                case .right:
                    PlaneRect(
                        minX: marker.maxX + gap, minY: middle - height / 2, maxX: marker.maxX + gap + width,
                        maxY: middle + height / 2)
                case .left:
                    PlaneRect(
                        minX: marker.minX - gap - width, minY: middle - height / 2, maxX: marker.minX - gap,
                        maxY: middle + height / 2)
                case .below:
                    PlaneRect(
                        minX: marker.center.x - width / 2, minY: marker.maxY + gap, maxX: marker.center.x + width / 2,
                        maxY: marker.maxY + gap + height)
                case .above:
                    PlaneRect(
                        minX: marker.center.x - width / 2, minY: marker.minY - gap - height,
                        maxX: marker.center.x + width / 2, maxY: marker.minY - gap)
                }
            if place(box: box) { return Beside(box: box, side: side) }
        }
        return nil
    }
}
