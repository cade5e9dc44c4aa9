import GrubmapCore
import Testing

/// Ids made from display names: what an organiser's new place gets when no id is typed.
@Suite struct SlugNameTests {
    @Test(arguments: [
        ("Original Joe's", "original-joes"), ("Café Zoë", "cafe-zoe"), ("Straße 5", "strasse-5"),
        ("금정회관", "geumjeonghoegwan"), ("학생회관 식당", "hagsaenghoegwan-sigdang"), ("  Test   Kitchen!  ", "test-kitchen"),
        ("Mezcal — Restaurant & Bar", "mezcal-restaurant-bar"), ("Œuvre", "oeuvre"), ("🍔 Burger", "burger"),
        ("2nd floor", "2nd-floor"), ("A--B__C", "a-b-c"),
    ])
    func aNameGivesTheIdAPersonWouldWrite(_ name: String, _ id: String) throws {
        #expect(Place.ID(name: name)?.rawValue == id)
    }

    @Test(arguments: ["", "   ", "🍔", "!!!", "—"])
    func aNameWithNothingToKeepGivesNoId(_ name: String) {
        #expect(Place.ID(name: name) == nil)
    }

    @Test func aLongNameIsCutAtAWordWithinTheLimit() throws {
        let id = try #require(Place.ID(name: String(repeating: "Cafeteria ", count: 40)))
        #expect(id.rawValue.utf8.count <= Place.ID.maximumLength)
        #expect(id.rawValue.hasPrefix("cafeteria-cafeteria") && id.rawValue.hasSuffix("cafeteria"))
        let unbroken = try #require(Place.ID(name: String(repeating: "x", count: 10_000)))
        #expect(unbroken.rawValue == String(repeating: "x", count: Place.ID.maximumLength))
    }

    @Test func theFirstFreeIdIsNumbered() throws {
        let taken: Set<String> = ["alpha-hall", "alpha-hall-2"]
        let id = try #require(Place.ID(name: "Alpha Hall"))
        #expect(id.firstFree { taken.contains($0.rawValue) }?.rawValue == "alpha-hall-3")
        #expect(id.firstFree { _ in false } == id)
        #expect(id.firstFree(attempts: 5) { _ in true } == nil)
        // A stem at the limit is shortened to leave room for the number.
        let long = try #require(Place.ID(name: String(repeating: "y", count: 64)))
        let free = try #require(long.firstFree { $0 == long })
        #expect(free.rawValue == String(repeating: "y", count: 62) + "-2")
    }
}
