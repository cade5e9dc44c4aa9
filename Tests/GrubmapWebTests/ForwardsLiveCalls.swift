import Foundation
import GrubmapCore
import GrubmapStore

/// A test store that passes the live calls (line reports, busyness, popular times) on to a real store.
protocol ForwardsLiveCalls: LiveStore {
    /// The store that answers the live calls.
    var liveStore: any Store { get }
}

extension ForwardsLiveCalls {
    func reportLine(
        placeID: Place.ID, reporter: ReporterKey, level: LineLevel, at date: Date, bucket: PopularTimes.Bucket,
        policy: LineReportPolicy
    ) throws -> LineReportResult {
        try liveStore.reportLine(
            placeID: placeID, reporter: reporter, level: level, at: date, bucket: bucket, policy: policy)
    }
    func busyness(atPlace id: Place.ID, at date: Date) throws -> LiveCounts {
        try liveStore.busyness(atPlace: id, at: date)
    }
    func busyness(inArea id: Area.ID, at date: Date) throws -> [Place.ID: LiveCounts] {
        try liveStore.busyness(inArea: id, at: date)
    }
    func popularTimes(placeID: Place.ID, weeks: ClosedRange<Int64>) throws -> PopularTimes {
        try liveStore.popularTimes(placeID: placeID, weeks: weeks)
    }
    func addPopularCounts(_ counts: [PopularTimes.Count], placeID: Place.ID, sample: Bool) throws {
        try liveStore.addPopularCounts(counts, placeID: placeID, sample: sample)
    }
    func pruneLive(now: Date, oldestWeek: Int64) throws -> LivePruneSummary {
        try liveStore.pruneLive(now: now, oldestWeek: oldestWeek)
    }
}

extension CountingStore: ForwardsLiveCalls {
    var liveStore: any Store { base }

    func busyness(atPlace id: Place.ID, at date: Date) throws -> LiveCounts {
        try count("busynessAtPlace") { try base.busyness(atPlace: id, at: date) }
    }
    func busyness(inArea id: Area.ID, at date: Date) throws -> [Place.ID: LiveCounts] {
        try count("busynessInArea") { try base.busyness(inArea: id, at: date) }
    }
}

extension StalledDatabaseTests.StallingStore: ForwardsLiveCalls {
    var liveStore: any Store { base }
}
