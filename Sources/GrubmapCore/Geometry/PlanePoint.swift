/// A point on a flat drawing: projected metres, Web Mercator pixels, or plain degrees read as x (longitude) and y
/// (latitude). The geometry in this folder works on these, whatever their unit.
public struct PlanePoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The distance to `other`, in the points' unit.
    public func distance(to other: PlanePoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

/// An axis-aligned rectangle of the plane; `minX <= maxX` and `minY <= maxY`.
public struct PlaneRect: Hashable, Sendable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = min(minX, maxX)
        self.minY = min(minY, maxY)
        self.maxX = max(minX, maxX)
        self.maxY = max(minY, maxY)
    }

    /// The smallest rectangle holding every point, or `nil` for none.
    public init?(enclosing points: some Sequence<PlanePoint>) {
        var rect: PlaneRect?
        for point in points {
            if var grown = rect {
                grown.minX = min(grown.minX, point.x)
                grown.minY = min(grown.minY, point.y)
                grown.maxX = max(grown.maxX, point.x)
                grown.maxY = max(grown.maxY, point.y)
                rect = grown
            } else {
                rect = PlaneRect(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y)
            }
        }
        guard let rect else { return nil }
        self = rect
    }

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }
    public var center: PlanePoint { PlanePoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }

    /// Whether the point lies inside or on the edge.
    public func contains(_ point: PlanePoint) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// Whether the rectangles share any point.
    public func intersects(_ other: PlaneRect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// Whether `other` lies wholly inside.
    public func contains(_ other: PlaneRect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The rectangle shrunk by `amount` on every side, never past its center.
    public func insetBy(_ amount: Double) -> PlaneRect {
        let dx = min(amount, width / 2)
        let dy = min(amount, height / 2)
        return PlaneRect(minX: minX + dx, minY: minY + dy, maxX: maxX - dx, maxY: maxY - dy)
    }

    /// The rectangle grown by `amount` on every side.
    public func outsetBy(_ amount: Double) -> PlaneRect {
        PlaneRect(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
    }
}
