import Foundation
import Synchronization

/// Allows bursts up to ``capacity`` per key, refilled at ``perMinute``; what protects the database from one client
/// minting stored sessions, while a crowd behind one address still gets in.
///
/// Kept in memory, per server process: behind a load balancer each server counts on its own.
final class TokenBucket: Sendable {
    let capacity: Double
    let perMinute: Double
    private let buckets = Mutex<[String: (tokens: Double, at: Date)]>([:])

    init(capacity: Int, perMinute: Int) {
        self.capacity = Double(capacity)
        self.perMinute = Double(perMinute)
    }

    /// Takes one token for `key` at `now`; returns `nil` when there was one, else the whole seconds until there is.
    func take(_ key: String, at now: Date) -> Int? {
        buckets.withLock { buckets in
            if buckets.count > 10_000 {
                // Forget keys whose bucket has filled up again: they are as good as new.
                buckets = buckets.filter { level($0.value, at: now) < capacity }
            }
            let tokens = buckets[key].map { level($0, at: now) } ?? capacity
            guard tokens >= 1 else {
                buckets[key] = (tokens, now)
                return max(1, Int(((1 - tokens) * 60 / perMinute).rounded(.up)))
            }
            buckets[key] = (tokens - 1, now)
            return nil
        }
    }

    private func level(_ bucket: (tokens: Double, at: Date), at now: Date) -> Double {
        min(capacity, bucket.tokens + max(0, now.timeIntervalSince(bucket.at)) * perMinute / 60)
    }
}
