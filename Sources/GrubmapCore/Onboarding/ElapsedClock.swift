import Synchronization

/// A monotonic clock that says how much time has passed since some fixed origin.
///
/// State machines take one so that tests can move time by hand instead of sleeping.
public protocol ElapsedClock: Sendable {
    /// Time since the clock's origin; never decreases.
    var elapsed: Duration { get }
}

/// The system's monotonic clock.
public struct SystemElapsedClock: ElapsedClock {
    private let origin = ContinuousClock.now

    public init() {}

    public var elapsed: Duration { origin.duration(to: .now) }
}

/// A clock that moves only when told to, for tests.
public final class ManualClock: ElapsedClock {
    private let now = Mutex<Duration>(.zero)

    public init() {}

    public var elapsed: Duration { now.withLock { $0 } }

    /// Moves the clock forward by `duration` (negative durations are ignored: time never runs backwards).
    public func advance(by duration: Duration) {
        guard duration > .zero else { return }
        now.withLock { $0 += duration }
    }
}
