import Foundation
import GrubmapCore
import GrubmapStore

/// The name suggestion calls of the test stores: passed on by those that wrap a real store, failing in the
/// unreachable one.
extension ForwardsConsoleCalls {
    func suggestName(
        _ name: String, language: Language, dishID: Dish.ID, by reporter: ReporterKey, at: Date,
        policy: NameSuggestionPolicy
    ) throws -> NameSuggestionReceipt {
        try consoleStore.suggestName(name, language: language, dishID: dishID, by: reporter, at: at, policy: policy)
    }
    func pendingNameSuggestions(inArea id: Area.ID, limit: Int) throws -> [PendingNameSuggestion] {
        try consoleStore.pendingNameSuggestions(inArea: id, limit: limit)
    }
    func pendingNameSuggestionCount(inArea id: Area.ID) throws -> Int {
        try consoleStore.pendingNameSuggestionCount(inArea: id)
    }
    func nameSuggestion(id: NameSuggestion.ID) throws -> PendingNameSuggestion? {
        try consoleStore.nameSuggestion(id: id)
    }
    func approveNameSuggestion(_ id: NameSuggestion.ID, audit: AuditEntry) throws -> NameSuggestion {
        try consoleStore.approveNameSuggestion(id, audit: audit)
    }
    func rejectNameSuggestion(_ id: NameSuggestion.ID, reason: String?, audit: AuditEntry) throws -> NameSuggestion {
        try consoleStore.rejectNameSuggestion(id, reason: reason, audit: audit)
    }
}

extension UnreachableStore {
    func suggestName(
        _ name: String, language: Language, dishID: Dish.ID, by reporter: ReporterKey, at: Date,
        policy: NameSuggestionPolicy
    ) throws -> NameSuggestionReceipt { throw down }
    func pendingNameSuggestions(inArea id: Area.ID, limit: Int) throws -> [PendingNameSuggestion] { throw down }
    func pendingNameSuggestionCount(inArea id: Area.ID) throws -> Int { throw down }
    func nameSuggestion(id: NameSuggestion.ID) throws -> PendingNameSuggestion? { throw down }
    func approveNameSuggestion(_ id: NameSuggestion.ID, audit: AuditEntry) throws -> NameSuggestion { throw down }
    func rejectNameSuggestion(_ id: NameSuggestion.ID, reason: String?, audit: AuditEntry) throws -> NameSuggestion {
        throw down
    }
}
