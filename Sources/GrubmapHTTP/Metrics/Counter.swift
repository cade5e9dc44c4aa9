import Synchronization

/// A count that only goes up, shared by every thread without a lock (one atomic add).
public final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    public init() {}

    public func increment(by amount: Int = 1) {
        value.add(amount, ordering: .relaxed)
    }

    /// The count now.
    public var count: Int { value.load(ordering: .relaxed) }
}

/// A histogram of durations with fixed buckets, recorded without a lock: one atomic add for the bucket, one for the
/// sum and one for the count. Buckets are kept apart and added up when read, as Prometheus wants them cumulative.
public final class Histogram: Sendable {
    /// The buckets' upper bounds in seconds, ascending; a last bucket above them all is `+Inf`.
    public let bounds: [Double]
    private let bucketNanoseconds: [Int64]
    private let buckets: [Counter]
    private let sumNanoseconds = Atomic<Int>(0)
    private let total = Counter()

    /// The default buckets: 0.5 ms to 10 s, for requests that mostly take a few milliseconds.
    public static let requestBounds: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10,
    ]

    public init(bounds: [Double] = Histogram.requestBounds) {
        self.bounds = bounds
        bucketNanoseconds = bounds.map { Int64(($0 * 1e9).rounded()) }
        buckets = (0...bounds.count).map { _ in Counter() }
    }

    public func observe(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        var index = 0
        while index < bucketNanoseconds.count, nanoseconds > bucketNanoseconds[index] { index += 1 }
        buckets[index].increment()
        sumNanoseconds.add(Int(nanoseconds), ordering: .relaxed)
        total.increment()
    }

    /// Observations so far.
    public var count: Int { total.count }

    /// The sum of the observations in seconds.
    public var sumSeconds: Double { Double(sumNanoseconds.load(ordering: .relaxed)) / 1e9 }

    /// The cumulative count at or below each bound, then the total (`+Inf`).
    public var cumulativeCounts: [Int] {
        var running = 0
        return buckets.map { bucket in
            running += bucket.count
            return running
        }
    }
}
