import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// A console page's context: the request's, and the signed-in operator, who is never optional here. Built by
/// ``OperatorResolution``; a request without a valid operator session never reaches a console handler.
@dynamicMemberLookup
struct ConsoleContext {
    let base: RequestContext
    let session: OperatorSession
    let account: Operator
    /// Every area and (public) place, as read once for this request.
    let catalog: Catalog

    @inline(__always) subscript<Value>(dynamicMember keyPath: KeyPath<RequestContext, Value>) -> Value {
        base[keyPath: keyPath]
    }

    /// The console's words in the request's language.
    var text: ConsoleStrings { ConsoleStrings.forLanguage(base.language) }
    /// Who the audit log says made a change.
    var actor: Actor { Actor(account) }

    /// The areas the operator may change, ordered by id.
    func areas() throws -> [Area] {
        try catalog.allAreas().filter { account.mayEdit($0.id) }
    }

    /// The audit entry for a change the operator makes now.
    func audit(_ action: String, subject: String, area: Area.ID?, before: String?, after: String?) -> AuditEntry {
        actor.audit(action, subject: subject, area: area, at: base.now, before: before, after: after)
    }
}

/// A console page about one area the operator may change: the area is resolved and checked before the handler runs.
@dynamicMemberLookup
struct AreaConsoleContext {
    let console: ConsoleContext
    let area: Area

    @inline(__always) subscript<Value>(dynamicMember keyPath: KeyPath<ConsoleContext, Value>) -> Value {
        console[keyPath: keyPath]
    }
}

/// A console page about one place (archived or not) in an area the operator may change.
@dynamicMemberLookup
struct PlaceConsoleContext {
    let console: ConsoleContext
    let area: Area
    let place: ConsolePlace

    @inline(__always) subscript<Value>(dynamicMember keyPath: KeyPath<ConsoleContext, Value>) -> Value {
        console[keyPath: keyPath]
    }
}

/// A console page about another operator whom the signed-in admin may manage.
@dynamicMemberLookup
struct OperatorConsoleContext {
    let console: ConsoleContext
    let managed: Operator

    @inline(__always) subscript<Value>(dynamicMember keyPath: KeyPath<ConsoleContext, Value>) -> Value {
        console[keyPath: keyPath]
    }
}

/// How a console route's parameter narrows its context: the one place that decides whether an operator may see a
/// thing. Something outside the operator's areas is 404, as if it did not exist, so ids of other areas leak nothing;
/// an editor on an admin's page is 403.
struct ConsoleScope<Parameter: Sendable, Scoped>: Sendable {
    let resolve: @Sendable (ConsoleContext, Parameter) throws -> Scoped
}

extension ConsoleScope where Parameter == Void, Scoped == ConsoleContext {
    /// Any signed-in operator.
    static var signedIn: ConsoleScope { ConsoleScope { context, _ in context } }

    /// An admin.
    static var admin: ConsoleScope {
        ConsoleScope { context, _ in
            guard context.account.role == .admin else { throw ConsoleScopes.forbidden }
            return context
        }
    }
}

extension ConsoleScope where Parameter == Area.ID, Scoped == AreaConsoleContext {
    /// An area of the operator's.
    static var area: ConsoleScope {
        ConsoleScope { context, id in
            guard context.account.mayEdit(id), let area = try context.catalog.area(id) else {
                throw ConsoleScopes.notFound
            }
            return AreaConsoleContext(console: context, area: area)
        }
    }
}

/// Where an operator's scope reads operators from.
struct ManagedOperatorScope: Sendable {
    let store: any OperatorStore

    /// Another operator whom the signed-in admin may manage (all of whose areas are the admin's); anyone else, and
    /// everyone for an editor, is 404.
    var scope: ConsoleScope<Operator.ID, OperatorConsoleContext> {
        let store = store
        return ConsoleScope { context, id in
            guard context.account.role == .admin, let managed = try store.operatorAccount(id: id),
                context.account.mayManage(managed)
            else {
                throw ConsoleScopes.notFound
            }
            return OperatorConsoleContext(console: context, managed: managed)
        }
    }
}

/// Where a place's scope reads places from, archived ones included.
struct ConsolePlaceScope: Sendable {
    let store: any ConsoleStore

    /// A place, archived or not, in an area of the operator's.
    var scope: ConsoleScope<Place.ID, PlaceConsoleContext> {
        let store = store
        return ConsoleScope { context, id in
            guard let place = try store.consolePlace(id: id), context.account.mayEdit(place.place.areaID),
                let area = try context.catalog.area(place.place.areaID)
            else {
                throw ConsoleScopes.notFound
            }
            return PlaceConsoleContext(console: context, area: area, place: place)
        }
    }
}

/// The answers a scope refuses with.
enum ConsoleScopes {
    static let notFound = HTTPError.notFound("There is nothing of yours at this address.")
    static let forbidden = HTTPError(
        .forbidden, code: "forbidden", message: "Only an admin of these areas may do this.")
}
