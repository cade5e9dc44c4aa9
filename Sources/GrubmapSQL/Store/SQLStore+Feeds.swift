import Foundation
import GrubmapCore
import GrubmapStore

/// Menu feeds and their leases. A lease is taken by one conditional `UPDATE` (`… WHERE lease_until IS NULL OR
/// lease_until <= now`): both databases apply it to the row atomically, so of two servers asking at once exactly one
/// sees a changed row, and a server that died holding a lease loses it when it runs out.
extension SQLStore {
    public func setFeed(placeID: Place.ID, url: String, at date: Date, audit: AuditEntry, limitPerArea: Int?) throws {
        try write { connection in
            guard let place = try connection.fetchOne("SELECT area_id FROM places WHERE id = \(placeID)") else {
                throw StoreError.unknownPlace(id: placeID.rawValue)
            }
            if let limitPerArea,
                try connection.fetchOne("SELECT place_id FROM menu_feeds WHERE place_id = \(placeID)") == nil
            {
                let area: String = try place.value(named: "area_id")
                // The area's row is locked until the transaction ends, so feeds are added to one area one at a time.
                _ = try connection.fetchOne("SELECT id FROM areas WHERE id = \(area)\(sql: dialect.lockingClause)")
                let count: Int =
                    try connection.fetchOne(
                        """
                        SELECT COUNT(*) AS feeds FROM menu_feeds JOIN places ON places.id = menu_feeds.place_id
                        WHERE places.area_id = \(area)
                        """
                    )?.value(named: "feeds") ?? 0
                guard count < limitPerArea else { throw StoreError.feedLimitReached(area: area, limit: limitPerArea) }
            }
            try connection.execute(
                """
                INSERT INTO menu_feeds (place_id, url, next_fetch_at, failures) VALUES (\(placeID), \(url), \(date), 0)
                ON CONFLICT (place_id) DO UPDATE SET url = excluded.url, etag = NULL, last_modified = NULL,
                    next_fetch_at = excluded.next_fetch_at, failures = 0
                """)
            try Self.insert(audit, in: connection)
        }
    }

    @discardableResult
    public func removeFeed(placeID: Place.ID, audit: AuditEntry) throws -> Bool {
        try write { connection in
            try connection.execute("DELETE FROM menu_feeds WHERE place_id = \(placeID)")
            guard connection.changes == 1 else { return false }
            try Self.insert(audit, in: connection)
            return true
        }
    }

    public func feeds() throws -> [MenuFeed] {
        try withConnection { connection in
            try connection.fetchAll("SELECT \(sql: Self.feedColumns) FROM menu_feeds ORDER BY place_id").map(Self.feed)
        }
    }

    public func feed(placeID: Place.ID) throws -> MenuFeed? {
        try withConnection { connection in
            try connection.fetchOne("SELECT \(sql: Self.feedColumns) FROM menu_feeds WHERE place_id = \(placeID)")
                .map(Self.feed)
        }
    }

    public func dueFeeds(at date: Date) throws -> [DueFeed] {
        try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT menu_feeds.place_id, places.area_id FROM menu_feeds JOIN places ON places.id = menu_feeds.place_id
                WHERE menu_feeds.next_fetch_at <= \(date)
                    AND (menu_feeds.lease_until IS NULL OR menu_feeds.lease_until <= \(date))
                ORDER BY menu_feeds.next_fetch_at, menu_feeds.place_id
                """
            ).map { row in
                DueFeed(
                    placeID: try Place.ID(try row.value(named: "place_id", as: String.self)),
                    areaID: try Area.ID(try row.value(named: "area_id", as: String.self)))
            }
        }
    }

    public func queueFeedFetch(placeID: Place.ID, at date: Date) throws -> FeedQueueing {
        try withConnection { connection in
            try connection.execute(
                """
                UPDATE menu_feeds SET next_fetch_at = \(date)
                WHERE place_id = \(placeID) AND next_fetch_at > \(date)
                    AND (lease_until IS NULL OR lease_until <= \(date))
                """)
            guard
                let feed = try connection.fetchOne(
                    "SELECT \(sql: Self.feedColumns) FROM menu_feeds WHERE place_id = \(placeID)"
                ).map(Self.feed)
            else { return .noFeed }
            return feed.isFetching(at: date) ? .fetchingNow : .queued
        }
    }

    public func leaseFeed(placeID: Place.ID, owner: String, at date: Date, until: Date) throws -> MenuFeed? {
        try withConnection { connection in
            try connection.execute(
                """
                UPDATE menu_feeds SET lease_owner = \(owner), lease_until = \(until)
                WHERE place_id = \(placeID) AND (lease_until IS NULL OR lease_until <= \(date))
                """)
            guard connection.changes == 1 else { return nil }
            return try connection.fetchOne(
                "SELECT \(sql: Self.feedColumns) FROM menu_feeds WHERE place_id = \(placeID)"
            ).map(Self.feed)
        }
    }

    public func finishFeedFetch(placeID: Place.ID, owner: String, record: FeedFetchRecord) throws {
        let success: Date? = record.result == .failed ? nil : record.at
        try withConnection { connection in
            try connection.execute(
                """
                UPDATE menu_feeds SET last_fetch_at = \(record.at), last_result = \(record.result.rawValue),
                    last_message = \(record.message), next_fetch_at = \(record.nextFetchAt), failures = \(record.failures),
                    etag = COALESCE(\(record.etag), etag), last_modified = COALESCE(\(record.lastModified), last_modified),
                    last_success_at = COALESCE(\(success), last_success_at), lease_owner = NULL, lease_until = NULL
                WHERE place_id = \(placeID) AND lease_owner = \(owner)
                """)
        }
    }

    static var feedColumns: SQL {
        """
        place_id, url, etag, last_modified, next_fetch_at, failures, last_fetch_at, last_result, last_message,
        last_success_at, lease_owner, lease_until
        """
    }

    static func feed(_ row: Row) throws -> MenuFeed {
        MenuFeed(
            placeID: try Place.ID(try row.value(named: "place_id", as: String.self)), url: try row.value(named: "url"),
            etag: try row.value(named: "etag"), lastModified: try row.value(named: "last_modified"),
            nextFetchAt: try row.value(named: "next_fetch_at"), failures: try row.value(named: "failures"),
            lastFetchAt: try row.value(named: "last_fetch_at"),
            lastResult: try row.value(named: "last_result", as: String?.self).flatMap(MenuFeed.Result.init(rawValue:)),
            lastMessage: try row.value(named: "last_message"), lastSuccessAt: try row.value(named: "last_success_at"),
            leaseOwner: try row.value(named: "lease_owner"), leaseUntil: try row.value(named: "lease_until"))
    }
}
