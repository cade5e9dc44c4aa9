import Foundation

/// A person's device session: Grubmap's only notion of who someone is (there are no accounts).
public struct Session: Hashable, Sendable {
    /// The secret that identifies the session, sent as a cookie or a bearer token; 256 random bits.
    public let token: String
    /// The secret every form of this session carries, to refuse cross-site requests.
    public let csrfToken: String
    public let createdAt: Date
    /// After this the session is treated as unknown: its owner becomes a new visitor.
    public var expiresAt: Date

    public init(token: String, csrfToken: String, createdAt: Date, expiresAt: Date) {
        self.token = token
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    /// Whether the session still counts at `date`.
    public func isValid(at date: Date) -> Bool { date < expiresAt }

    /// Makes a session from fresh random bytes (32 for each secret), valid for `lifetime`.
    public static func make(now: Date, lifetime: TimeInterval, randomBytes: (Int) -> [UInt8]) -> Session {
        Session(
            token: Base64URL.encode(randomBytes(32)), csrfToken: Base64URL.encode(randomBytes(32)), createdAt: now,
            expiresAt: now.addingTimeInterval(lifetime))
    }

    /// Whether `text` could be a token Grubmap made: 43 base64url characters. Anything else is not looked up.
    public static func isWellFormedToken(_ text: String) -> Bool {
        text.utf8.count == 43
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }
}
