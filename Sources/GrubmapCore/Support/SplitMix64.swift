/// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast generator that gives the same numbers for the same seed on
/// every machine, so generated test data and benchmark workloads repeat exactly. Not for anything secret.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number uniform in [0, 1), from the top 53 bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A number uniform in [`low`, `high`).
    public mutating func between(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * unit()
    }

    /// A whole number in `0..<bound` (`bound` above 0).
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
