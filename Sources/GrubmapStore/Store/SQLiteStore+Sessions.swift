import Foundation
import GrubmapCore

extension SQLiteStore {
    public func createSession(_ session: Session) throws {
        try pool.write { database in
            try database.execute(
                "INSERT INTO sessions (token, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [
                    session.token, session.csrfToken, Self.seconds(session.createdAt), Self.seconds(session.expiresAt),
                ])
        }
    }

    public func session(token: String) throws -> Session? {
        try pool.read { database in
            guard
                let row = try database.fetchOne(
                    "SELECT token, csrf_token, created_at, expires_at FROM sessions WHERE token = ?",
                    arguments: [token])
            else { return nil }
            return Session(
                token: try row.value(named: "token"), csrfToken: try row.value(named: "csrf_token"),
                createdAt: Date(timeIntervalSince1970: Double(try row.value(named: "created_at", as: Int64.self))),
                expiresAt: Date(timeIntervalSince1970: Double(try row.value(named: "expires_at", as: Int64.self))))
        }
    }

    public func extendSession(token: String, until expiresAt: Date) throws {
        try pool.write { database in
            try database.execute(
                "UPDATE sessions SET expires_at = ? WHERE token = ?", arguments: [Self.seconds(expiresAt), token])
        }
    }

    @discardableResult
    public func deleteSessions(expiredBefore date: Date) throws -> Int {
        try pool.write { database in
            try database.execute("DELETE FROM sessions WHERE expires_at < ?", arguments: [Self.seconds(date)])
            return database.changes
        }
    }

    public func preferences(sessionToken: String) throws -> Preferences {
        try pool.read { database in try Self.preferences(sessionToken, in: database) }
    }

    @discardableResult
    public func updatePreferences(sessionToken: String, _ change: (inout Preferences) throws -> Void) throws
        -> Preferences
    {
        try pool.write { database in
            var preferences = try Self.preferences(sessionToken, in: database)
            try change(&preferences)
            try database.execute("DELETE FROM preferences WHERE session_token = ?", arguments: [sessionToken])
            let insert = try database.prepare(
                "INSERT INTO preferences (session_token, name, value) VALUES (?, ?, ?)")
            for (name, value) in preferences.storage.sorted(by: { $0.key < $1.key }) {
                try insert.execute([sessionToken, name, value])
            }
            return preferences
        }
    }

    private static func preferences(_ sessionToken: String, in database: Database) throws -> Preferences {
        var storage: [String: String] = [:]
        for row in try database.fetchAll(
            "SELECT name, value FROM preferences WHERE session_token = ?", arguments: [sessionToken])
        {
            storage[try row.value(named: "name")] = try row.value(named: "value")
        }
        return Preferences(storage: storage)
    }

    /// Whole seconds since 1970, as the schema stores times.
    static func seconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }
}
