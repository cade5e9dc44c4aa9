import Foundation

/// How failed sign-ins under one key slow the next attempt: ``freeAttempts`` failures cost nothing, then each
/// further attempt waits twice as long after the latest failure as the one before it (``firstWaitSeconds``, twice
/// that, … at most ``longestWaitSeconds``). A key whose latest failure is ``forgetAfterSeconds`` old starts again.
public struct AttemptRule: Hashable, Sendable {
    /// Failures allowed without a wait.
    public let freeAttempts: Int
    /// The wait after the first failure beyond the free ones.
    public let firstWaitSeconds: Int
    /// The longest wait.
    public let longestWaitSeconds: Int
    /// How long after its latest failure a key is forgotten.
    public let forgetAfterSeconds: Int

    public init(freeAttempts: Int, firstWaitSeconds: Int = 2, longestWaitSeconds: Int, forgetAfterSeconds: Int) {
        precondition(freeAttempts >= 0 && firstWaitSeconds > 0 && longestWaitSeconds >= firstWaitSeconds)
        self.freeAttempts = freeAttempts
        self.firstWaitSeconds = firstWaitSeconds
        self.longestWaitSeconds = longestWaitSeconds
        self.forgetAfterSeconds = forgetAfterSeconds
    }

    /// The failures that still count at `date`: `failures`, or 0 when the latest (at `lastAt`) is forgotten.
    public func counted(failures: Int, lastAt: Date, at date: Date) -> Int {
        date.timeIntervalSince(lastAt) >= TimeInterval(forgetAfterSeconds) ? 0 : failures
    }

    /// The wait that `failures` failures impose after the latest: 0 while they are free.
    public func waitSeconds(afterFailures failures: Int) -> Int {
        guard failures >= freeAttempts else { return 0 }
        var wait = firstWaitSeconds
        for _ in 0..<(failures - freeAttempts) where wait < longestWaitSeconds { wait *= 2 }
        return min(wait, longestWaitSeconds)
    }

    /// Whole seconds an attempt at `date` must still wait, given `failures` failures the latest at `lastAt`; `nil`
    /// when it may go now.
    public func remainingWait(failures: Int, lastAt: Date, at date: Date) -> Int? {
        let failures = counted(failures: failures, lastAt: lastAt, at: date)
        let wait = waitSeconds(afterFailures: failures)
        guard wait > 0 else { return nil }
        let left = Int(lastAt.addingTimeInterval(TimeInterval(wait)).timeIntervalSince(date).rounded(.up))
        return left > 0 ? left : nil
    }
}
