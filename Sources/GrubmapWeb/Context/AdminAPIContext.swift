import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// An admin API call's context: the request's, and the API key that made it, never optional here, with its area.
/// Built by ``APIKeyResolution``.
@dynamicMemberLookup
struct AdminAPIContext {
    let base: RequestContext
    let key: APIKey
    let area: Area
    let catalog: Catalog

    @inline(__always) subscript<Value>(dynamicMember keyPath: KeyPath<RequestContext, Value>) -> Value {
        base[keyPath: keyPath]
    }

    /// The audit entry of a change the key makes now.
    func audit(_ action: String, subject: String, before: String?, after: String?) -> AuditEntry {
        AuditEntry(
            at: base.now, actor: "api-key:\(key.id)", actorName: "API key \(key.label)", areaID: area.id,
            action: action, subject: subject, before: before, after: after)
    }
}

/// An admin API call about a place of the key's area (archived or not), or one the call is about to make.
@dynamicMemberLookup
struct AdminPlaceContext {
    let api: AdminAPIContext
    let id: Place.ID
    /// The place as stored, or `nil` when a `PUT` makes it.
    let existing: ConsolePlace?

    @inline(__always) subscript<Value>(dynamicMember keyPath: KeyPath<AdminAPIContext, Value>) -> Value {
        api[keyPath: keyPath]
    }

    /// The stored place, or 404.
    func place() throws -> ConsolePlace {
        guard let existing else { throw AdminAPIScopes.notFound }
        return existing
    }
}

/// How an admin API route's parameter narrows its context: an area or place of the key's area. Another area is 404,
/// as if it did not exist; a place of another area is 400 naming it and its area (``AdminPlaceScope``).
struct AdminAPIScope<Parameter: Sendable, Scoped>: Sendable {
    let resolve: @Sendable (AdminAPIContext, Parameter) throws -> Scoped
}

extension AdminAPIScope where Parameter == Area.ID, Scoped == AdminAPIContext {
    /// The key's own area.
    static var area: AdminAPIScope {
        AdminAPIScope { context, id in
            guard id == context.key.areaID else { throw AdminAPIScopes.notFound }
            return context
        }
    }
}

/// Where a place's scope reads places from.
struct AdminPlaceScope: Sendable {
    let store: any ConsoleStore

    /// A place of the key's area (archived or not), or none: reading, archiving or restoring it or its menus is
    /// then 404, and a `PUT` makes it. A place of another area is 400 `place_in_other_area` naming the place and its
    /// area, for every call alike (a `PUT` too), before the call reads its body, so nothing is stored.
    var scope: AdminAPIScope<Place.ID, AdminPlaceContext> {
        let store = store
        return AdminAPIScope { context, id in
            let existing = try store.consolePlace(id: id)
            if let existing, existing.place.areaID != context.key.areaID {
                throw AdminAPIScopes.placeInOtherArea(id, area: existing.place.areaID, keyArea: context.key.areaID)
            }
            return AdminPlaceContext(api: context, id: id, existing: existing)
        }
    }
}

enum AdminAPIScopes {
    static let notFound = HTTPError.notFound("There is nothing of this key's area at this address.")

    /// 400 for a call about `place`, which is of `area`, with a key of `keyArea`.
    static func placeInOtherArea(_ place: Place.ID, area: Area.ID, keyArea: Area.ID) -> HTTPError {
        HTTPError.badRequest(
            "id: the place \(place) is of the area \(area), and this key is for \(keyArea) only; nothing was changed.",
            code: "place_in_other_area", field: "id")
    }
}
