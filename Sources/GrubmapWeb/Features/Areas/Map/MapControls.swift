import GrubmapCore

/// Where the map's controls sit over a view (the style sheet places them: zoom in, out and the whole area at the top
/// right, an arrow at the middle of each edge, the scale at the bottom left and the attribution at the bottom right),
/// in the view's pixels: what names keep off.
enum MapControls {
    /// The controls' boxes over a `width` × `height` view, a little larger than the controls.
    static func boxes(width: Double, height: Double) -> [PlaneRect] {
        [
            PlaneRect(minX: width - 55, minY: 0, maxX: width, maxY: 150),  // zoom in, out, whole area
            PlaneRect(minX: width / 2 - 22, minY: 0, maxX: width / 2 + 22, maxY: 48),  // north
            PlaneRect(minX: width / 2 - 22, minY: height - 75, maxX: width / 2 + 22, maxY: height),  // south
            PlaneRect(minX: width - 45, minY: height / 2 - 25, maxX: width, maxY: height / 2 + 25),  // east
            PlaneRect(minX: 0, minY: height / 2 - 25, maxX: 45, maxY: height / 2 + 25),  // west
            PlaneRect(minX: 0, minY: height - 45, maxX: 100, maxY: height),  // scale
            PlaneRect(minX: width - 130, minY: height - 22, maxX: width, maxY: height),  // attribution
        ]
    }
}
