/// A routing graph as bytes for the database: a 16-byte header (`GRG1`, the mode, whether it is symmetric, the
/// numbers of nodes, edges and landmarks), then its arrays of little-endian `Int32` one after the other.
extension RoutingGraph {
    static let magic: [UInt8] = Array("GRG1".utf8)

    /// The graph's bytes.
    public func encoded() -> [UInt8] {
        var bytes = Self.magic
        bytes += [mode == .walk ? 0 : 1, isSymmetric ? 1 : 0, 0, 0]
        for storage in [latitudes, longitudes, offsets, targets, lengths, costs, landmarks, landmarkFrom]
            + (isSymmetric ? [] : [landmarkTo])
        {
            bytes.reserveCapacity(bytes.count + 4 * storage.count)
            if storage === latitudes {
                for count in [nodeCount, edgeCount, landmarkCount] { append(Int32(count), to: &bytes) }
            }
            for index in 0..<storage.count { append(storage[index], to: &bytes) }
        }
        return bytes
    }

    private func append(_ value: Int32, to bytes: inout [UInt8]) {
        let bits = UInt32(bitPattern: value)
        bytes += [
            UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8),
            UInt8(truncatingIfNeeded: bits >> 16), UInt8(truncatingIfNeeded: bits >> 24),
        ]
    }

    /// A graph from ``encoded()``'s bytes, checked whole: every count, offset and target in range.
    public convenience init(decoding bytes: [UInt8]) throws(RoutingGraphDecodingError) {
        guard bytes.count >= 20, Array(bytes[0..<4]) == Self.magic else { throw .init("not a routing graph") }
        guard bytes[4] <= 1, bytes[5] <= 1 else { throw .init("an unknown mode") }
        var position = 8
        func int32() -> Int32 {
            let value =
                UInt32(bytes[position]) | UInt32(bytes[position + 1]) << 8 | UInt32(bytes[position + 2]) << 16
                | UInt32(bytes[position + 3]) << 24
            position += 4
            return Int32(bitPattern: value)
        }
        let n = Int(int32())
        let m = Int(int32())
        let l = Int(int32())
        let symmetric = bytes[5] == 1
        guard n >= 0, m >= 0, l >= 0, l <= max(n, 0) else { throw .init("negative counts") }
        let words = 2 * n + (n + 1) + 3 * m + l + (symmetric ? 1 : 2) * n * l
        guard bytes.count == 20 + 4 * words else { throw .init("\(bytes.count) bytes do not fit its counts") }
        func array(_ count: Int) -> [Int32] { (0..<count).map { _ in int32() } }
        let latitudes = array(n)
        let longitudes = array(n)
        let offsets = array(n + 1)
        let targets = array(m)
        let lengths = array(m)
        let costs = array(m)
        let landmarks = array(l)
        let from = array(n * l)
        let to = symmetric ? from : array(n * l)
        guard offsets.first == 0, offsets.last == Int32(m), zip(offsets, offsets.dropFirst()).allSatisfy({ $0 <= $1 })
        else { throw .init("its edge offsets are out of order") }
        guard targets.allSatisfy({ $0 >= 0 && Int($0) < n }), landmarks.allSatisfy({ $0 >= 0 && Int($0) < n }),
            costs.allSatisfy({ $0 >= 0 }), lengths.allSatisfy({ $0 >= 0 })
        else { throw .init("an edge or landmark is out of range") }
        guard latitudes.allSatisfy({ abs($0) <= 900_000_000 }), longitudes.allSatisfy({ abs($0) <= 1_800_000_000 })
        else { throw .init("a node's coordinate is out of range") }
        self.init(
            mode: bytes[4] == 0 ? .walk : .drive, latitudes: latitudes, longitudes: longitudes, offsets: offsets,
            targets: targets, lengths: lengths, costs: costs, isSymmetric: symmetric, landmarks: landmarks,
            landmarkFrom: from, landmarkTo: to)
    }
}

/// Why stored bytes are not a routing graph.
public struct RoutingGraphDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
