import Foundation
import GrubmapCore
import GrubmapStore

/// Makes and revokes an area's admin API keys, one way for the console and `grubmap api-key`: a random id and
/// token, the token stored only as its digest, and an audit entry naming who did it.
public struct APIKeyIssuer: Sendable {
    let store: any APIKeyStore
    let randomBytes: @Sendable (Int) -> [UInt8]

    public init(store: any APIKeyStore, randomBytes: @escaping @Sendable (Int) -> [UInt8]) {
        self.store = store
        self.randomBytes = randomBytes
    }

    /// The longest label, in characters.
    public static let labelLimit = 80

    /// `text` with its runs of white space made one space, or `nil` when that leaves nothing or more than
    /// ``labelLimit`` characters.
    public static func label(_ text: String) -> String? {
        let label = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return label.isEmpty || label.count > labelLimit ? nil : label
    }

    /// A new key of `area` and its token (shown once; only its digest is kept). `label` must be one ``label(_:)``
    /// accepts.
    public func make(area: Area.ID, scope: APIKey.Scope, label: String, by actor: Actor, now: Date) throws -> (
        key: APIKey, token: String
    ) {
        let key = APIKey(
            id: try APIKey.ID(Hex.encode(randomBytes(8))), areaID: area, scope: scope, label: label,
            createdBy: actor.name, createdAt: now)
        let token = APIKey.tokenPrefix + Base64URL.encode(randomBytes(32))
        try store.createAPIKey(
            key, token: token,
            audit: actor.audit(
                "api-key.create", subject: "\(label) (\(key.id))", area: area, at: now, before: nil,
                after: scope.rawValue))
        return (key, token)
    }

    /// Revokes `key`; returns whether it was one that worked (a revoked key stays revoked, and is not audited again).
    @discardableResult
    public func revoke(_ key: APIKey, by actor: Actor, now: Date) throws -> Bool {
        guard key.revokedAt == nil else { return false }
        return try store.revokeAPIKey(
            id: key.id, inArea: key.areaID, at: now,
            audit: actor.audit(
                "api-key.revoke", subject: "\(key.label) (\(key.id))", area: key.areaID, at: now,
                before: key.scope.rawValue, after: "revoked"))
    }
}
