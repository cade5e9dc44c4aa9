import Foundation

/// A name suggested for a dish in one language.
public struct NameSuggestion: Identifiable, Hashable, Sendable {
    public typealias ID = Serial<NameSuggestion>

    /// Where a suggestion is: waiting, or decided.
    public enum State: String, Hashable, Sendable, Codable, CaseIterable {
        case pending
        case approved
        case rejected
        /// Another suggestion for the same dish and language was approved while this one waited.
        case superseded
    }

    public let id: ID
    /// The dish it names (a dish merged since leads to the dish it went into).
    public let dishID: Dish.ID
    public let areaID: Area.ID
    public let language: Language
    public let name: String
    /// When it was made, or last replaced by its suggester.
    public let suggestedAt: Date
    public let state: State
    public let decidedAt: Date?
    /// The actor of the audit entry that decided it (an operator's id or `api-key:ID`).
    public let decidedBy: String?
    /// Why it was rejected, when the operator said.
    public let reason: String?

    public init(
        id: ID, dishID: Dish.ID, areaID: Area.ID, language: Language, name: String, suggestedAt: Date, state: State,
        decidedAt: Date? = nil, decidedBy: String? = nil, reason: String? = nil
    ) {
        self.id = id
        self.dishID = dishID
        self.areaID = areaID
        self.language = language
        self.name = name
        self.suggestedAt = suggestedAt
        self.state = state
        self.decidedAt = decidedAt
        self.decidedBy = decidedBy
        self.reason = reason
    }
}
