import Foundation
import Testing

@testable import GrubmapWeb

/// The sliding minute of writes: exact at its edges whatever the limit, and each key counted on its own.
@Suite struct RateLimiterTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theLimitHoldsInAnyMinuteAndTheWaitIsToTheOldestWritesLeaving() {
        let limiter = RateLimiter(limit: 3, window: 60)
        #expect(limiter.record("a", at: start) == nil)
        #expect(limiter.record("a", at: start.addingTimeInterval(10)) == nil)
        #expect(limiter.record("a", at: start.addingTimeInterval(20)) == nil)
        #expect(limiter.record("a", at: start.addingTimeInterval(30)) == 30)
        #expect(limiter.record("b", at: start.addingTimeInterval(30)) == nil)
        // The first write leaves the window at 60 s exactly; the refused one was not counted.
        #expect(limiter.record("a", at: start.addingTimeInterval(59.5)) == 1)
        #expect(limiter.record("a", at: start.addingTimeInterval(60)) == nil)
        #expect(limiter.record("a", at: start.addingTimeInterval(60)) == 10)
    }

    /// A limit of a million, 5,000 writes a minute for ten minutes: every write in a minute that holds fewer than
    /// the limit passes, and with a limit of 5,000 the 5,001st in any minute waits for the oldest.
    @Test func aHighLimitCountsTheSameOverManyMinutes() {
        let high = RateLimiter(limit: 1_000_000, window: 60)
        let exact = RateLimiter(limit: 5_000, window: 60)
        for second in 0..<600 {
            for write in 0..<83 {
                let now = start.addingTimeInterval(Double(second) + Double(write) / 100)
                #expect(high.record("key", at: now) == nil)
                #expect(exact.record("key", at: now) == nil)
            }
        }
        // 83 a second: 4,980 in the last minute, so 20 more pass; the next waits for the writes of second 540 to
        // leave the window, a tenth of a second from now: 1 s, rounded up.
        let now = start.addingTimeInterval(599.9)
        for _ in 0..<20 { #expect(exact.record("key", at: now) == nil) }
        #expect(exact.record("key", at: now) == 1)
    }

    /// Past 10,000 keys, the ones with no write in the window are forgotten; busy ones are kept with their writes.
    @Test func keysThatWentQuietAreForgottenAndStartAfresh() {
        let limiter = RateLimiter(limit: 1, window: 60)
        for index in 0..<10_000 { #expect(limiter.record("key \(index)", at: start) == nil) }
        #expect(limiter.keyCount == 10_000)
        // All still in the window: none is forgotten, and the next forgetting waits for twice as many keys.
        #expect(limiter.record("key 0", at: start.addingTimeInterval(1)) == 59)
        #expect(limiter.keyCount == 10_000)
        for index in 10_000..<20_000 {
            #expect(limiter.record("key \(index)", at: start.addingTimeInterval(30)) == nil)
        }
        #expect(limiter.keyCount == 20_000)
        // At 61 s the first 10,000 have left the window and are forgotten; the second 10,000 have not.
        let later = start.addingTimeInterval(61)
        #expect(limiter.record("new", at: later) == nil)
        #expect(limiter.keyCount == 10_001)
        #expect(limiter.record("key 0", at: later) == nil)
        #expect(limiter.record("key 10000", at: later) == 29)
    }

    /// A write recorded after a later one (the clock stepped back) never makes an older write count as newer than it
    /// was, nor lets the limit be passed.
    @Test func aClockSteppingBackNeitherFreesNorLosesWrites() {
        let limiter = RateLimiter(limit: 2, window: 60)
        #expect(limiter.record("a", at: start.addingTimeInterval(10)) == nil)
        #expect(limiter.record("a", at: start) == nil)
        #expect(limiter.record("a", at: start.addingTimeInterval(20)) == 50)
        #expect(limiter.record("a", at: start.addingTimeInterval(70)) == nil)
    }
}
