import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Testing

/// The store's place listing (``PlaceStore/listing(_:bookmarks:cursor:)``), what the area page and the places API
/// show, on every database: the person's bookmarks first in the order they were made, then the query's other
/// places in its order, page after page by cursor, each place once.
@Suite("Store: the place listing")
struct PlaceListingStoreTests {
    /// Seven places of Busan whose id order (`place-0`…), name order (by their English names, the reverse) and
    /// distance order (from ``origin``, north to south: an order of its own) all differ.
    static let places: [Place] = {
        let latitudes = [35.2300, 35.2350, 35.2280, 35.2340, 35.2290, 35.2330, 35.2310]
        return latitudes.enumerated().map { index, latitude in
            Place(
                id: try! Place.ID("place-\(index)"), areaID: Fixtures.busan.id,
                name: try! LocalizedText(["en": "Hall \(6 - index)", "ko": "관 \(index)"]), kind: .cafeteria,
                coordinate: Fixtures.coordinate(latitude, 129.0825))
        }
    }()

    /// The southern edge of the campus: distances grow with latitude.
    static let origin = Fixtures.coordinate(35.2266, 129.0825)

    /// Bookmarks in the order they were made, in neither the ids', the names' nor the distances' order; with a place
    /// of another area and one that no longer exists, which the listing leaves out.
    static let bookmarks = ["place-4", "elsewhere", "place-1", "gone", "place-5"].map { try! Place.ID($0) }

    /// The listing a person expects: their bookmarks of the area in bookmark order, then the others in `order`.
    static func expected(ordering order: (Place, Place) -> Bool) -> [Place.ID] {
        let ids = Set(places.map(\.id))
        let marked = bookmarks.filter(ids.contains)
        return marked + places.filter { !marked.contains($0.id) }.sorted(by: order).map(\.id)
    }

    /// Every page of `query`'s listing, by cursor, until the last.
    static func allPages(of query: PlaceQuery, in store: any Store) throws -> [[Place.ID]] {
        var pages: [[Place.ID]] = []
        var cursor: PlaceListing.Cursor?
        repeat {
            let page = try store.listing(query, bookmarks: bookmarks, cursor: cursor)
            pages.append(page.places.map(\.place.id))
            cursor = page.next
        } while cursor != nil && pages.count <= places.count
        return pages
    }

    static func seeded(_ database: TestDatabase) throws -> any Store {
        let store = try database.openStore()
        try store.save(area: Fixtures.busan, places: places)
        let elsewhere = Place(
            id: try Place.ID("elsewhere"), areaID: Fixtures.sanJose.id, name: LocalizedText("Elsewhere"),
            kind: .cafeteria, coordinate: Fixtures.sanJose.center)
        try store.save(area: Fixtures.sanJose, places: [elsewhere])
        return store
    }

    @Test(arguments: StoreKind.tested, [2, 3, 20])
    func bookmarksComeFirstInBookmarkOrderThenTheRestByName(kind: StoreKind, limit: Int) throws {
        try kind.withDatabase { database throws in
            let store = try Self.seeded(database)
            let query = PlaceQuery(areaID: Fixtures.busan.id, order: .name(.english), limit: limit)
            let pages = try Self.allPages(of: query, in: store)
            let names = { (place: Place) in place.name.text(in: .english) }
            #expect(pages.flatMap { $0 } == Self.expected { names($0) < names($1) })
            #expect(pages.dropLast().allSatisfy { $0.count == limit } && pages.last?.isEmpty == false)
        }
    }

    @Test(arguments: StoreKind.tested, [2, 3, 20])
    func bookmarksComeFirstInBookmarkOrderThenTheRestNearestFirst(kind: StoreKind, limit: Int) throws {
        try kind.withDatabase { database throws in
            let store = try Self.seeded(database)
            let query = PlaceQuery(areaID: Fixtures.busan.id, order: .distance(from: Self.origin), limit: limit)
            let pages = try Self.allPages(of: query, in: store)
            let meters = { (place: Place) in Self.origin.distance(to: place.coordinate) }
            #expect(pages.flatMap { $0 } == Self.expected { meters($0) < meters($1) })
            // Each place carries its distance, bookmarks too.
            let first = try store.listing(query, bookmarks: Self.bookmarks, cursor: nil).places
            for listed in first {
                let distance = try #require(listed.distanceMeters)
                #expect(abs(distance - meters(listed.place)) < 0.01)
            }
        }
    }
}
