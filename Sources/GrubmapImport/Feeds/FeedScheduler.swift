import Foundation
import GrubmapCore
import GrubmapOutbound
import GrubmapStore

/// Fetches one place's feed as the servers do: the feed is leased (so no two servers fetch it at once), fetched
/// conditionally through the outbound client, imported all or nothing as `grubmap import menu` does, and its result
/// recorded. ``FeedFetchers`` runs it on threads of its own for every feed that is due.
///
/// It has no clock and no thread of its own: ``fetch(placeID:at:)`` works at the instant it is given; tests give
/// the times they choose, and never wait.
public struct FeedScheduler: Sendable {
    /// How often and how carefully feeds are fetched.
    public struct Settings: Sendable, Equatable {
        /// Between good fetches (`--feed-interval`, hourly by default).
        public var interval: TimeInterval
        /// The longest one fetch may take.
        public var timeoutSeconds: TimeInterval
        /// The largest feed read.
        public var maximumBytes: Int
        /// After a failure the next try comes this soon, doubling with each failure in a row up to ``interval``
        /// times 6.
        public var firstRetry: TimeInterval

        public init(
            interval: TimeInterval = 3600, timeoutSeconds: TimeInterval = 20,
            maximumBytes: Int = OpenMensaFeed.maximumBytes, firstRetry: TimeInterval = 300
        ) {
            self.interval = interval
            self.timeoutSeconds = timeoutSeconds
            self.maximumBytes = maximumBytes
            self.firstRetry = firstRetry
        }

        /// When to try again after `failures` failures in a row.
        func retryDelay(failures: Int) -> TimeInterval {
            min(firstRetry * pow(2, Double(max(0, min(failures, 20) - 1))), interval * 6)
        }
    }

    let store: any Store & FeedStore
    /// Every fetch goes through it: public addresses only, unless its allow list names one.
    let client: any OutboundHTTPClient
    /// This server's name in leases: random, so two processes never share one.
    let owner: String
    public let settings: Settings

    public init(
        store: any Store & FeedStore, client: any OutboundHTTPClient, owner: String, settings: Settings = Settings()
    ) {
        self.store = store
        self.client = client
        self.owner = owner
        self.settings = settings
    }

    /// Fetches one place's feed now, due or not, unless another server is fetching it (then ``FeedRun/busy``).
    public func fetch(placeID: Place.ID, at now: Date) throws -> FeedRun {
        let leaseEnd = now.addingTimeInterval(settings.timeoutSeconds * 2 + 60)
        guard let feed = try store.leaseFeed(placeID: placeID, owner: owner, at: now, until: leaseEnd) else {
            return try store.feed(placeID: placeID) == nil ? .noFeed : .busy
        }
        let run: FeedRun
        let record: FeedFetchRecord
        let response = FeedRequest(
            url: feed.url, etag: feed.etag, lastModified: feed.lastModified, timeoutSeconds: settings.timeoutSeconds,
            maximumBytes: settings.maximumBytes
        ).fetch(with: client)
        switch response {
        case .notModified:
            run = .unchanged
            record = FeedFetchRecord(
                at: now, result: .unchanged, message: "unchanged since the last fetch (304 Not Modified)", etag: nil,
                lastModified: nil, nextFetchAt: now.addingTimeInterval(settings.interval), failures: 0)
        case .failure(let failure):
            (run, record) = self.failure(failure.description, feed: feed, now: now)
        case .content(let data, let etag, let lastModified):
            do {
                let summary = try OpenMensaImporter.importFeed(data, placeID: placeID, into: store, now: now)
                run = .imported(days: summary.importedDays)
                var message =
                    "imported \(summary.importedDays) days (\(summary.closedDays) closed, \(summary.meals) meals)"
                if summary.skippedPastDays > 0 { message += "; skipped \(summary.skippedPastDays) past days" }
                record = FeedFetchRecord(
                    at: now, result: .imported, message: message, etag: etag, lastModified: lastModified,
                    nextFetchAt: now.addingTimeInterval(settings.interval), failures: 0)
            } catch let error as OpenMensaImportError {
                (run, record) = self.failure(
                    "the feed is not valid: \(error.description); nothing was imported, the last good menus stay",
                    feed: feed, now: now)
            } catch {
                (run, record) = self.failure(
                    "the menus could not be stored (\(error)); the last good menus stay", feed: feed, now: now)
            }
        }
        try store.finishFeedFetch(placeID: placeID, owner: owner, record: record)
        return run
    }

    private func failure(_ message: String, feed: MenuFeed, now: Date) -> (FeedRun, FeedFetchRecord) {
        let failures = feed.failures + 1
        return (
            .failed(message),
            FeedFetchRecord(
                at: now, result: .failed, message: message, etag: nil, lastModified: nil,
                nextFetchAt: now.addingTimeInterval(settings.retryDelay(failures: failures)), failures: failures)
        )
    }
}
