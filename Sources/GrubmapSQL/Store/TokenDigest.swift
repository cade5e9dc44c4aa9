import GrubmapCrypto

/// How a secret token is kept in the database: the hexadecimal SHA-256 of its text, never the token itself, so a
/// copy of the database (a backup, a dump, a read-only leak) signs no one in.
///
/// A plain hash is enough because every such token is 256 random bits (``Session/make(now:lifetime:randomBytes:)``,
/// operators' sessions, set-up links, API keys): there is nothing to guess, so neither salt nor a slow hash would add
/// anything, and a lookup stays one indexed equality. Store methods take the token as the client sent it and bind
/// its digest; the same token always gives the same digest, so every server finds the same row.
public struct TokenDigest: Hashable, Sendable, DatabaseValueConvertible {
    /// 64 lowercase hexadecimal digits.
    public let hex: String

    /// The digest of `token`.
    public init(_ token: String) {
        hex = Self.hexDigest(of: Array(token.utf8))
    }

    /// The lowercase hexadecimal SHA-256 of `bytes` (also what migration 7's `grubmap_sha256_hex` computes in SQLite).
    static func hexDigest(of bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in Digest.sha256(bytes) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    public var databaseValue: DatabaseValue { .text(hex) }

    /// A stored digest reads back as itself (there is no token to recover).
    public static func fromDatabaseValue(_ value: DatabaseValue) -> TokenDigest? {
        guard case .text(let text) = value else { return nil }
        return TokenDigest(hex: text)
    }

    private init(hex: String) {
        self.hex = hex
    }
}
