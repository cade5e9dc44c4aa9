import Foundation
import Synchronization

/// Counts each session's writes in a sliding minute and refuses those over the limit.
///
/// Kept in memory, per server process: behind a load balancer each server counts on its own. A write costs the
/// same however high the limit (an operator may raise it for a kiosk or a busy API key): each key's times are
/// kept oldest first, the ones that left the window are skipped from the front and dropped in bulk, and idle keys
/// are forgotten only when the table has doubled since they last were.
final class RateLimiter: Sendable {
    private let limit: Int
    private let window: TimeInterval
    private let state = Mutex(State())

    /// Every key's recent writes, and the size at which idle keys are next forgotten.
    private struct State {
        var recent: [String: Recent] = [:]
        var forgetAt = 10_000
    }

    /// One key's writes: `times[first...]` are in the window, oldest first.
    private struct Recent {
        var times: [Date] = []
        var first = 0

        /// Records a write at `now` unless `limit` are in the window; else the seconds until one leaves it.
        mutating func record(at now: Date, limit: Int, window: TimeInterval) -> Int? {
            while first < times.count, now.timeIntervalSince(times[first]) >= window { first += 1 }
            if first >= 64, first * 2 >= times.count {
                times.removeFirst(first)
                first = 0
            }
            guard times.count - first < limit else {
                guard first < times.count else { return Int(window.rounded(.up)) }
                return max(1, Int((window - now.timeIntervalSince(times[first])).rounded(.up)))
            }
            // Kept in order, so the oldest is always first: a write recorded just after a later one (requests
            // racing, or the clock stepped back) counts as at the later one's time.
            times.append(max(now, times.last ?? now))
            return nil
        }

        /// Whether no write of the key is in the window.
        func isIdle(at now: Date, window: TimeInterval) -> Bool {
            times.last.map { now.timeIntervalSince($0) >= window } ?? true
        }
    }

    init(limit: Int, window: TimeInterval = 60) {
        self.limit = limit
        self.window = window
    }

    /// How many keys are remembered (for tests of the forgetting).
    var keyCount: Int { state.withLock { $0.recent.count } }

    /// Records a write by `key` at `now`; returns `nil` when allowed, else the seconds until one is.
    func record(_ key: String, at now: Date) -> Int? {
        state.withLock { state in
            if state.recent.count >= state.forgetAt {
                state.recent = state.recent.filter { !$0.value.isIdle(at: now, window: window) }
                state.forgetAt = max(10_000, state.recent.count * 2)
            }
            return state.recent[key, default: Recent()].record(at: now, limit: limit, window: window)
        }
    }
}
