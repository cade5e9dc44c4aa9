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

    @inline(__always) subscript<Value>(dynamicMember keyPath: KeyPath<RequestContext, Value>) -> Value {
        base[keyPath: keyPath]
    }

    // The members every handler reads, forwarded without a key path (see ``SessionContext/now``).
    var request: Request { base.request }
    var now: Date { base.now }

    /// The visitor's language: their setting, else the browser's.
    var language: Language { visitor.language }
    /// Every string of the interface in the visitor's language.
    var strings: Strings { Strings.forLanguage(language) }
    /// What the visitor chose (from their session when they have one, else from their device cookie).
    var preferences: Preferences { visitor.preferences }
    /// The unit distances are shown in: the visitor's setting, else their browser's region's. Part of the key of
    /// every cached page that shows a distance.
    var units: DistanceUnit { visitor.units }

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

    /// The area `/` opens for this visitor, the first of: the one they chose ("Open Grubmap here", settings), the one
    /// the operator set (`grubmap serve --default-area`), the one this browser opened last, the nearest to their
    /// position within ``nearbyAreaMeters`` of its centre, and the only area when there is one. `nil` when none
    /// says, and `/` offers the areas to choose from: an attendee is never sent to a campus because its id sorts
    /// first.
    func frontArea() throws -> Area? {
        if let chosen = try chosenArea() { return chosen }
        if let id = visitor.device.lastArea, let area = try catalog.area(id) { return area }
        let areas = try catalog.allAreas()
        if let position = (try? base.request.position()) ?? nil, let nearest = Self.nearest(areas, to: position) {
            return nearest
        }
        return areas.count == 1 ? areas[0] : nil
    }

    /// The area the person chose for `/`, else the one the operator set, when it still exists: the area whose page
    /// says "Grubmap opens here".
    func chosenArea() throws -> Area? {
        for id in [preferences[PreferenceKeys.defaultArea], base.configuration.defaultAreaID] {
            if let id, let area = try catalog.area(id) { return area }
        }
        return nil
    }

    /// How far from an area's centre a person may be for `/` to open it as the one nearest them: 50 km, a city
    /// and its outskirts.
    static let nearbyAreaMeters = 50_000.0

    /// The area whose centre is nearest `position`, when it is within ``nearbyAreaMeters``.
    static func nearest(_ areas: [Area], to position: PersonPosition) -> Area? {
        let distances = areas.map { ($0, position.coordinate.distance(to: $0.center)) }
        guard let (area, meters) = distances.min(by: { $0.1 < $1.1 }), meters <= nearbyAreaMeters else { return nil }
        return area
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

    @inline(__always) subscript<Value>(dynamicMember keyPath: KeyPath<VisitorContext, Value>) -> Value {
        parent[keyPath: keyPath]
    }

    // The members every handler reads, forwarded without a key path: a dynamic member of a dynamic member is a key
    // path with an argument, built at run time on every read (about 4,000 instructions; six of them were 5% of a
    // check-in's CPU).
    var request: Request { parent.base.request }
    var now: Date { parent.base.now }

    /// The place with this id, or 404.
    func place(_ id: Place.ID) throws -> Place { try parent.place(id) }
}
