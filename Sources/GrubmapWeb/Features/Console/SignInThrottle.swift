import Foundation
import GrubmapStore

/// Limits sign-in attempts per account and per client address with growing delays, counted in the database so every
/// server sees the same counts. After ``freeAttempts`` failures under a key, each further attempt must wait twice as
/// long as the last (2 s, 4 s, 8 s … at most 15 minutes) after the latest failure; a success clears the account's
/// count. An address gets more free attempts than an account: many people may share a venue's address.
///
/// Keys are counted for addresses that have no account too, so the delays say nothing about which addresses exist.
struct SignInThrottle: Sendable {
    static let freeAttemptsPerAccount = 5
    static let freeAttemptsPerAddress = 20
    static let longestWaitSeconds = 900

    let store: any OperatorStore

    /// The keys an attempt counts under.
    static func keys(email: String, address: String) -> [String] {
        ["account:" + email.lowercased(), "address:" + address]
    }

    /// Seconds to wait before the next attempt may be checked, or `nil` when it may be now.
    func wait(email: String, address: String, now: Date) throws -> Int? {
        let keys = Self.keys(email: email, address: address)
        let failures = try store.signInFailures(keys: keys)
        var longest = 0
        for (key, free) in zip(keys, [Self.freeAttemptsPerAccount, Self.freeAttemptsPerAddress]) {
            guard let counted = failures[key], counted.count >= free else { continue }
            let delay = Self.delaySeconds(failures: counted.count, free: free)
            let left = Int(counted.lastAt.addingTimeInterval(TimeInterval(delay)).timeIntervalSince(now).rounded(.up))
            longest = max(longest, left)
        }
        return longest > 0 ? longest : nil
    }

    /// The wait after `failures` failures when `free` are allowed without one.
    static func delaySeconds(failures: Int, free: Int) -> Int {
        let doublings = min(failures - free + 1, 10)
        return min(1 << doublings, longestWaitSeconds)
    }

    func recordFailure(email: String, address: String, now: Date) throws {
        try store.recordSignInFailure(keys: Self.keys(email: email, address: address), at: now)
    }

    func recordSuccess(email: String) throws {
        try store.clearSignInFailures(key: Self.keys(email: email, address: "")[0])
    }
}
