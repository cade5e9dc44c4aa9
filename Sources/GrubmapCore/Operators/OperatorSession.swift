import Foundation

/// An operator's signed-in browser. Apart from visitors' sessions (its own cookie, table and lifetimes) and short:
/// it ends after ``idleLimit`` without a request and at most ``absoluteLimit`` after signing in, whatever happens.
public struct OperatorSession: Hashable, Sendable {
    /// Twelve hours: a console left open overnight asks for the password again.
    public static let idleLimit: TimeInterval = 12 * 3600
    /// Seven days from signing in, even for a console used every hour.
    public static let absoluteLimit: TimeInterval = 7 * 24 * 3600

    /// 256 random bits, sent as a cookie; the database keeps only its digest.
    public let token: String
    public let operatorID: Operator.ID
    /// What every console form carries.
    public let csrfToken: String
    public let createdAt: Date
    /// The last request, moved on at most once a minute.
    public var lastSeenAt: Date

    public init(token: String, operatorID: Operator.ID, csrfToken: String, createdAt: Date, lastSeenAt: Date) {
        self.token = token
        self.operatorID = operatorID
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }

    /// When the session ends unless a request comes first.
    public var expiresAt: Date {
        min(lastSeenAt.addingTimeInterval(Self.idleLimit), createdAt.addingTimeInterval(Self.absoluteLimit))
    }

    /// Whether the session still signs its operator in at `date`.
    public func isValid(at date: Date) -> Bool { date < expiresAt }

    /// A new session made from fresh random bytes.
    public static func make(for operatorID: Operator.ID, now: Date, randomBytes: (Int) -> [UInt8]) -> OperatorSession {
        OperatorSession(
            token: Base64URL.encode(randomBytes(32)), operatorID: operatorID,
            csrfToken: Base64URL.encode(randomBytes(32)), createdAt: now, lastSeenAt: now)
    }
}
