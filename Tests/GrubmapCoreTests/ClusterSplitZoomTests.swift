import Foundation
import Testing

@testable import GrubmapCore

/// A tap on a cluster opens the smallest zoom at which its places part: never a level short (the cluster would
/// still be one bubble), never one too far (the jump from zoom 15 to 19 that left people lost).
@Suite struct ClusterSplitZoomTests {
    let radius = 32.0

    /// A point's world pixel at `zoom`, worked out here from the Web Mercator formulas rather than the library's.
    func pixel(_ latitude: Double, _ longitude: Double, zoom: Int) -> (x: Double, y: Double) {
        let size = 256 * pow(2, Double(zoom))
        let phi = latitude * .pi / 180
        return (
            (longitude + 180) / 360 * size, (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2 * size
        )
    }

    func coordinates(_ pairs: [(Double, Double)]) throws -> [Coordinate] {
        try pairs.map { try Coordinate(latitude: $0.0, longitude: $0.1) }
    }

    /// How many clusters the coordinates make at `zoom`, as a view makes them.
    func clusterCount(_ coordinates: [Coordinate], zoom: Int) -> Int {
        PinClustering.cluster(
            coordinates.enumerated().map { key, coordinate in
                PinClustering.Item(key: key, point: MapViewport.worldPoint(coordinate, zoom: zoom), weight: 0)
            }, radius: radius
        ).count
    }

    @Test func twoPlacesPartAtTheFirstZoomWhereTheyAreARadiusApart() throws {
        // Original Joe's and Nirvana Soul, some 27 m apart in San José.
        let pair = [(37.331219, -121.887122), (37.331, -121.88699)]
        let expected = try #require(
            (16...19).first { zoom in
                let a = pixel(pair[0].0, pair[0].1, zoom: zoom)
                let b = pixel(pair[1].0, pair[1].1, zoom: zoom)
                return hypot(a.x - b.x, a.y - b.y) >= radius
            })
        #expect(PinClustering.splitZoom(of: try coordinates(pair), radius: radius, above: 15) == expected)
        #expect(expected == 18, "27 m is some 28 pixels at zoom 17 and 57 at 18")
        // From a closer zoom that still shows them as one, the answer is the same; from the zoom where they part, the
        // next one.
        #expect(PinClustering.splitZoom(of: try coordinates(pair), radius: radius, above: 17) == 18)
        #expect(PinClustering.splitZoom(of: try coordinates(pair), radius: radius, above: 18) == 19)
    }

    @Test func aTightPairInsideALooseClusterDoesNotDecide() throws {
        // Two places 5 m apart and a third 60 m off: the cluster parts when the third leaves it, long before the
        // pair does.
        let places = try coordinates([(35.2330, 129.0800), (35.23304, 129.08002), (35.2335, 129.0803)])
        let split = try #require(PinClustering.splitZoom(of: places, radius: radius, above: 12))
        #expect(clusterCount(places, zoom: split) == 2)
        #expect(clusterCount(places, zoom: split - 1) == 1)
    }

    @Test func everyZoomBeforeTheAnswerKeepsTheClusterWhole() throws {
        var generator = SplitMix(seed: 27)
        for _ in 0..<200 {
            // A few places within some tens of metres of one another, somewhere between Busan and San José.
            let count = 2 + Int(generator.next() * 6)
            let latitude = -60 + generator.next() * 120
            let longitude = -179 + generator.next() * 358
            let spread = 0.00005 + generator.next() * 0.001
            let places = try (0..<count).map { _ in
                try Coordinate(
                    latitude: latitude + (generator.next() - 0.5) * spread,
                    longitude: longitude + (generator.next() - 0.5) * spread)
            }
            // From a zoom at which they are one cluster.
            let start = 2 + Int(generator.next() * 16)
            guard clusterCount(places, zoom: start) == 1 else { continue }
            let split = PinClustering.splitZoom(of: places, radius: radius, above: start)
            if let split {
                #expect(split > start)
                #expect(clusterCount(places, zoom: split) > 1)
                for zoom in (start + 1)..<split { #expect(clusterCount(places, zoom: zoom) == 1) }
            } else {
                for zoom in (start + 1)...MapViewport.maximumZoom { #expect(clusterCount(places, zoom: zoom) == 1) }
            }
        }
    }

    @Test func placesOnOneSpotNeverPart() throws {
        let spot = try coordinates([(37.3318, -121.8863), (37.3318, -121.8863), (37.3318, -121.8863)])
        #expect(PinClustering.splitZoom(of: spot, radius: radius, above: 14) == nil)
    }

    @Test func aSinglePlaceOrTheClosestZoomHasNothingToPart() throws {
        let pair = try coordinates([(37.331219, -121.887122), (37.331, -121.88699)])
        #expect(PinClustering.splitZoom(of: Array(pair.prefix(1)), radius: radius, above: 10) == nil)
        #expect(PinClustering.splitZoom(of: [], radius: radius, above: 10) == nil)
        #expect(PinClustering.splitZoom(of: pair, radius: radius, above: MapViewport.maximumZoom) == nil)
        #expect(PinClustering.splitZoom(of: pair, radius: radius, above: 12, maximumZoom: 16) == nil)
    }
}
