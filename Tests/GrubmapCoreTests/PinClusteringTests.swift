import Testing

@testable import GrubmapCore

/// Pins that would overlap become clusters: exact (every place in one pin or cluster, counts adding up), stable
/// (the same places give the same clusters in any order) and quick on many places.
@Suite struct PinClusteringTests {
    func item(_ key: Int, _ x: Double, _ y: Double, weight: Int = 0) -> PinClustering.Item {
        PinClustering.Item(key: key, point: PlanePoint(x: x, y: y), weight: weight)
    }

    @Test func pinsFarApartStayPins() {
        let clusters = PinClustering.cluster([item(0, 0, 0), item(1, 100, 0), item(2, 0, 100)], radius: 40)
        #expect(clusters.map(\.keys) == [[0], [1], [2]])
        #expect(clusters.allSatisfy { $0.isSingle })
    }

    @Test func overlappingPinsMergeAndSumTheirCheckIns() {
        // Three San José places on one spot, and one farther off.
        let clusters = PinClustering.cluster(
            [item(0, 10, 10, weight: 2), item(1, 12, 11, weight: 0), item(2, 11, 14, weight: 5), item(3, 200, 200)],
            radius: 40)
        #expect(clusters.count == 2)
        #expect(clusters[0].keys == [0, 1, 2] && clusters[0].weight == 7)
        #expect(abs(clusters[0].point.x - 11) < 1e-9 && abs(clusters[0].point.y - (35.0 / 3)) < 1e-9)
        #expect(clusters[1].keys == [3])
    }

    @Test func theClosestPairMergesFirst() {
        // 0 and 1 are 30 apart, 1 and 2 are 25 apart: 1 joins 2, and their middle is 42.5 from 0.
        let clusters = PinClustering.cluster([item(0, 0, 0), item(1, 30, 0), item(2, 55, 0)], radius: 40)
        #expect(clusters.map(\.keys) == [[0], [1, 2]])
    }

    @Test func noTwoClustersAreCloserThanTheRadius() {
        var generator = SplitMix(seed: 7)
        let items = (0..<400).map { item($0, generator.next() * 600, generator.next() * 600, weight: $0 % 3) }
        let clusters = PinClustering.cluster(items, radius: 40)
        for (index, cluster) in clusters.enumerated() {
            for other in clusters[(index + 1)...] { #expect(cluster.point.distance(to: other.point) >= 40) }
        }
        #expect(clusters.flatMap(\.keys).sorted() == Array(0..<400))
        #expect(clusters.reduce(0) { $0 + $1.weight } == items.reduce(0) { $0 + $1.weight })
    }

    @Test func theOrderOfThePlacesDoesNotMatter() {
        var generator = SplitMix(seed: 11)
        let items = (0..<300).map { item($0, generator.next() * 500, generator.next() * 500, weight: 1) }
        let clusters = PinClustering.cluster(items, radius: 44)
        var shuffled = items
        for index in shuffled.indices.reversed() {
            shuffled.swapAt(index, Int(generator.next() * Double(index + 1)) % (index + 1))
        }
        #expect(PinClustering.cluster(shuffled, radius: 44) == clusters)
        #expect(PinClustering.cluster(items, radius: 44) == clusters)
    }

    @Test func manyPlacesOnOneSpotAndSpreadOutAreQuick() {
        var generator = SplitMix(seed: 3)
        let crowded = (0..<20_000).map { item($0, 500 + generator.next(), 500 + generator.next()) }
        let spread = (0..<20_000).map { item(20_000 + $0, generator.next() * 20_000, generator.next() * 20_000) }
        let clusters = PinClustering.cluster(crowded + spread, radius: 40)
        #expect(clusters.flatMap(\.keys).count == 40_000)
        #expect(Set(clusters.flatMap(\.keys)).count == 40_000)
        #expect(clusters.contains { $0.keys.count >= 20_000 })
    }

    @Test func nothingGivesNothing() {
        #expect(PinClustering.cluster([], radius: 40).isEmpty)
    }
}

/// A small deterministic generator of doubles in [0, 1), so tests never depend on the system's randomness.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
