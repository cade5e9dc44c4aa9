import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// The names visitors suggested for an area's dishes, waiting in the console: each with its dish's names now,
/// "Approve" (the suggestion becomes the dish's name in its language, and the others waiting for that name are
/// answered by it) and "Reject" with an optional reason. Both are audited; linked from the console home with the
/// count waiting and from the area's Dishes page.
struct NameSuggestionsConsoleFeature: RouteCollection {
    let suggestions: any NameSuggestionStore
    let scope: ConsoleNameSuggestionScope

    func addRoutes(to routes: inout RouteTable) {
        routes.add(.get, Paths.Console.nameSuggestions, .area, page)
        routes.add(.post, Paths.Console.approveNameSuggestion, scope.scope, approve)
        routes.add(.post, Paths.Console.rejectNameSuggestion, scope.scope, reject)
    }

    /// `GET /admin/areas/{id}/name-suggestions[?done=approved|rejected|decided&dish=N]`.
    func page(_ context: AreaConsoleContext) throws -> Response {
        let query = context.request.query
        let notice = query["done"].flatMap { done in
            query["dish"].flatMap(Dish.ID.init).flatMap { context.text.suggestionDone(done, dish: $0) }
        }
        return .html(try view(context.console, area: context.area, notice: notice).render())
    }

    /// `POST /admin/name-suggestions/{id}/approve`.
    func approve(_ context: NameSuggestionConsoleContext) throws -> Response {
        try deciding(context, "approved") {
            try NameSuggestionEdit.approve(context.pending, in: suggestions) { subject, before, after in
                context.console.audit(
                    NameSuggestionEdit.approveAction, subject: subject, area: context.area.id, before: before,
                    after: after)
            }
        }
    }

    /// `POST /admin/name-suggestions/{id}/reject` with an optional `reason`.
    func reject(_ context: NameSuggestionConsoleContext) throws -> Response {
        let form = try context.request.decodeForm(RejectForm.self, code: "invalid_suggestion")
        let reason: String?
        do {
            reason = try NameSuggestionEdit.reason(form.reason)
        } catch {
            let id = NameSuggestionsConsolePage.reasonID(context.pending.suggestion.id)
            return .html(
                try view(
                    context.console, area: context.area, problems: [id: context.text.reasonTooLong],
                    typedReason: form.reason ?? ""
                ).render(), status: .unprocessableContent)
        }
        return try deciding(context, "rejected") {
            try NameSuggestionEdit.reject(context.pending, reason: reason, in: suggestions) { subject, before, after in
                context.console.audit(
                    NameSuggestionEdit.rejectAction, subject: subject, area: context.area.id, before: before,
                    after: after)
            }
        }
    }

    /// Decides, then goes back to the queue saying what was done; a suggestion another operator decided first says
    /// so instead.
    private func deciding(
        _ context: NameSuggestionConsoleContext, _ outcome: String, _ decide: () throws -> NameSuggestion
    ) throws -> Response {
        var outcome = outcome
        do {
            _ = try decide()
        } catch let error as HTTPError where error.code == "suggestion_decided" {
            outcome = "decided"
        }
        return .redirect(
            to: Paths.Console.nameSuggestions(
                context.area.id, query: [("done", outcome), ("dish", context.pending.dish.id.description)]))
    }

    private func view(
        _ console: ConsoleContext, area: Area, problems: [String: String] = [:], typedReason: String = "",
        notice: String? = nil
    ) throws -> NameSuggestionsConsolePage {
        NameSuggestionsConsolePage(
            text: console.text, area: area, areas: try console.areas(), csrfToken: console.session.csrfToken,
            waiting: try suggestions.pendingNameSuggestions(inArea: area.id, limit: NameSuggestionEdit.queueLimit),
            count: try suggestions.pendingNameSuggestionCount(inArea: area.id), problems: problems,
            typedReason: typedReason, notice: notice,
            dates: ConsoleDates(
                language: console.text.language, today: CalendarDate.local(console.now, in: area.clockTimeZone).date))
    }

    private struct RejectForm: Decodable {
        let reason: String?
    }
}

/// A console change of one name suggestion of an area the operator may change.
@dynamicMemberLookup
struct NameSuggestionConsoleContext {
    let console: ConsoleContext
    let area: Area
    let pending: PendingNameSuggestion

    @inline(__always) subscript<Value>(dynamicMember keyPath: KeyPath<ConsoleContext, Value>) -> Value {
        console[keyPath: keyPath]
    }
}

/// Where a name suggestion's scope reads suggestions from.
struct ConsoleNameSuggestionScope: Sendable {
    let suggestions: any NameSuggestionStore

    /// A suggestion of a dish in an area of the operator's; another area's is 404, as if it did not exist.
    var scope: ConsoleScope<NameSuggestion.ID, NameSuggestionConsoleContext> {
        let suggestions = suggestions
        return ConsoleScope { context, id in
            guard let pending = try suggestions.nameSuggestion(id: id),
                context.account.mayEdit(pending.dish.areaID),
                let area = try context.catalog.area(pending.dish.areaID)
            else {
                throw ConsoleScopes.notFound
            }
            return NameSuggestionConsoleContext(console: context, area: area, pending: pending)
        }
    }
}
