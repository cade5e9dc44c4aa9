import GrubmapCore

/// A listing of places as pages and the API show it: the person's bookmarks that match the query first, in the
/// order they were made, then the query's other places in its order, a page at a time with an opaque cursor.
public enum PlaceListing {
    /// One page of a listing.
    public struct Page: Sendable {
        /// The places, bookmarks first.
        public var places: [ListedPlace]
        /// Where the next page begins, or `nil` on the last page.
        public var next: Cursor?
    }

    /// Where a page of a listing begins: how many bookmarks were shown before it, and the last other place. Its
    /// ``text`` is opaque to clients and names the query it belongs to, so it cannot be used with another.
    public struct Cursor: Hashable, Sendable {
        /// The query's fingerprint (``PlaceListing/fingerprint(of:)``).
        let fingerprint: UInt64
        /// How many of the bookmarks earlier pages showed.
        let bookmarksShown: Int
        /// The last place of the query's own that earlier pages showed.
        let after: PlaceSortKey?

        /// The cursor as URL-safe text.
        public var text: String {
            var fields = ["1", String(fingerprint, radix: 16), String(bookmarksShown)]
            switch after {
            case nil: break
            case .distance(let meters, let id): fields += ["d", String(meters.bitPattern, radix: 16), id.rawValue]
            case .name(let key, let id): fields += ["n", id.rawValue, key]
            }
            return Base64URL.encode(Array(fields.joined(separator: "\u{1F}").utf8))
        }

        /// Reads a cursor's text; throws when it is not one, or belongs to another query.
        public init(text: String, for query: PlaceQuery) throws(CursorError) {
            guard text.utf8.count <= 2048, let bytes = Base64URL.decode(text),
                let decoded = String(validating: bytes, as: UTF8.self)
            else { throw .malformed }
            let fields = decoded.split(separator: "\u{1F}", maxSplits: 5, omittingEmptySubsequences: false)
                .map(String.init)
            guard fields.count == 3 || fields.count == 6, fields[0] == "1",
                let fingerprint = UInt64(fields[1], radix: 16), let shown = Int(fields[2]), shown >= 0
            else { throw .malformed }
            guard fingerprint == PlaceListing.fingerprint(of: query) else { throw .otherQuery }
            self.fingerprint = fingerprint
            bookmarksShown = shown
            guard fields.count == 6 else {
                after = nil
                return
            }
            switch (fields[3], query.order) {
            case ("d", .distance):
                guard let bits = UInt64(fields[4], radix: 16), let id = try? Place.ID(fields[5]),
                    Double(bitPattern: bits).isFinite
                else { throw .malformed }
                after = .distance(meters: Double(bitPattern: bits), id: id)
            case ("n", .name):
                guard let id = try? Place.ID(fields[4]) else { throw .malformed }
                after = .name(key: fields[5], id: id)
            default:
                throw .otherQuery
            }
        }

        init(fingerprint: UInt64, bookmarksShown: Int, after: PlaceSortKey?) {
            self.fingerprint = fingerprint
            self.bookmarksShown = bookmarksShown
            self.after = after
        }
    }

    /// Why a cursor was refused.
    public enum CursorError: Error, Equatable, Sendable, CustomStringConvertible {
        /// Not a cursor this program made.
        case malformed
        /// A cursor of another query (other parameters than the page it came from).
        case otherQuery

        public var description: String {
            switch self {
            case .malformed: "not a cursor of this listing; send the nextCursor of the page before"
            case .otherQuery: "belongs to other parameters; send the same ones as for the page before"
            }
        }
    }

    /// A number that tells queries apart (area, order, point or language, box, radius; not the limit), the same in
    /// every process: FNV-1a over their canonical text.
    static func fingerprint(of query: PlaceQuery) -> UInt64 {
        var text = query.areaID?.rawValue ?? "*"
        switch query.order {
        case .distance(let origin):
            text += "|d|\(origin.latitude.bitPattern)|\(origin.longitude.bitPattern)"
        case .name(let language):
            text += "|n|\(language.rawValue)"
        }
        if let box = query.box {
            text +=
                "|b|" + [box.west, box.south, box.east, box.north].map { String($0.bitPattern) }.joined(separator: ",")
        }
        if let radius = query.radiusMeters { text += "|r|\(radius.bitPattern)" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}

extension PlaceStore {
    /// A page of a listing: `query`'s places (its `after` and `excluding` are set here), after the `bookmarks` it
    /// admits, in bookmark order. `query.limit` counts both; a cursor from the page before continues the listing.
    public func listing(_ query: PlaceQuery, bookmarks: [Place.ID], cursor: PlaceListing.Cursor?) throws
        -> PlaceListing.Page
    {
        try query.validate()
        let fingerprint = PlaceListing.fingerprint(of: query)
        var admitted: [ListedPlace] = []
        if !bookmarks.isEmpty {
            for place in try places(ids: bookmarks) {
                let (isAdmitted, distance) = query.admits(place)
                if isAdmitted { admitted.append(ListedPlace(place: place, distanceMeters: distance)) }
            }
        }
        let shownBefore = min(cursor?.bookmarksShown ?? 0, admitted.count)
        let listed = Array(admitted.dropFirst(shownBefore).prefix(query.limit))
        let shown = shownBefore + listed.count
        var rest = query
        rest.limit = query.limit - listed.count
        rest.after = cursor?.after
        rest.excluding = Set(admitted.map(\.place.id))
        func nextCursor(after: PlaceSortKey?) -> PlaceListing.Cursor {
            PlaceListing.Cursor(fingerprint: fingerprint, bookmarksShown: shown, after: after)
        }
        guard rest.limit > 0 else {
            // A page of bookmarks only: more follow when bookmarks do, or when the query has any place at all.
            rest.limit = 1
            let more = try shown < admitted.count || !places(matching: rest).places.isEmpty
            return PlaceListing.Page(places: listed, next: more ? nextCursor(after: rest.after) : nil)
        }
        let results = try places(matching: rest)
        return PlaceListing.Page(places: listed + results.places, next: results.next.map { nextCursor(after: $0) })
    }
}

extension PlaceListing {
    /// The first page of `query` (no cursor) for a person whose bookmarks `query` admits are `admitted`, in
    /// bookmark order, made from `first`: the query's own first `query.limit` places with none left out, as read
    /// once for everyone. The same page ``PlaceStore/listing(_:bookmarks:cursor:)`` gives; `nil` when `first`
    /// cannot tell it (bookmarks fill the page, or leave room for places after `first`): ask the store then.
    public static func firstPage(of query: PlaceQuery, admitted: [ListedPlace], first: PlaceResults) -> Page? {
        let listed = Array(admitted.prefix(query.limit))
        let room = query.limit - listed.count
        guard room > 0 else { return nil }
        let excluded = Set(admitted.map(\.place.id))
        let others = first.places.filter { !excluded.contains($0.place.id) }
        let fingerprint = fingerprint(of: query)
        func page(_ shown: ArraySlice<ListedPlace>, more: Bool) -> Page {
            let next = shown.last.map(query.sortKey(of:))
            return Page(
                places: listed + shown,
                next: more ? Cursor(fingerprint: fingerprint, bookmarksShown: listed.count, after: next) : nil)
        }
        if others.count > room { return page(others.prefix(room), more: true) }
        if first.next == nil { return page(others[...], more: false) }
        // More places follow `first`; they fill the page as the store would only when no bookmark is among them.
        let inFirst = Set(first.places.map(\.place.id))
        guard others.count == room, admitted.allSatisfy({ inFirst.contains($0.place.id) }) else { return nil }
        return page(others[...], more: true)
    }
}
