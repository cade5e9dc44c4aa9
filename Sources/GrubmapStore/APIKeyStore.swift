import Foundation
import GrubmapCore

/// API keys for the admin JSON API: each for one area, reading or also writing, revocable; the token is stored
/// only as its digest.
public protocol APIKeyStore: Sendable {
    /// Records a new key with its token.
    func createAPIKey(_ key: APIKey, token: String, audit: AuditEntry) throws
    /// The keys of an area, revoked ones too, newest first.
    func apiKeys(inArea id: Area.ID) throws -> [APIKey]
    /// The key with this token, unless it was revoked; `nil` otherwise.
    func apiKey(token: String) throws -> APIKey?
    /// Revokes a key of an area; returns whether it was one that worked.
    @discardableResult
    func revokeAPIKey(id: APIKey.ID, inArea area: Area.ID, at date: Date, audit: AuditEntry) throws -> Bool
    /// Notes that a key was used (at most once a minute is enough).
    func touchAPIKey(id: APIKey.ID, at date: Date) throws
}

/// A key a program sends as `Authorization: Bearer TOKEN` to the admin API.
public struct APIKey: Identifiable, Hashable, Sendable {
    public typealias ID = Slug<APIKey>

    /// What a key may do in its area.
    public enum Scope: String, CaseIterable, Sendable {
        /// Read places (archived ones too) and menus.
        case read
        /// Read, and change places and menus.
        case write
    }

    public let id: ID
    public let areaID: Area.ID
    public let scope: Scope
    /// What it is for, for people: "cafeteria menu script".
    public let label: String
    /// The address of the operator who made it.
    public let createdBy: String
    public let createdAt: Date
    public let lastUsedAt: Date?
    public let revokedAt: Date?

    public init(
        id: ID, areaID: Area.ID, scope: Scope, label: String, createdBy: String, createdAt: Date,
        lastUsedAt: Date? = nil, revokedAt: Date? = nil
    ) {
        self.id = id
        self.areaID = areaID
        self.scope = scope
        self.label = label
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.revokedAt = revokedAt
    }

    /// API tokens start with this, so a leaked one is recognisable (and never mistaken for a session token).
    public static let tokenPrefix = "gmk_"
}
