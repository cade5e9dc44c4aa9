import Foundation
import GrubmapCore

/// Web Push (migration 18): the servers' VAPID key, the browsers' push subscriptions and the hour of each area's
/// daily message about followed dishes.
public protocol PushStore: Sendable {
    /// The 32-byte P-256 private key the servers sign VAPID tokens with: the stored one, or `make()`'s stored now when
    /// there is none yet (servers starting at once all get the one stored first).
    func pushKey(orCreate make: () -> [UInt8]) throws -> [UInt8]
    /// Keeps a browser's subscription for the session; a subscription with the same endpoint (the browser's, given
    /// again, perhaps by another session) is replaced. `false` for a session that does not exist (nothing stored).
    func subscribe(_ subscription: PushSubscription, sessionToken: String, at date: Date) throws -> Bool
    /// Deletes the session's subscription with this endpoint; whether there was one.
    @discardableResult
    func unsubscribe(endpoint: String, sessionToken: String) throws -> Bool
    /// The session's subscriptions, oldest first.
    func pushSubscriptions(sessionToken: String) throws -> [PushSubscription]
    /// Every subscription not yet sent a message on `day`, with its session's preferences, in id order.
    func pushRecipients(notSentOn day: CalendarDate) throws -> [PushRecipient]
    /// Marks the subscription sent on `day`, atomically: `true` for the one caller (on any server) that marked it,
    /// `false` when it already was, or is gone.
    func claimPushDay(subscriptionID: Int64, day: CalendarDate) throws -> Bool
    /// Undoes ``claimPushDay(subscriptionID:day:)`` after a message that did not go out, so the next pass tries again.
    func releasePushDay(subscriptionID: Int64, day: CalendarDate) throws
    /// Deletes a subscription the push service says is gone (404 or 410).
    func deletePushSubscription(id: Int64) throws
    /// The hour (0–23, in the area's time zone) each area with one set sends its daily message at; the others send
    /// at ``PushSchedule/defaultHour``.
    func pushHours() throws -> [Area.ID: Int]
    /// Sets the area's hour, with the audit entry in the same write. Throws ``StoreError/unknownArea(id:)``.
    func setPushHour(_ hour: Int, areaID: Area.ID, audit: AuditEntry) throws
}

/// A browser's push subscription (the `PushSubscription` of the Push API): where to send and the keys to encrypt for.
public struct PushSubscription: Hashable, Sendable {
    /// The push service's URL for this browser.
    public let endpoint: String
    /// The browser's P-256 public key, uncompressed (65 bytes).
    public let p256dh: [UInt8]
    /// The browser's authentication secret (16 bytes).
    public let auth: [UInt8]

    public init(endpoint: String, p256dh: [UInt8], auth: [UInt8]) {
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
    }
}

/// A stored subscription the sender may write to, with what its session prefers (followed dishes, language).
public struct PushRecipient: Equatable, Sendable {
    public let id: Int64
    public let subscription: PushSubscription
    public let preferences: Preferences

    public init(id: Int64, subscription: PushSubscription, preferences: Preferences) {
        self.id = id
        self.subscription = subscription
        self.preferences = preferences
    }
}

/// When areas send their daily message.
public enum PushSchedule {
    /// 10:00 in the area's time zone, when the area set no hour.
    public static let defaultHour = 10
}
