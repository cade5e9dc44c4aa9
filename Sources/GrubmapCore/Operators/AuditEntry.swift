import Foundation

/// One change an operator made, as the audit log keeps it: who, when, in which area, what, and the thing before and
/// after (as short text or JSON, `nil` when it did not exist). Entries are kept for ``retention``.
public struct AuditEntry: Hashable, Sendable {
    /// 180 days, then the entry is deleted.
    public static let retention: TimeInterval = 180 * 24 * 3600

    /// The store's number for it, increasing with time; `nil` before it is stored.
    public var id: Int64?
    public let at: Date
    /// Who made the change: an operator's id, or `cli` for the command line, or `api-key:ID`.
    public let actor: String
    /// How people know the actor: the operator's address, `command line`, or the API key's label.
    public let actorName: String
    /// The area the change is in, or `nil` for changes outside any one area.
    public let areaID: Area.ID?
    /// What was done, like `place.update`, `menu.replace`, `profile.hide`.
    public let action: String
    /// What it was done to, like a place's id.
    public let subject: String
    public let before: String?
    public let after: String?

    public init(
        id: Int64? = nil, at: Date, actor: String, actorName: String, areaID: Area.ID?, action: String,
        subject: String, before: String?, after: String?
    ) {
        self.id = id
        self.at = at
        self.actor = actor
        self.actorName = actorName
        self.areaID = areaID
        self.action = action
        self.subject = subject
        self.before = before
        self.after = after
    }
}
