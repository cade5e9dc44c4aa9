import Foundation
import GrubmapCore

/// Names visitors suggest for dishes (`name_suggestions`, migration 14), waiting in their area's queue until an
/// operator approves one (it becomes the dish's name in its language) or rejects it.
///
/// A suggester is a ``ReporterKey`` (a digest of their session or device), kept only while their suggestion waits:
/// a decided suggestion no longer says who made it.
public protocol NameSuggestionStore: Sendable {
    /// Records `reporter`'s suggestion of `name` (cleaned as ``DishName/clean(_:)`` cleans it) for the dish in
    /// `language`, in one transaction with the dish's row locked. A person has at most one waiting suggestion per dish
    /// and language: a new one replaces theirs (``NameSuggestionReceipt/replaced``) and waits from `at`. Throws
    /// ``DishError/unknownDish(_:)`` and ``NameSuggestionError``; a refused suggestion stores nothing.
    func suggestName(
        _ name: String, language: Language, dishID: Dish.ID, by reporter: ReporterKey, at: Date,
        policy: NameSuggestionPolicy
    ) throws -> NameSuggestionReceipt
    /// The suggestions waiting in an area, oldest first, at most `limit`, each with its dish as it is now.
    func pendingNameSuggestions(inArea id: Area.ID, limit: Int) throws -> [PendingNameSuggestion]
    /// How many suggestions wait in an area.
    func pendingNameSuggestionCount(inArea id: Area.ID) throws -> Int
    /// The suggestion with this id, waiting or decided, with its dish as it is now; `nil` when there is none.
    func nameSuggestion(id: NameSuggestion.ID) throws -> PendingNameSuggestion?
    /// Makes a waiting suggestion its dish's name in its language (as ``DishStore/setDishNames(_:dishID:audit:)``
    /// sets names), marks it approved by `audit`'s actor at `audit`'s time, and closes the other suggestions waiting
    /// for that dish and language as superseded; all with `audit` in one transaction. Throws
    /// ``NameSuggestionError/unknownSuggestion(_:)`` and ``NameSuggestionError/decided(_:_:)``.
    @discardableResult
    func approveNameSuggestion(_ id: NameSuggestion.ID, audit: AuditEntry) throws -> NameSuggestion
    /// Marks a waiting suggestion rejected by `audit`'s actor, with an optional reason; the dish does not change.
    @discardableResult
    func rejectNameSuggestion(_ id: NameSuggestion.ID, reason: String?, audit: AuditEntry) throws -> NameSuggestion
}

/// A suggestion with the dish it names, as the queue shows it.
public struct PendingNameSuggestion: Hashable, Sendable {
    public let suggestion: NameSuggestion
    public let dish: Dish

    public init(suggestion: NameSuggestion, dish: Dish) {
        self.suggestion = suggestion
        self.dish = dish
    }
}

/// What a stored suggestion did.
public struct NameSuggestionReceipt: Hashable, Sendable {
    public let suggestion: NameSuggestion
    /// Whether it replaced the suggester's earlier one for the same dish and language.
    public let replaced: Bool

    public init(suggestion: NameSuggestion, replaced: Bool) {
        self.suggestion = suggestion
        self.replaced = replaced
    }
}

/// How many suggestions one person may have waiting at once, over every dish, so no one floods the queue.
public struct NameSuggestionPolicy: Hashable, Sendable {
    public let pendingPerPerson: Int

    public init(pendingPerPerson: Int) {
        self.pendingPerPerson = pendingPerPerson
    }

    public static let standard = NameSuggestionPolicy(pendingPerPerson: 20)
}

/// Why a suggestion could not be made or decided; nothing was stored.
public enum NameSuggestionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name is empty or too long.
    case invalidName(DishNameError)
    /// The name is the dish's name in that language already.
    case sameAsCurrent(Language)
    /// The person has this many suggestions waiting already.
    case tooMany(Int)
    /// No suggestion has this id.
    case unknownSuggestion(NameSuggestion.ID)
    /// The suggestion was decided already.
    case decided(NameSuggestion.ID, NameSuggestion.State)

    public var description: String {
        switch self {
        case .invalidName(let problem): "\(problem)"
        case .sameAsCurrent(let language):
            "that is the dish's \(language == .english ? "English" : "Korean") name already"
        case .tooMany(let count):
            "you have \(count) suggestions waiting for an operator already; suggest more once they are decided"
        case .unknownSuggestion(let id): "there is no name suggestion \(id)"
        case .decided(let id, let state): "name suggestion \(id) was \(state.rawValue) already"
        }
    }
}
