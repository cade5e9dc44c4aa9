import Testing

@testable import GrubmapCore

/// Map windows: zoom levels, centers written in addresses, and the point under a pinch.
@Suite struct MapViewportTests {
    let center = try! Coordinate(latitude: 37.331516, longitude: -121.891054)

    @Test func aCenterWrittenWithSevenDecimalsComesBackToTheSameWindow() throws {
        for zoom in [2, 10, 15, 17, 19] {
            let view = MapViewport(zoom: zoom, center: center, width: 400, height: 460)
            let written = view.center
            let text = String(format7(written.latitude)) + "," + String(format7(written.longitude))
            let again = MapViewport(zoom: zoom, center: try Coordinate(parsing: text), width: 400, height: 460)
            #expect(again == view, "zoom \(zoom)")
        }
    }

    private func format7(_ value: Double) -> String {
        let scaled = (value * 10_000_000).rounded()
        return "\(scaled / 10_000_000)"
    }

    @Test func theCenterIsInTheMiddleOfTheWindow() {
        let view = MapViewport(zoom: 17, center: center, width: 400, height: 460)
        let point = view.point(center)
        #expect(abs(point.x - 200) <= 0.5 && abs(point.y - 230) <= 0.5)
        let back = view.coordinate(at: point)
        #expect(abs(back.latitude - center.latitude) < 1e-9 && abs(back.longitude - center.longitude) < 1e-9)
    }

    @Test func zoomingKeepsThePointUnderTheFingers() {
        let view = MapViewport(zoom: 16, center: center, width: 400, height: 460)
        let anchor = PlanePoint(x: 100, y: 300)
        let underFinger = view.coordinate(at: anchor)
        let zoomed = view.zoomed(to: 18, keeping: anchor)
        #expect(zoomed.zoom == 18)
        let moved = zoomed.point(underFinger)
        #expect(abs(moved.x - anchor.x) <= 0.5 && abs(moved.y - anchor.y) <= 0.5)
        #expect(view.zoomed(to: 40, keeping: anchor).zoom == MapViewport.maximumZoom)
    }

    @Test func anAreaFitsItsWindowAtTheLargestZoomThatHoldsIt() throws {
        let bounds = try Bounds(
            southWest: Coordinate(latitude: 37.3297, longitude: -121.8967),
            northEast: Coordinate(latitude: 37.3378, longitude: -121.8836))
        let view = MapViewport.fitting(bounds, width: 400, height: 460)
        #expect(view.zoom == 15)
        #expect(view.rect.contains(view.point(bounds.southWest)) && view.rect.contains(view.point(bounds.northEast)))
        let closer = MapViewport(zoom: 16, center: view.center, width: 400, height: 460)
        #expect(
            !closer.rect.contains(closer.point(bounds.southWest))
                || !closer.rect.contains(closer.point(bounds.northEast)))
    }

    @Test func aBlockFillsTheWindowAtTheClosestZoom() {
        let view = MapViewport(zoom: MapViewport.maximumZoom, center: center, width: 400, height: 460)
        #expect((80...120).contains(view.metersPerPixel * 400))
    }

    @Test func theCenterIsKeptWithinLimits() {
        let view = MapViewport(zoom: 17, originX: 0, originY: 0, width: 400, height: 460)
        let kept = view.keepingCenter(within: PlaneRect(minX: 1000, minY: 1000, maxX: 2000, maxY: 2000))
        #expect(kept.originX == 800 && kept.originY == 770)
    }
}
