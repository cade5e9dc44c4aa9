import Foundation
import GrubmapCore

/// People's private calendar feeds (`calendar_feeds`, migration 16): one per session, read without a session by
/// whoever holds its address (a calendar app), revocable.
///
/// The store never keeps a feed's token, only its digest: the token is made by the caller from the session's token
/// and the feed's generation (``CalendarFeedToken`` in the web layer), so the session's owner can be shown the
/// address again and nobody else can rebuild it.
public protocol CalendarFeedStore: Sendable {
    /// The session's feed: the one open, or a new generation when it has none or revoked it. `token` makes the
    /// feed's token for a generation. Returns the token.
    func openCalendarFeed(sessionToken: String, at date: Date, token: (Int) -> String) throws -> String
    /// The generation of the session's open feed; `nil` when it has none open.
    func calendarFeedGeneration(sessionToken: String) throws -> Int?
    /// Closes the session's feed, whose address then answers 404; whether one was open.
    @discardableResult
    func revokeCalendarFeed(sessionToken: String) throws -> Bool
    /// The preferences of the session whose open feed has this token, its expiry moved to at least `until` (a
    /// calendar that keeps reading the feed keeps the person's follows); `nil` for a revoked or unknown token.
    func calendarFeedPreferences(token: String, keepingSessionUntil until: Date) throws -> Preferences?
}
