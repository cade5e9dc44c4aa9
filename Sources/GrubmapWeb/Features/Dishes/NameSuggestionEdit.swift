import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// What the dish page, the visitor API, the console and the admin API share about name suggestions: reading a
/// suggestion's language and a rejection's reason, the error each refusal of the store is answered with, and how a
/// decision reads in the audit log (under the dish, as `dish.names` does).
enum NameSuggestionEdit {
    /// The most suggestions a queue page or body lists, oldest first.
    static let queueLimit = 200
    /// The longest reason a rejection keeps, in Unicode scalars, as for moderation.
    static let reasonLimit = 200
    /// The audit log's actions for a decision, listed in the console's audit filter.
    static let approveAction = "dish.suggestion.approve"
    static let rejectAction = "dish.suggestion.reject"

    /// The language a form or body names: `en` or `ko`, else 400 naming `language`.
    static func language(_ code: String?) throws -> Language {
        guard let code, let language = Language(rawValue: code) else {
            throw HTTPError.badRequest(
                "language: \"\((code ?? "").prefix(16))\" is not a language; give en or ko. Nothing was stored.",
                code: "invalid_suggestion", field: "language")
        }
        return language
    }

    /// A rejection's reason, trimmed, `nil` when empty; longer than ``reasonLimit`` is 400 naming `reason`.
    static func reason(_ text: String?) throws -> String? {
        guard let reason = text?.trimmingCharacters(in: .whitespacesAndNewlines), !reason.isEmpty else { return nil }
        guard reason.unicodeScalars.count <= reasonLimit else {
            throw HTTPError.badRequest(
                "reason: at most \(reasonLimit) characters, got \(reason.unicodeScalars.count); nothing was changed.",
                code: "invalid_suggestion", field: "reason")
        }
        return reason
    }

    /// The answer to the store's refusal: 400 naming `name` for a name it will not take, 409 for a suggestion
    /// decided already, 404 for one that is gone.
    static func error(_ error: NameSuggestionError) -> HTTPError {
        switch error {
        case .invalidName(let problem):
            .badRequest("name: \(problem); nothing was stored.", code: "invalid_suggestion", field: "name")
        case .sameAsCurrent:
            .badRequest("name: \(error); nothing was stored.", code: "same_name", field: "name")
        case .tooMany(let count):
            .badRequest(
                "You have \(count) suggestions waiting for an operator already; suggest more once they are decided. "
                    + "Nothing was stored.", code: "too_many_suggestions")
        case .unknownSuggestion:
            .notFound("There is no name suggestion with that id.")
        case .decided:
            HTTPError(.conflict, code: "suggestion_decided", message: "The \(error); nothing was changed.")
        }
    }

    /// Approves a waiting suggestion, audited under its dish with the dish's names before and after.
    @discardableResult
    static func approve(
        _ pending: PendingNameSuggestion, in store: any NameSuggestionStore,
        audit: (_ subject: String, _ before: String, _ after: String) -> AuditEntry
    ) throws -> NameSuggestion {
        let suggestion = pending.suggestion
        let after = DishEdit.applying([suggestion.language: suggestion.name], to: pending.dish.names)
        return try answering {
            try store.approveNameSuggestion(
                suggestion.id,
                audit: audit(
                    pending.dish.id.description, DishEdit.summary(pending.dish.names), DishEdit.summary(after)))
        }
    }

    /// Rejects a waiting suggestion, audited under its dish with the name suggested and the reason.
    @discardableResult
    static func reject(
        _ pending: PendingNameSuggestion, reason: String?, in store: any NameSuggestionStore,
        audit: (_ subject: String, _ before: String, _ after: String?) -> AuditEntry
    ) throws -> NameSuggestion {
        let suggestion = pending.suggestion
        return try answering {
            try store.rejectNameSuggestion(
                suggestion.id, reason: reason,
                audit: audit(
                    pending.dish.id.description, DishEdit.summary([suggestion.language: suggestion.name]), reason))
        }
    }

    /// Runs a change, answering the store's refusal with ``error(_:)``.
    static func answering<Value>(_ change: () throws -> Value) throws -> Value {
        do {
            return try change()
        } catch let error as NameSuggestionError {
            throw Self.error(error)
        }
    }
}
