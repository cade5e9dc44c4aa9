import GrubmapCore
import Testing

@Suite struct SlugTests {
    @Test(arguments: ["a", "pnu-busan", "pnu-busan-geumjeong-hall", "7-eleven", String(repeating: "a", count: 64)])
    func wellFormedIdsAreKeptAsTheyAre(text: String) throws {
        #expect(try Place.ID(text).rawValue == text)
        #expect(try Place.ID(text[...]).rawValue == text)
    }

    @Test(arguments: ["-a", "a-", "a--b", "-", "Pnu", "a b", "a_b", "가", "a\u{0}b", "é"])
    func anythingElseIsRefusedAsInvalid(text: String) {
        #expect(throws: SlugError.invalid(text)) { try Place.ID(text) }
    }

    @Test func emptyAndOverlongIdsSayWhy() {
        #expect(throws: SlugError.empty) { try Place.ID("") }
        #expect(throws: SlugError.tooLong(65)) { try Place.ID(String(repeating: "a", count: 65)) }
    }
}
