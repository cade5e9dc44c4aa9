import Foundation
import GrubmapCore
import GrubmapSQL
import GrubmapSQLTestSupport
import GrubmapStore
import Synchronization
import Testing

/// Meal photos on both databases: one per person and meal of a day, only by someone who rated it, replaced with a new
/// id; the newest of each meal of an area's day, a dish's photos, and flags and hiding as for comments.
@Suite("Store: photos")
struct PhotoStoreTests {
    typealias Ratings = RatingStoreTests

    /// Two pictures whose bytes say which upload they came from.
    static func images(_ name: String, width: Int = 1280, height: Int = 960) -> PhotoImages {
        PhotoImages(
            photo: JPEGImage(bytes: Array("large \(name)".utf8), width: width, height: height),
            thumbnail: JPEGImage(bytes: Array("small \(name)".utf8), width: width / 4, height: height / 4))
    }

    static func add(
        _ store: any Store, _ person: Int, _ name: String, key: DishKey = Ratings.cutlet, place: Place = Ratings.hall,
        date: CalendarDate = Ratings.monday, at seconds: TimeInterval = 1_800_000_000
    ) throws -> PhotoUpload {
        try store.addPhoto(
            images(name), key: key, placeID: place.id, date: date, areaID: Fixtures.busan.id,
            sessionToken: Ratings.token(person), at: Date(timeIntervalSince1970: seconds))
    }

    static func id(_ upload: PhotoUpload) throws -> Int64 {
        guard case .stored(let id) = upload else { throw StoreError.unknownPhoto(id: 0) }
        return id
    }

    @Test(arguments: StoreKind.tested)
    func onlySomeoneWhoRatedTheMealAddsAPhotoAndASecondReplacesTheirFirst(kind: StoreKind) throws {
        try Ratings.store(people: 3, on: kind) { store throws in
            // Person 0 has a profile and no rating yet; person 2 has no profile.
            #expect(try Self.add(store, 0, "early") == .notRated)
            #expect(try Self.add(store, 2, "anonymous") == .noProfile)
            try Ratings.rate(store, 0, 4)
            let feed = try #require(store as? any LiveChangeFeed)
            let heard = Mutex<[Set<LiveChange>]>([])
            let watch = feed.watch { changes in heard.withLock { $0.append(changes) } }
            defer { watch.cancel() }
            let first = try Self.id(try Self.add(store, 0, "first"))
            #expect(heard.withLock { $0 } == [[.photos(Ratings.hall.id)]])
            #expect(try store.photoBytes(id: first, thumbnail: false) == Array("large first".utf8))
            #expect(try store.photoBytes(id: first, thumbnail: true) == Array("small first".utf8))
            // A rating of another day or meal is not a rating of this one.
            #expect(try Self.add(store, 0, "tuesday", date: Ratings.tuesday) == .notRated)
            #expect(try Self.add(store, 0, "stew", key: Ratings.stew) == .notRated)
            // The second replaces the first, under a new id: the first's address answers no more.
            let second = try Self.id(try Self.add(store, 0, "second", at: 1_800_000_060))
            #expect(second != first)
            #expect(try store.photoBytes(id: first, thumbnail: false) == nil)
            #expect(try store.photo(id: first) == nil)
            let cutlet = try Ratings.dish(store, Ratings.cutlet)
            let photos = try store.photos(ofDish: cutlet.id, limit: 10)
            #expect(photos.map(\.id) == [second])
            let photo = try #require(photos.first)
            #expect(photo.dishID == cutlet.id && photo.placeID == Ratings.hall.id && photo.date == Ratings.monday)
            #expect(photo.width == 1280 && photo.height == 960 && photo.thumbnailWidth == 320)
            #expect(photo.author == "P0 Q." && photo.createdAt == Date(timeIntervalSince1970: 1_800_000_060))
            #expect(
                try store.ownPhoto(
                    sessionToken: Ratings.token(0), placeID: Ratings.hall.id, date: Ratings.monday,
                    key: Ratings.cutlet)?.id == second)
            #expect(
                try store.ownPhoto(
                    sessionToken: Ratings.token(1), placeID: Ratings.hall.id, date: Ratings.monday,
                    key: Ratings.cutlet) == nil)
        }
    }

    @Test(arguments: StoreKind.tested)
    func theNewestPhotoOfEachMealOfAnAreasDayAndADishsPhotosNewestFirst(kind: StoreKind) throws {
        try Ratings.store(people: 4, on: kind) { store throws in
            for person in 0..<3 { try Ratings.rate(store, person, 4) }
            try Ratings.rate(store, 0, 3, key: Ratings.stew)
            try Ratings.rate(store, 1, 3, place: Ratings.dormitory, date: Ratings.tuesday)
            let older = try Self.id(try Self.add(store, 0, "older", at: 1_800_000_000))
            let newest = try Self.id(try Self.add(store, 1, "newest", at: 1_800_000_100))
            let middle = try Self.id(try Self.add(store, 2, "middle", at: 1_800_000_050))
            let stew = try Self.id(try Self.add(store, 0, "stew", key: Ratings.stew, at: 1_800_000_000))
            let tuesday = try Self.id(
                try Self.add(store, 1, "tuesday", place: Ratings.dormitory, date: Ratings.tuesday, at: 1_800_090_000))
            let monday = try store.newestPhotos(inArea: Fixtures.busan.id, on: Ratings.monday)
            #expect(
                monday.mapValues { $0.mapValues(\.id) } == [
                    Ratings.hall.id: [Ratings.cutlet: newest, Ratings.stew: stew]
                ])
            #expect(
                try store.newestPhotos(inArea: Fixtures.busan.id, on: Ratings.tuesday).mapValues {
                    $0.mapValues(\.id)
                } == [Ratings.dormitory.id: [Ratings.cutlet: tuesday]])
            #expect(try store.newestPhotos(inArea: Fixtures.sanJose.id, on: Ratings.monday).isEmpty)
            let cutlet = try Ratings.dish(store, Ratings.cutlet)
            #expect(try store.photos(ofDish: cutlet.id, limit: 10).map(\.id) == [tuesday, newest, middle, older])
            #expect(try store.photos(ofDish: cutlet.id, limit: 2).map(\.id) == [tuesday, newest])
        }
    }

    @Test(arguments: StoreKind.tested)
    func flaggedPhotosAreHiddenOrKeptByAnOperatorAndHiddenOnesAreNotServed(kind: StoreKind) throws {
        try Ratings.store(people: 3, on: kind) { store throws in
            try Ratings.rate(store, 0, 4)
            try Ratings.rate(store, 1, 2)
            let shown = try Self.id(try Self.add(store, 0, "shown", at: 1_800_000_000))
            let rude = try Self.id(try Self.add(store, 1, "rude", at: 1_800_000_100))
            let person = { (index: Int) in ReporterKey(hex: String(repeating: "0", count: 63) + String(index))! }
            #expect(try store.flagPhoto(id: rude, reporter: person(1)))
            #expect(try !store.flagPhoto(id: rude, reporter: person(1)), "once per person")
            #expect(try store.flagPhoto(id: rude, reporter: person(2)))
            #expect(try !store.flagPhoto(id: 999_999, reporter: person(2)))
            #expect(
                try store.flaggedPhotos(inArea: Fixtures.busan.id).map { [$0.id, Int64($0.flags)] } == [[rude, 2]])
            #expect(try store.flaggedPhotos(inArea: Fixtures.sanJose.id).isEmpty)
            let audit = AuditEntry(
                at: Date(timeIntervalSince1970: 1_800_000_000), actor: "op-1", actorName: "Op",
                areaID: Fixtures.busan.id, action: "photo.hide", subject: "photo \(rude)", before: nil, after: nil)
            try store.moderatePhoto(id: rude, hiddenReason: "Not a meal", audit: audit)
            let cutlet = try Ratings.dish(store, Ratings.cutlet)
            #expect(try store.photos(ofDish: cutlet.id, limit: 10).map(\.id) == [shown])
            #expect(
                try store.newestPhotos(inArea: Fixtures.busan.id, on: Ratings.monday)[Ratings.hall.id]?[
                    Ratings.cutlet]?.id == shown)
            #expect(try store.photoBytes(id: rude, thumbnail: false) == nil)
            #expect(try store.photoBytes(id: rude, thumbnail: true) == nil)
            #expect(try store.flaggedPhotos(inArea: Fixtures.busan.id).isEmpty)
            #expect(try !store.flagPhoto(id: rude, reporter: person(0)), "a hidden photo takes no flags")
            // Its author sees why.
            #expect(
                try store.ownPhoto(
                    sessionToken: Ratings.token(1), placeID: Ratings.hall.id, date: Ratings.monday,
                    key: Ratings.cutlet)?.hiddenReason == "Not a meal")
            // Kept: shown again, its flags cleared.
            try store.moderatePhoto(id: rude, hiddenReason: nil, audit: audit)
            #expect(try store.photos(ofDish: cutlet.id, limit: 10).map(\.id) == [rude, shown])
            #expect(try store.photo(id: rude)?.flags == 0)
            #expect(throws: StoreError.unknownPhoto(id: 999_999)) {
                try store.moderatePhoto(id: 999_999, hiddenReason: "x", audit: audit)
            }
        }
    }
}
