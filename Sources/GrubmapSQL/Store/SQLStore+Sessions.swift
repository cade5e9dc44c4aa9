import Foundation
import GrubmapCore
import GrubmapStore

/// Sessions and their preferences. Tokens are stored as their ``TokenDigest`` (the `sessions.token` column and the
/// `session_token` columns that refer to it), so every method hashes the token it is given before binding it.
extension SQLStore {
    public func createSession(_ session: Session) throws {
        try withConnection { connection in
            try connection.execute(
                """
                INSERT INTO sessions (token, csrf_token, created_at, expires_at)
                VALUES (\(TokenDigest(session.token)), \(session.csrfToken), \(session.createdAt), \(session.expiresAt))
                """)
        }
    }

    /// One statement (one round trip on PostgreSQL): the session's row once per preference, or once with no
    /// preference when it has none.
    public func sessionAndPreferences(token: String) throws -> (session: Session, preferences: Preferences)? {
        let rows = try withConnection { connection in
            try connection.fetchAll(
                """
                SELECT s.csrf_token, s.created_at, s.expires_at, p.name, p.value
                FROM sessions s LEFT JOIN preferences p ON p.session_token = s.token
                WHERE s.token = \(TokenDigest(token))
                """)
        }
        guard let first = rows.first else { return nil }
        let session = Session(
            token: token, csrfToken: try first.value(named: "csrf_token"),
            createdAt: try first.value(named: "created_at"), expiresAt: try first.value(named: "expires_at"))
        var storage: [String: String] = [:]
        for row in rows {
            guard let name = try row.value(named: "name", as: String?.self) else { continue }
            storage[name] = try row.value(named: "value")
        }
        return (session, Preferences(storage: storage))
    }

    public func extendSession(token: String, until expiresAt: Date) throws {
        try withConnection { connection in
            try connection.execute("UPDATE sessions SET expires_at = \(expiresAt) WHERE token = \(TokenDigest(token))")
        }
    }

    @discardableResult
    public func deleteSessions(expiredBefore date: Date) throws -> Int {
        try withConnection { connection in
            try connection.execute("DELETE FROM sessions WHERE expires_at < \(date)")
            return connection.changes
        }
    }

    /// Reads, changes and rewrites a session's preferences in one write transaction, holding the session's row
    /// locked throughout (``SQLDialect/lockingClause``), so two concurrent changes of one session apply one after
    /// the other and neither is lost, on either database.
    @discardableResult
    public func updatePreferences(sessionToken: String, _ change: (inout Preferences) throws -> Void) throws
        -> Preferences
    {
        let sessionToken = TokenDigest(sessionToken)
        return try write { connection in
            _ = try connection.fetchOne(
                "SELECT token FROM sessions WHERE token = \(sessionToken)\(sql: dialect.lockingClause)")
            var preferences = try Self.preferences(sessionToken, in: connection)
            try change(&preferences)
            try connection.execute("DELETE FROM preferences WHERE session_token = \(sessionToken)")
            for (name, value) in preferences.storage.sorted(by: { $0.key < $1.key }) {
                try connection.execute(
                    "INSERT INTO preferences (session_token, name, value) VALUES (\(sessionToken), \(name), \(value))")
            }
            return preferences
        }
    }

    private static func preferences(_ sessionToken: TokenDigest, in connection: Pool.Connection) throws -> Preferences {
        var storage: [String: String] = [:]
        for row in try connection.fetchAll("SELECT name, value FROM preferences WHERE session_token = \(sessionToken)")
        {
            storage[try row.value(named: "name")] = try row.value(named: "value")
        }
        return Preferences(storage: storage)
    }
}
