import Foundation
import Synchronization

/// Counts each session's writes in a sliding minute and refuses those over the limit.
///
/// Kept in memory, per server process: behind a load balancer each server counts on its own.
final class RateLimiter: Sendable {
    private let limit: Int
    private let window: TimeInterval
    private let recent = Mutex<[String: [Date]]>([:])

    init(limit: Int, window: TimeInterval = 60) {
        self.limit = limit
        self.window = window
    }

    /// Records a write by `key` at `now`; returns `nil` when allowed, else the seconds until one is.
    func record(_ key: String, at now: Date) -> Int? {
        recent.withLock { recent in
            var times = (recent[key] ?? []).filter { now.timeIntervalSince($0) < window }
            if recent.count > 10_000 {
                // Forget idle sessions now and then so the table stays small.
                recent = recent.filter { $0.value.last.map { now.timeIntervalSince($0) < window } ?? false }
            }
            guard times.count < limit else {
                recent[key] = times
                return max(1, Int((window - now.timeIntervalSince(times[0])).rounded(.up)))
            }
            times.append(now)
            recent[key] = times
            return nil
        }
    }
}
