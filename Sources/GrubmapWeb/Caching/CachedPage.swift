import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// A page kept in a ``RecentCache`` and the value it is kept under: everything the page shows that comes from the
/// reader, the moment and the address, and the readings it is made from (named by their serial, catalog version,
/// day). ``render(csrfToken:from:)`` sees this value and ``Sources`` only, never the request's context, so a page
/// cannot show a preference its key leaves out: what is not a field here cannot reach the page, and a field here is
/// part of the key.
///
/// ``Sources`` is what every reader shares (the catalog of the key's version, stores, the moment the page is read
/// at): nothing in it may come from the person, the request's headers or its cookies.
protocol CachedPage: Hashable, Sendable {
    associatedtype Sources
    /// The page for this input, with `csrfToken` where each form's token goes.
    func render(csrfToken: String, from sources: Sources) throws -> [UInt8]
}

extension CachedPage {
    /// The page rendered for one request only (an input whose readings are not kept), with the person's token.
    func response(csrfToken: String, from sources: Sources) throws -> Response {
        .html(try render(csrfToken: csrfToken, from: sources))
    }
}

extension RecentCache where Value == PersonalizedPage, Key: CachedPage {
    /// The page for `input` with the person's CSRF token filled in: rendered from `input` and `sources` once per
    /// ``lifetime`` for everyone `input` is the same for; a kept page costs `input`'s hash and a copy of its bytes.
    func response(for input: Key, csrfToken: String, now: Date, sources: Key.Sources) throws -> Response {
        try value(for: input, now: now) {
            PersonalizedPage(try input.render(csrfToken: PersonalizedPage.csrfPlaceholder, from: sources))
        }.response(csrfToken: csrfToken)
    }
}

/// A page's address: its path and query, without the request's headers and cookies, so a page rendered from it
/// reads nothing of the person (the position cookie is not there: a page's position is a field of its input).
struct PageAddress: Hashable, Sendable {
    let path: String
    let query: QueryFields

    init(_ request: Request) {
        path = request.path
        query = request.query
    }

    init(path: String, query: QueryFields = QueryFields()) {
        self.path = path
        self.query = query
    }

    /// The path and query without the `dropping` fields: where a form on the page comes back to.
    func returnPath(dropping names: Set<String> = []) -> String {
        let kept = QueryFields(query.pairs.filter { !names.contains($0.name) })
        return kept.pairs.isEmpty ? path : path + "?" + kept.encoded
    }

    /// A `GET` of this address with no headers, for the parsers that read a request's query
    /// (``MapViewRequest``, ``PlaceListingParameters``, ``BookmarkNotice``).
    func request() throws(HTTPError) -> Request {
        var request = try Request(method: .get, target: "/")
        request.path = path
        request.pathSegments = path.split(separator: "/").map(String.init)
        request.query = query
        return request
    }
}

/// What a kept page or answer (the place page, the board, the places API's first page) reads besides its input,
/// the same for every reader: the catalog at the version its key names, the store's places, and the moment it is
/// read at (for opening hours and who is checked in; the minute is in the input).
struct PageSources {
    let catalog: Catalog
    let places: any PlaceStore
    let now: Date

    /// The place with this id, or `nil` (``VisitorContext/knownPlace(_:)``).
    func knownPlace(_ id: Place.ID) throws -> Place? {
        try catalog.place(id) { try places.place(id: $0) }
    }
}

extension PageSources {
    /// What `context` read for the whole request.
    init(_ context: VisitorContext) {
        catalog = context.catalog
        places = context.places
        now = context.now
    }
}
