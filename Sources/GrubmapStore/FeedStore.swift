import Foundation
import GrubmapCore

/// Places' OpenMensa feeds, fetched on a schedule by every server sharing the database, one server at a time per
/// feed: a server takes a feed's lease (a conditional update, atomic on both databases) before fetching it and gives
/// it back with the result.
public protocol FeedStore: Sendable {
    /// Gives a place a feed URL, or changes it (forgetting what the last one answered); due at once.
    /// ``StoreError/unknownPlace(id:)`` for a place that does not exist; with `limitPerArea`,
    /// ``StoreError/feedLimitReached(area:limit:)`` for a place without a feed whose area has that many already
    /// (counted in the same transaction, with the area's row locked, so two at once cannot both pass).
    func setFeed(placeID: Place.ID, url: String, at date: Date, audit: AuditEntry, limitPerArea: Int?) throws
    /// Takes a place's feed away; returns whether it had one.
    @discardableResult
    func removeFeed(placeID: Place.ID, audit: AuditEntry) throws -> Bool
    /// Every feed, ordered by place id.
    func feeds() throws -> [MenuFeed]
    /// A place's feed, or `nil`.
    func feed(placeID: Place.ID) throws -> MenuFeed?
    /// The feeds due at `date` and not leased by anyone now, with their places' areas, soonest due first.
    func dueFeeds(at date: Date) throws -> [DueFeed]
    /// Makes a place's feed due at `date` ("Fetch now"), so the next server to look fetches it.
    func queueFeedFetch(placeID: Place.ID, at date: Date) throws -> FeedQueueing
    /// Takes the feed's lease for `owner` until `until`, when nobody holds it at `date`; the feed when taken, `nil`
    /// when another server holds it (or there is no feed).
    func leaseFeed(placeID: Place.ID, owner: String, at date: Date, until: Date) throws -> MenuFeed?
    /// Records what a fetch found and gives the lease back; nothing happens unless `owner` still holds it.
    func finishFeedFetch(placeID: Place.ID, owner: String, record: FeedFetchRecord) throws
}

extension FeedStore {
    /// Gives a place a feed URL with no limit on its area's feeds (the command line's `grubmap feed set`).
    public func setFeed(placeID: Place.ID, url: String, at date: Date, audit: AuditEntry) throws {
        try setFeed(placeID: placeID, url: url, at: date, audit: audit, limitPerArea: nil)
    }
}

/// A feed that is due, and the area its place is in (fetches in flight are limited per area).
public struct DueFeed: Hashable, Sendable {
    public let placeID: Place.ID
    public let areaID: Area.ID

    public init(placeID: Place.ID, areaID: Area.ID) {
        self.placeID = placeID
        self.areaID = areaID
    }
}

/// What asking for a fetch at once came to.
public enum FeedQueueing: Sendable, Equatable {
    /// Due now: a server's fetchers take it in turn.
    case queued
    /// A server holds its lease and is fetching it now; its result shows when that ends.
    case fetchingNow
    /// The place has no feed.
    case noFeed
}

/// A place's menu feed and what its last fetch found.
public struct MenuFeed: Hashable, Sendable {
    /// What a fetch came to.
    public enum Result: String, Sendable {
        /// New menus were imported.
        case imported
        /// The feed had not changed (304), so nothing was imported.
        case unchanged
        /// The fetch or the import failed; the last good menus stay.
        case failed
    }

    public let placeID: Place.ID
    /// An `http` or `https` URL of an OpenMensa feed (v2 or v2.1).
    public let url: String
    /// The validators of the last good answer, sent back as `If-None-Match` and `If-Modified-Since`.
    public let etag: String?
    public let lastModified: String?
    public let nextFetchAt: Date
    /// Failures in a row, for the backoff.
    public let failures: Int
    public let lastFetchAt: Date?
    public let lastResult: Result?
    /// What happened, in words: how many days were imported, or what went wrong.
    public let lastMessage: String?
    public let lastSuccessAt: Date?
    /// The server fetching it now, and until when it may.
    public let leaseOwner: String?
    public let leaseUntil: Date?

    /// Whether a server is fetching it at `now`.
    public func isFetching(at now: Date) -> Bool {
        leaseUntil.map { $0 > now } ?? false
    }

    public init(
        placeID: Place.ID, url: String, etag: String? = nil, lastModified: String? = nil, nextFetchAt: Date,
        failures: Int = 0, lastFetchAt: Date? = nil, lastResult: Result? = nil, lastMessage: String? = nil,
        lastSuccessAt: Date? = nil, leaseOwner: String? = nil, leaseUntil: Date? = nil
    ) {
        self.placeID = placeID
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.nextFetchAt = nextFetchAt
        self.failures = failures
        self.lastFetchAt = lastFetchAt
        self.lastResult = lastResult
        self.lastMessage = lastMessage
        self.lastSuccessAt = lastSuccessAt
        self.leaseOwner = leaseOwner
        self.leaseUntil = leaseUntil
    }

    /// Whether `url` may be a feed's: see ``problem(with:)``.
    public static func isAcceptableURL(_ url: String) -> Bool {
        problem(with: url) == nil
    }

    /// What keeps `url` from being a feed's, or `nil`: it must be `http` or `https`, with a host, at most 2,000
    /// characters, without spaces, and without a user name or password (Grubmap never sends them, and the address is
    /// shown in the console, the audit log and `grubmap feed list`).
    public static func problem(with url: String) -> URLProblem? {
        guard url.utf8.count <= 2000, !url.contains(where: { $0.isWhitespace || $0.isNewline }),
            let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            ["http", "https"].contains(scheme),
            let host = parsed.host, !host.isEmpty
        else { return .notHTTP }
        if authority(of: url).map({ url[$0].contains("@") }) == true || parsed.user != nil || parsed.password != nil {
            return .credentials
        }
        return nil
    }

    /// Why a URL cannot be a feed's.
    public enum URLProblem: Sendable, Equatable {
        /// Not an `http` or `https` URL with a host (or too long, or with spaces).
        case notHTTP
        /// It holds a user name or password.
        case credentials
    }

    /// `url` as it may be shown: a user name and password before the host (stored before they were refused) are
    /// replaced by `***`, so `http://kim:secret@example.org/feed.xml` shows as `http://***@example.org/feed.xml`.
    public static func redacted(_ url: String) -> String {
        guard let authority = authority(of: url), let at = url[authority].lastIndex(of: "@") else { return url }
        return url.replacingCharacters(in: authority.lowerBound..<at, with: "***")
    }

    /// Where the authority (`user:pass@host:port`) of a `scheme://…` URL is: from after `//` to the first `/`, `?`
    /// or `#`.
    private static func authority(of url: String) -> Range<String.Index>? {
        guard let marker = url.range(of: "://") else { return nil }
        let rest = url[marker.upperBound...]
        let end = rest.firstIndex(where: { "/?#".contains($0) }) ?? url.endIndex
        return marker.upperBound..<end
    }
}

/// What one fetch found, as the store records it.
public struct FeedFetchRecord: Hashable, Sendable {
    public let at: Date
    public let result: MenuFeed.Result
    public let message: String
    /// The new validators after an import; `nil` keeps the stored ones.
    public let etag: String?
    public let lastModified: String?
    public let nextFetchAt: Date
    public let failures: Int

    public init(
        at: Date, result: MenuFeed.Result, message: String, etag: String?, lastModified: String?, nextFetchAt: Date,
        failures: Int
    ) {
        self.at = at
        self.result = result
        self.message = message
        self.etag = etag
        self.lastModified = lastModified
        self.nextFetchAt = nextFetchAt
        self.failures = failures
    }
}

/// What fetching one feed came to.
public enum FeedRun: Sendable, Equatable {
    case imported(days: Int)
    case unchanged
    case failed(String)
    /// Another server holds the feed's lease now; nothing was done.
    case busy
    /// The place has no feed.
    case noFeed
}

/// Takes "Fetch now" from the console: marks the feed due and wakes the server's fetchers, which run on threads of
/// their own; it answers at once, never waiting for the fetch.
public protocol MenuFeedRunner: Sendable {
    func queueFetch(placeID: Place.ID, at now: Date) throws -> FeedQueueing
}
