import Foundation

/// What a map shows: a Web Mercator zoom level and a window of the world at it, `width` × `height` pixels.
///
/// A pixel is a 256th of a tile at the zoom level, as on every web map, so the drawing's unit is the same at every
/// zoom and an operator's tiles line up with it. The window's top-left corner is a whole pixel: two views of the
/// same place are drawn from the same numbers, which keeps their drawings identical and cacheable, and makes a
/// center written with seven decimals come back to the same window.
public struct MapViewport: Hashable, Sendable {
    /// Pixels along a tile's side.
    public static let tileSize = 256.0
    /// The closest zoom a map goes to: a city block fills a phone's map.
    public static let maximumZoom = 19
    /// The farthest zoom a map goes to.
    public static let minimumZoom = 2

    /// The zoom level, in [``minimumZoom``, ``maximumZoom``].
    public let zoom: Int
    /// The top-left corner in world pixels at ``zoom``.
    public let originX: Int
    public let originY: Int
    /// The window's size in pixels.
    public let width: Int
    public let height: Int

    /// The window of `width` × `height` pixels around `center` at `zoom` (brought into the allowed range).
    public init(zoom: Int, center: Coordinate, width: Int, height: Int) {
        let zoom = min(max(zoom, Self.minimumZoom), Self.maximumZoom)
        let world = Self.worldPoint(center, zoom: zoom)
        self.init(
            zoom: zoom, originX: Int((world.x - Double(width) / 2).rounded()),
            originY: Int((world.y - Double(height) / 2).rounded()), width: width, height: height)
    }

    /// The window with its top-left corner at a world pixel.
    public init(zoom: Int, originX: Int, originY: Int, width: Int, height: Int) {
        self.zoom = zoom
        self.originX = originX
        self.originY = originY
        self.width = max(width, 1)
        self.height = max(height, 1)
    }

    /// The largest zoom at which `bounds` fits the window (at least ``minimumZoom``, at most ``maximumZoom``),
    /// centered on the middle of the bounds.
    public static func fitting(_ bounds: Bounds, width: Int, height: Int) -> MapViewport {
        let zoom = fittingZoom(bounds, width: width, height: height)
        return MapViewport(zoom: zoom, center: center(of: bounds), width: width, height: height)
    }

    /// The largest zoom at which `bounds` fits a window of `width` × `height` pixels.
    public static func fittingZoom(_ bounds: Bounds, width: Int, height: Int) -> Int {
        let northWest = WebMercator.project(bounds.northWest)
        let southEast = WebMercator.project(bounds.southEast)
        let spanX = max(southEast.x - northWest.x, 1e-12)
        let spanY = max(southEast.y - northWest.y, 1e-12)
        let scale = min(Double(width) / spanX, Double(height) / spanY) / tileSize
        return min(max(Int(log2(scale).rounded(.down)), minimumZoom), maximumZoom)
    }

    /// The middle of `bounds` in the projection (which is not quite the middle in degrees of latitude).
    public static func center(of bounds: Bounds) -> Coordinate {
        let north = WebMercator.project(bounds.northEast)
        let south = WebMercator.project(bounds.southWest)
        return WebMercator.coordinate(x: (north.x + south.x) / 2, y: (north.y + south.y) / 2)
    }

    /// A coordinate in world pixels at `zoom`.
    public static func worldPoint(_ coordinate: Coordinate, zoom: Int) -> PlanePoint {
        let unit = WebMercator.project(coordinate)
        let size = tileSize * Double(1 << zoom)
        return PlanePoint(x: unit.x * size, y: unit.y * size)
    }

    /// The coordinate at a world pixel at `zoom`.
    public static func coordinate(atWorld point: PlanePoint, zoom: Int) -> Coordinate {
        let size = tileSize * Double(1 << zoom)
        return WebMercator.coordinate(x: point.x / size, y: point.y / size)
    }

    /// A coordinate in the window's pixels (0, 0 at the top-left; outside the window when it is).
    public func point(_ coordinate: Coordinate) -> PlanePoint {
        let world = Self.worldPoint(coordinate, zoom: zoom)
        return PlanePoint(x: world.x - Double(originX), y: world.y - Double(originY))
    }

    /// The coordinate at a pixel of the window.
    public func coordinate(at point: PlanePoint) -> Coordinate {
        Self.coordinate(atWorld: PlanePoint(x: point.x + Double(originX), y: point.y + Double(originY)), zoom: zoom)
    }

    /// The window as a rectangle of its own pixels.
    public var rect: PlaneRect { PlaneRect(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height)) }

    /// The window in world pixels.
    public var worldRect: PlaneRect {
        PlaneRect(
            minX: Double(originX), minY: Double(originY), maxX: Double(originX + width),
            maxY: Double(originY + height))
    }

    /// The coordinate at the window's middle.
    public var center: Coordinate { coordinate(at: PlanePoint(x: Double(width) / 2, y: Double(height) / 2)) }

    /// What the window covers on the Earth.
    public var bounds: Bounds {
        let northWest = coordinate(at: PlanePoint(x: 0, y: 0))
        let southEast = coordinate(at: PlanePoint(x: Double(width), y: Double(height)))
        return try! Bounds(
            southWest: Coordinate(latitude: southEast.latitude, longitude: northWest.longitude),
            northEast: Coordinate(latitude: northWest.latitude, longitude: southEast.longitude))
    }

    /// Metres on the ground per pixel at the window's middle.
    public var metersPerPixel: Double {
        WebMercator.metersPerUnit(atLatitude: center.latitude) / (Self.tileSize * Double(1 << zoom))
    }

    /// The same window moved by whole pixels (east and south for positive amounts).
    public func panned(x: Int, y: Int) -> MapViewport {
        MapViewport(zoom: zoom, originX: originX + x, originY: originY + y, width: width, height: height)
    }

    /// The window at another zoom level with `anchor` (a pixel of this window) staying where it is on screen: the
    /// point under a pinch or a wheel stays under it.
    public func zoomed(to newZoom: Int, keeping anchor: PlanePoint) -> MapViewport {
        let newZoom = min(max(newZoom, Self.minimumZoom), Self.maximumZoom)
        let factor = pow(2, Double(newZoom - zoom))
        let worldX = (Double(originX) + anchor.x) * factor
        let worldY = (Double(originY) + anchor.y) * factor
        return MapViewport(
            zoom: newZoom, originX: Int((worldX - anchor.x).rounded()), originY: Int((worldY - anchor.y).rounded()),
            width: width, height: height)
    }

    /// The window moved as little as possible so its center lies within `limits` (in world pixels at ``zoom``).
    public func keepingCenter(within limits: PlaneRect) -> MapViewport {
        let centerX = Double(originX) + Double(width) / 2
        let centerY = Double(originY) + Double(height) / 2
        let x = min(max(centerX, limits.minX), limits.maxX)
        let y = min(max(centerY, limits.minY), limits.maxY)
        return panned(x: Int((x - centerX).rounded()), y: Int((y - centerY).rounded()))
    }
}
