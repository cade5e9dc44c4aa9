import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Name suggestions in the admin API: the key's area's queue, and approving or rejecting one, audited under the
/// key's label as the console's decisions are. A suggestion of another area is 404, as if it did not exist; one
/// decided already is 409 `suggestion_decided`.
struct AdminNameSuggestionsAPI: RouteCollection {
    let suggestions: any NameSuggestionStore
    let scope: AdminNameSuggestionScope

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.API.Admin.nameSuggestions, .area, list)
        routes.add(.post, Paths.API.Admin.approveNameSuggestion, scope.scope, approve)
        routes.add(.post, Paths.API.Admin.rejectNameSuggestion, scope.scope, reject)
    }

    /// `GET /api/v1/admin/areas/{id}/name-suggestions`: the oldest waiting first.
    func list(_ context: AdminAPIContext) throws -> Response {
        let waiting = try suggestions.pendingNameSuggestions(
            inArea: context.area.id, limit: NameSuggestionEdit.queueLimit)
        return .json(
            API.AdminNameSuggestionsBody(
                suggestions: waiting.map { API.AdminNameSuggestionBody($0.suggestion, names: $0.dish.names) }))
    }

    /// `POST /api/v1/admin/name-suggestions/{id}/approve`: 200 with the suggestion and its dish's new names.
    func approve(_ context: AdminNameSuggestionContext) throws -> Response {
        let approved = try NameSuggestionEdit.approve(context.pending, in: suggestions) { subject, before, after in
            context.api.audit(NameSuggestionEdit.approveAction, subject: subject, before: before, after: after)
        }
        return try answer(approved)
    }

    /// `POST /api/v1/admin/name-suggestions/{id}/reject` with `{"reason"?}`: 200 with the suggestion.
    func reject(_ context: AdminNameSuggestionContext) throws -> Response {
        let body = try context.request.decodeJSON(API.NameSuggestionRejection.self, code: "invalid_suggestion")
        let reason = try NameSuggestionEdit.reason(body.reason)
        let rejected = try NameSuggestionEdit.reject(context.pending, reason: reason, in: suggestions) {
            subject, before, after in
            context.api.audit(NameSuggestionEdit.rejectAction, subject: subject, before: before, after: after)
        }
        return try answer(rejected)
    }

    /// The decided suggestion with its dish's names as they are now.
    private func answer(_ suggestion: NameSuggestion) throws -> Response {
        guard let now = try suggestions.nameSuggestion(id: suggestion.id) else {
            throw HTTPError.notFound("There is no name suggestion with that id.")
        }
        return .json(API.AdminNameSuggestionBody(now.suggestion, names: now.dish.names))
    }
}

/// An admin API call about a name suggestion of a dish of the key's area.
@dynamicMemberLookup
struct AdminNameSuggestionContext {
    let api: AdminAPIContext
    let pending: PendingNameSuggestion

    @inline(__always) subscript<Value>(dynamicMember keyPath: KeyPath<AdminAPIContext, Value>) -> Value {
        api[keyPath: keyPath]
    }
}

/// Where a name suggestion's scope reads suggestions from.
struct AdminNameSuggestionScope: Sendable {
    let suggestions: any NameSuggestionStore

    /// A suggestion of a dish of the key's area; one of another area is 404, as if it did not exist.
    var scope: AdminAPIScope<NameSuggestion.ID, AdminNameSuggestionContext> {
        let suggestions = suggestions
        return AdminAPIScope { context, id in
            guard let pending = try suggestions.nameSuggestion(id: id), pending.dish.areaID == context.key.areaID
            else { throw AdminAPIScopes.notFound }
            return AdminNameSuggestionContext(api: context, pending: pending)
        }
    }
}
