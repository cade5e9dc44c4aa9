import Foundation
import GrubmapCore
import GrubmapStore

/// Web Push (migration 18). A subscription belongs to a session by the session's token digest, as preferences do,
/// so the sender reads each one's followed dishes and language in the same statement.
extension SQLStore {
    public func pushKey(orCreate make: () -> [UInt8]) throws -> [UInt8] {
        try withConnection { connection in
            let select: SQL = "SELECT private_key FROM push_server_key WHERE id = 1"
            if let stored = try connection.fetchOne(select) {
                return try stored.value(named: "private_key", as: [UInt8].self)
            }
            try connection.execute(
                "INSERT INTO push_server_key (id, private_key) VALUES (1, \(make())) ON CONFLICT (id) DO NOTHING")
            guard let stored = try connection.fetchOne(select) else {
                throw StoreError.unhealthy("the push key was not stored")
            }
            return try stored.value(named: "private_key", as: [UInt8].self)
        }
    }

    public func subscribe(_ subscription: PushSubscription, sessionToken: String, at date: Date) throws -> Bool {
        try write { connection in
            // The session is found as the row is written: no session, no row.
            try connection.execute(
                """
                INSERT INTO push_subscriptions (session_token, endpoint, p256dh, auth, created_at)
                SELECT token, \(subscription.endpoint), \(subscription.p256dh), \(subscription.auth), \(date)
                FROM sessions WHERE token = \(TokenDigest(sessionToken))
                ON CONFLICT (endpoint) DO UPDATE SET session_token = excluded.session_token,
                    p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at
                """)
            return connection.changes > 0
        }
    }

    public func unsubscribe(endpoint: String, sessionToken: String) throws -> Bool {
        try write { connection in
            try connection.execute(
                """
                DELETE FROM push_subscriptions
                WHERE endpoint = \(endpoint) AND session_token = \(TokenDigest(sessionToken))
                """)
            return connection.changes > 0
        }
    }

    public func pushSubscriptions(sessionToken: String) throws -> [PushSubscription] {
        try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT endpoint, p256dh, auth FROM push_subscriptions
                WHERE session_token = \(TokenDigest(sessionToken)) ORDER BY id
                """
            ).map(Self.subscription)
        }
    }

    public func pushRecipients(notSentOn day: CalendarDate) throws -> [PushRecipient] {
        try withConnection { connection in
            // One row per subscription and preference of its session (or one with none): folded by id below.
            let rows = try connection.fetchAll(
                """
                SELECT s.id AS id, s.endpoint AS endpoint, s.p256dh AS p256dh, s.auth AS auth, p.name AS name,
                    p.value AS value
                FROM push_subscriptions s
                LEFT JOIN preferences p ON p.session_token = s.session_token
                    AND p.name IN (\(PreferenceKeys.followedDishes.name), \(PreferenceKeys.language.name))
                WHERE s.last_sent_day IS NULL OR s.last_sent_day <> \(day.description)
                ORDER BY s.id
                """)
            var recipients: [(id: Int64, subscription: PushSubscription, storage: [String: String])] = []
            for row in rows {
                let id = try row.value(named: "id", as: Int64.self)
                if recipients.last?.id != id {
                    recipients.append((id, try Self.subscription(row), [:]))
                }
                if let name = try row.value(named: "name", as: String?.self) {
                    recipients[recipients.count - 1].storage[name] = try row.value(named: "value", as: String.self)
                }
            }
            return recipients.map { recipient in
                PushRecipient(
                    id: recipient.id, subscription: recipient.subscription,
                    preferences: Preferences(storage: recipient.storage))
            }
        }
    }

    public func claimPushDay(subscriptionID: Int64, day: CalendarDate) throws -> Bool {
        try write { connection in
            try connection.execute(
                """
                UPDATE push_subscriptions SET last_sent_day = \(day.description)
                WHERE id = \(subscriptionID) AND (last_sent_day IS NULL OR last_sent_day <> \(day.description))
                """)
            return connection.changes > 0
        }
    }

    public func releasePushDay(subscriptionID: Int64, day: CalendarDate) throws {
        try write { connection in
            try connection.execute(
                """
                UPDATE push_subscriptions SET last_sent_day = NULL
                WHERE id = \(subscriptionID) AND last_sent_day = \(day.description)
                """)
        }
    }

    public func deletePushSubscription(id: Int64) throws {
        try write { connection in try connection.execute("DELETE FROM push_subscriptions WHERE id = \(id)") }
    }

    public func pushHours() throws -> [Area.ID: Int] {
        try withConnection { connection in
            var hours: [Area.ID: Int] = [:]
            for row in try connection.fetchAll("SELECT area_id, hour FROM area_push_hours") {
                hours[try row.value(named: "area_id", as: Area.ID.self)] = try row.value(named: "hour", as: Int.self)
            }
            return hours
        }
    }

    public func setPushHour(_ hour: Int, areaID: Area.ID, audit: AuditEntry) throws {
        try write { connection in
            try connection.execute(
                """
                INSERT INTO area_push_hours (area_id, hour) SELECT id, \(hour) FROM areas WHERE id = \(areaID)
                ON CONFLICT (area_id) DO UPDATE SET hour = excluded.hour
                """)
            guard connection.changes > 0 else { throw StoreError.unknownArea(id: areaID.rawValue) }
            try Self.insert(audit, in: connection)
        }
    }

    private static func subscription(_ row: Row) throws -> PushSubscription {
        PushSubscription(
            endpoint: try row.value(named: "endpoint"), p256dh: try row.value(named: "p256dh", as: [UInt8].self),
            auth: try row.value(named: "auth", as: [UInt8].self))
    }
}
