import Testing

@testable import GrubmapCore

@Suite struct BookmarkOrderingTests {
    static let area = try! Area.ID("campus")
    static let center = try! Coordinate(latitude: 35.2335, longitude: 129.0800)

    static func place(_ id: String, _ name: String, north meters: Double) -> Place {
        Place(
            id: try! Place.ID(id), areaID: area, name: LocalizedText(name), kind: .cafeteria,
            coordinate: try! Coordinate(latitude: center.latitude + meters / 111_000, longitude: center.longitude))
    }

    /// By name: Alpha, Bravo, Charlie, Delta. By distance: Delta, Charlie, Bravo, Alpha.
    static let places = [
        place("alpha", "Alpha", north: 400), place("bravo", "Bravo", north: 300),
        place("charlie", "Charlie", north: 200),
        place("delta", "Delta", north: 100),
    ]

    func ids(_ listed: [ListedPlace]) -> [String] { listed.map(\.place.id.rawValue) }

    func listing(bookmarks: [String], origin: Coordinate? = nil, order: PlaceOrder = .distance) -> [String] {
        ids(
            Place.listing(
                Self.places, from: origin, order: order, language: .english,
                bookmarks: bookmarks.map { try! Place.ID($0) }))
    }

    @Test func bookmarksComeFirstInTheOrderTheyWereMade() {
        #expect(listing(bookmarks: ["charlie", "alpha"]) == ["charlie", "alpha", "bravo", "delta"])
        #expect(listing(bookmarks: ["alpha", "charlie"]) == ["alpha", "charlie", "bravo", "delta"])
    }

    @Test func theRestFollowByDistanceWhenKnownElseByName() {
        #expect(listing(bookmarks: ["bravo"], origin: Self.center) == ["bravo", "delta", "charlie", "alpha"])
        #expect(listing(bookmarks: ["bravo"]) == ["bravo", "alpha", "charlie", "delta"])
        #expect(
            listing(bookmarks: ["bravo"], origin: Self.center, order: .name) == ["bravo", "alpha", "charlie", "delta"])
        // Bookmarks keep their own order even when distance would say otherwise.
        #expect(listing(bookmarks: ["alpha", "delta"], origin: Self.center) == ["alpha", "delta", "charlie", "bravo"])
    }

    @Test func unknownAndRepeatedIdsAreDroppedSilently() {
        #expect(
            listing(bookmarks: ["gone", "charlie", "elsewhere", "charlie", "alpha"]) == [
                "charlie", "alpha", "bravo", "delta",
            ])
        #expect(listing(bookmarks: ["gone"]) == ["alpha", "bravo", "charlie", "delta"])
        #expect(listing(bookmarks: []) == ["alpha", "bravo", "charlie", "delta"])
    }

    @Test func distancesStayWithTheirPlaces() {
        let listed = Place.listing(
            Self.places, from: Self.center, language: .english, bookmarks: [try! Place.ID("alpha")])
        #expect(listed.first?.place.id.rawValue == "alpha")
        #expect((listed.first?.distanceMeters ?? 0) > 390)
    }

    @Test func bookmarksArePreferencesWithoutRepeats() throws {
        var preferences = Preferences()
        #expect(preferences[PreferenceKeys.bookmarks] == [])
        let ids = [try Place.ID("charlie"), try Place.ID("alpha")]
        try preferences.set(ids, for: PreferenceKeys.bookmarks)
        #expect(Preferences(storage: preferences.storage)[PreferenceKeys.bookmarks] == ids)
        #expect(throws: PreferenceError.self) {
            try preferences.set([try Place.ID("alpha"), try Place.ID("alpha")], for: PreferenceKeys.bookmarks)
        }
        let tooMany = try (0...PreferenceKeys.maximumBookmarks).map { try Place.ID("p\($0)") }
        #expect(throws: PreferenceError.self) { try preferences.set(tooMany, for: PreferenceKeys.bookmarks) }
        #expect(preferences[PreferenceKeys.bookmarks] == ids)
        // A stored list that is not a list of ids reads as no bookmarks, never a crash.
        #expect(Preferences(storage: ["bookmarks": "[\"Not An Id\"]"])[PreferenceKeys.bookmarks] == [])
        #expect(Preferences(storage: ["bookmarks": "{}"])[PreferenceKeys.bookmarks] == [])
    }
}
