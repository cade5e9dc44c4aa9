import Foundation

/// The line reports of one place that still count: how many say each level, and when the newest was made. It holds
/// counts only, never who reported.
public struct LineTally: Hashable, Sendable {
    /// Reports per level, indexed by ``LineLevel/rawValue``.
    public private(set) var counts: [Int]
    /// When the newest report counted was made, or `nil` when there is none.
    public private(set) var newest: Date?

    /// No reports.
    public init() {
        counts = Array(repeating: 0, count: LineLevel.allCases.count)
        newest = nil
    }

    /// Reports of these levels, the newest made at `newest`.
    public init(_ levels: [LineLevel], newest: Date?) {
        self.init()
        for level in levels { counts[level.rawValue] += 1 }
        self.newest = levels.isEmpty ? nil : newest
    }

    /// Adds `count` reports of `level`, the newest of them made at `at`.
    public mutating func add(_ level: LineLevel, count: Int = 1, at: Date?) {
        guard count > 0 else { return }
        counts[level.rawValue] += count
        if let at, newest.map({ at > $0 }) ?? true { newest = at }
    }

    /// How many reports count.
    public var total: Int { counts.reduce(0, +) }

    /// How many reports say `level`.
    public func count(of level: LineLevel) -> Int { counts[level.rawValue] }

    /// The median level, or `nil` without reports. With an even number of reports it is the upper of the two middle
    /// ones: a tie between "short" and "long" reads "long", erring towards warning people of a wait.
    public var median: LineLevel? {
        let total = total
        guard total > 0 else { return nil }
        // The report at index total / 2 (from 0) of the reports ranked shortest first.
        var remaining = total / 2
        for level in LineLevel.allCases {
            let count = counts[level.rawValue]
            if remaining < count { return level }
            remaining -= count
        }
        return nil
    }
}

/// How long a line report counts and how often one person may make one.
public struct LineReportPolicy: Hashable, Sendable {
    /// How long a report counts after it is made, in seconds: 20 minutes.
    public var lifetimeSeconds: Int
    /// How long a person waits between two reports for one place, in seconds: 10 minutes.
    public var intervalSeconds: Int

    public init(lifetimeSeconds: Int = 20 * 60, intervalSeconds: Int = 10 * 60) {
        self.lifetimeSeconds = lifetimeSeconds
        self.intervalSeconds = intervalSeconds
    }

    /// The rule as the issue states it.
    public static let standard = LineReportPolicy()

    /// When a report made at `reportedAt` stops counting.
    public func expiry(of reportedAt: Date) -> Date { reportedAt.addingTimeInterval(TimeInterval(lifetimeSeconds)) }

    /// The earliest instant a report made at `reportedAt` may be replaced by the same person's next one.
    public func replaceableAfter(_ reportedAt: Date) -> Date {
        reportedAt.addingTimeInterval(TimeInterval(intervalSeconds))
    }

    /// The whole seconds to wait at `now` (rounded up, at least 1) before a report made at `reportedAt` may be
    /// replaced, as `Retry-After` says it; 0 when it may be replaced now.
    public func retryAfterSeconds(lastReportedAt reportedAt: Date, now: Date) -> Int {
        let wait = replaceableAfter(reportedAt).timeIntervalSince(now)
        return wait <= 0 ? 0 : max(1, Int(wait.rounded(.up)))
    }
}
