import Foundation
import GrubmapCore
import GrubmapStore

/// API keys, their tokens bound as ``TokenDigest``s.
extension SQLStore {
    public func createAPIKey(_ key: APIKey, token: String, audit: AuditEntry) throws {
        try write { connection in
            try connection.execute(
                """
                INSERT INTO api_keys (id, token, area_id, scope, label, created_by, created_at)
                VALUES (\(key.id), \(TokenDigest(token)), \(key.areaID), \(key.scope.rawValue), \(key.label),
                    \(key.createdBy), \(key.createdAt))
                """)
            try Self.insert(audit, in: connection)
        }
    }

    public func apiKeys(inArea id: Area.ID) throws -> [APIKey] {
        try withConnection { connection in
            try connection.fetchAll(
                "SELECT \(sql: Self.keyColumns) FROM api_keys WHERE area_id = \(id) ORDER BY created_at DESC, id"
            ).map(Self.key)
        }
    }

    public func apiKey(token: String) throws -> APIKey? {
        try withConnection { connection in
            try connection.fetchOne(
                "SELECT \(sql: Self.keyColumns) FROM api_keys WHERE token = \(TokenDigest(token)) AND revoked_at IS NULL"
            ).map(Self.key)
        }
    }

    @discardableResult
    public func revokeAPIKey(id: APIKey.ID, inArea area: Area.ID, at date: Date, audit: AuditEntry) throws -> Bool {
        try write { connection in
            try connection.execute(
                """
                UPDATE api_keys SET revoked_at = \(date)
                WHERE id = \(id) AND area_id = \(area) AND revoked_at IS NULL
                """)
            guard connection.changes == 1 else { return false }
            try Self.insert(audit, in: connection)
            return true
        }
    }

    public func touchAPIKey(id: APIKey.ID, at date: Date) throws {
        try withConnection { connection in
            try connection.execute("UPDATE api_keys SET last_used_at = \(date) WHERE id = \(id)")
        }
    }

    static var keyColumns: SQL { "id, area_id, scope, label, created_by, created_at, last_used_at, revoked_at" }

    static func key(_ row: Row) throws -> APIKey {
        let scopeText: String = try row.value(named: "scope")
        return APIKey(
            id: try APIKey.ID(try row.value(named: "id", as: String.self)),
            areaID: try Area.ID(try row.value(named: "area_id", as: String.self)),
            scope: APIKey.Scope(rawValue: scopeText) ?? .read, label: try row.value(named: "label"),
            createdBy: try row.value(named: "created_by"), createdAt: try row.value(named: "created_at"),
            lastUsedAt: try row.value(named: "last_used_at"), revokedAt: try row.value(named: "revoked_at"))
    }
}
