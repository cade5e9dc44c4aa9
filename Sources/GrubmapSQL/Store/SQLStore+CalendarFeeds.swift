import Foundation
import GrubmapCore
import GrubmapStore

/// Calendar feeds (migration 16): one row per session, keyed by the session token's digest, holding the digest of
/// the feed's token while it is open.
extension SQLStore {
    public func openCalendarFeed(sessionToken: String, at date: Date, token: (Int) -> String) throws -> String {
        let session = TokenDigest(sessionToken)
        return try write { connection in
            let row = try connection.fetchOne(
                "SELECT generation, token FROM calendar_feeds WHERE session_token = \(session)\(sql: dialect.lockingClause)"
            )
            let generation = try row?.value(named: "generation", as: Int.self) ?? 0
            if try row?.value(named: "token", as: String?.self) != nil { return token(generation) }
            let next = generation + 1
            let made = token(next)
            try connection.execute(
                """
                INSERT INTO calendar_feeds (session_token, generation, token, opened_at)
                VALUES (\(session), \(next), \(TokenDigest(made)), \(date))
                ON CONFLICT (session_token) DO UPDATE SET generation = excluded.generation, token = excluded.token,
                    opened_at = excluded.opened_at
                """)
            return made
        }
    }

    public func calendarFeedGeneration(sessionToken: String) throws -> Int? {
        try withConnection { connection in
            try connection.fetchOne(
                """
                SELECT generation FROM calendar_feeds
                WHERE session_token = \(TokenDigest(sessionToken)) AND token IS NOT NULL
                """
            ).map { try $0.value(named: "generation", as: Int.self) }
        }
    }

    @discardableResult
    public func revokeCalendarFeed(sessionToken: String) throws -> Bool {
        try write { connection in
            try connection.execute(
                """
                UPDATE calendar_feeds SET token = NULL
                WHERE session_token = \(TokenDigest(sessionToken)) AND token IS NOT NULL
                """)
            return connection.changes > 0
        }
    }

    public func calendarFeedPreferences(token: String, keepingSessionUntil until: Date) throws -> Preferences? {
        // Looked up before writing, so addresses of no feed (a guess, a revoked one) never take the write lock.
        let digest = TokenDigest(token)
        guard
            try withConnection({ connection in
                try connection.fetchOne("SELECT 1 AS found FROM calendar_feeds WHERE token = \(digest)")
            }) != nil
        else { return nil }
        return try write { connection in
            guard
                let session = try connection.fetchOne(
                    "SELECT session_token FROM calendar_feeds WHERE token = \(digest)"
                ).map({ try $0.value(named: "session_token", as: String.self) })
            else { return nil }
            try connection.execute(
                "UPDATE sessions SET expires_at = \(until) WHERE token = \(session) AND expires_at < \(until)")
            var storage: [String: String] = [:]
            for row in try connection.fetchAll("SELECT name, value FROM preferences WHERE session_token = \(session)") {
                storage[try row.value(named: "name")] = try row.value(named: "value")
            }
            return Preferences(storage: storage)
        }
    }
}
