import GrubmapCore
import GrubmapStore

/// Which due feeds a server's fetchers take next: at most ``threads`` fetches at once, and at most ``perArea`` of
/// one area's feeds at once, so one area's feeds that never answer hold a few threads at most and the other areas'
/// feeds still go. Pure: ``FeedFetchers`` keeps one under its lock; every transition is tested on its own.
public struct FeedDispatch: Sendable, Equatable {
    /// Fetches running at once on this server.
    public let threads: Int
    /// Fetches of one area's feeds running at once on this server.
    public let perArea: Int
    /// What runs now, by place, with its area.
    public private(set) var running: [Place.ID: Area.ID] = [:]

    public init(threads: Int, perArea: Int) {
        self.threads = max(1, threads)
        self.perArea = max(1, perArea)
    }

    /// Takes from `due` (soonest first) what may start now, in that order, and counts it as running: feeds already
    /// running are passed over, and so are those of an area with ``perArea`` running, until ``threads`` run.
    public mutating func take(from due: [DueFeed]) -> [DueFeed] {
        var taken: [DueFeed] = []
        for feed in due where running.count < threads {
            guard running[feed.placeID] == nil, inFlight(in: feed.areaID) < perArea else { continue }
            running[feed.placeID] = feed.areaID
            taken.append(feed)
        }
        return taken
    }

    /// A fetch ended, however it ended.
    public mutating func finish(_ placeID: Place.ID) {
        running[placeID] = nil
    }

    /// Fetches of `area`'s feeds running now.
    public func inFlight(in area: Area.ID) -> Int {
        running.values.count { $0 == area }
    }
}
