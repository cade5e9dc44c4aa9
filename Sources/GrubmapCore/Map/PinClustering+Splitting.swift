extension PinClustering {
    /// The smallest zoom above `zoom` at which pins at `coordinates` fall into more than one cluster of `radius`
    /// pixels, clustered as a map view clusters them (in world pixels at each zoom, ``MapViewport/worldPoint(_:zoom:)``):
    /// the zoom a tap on their cluster opens, so it parts the cluster without skipping past the levels where it
    /// already would.
    ///
    /// `nil` when they stay one cluster up to `maximumZoom` (places on one spot, which the map spreads instead), and
    /// for fewer than two coordinates. Each zoom tried clusters the coordinates once: O(z · n log n) for z levels.
    public static func splitZoom(
        of coordinates: [Coordinate], radius: Double, above zoom: Int, maximumZoom: Int = MapViewport.maximumZoom
    ) -> Int? {
        guard coordinates.count > 1, zoom < maximumZoom else { return nil }
        let projected = coordinates.map { WebMercator.project($0) }
        for candidate in (zoom + 1)...maximumZoom {
            let size = MapViewport.tileSize * Double(1 << max(candidate, 0))
            let items = projected.enumerated().map { key, unit in
                Item(key: key, point: PlanePoint(x: unit.x * size, y: unit.y * size), weight: 0)
            }
            if cluster(items, radius: radius).count > 1 { return candidate }
        }
        return nil
    }
}
