import Foundation
import GrubmapCore
import GrubmapHTTP

extension App {
    /// The person's bookmarks that still name a place, in the order they were made. Bookmarks of places that no
    /// longer exist are dropped here, silently. (Listings need not ask: ``Place/listing(_:from:order:language:bookmarks:)``
    /// skips ids that are not among its places.)
    func bookmarks(of visitor: Visitor) throws -> [Place.ID] {
        try existingPlaces(visitor.preferences[PreferenceKeys.bookmarks])
    }

    /// The ids of `ids` that name a place, in order.
    func existingPlaces(_ ids: [Place.ID]) throws -> [Place.ID] {
        try ids.filter { try environment.store.place(id: $0) != nil }
    }

    /// The star of a place on the area page's list, with what the script needs to move rows.
    func bookmarkContext(
        for visitor: Visitor, listing places: [Place], from origin: Coordinate?, order: PlaceOrder, returnPath: String
    ) throws -> BookmarkContext {
        let plain = Place.listing(places, from: origin, order: order, language: visitor.language)
        return BookmarkContext(
            strings: MenuStrings.forLanguage(visitor.language), csrfToken: visitor.session?.csrfToken ?? "",
            bookmarks: visitor.preferences[PreferenceKeys.bookmarks],
            rankWithoutBookmarks: Dictionary(
                uniqueKeysWithValues: plain.enumerated().map { ($0.element.place.id, $0.offset) }),
            returnPath: returnPath)
    }

    /// `POST /places/{id}/bookmark`: `bookmarked=1` adds the place after the other bookmarks, `0` removes it;
    /// either is idempotent. Scripts (`Accept: application/json`) get `{"placeId", "bookmarked", "bookmarks"}`;
    /// forms are sent back to their `return` path.
    func saveBookmark(_ id: Place.ID, request: Request, visitor: Visitor) throws -> Response {
        let form = try request.formFields()
        try requireCSRF(visitor, request: request, formToken: form["csrf"])
        let place = try place(id)
        guard let wanted = form["bookmarked"], wanted == "1" || wanted == "0" else {
            throw HTTPError.badRequest("bookmarked: expected 1 (bookmark) or 0 (remove).", code: "invalid_bookmark")
        }
        let gone = Set(visitor.preferences[PreferenceKeys.bookmarks]).subtracting(try bookmarks(of: visitor))
        let saved: Preferences
        do {
            saved = try environment.store.updatePreferences(sessionToken: visitor.session!.token) { preferences in
                var ids = preferences[PreferenceKeys.bookmarks].filter { !gone.contains($0) }
                if wanted == "0" {
                    ids.removeAll { $0 == place.id }
                } else if !ids.contains(place.id) {
                    ids.append(place.id)
                }
                try preferences.set(ids, for: PreferenceKeys.bookmarks)
            }
        } catch let error as PreferenceError {
            throw HTTPError(.badRequest, code: "invalid_preference", message: error.description)
        }
        if request.headers["Accept"]?.contains("application/json") == true {
            return .json(
                API.BookmarkBody(
                    placeId: place.id, bookmarked: wanted == "1", bookmarks: saved[PreferenceKeys.bookmarks]))
        }
        return .redirect(to: Self.localPath(form["return"]) ?? "/places/\(place.id)")
    }

    /// `POST /settings/default-area`: the area `/` opens, from the area page's button; back to `return`.
    func saveDefaultArea(request: Request, visitor: Visitor) throws -> Response {
        let form = try request.formFields()
        try requireCSRF(visitor, request: request, formToken: form["csrf"])
        guard let value = form["defaultArea"] else {
            throw HTTPError.badRequest("defaultArea: expected an area id.", code: "invalid_preference")
        }
        do {
            try savePreferences(["defaultArea": .text(value)], session: visitor.session!)
        } catch let error as PreferenceError {
            throw HTTPError(.badRequest, code: "invalid_preference", message: error.description)
        }
        return .redirect(to: Self.localPath(form["return"]) ?? "/areas/\(value)")
    }

    /// `path` when it is a path on this site (`/areas/x?sort=name`), never another site (`//evil`, `/\evil`) or a
    /// scheme; `nil` otherwise.
    static func localPath(_ path: String?) -> String? {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"), path.utf8.count <= 2048,
            !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        return path
    }
}

extension API {
    /// The answer to a script's bookmark post.
    struct BookmarkBody: Encodable {
        let placeId: Place.ID
        let bookmarked: Bool
        /// Every bookmark now, in order.
        let bookmarks: [Place.ID]
    }
}

extension App {
    /// The request's path and query, without the `dropping` fields: where a form on the page comes back to.
    func returnPath(_ request: Request, dropping names: Set<String>) -> String {
        let kept = request.query.pairs.filter { !names.contains($0.name) }
        return kept.isEmpty ? request.path : request.path + "?" + MenuSection.query(kept)
    }
}
