import Foundation
import GrubmapCore
import GrubmapStore

extension SQLStore {
    public func createSession(_ session: Session) throws {
        try withConnection { connection in
            try connection.execute(
                """
                INSERT INTO sessions (token, csrf_token, created_at, expires_at)
                VALUES (\(session.token), \(session.csrfToken), \(session.createdAt), \(session.expiresAt))
                """)
        }
    }

    public func session(token: String) throws -> Session? {
        try withConnection { connection in
            guard
                let row = try connection.fetchOne(
                    "SELECT token, csrf_token, created_at, expires_at FROM sessions WHERE token = \(token)")
            else { return nil }
            return Session(
                token: try row.value(named: "token"), csrfToken: try row.value(named: "csrf_token"),
                createdAt: try row.value(named: "created_at"), expiresAt: try row.value(named: "expires_at"))
        }
    }

    public func extendSession(token: String, until expiresAt: Date) throws {
        try withConnection { connection in
            try connection.execute("UPDATE sessions SET expires_at = \(expiresAt) WHERE token = \(token)")
        }
    }

    @discardableResult
    public func deleteSessions(expiredBefore date: Date) throws -> Int {
        try withConnection { connection in
            try connection.execute("DELETE FROM sessions WHERE expires_at < \(date)")
            return connection.changes
        }
    }

    public func preferences(sessionToken: String) throws -> Preferences {
        try withConnection { connection in try Self.preferences(sessionToken, in: connection) }
    }

    /// Reads, changes and rewrites a session's preferences in one write transaction, holding the session's row
    /// locked throughout (``SQLDialect/lockingClause``), so two concurrent changes of one session apply one after
    /// the other and neither is lost, on either database.
    @discardableResult
    public func updatePreferences(sessionToken: String, _ change: (inout Preferences) throws -> Void) throws
        -> Preferences
    {
        try write { connection in
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

    private static func preferences(_ sessionToken: String, in connection: Pool.Connection) throws -> Preferences {
        var storage: [String: String] = [:]
        for row in try connection.fetchAll("SELECT name, value FROM preferences WHERE session_token = \(sessionToken)")
        {
            storage[try row.value(named: "name")] = try row.value(named: "value")
        }
        return Preferences(storage: storage)
    }
}
