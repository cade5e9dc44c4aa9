import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// A page's or an API call's context: the request's, plus the visitor behind it and the catalog (areas and their
/// place counts) read once for the whole request. Places are asked of the store as the page needs them (an area may
/// have a million). Built by ``VisitorResolution``; the visitor's session may not exist (first visits store nothing).
@dynamicMemberLookup
struct VisitorContext {
    let base: RequestContext
    /// Every area and its number of places, as read once for this request.
    let catalog: Catalog
    let visitor: Visitor
    /// What the response must carry for the visitor, such as a device cookie with changed preferences.
    let cookies: VisitorCookies

    subscript<Value>(dynamicMember keyPath: KeyPath<RequestContext, Value>) -> Value {
        base[keyPath: keyPath]
    }

    /// The visitor's language: their setting, else the browser's.
    var language: Language { visitor.language }
    /// Every string of the interface in the visitor's language.
    var strings: Strings { Strings.forLanguage(language) }
    /// What the visitor chose (from their session when they have one, else from their device cookie).
    var preferences: Preferences { visitor.preferences }

    /// The area with this id, or 404.
    func area(_ id: Area.ID) throws -> Area {
        guard let area = try catalog.area(id) else { throw HTTPError.notFound("There is no area \"\(id)\".") }
        return area
    }

    /// Where places are looked up: the store (places are not in the catalog).
    var places: any PlaceStore { base.environment.store }

    /// The place with this id, or 404.
    func place(_ id: Place.ID) throws -> Place {
        guard let place = try knownPlace(id) else { throw HTTPError.notFound("There is no place \"\(id)\".") }
        return place
    }

    /// The place with this id, or `nil`: asked of the store once per catalog version (``Catalog/place(_:orRead:)``).
    func knownPlace(_ id: Place.ID) throws -> Place? {
        try catalog.place(id) { try places.place(id: $0) }
    }

    /// The area `/` opens for this visitor: their choice, else the operator's, else the first area by id.
    func defaultArea() throws -> Area {
        for id in [preferences[PreferenceKeys.defaultArea], base.configuration.defaultAreaID] {
            if let id, let area = try catalog.area(id) { return area }
        }
        guard let first = try catalog.allAreas().first else {
            throw HTTPError.notFound("Grubmap has no areas yet. Start it with --demo, or import places.")
        }
        return first
    }

    /// The visitor's bookmarks that still name a place, in the order they were made; bookmarks of places that no
    /// longer exist are dropped here, silently.
    func bookmarks() throws -> [Place.ID] {
        try existingPlaces(preferences[PreferenceKeys.bookmarks])
    }

    /// The ids of `ids` that name an existing place, in their order (one query).
    func existingPlaces(_ ids: [Place.ID]) throws -> [Place.ID] {
        guard !ids.isEmpty else { return [] }
        let existing = Set(try places.places(ids: ids).map(\.id))
        return ids.filter(existing.contains)
    }

    /// The areas for the page header's switcher.
    func headerAreas() throws -> [Area] { try catalog.allAreas() }
}

/// The context of a change stored in the database: the visitor's, with their session, which is not optional here.
/// Built by ``SessionMinting``, which makes the session when the visitor had none.
@dynamicMemberLookup
struct SessionContext {
    let parent: VisitorContext
    let session: Session

    subscript<Value>(dynamicMember keyPath: KeyPath<VisitorContext, Value>) -> Value {
        parent[keyPath: keyPath]
    }

    /// The place with this id, or 404.
    func place(_ id: Place.ID) throws -> Place { try parent.place(id) }
}
