import GrubmapCrypto
import Testing

@Suite struct PasswordTests {
    let hasher = PasswordHasher(cost: .minimum)

    @Test func hashIsArgon2idAndVerifies() throws {
        let stored = try #require(hasher.hash("correct horse battery staple"))
        #expect(stored.hasPrefix("$argon2id$v=19$"))
        #expect(PasswordHasher.verify("correct horse battery staple", against: stored))
        #expect(!PasswordHasher.verify("correct horse battery stapler", against: stored))
        #expect(!PasswordHasher.verify("", against: stored))
        #expect(!PasswordHasher.verify("correct horse battery staple", against: "not a hash"))
        #expect(!PasswordHasher.verify("correct horse battery staple", against: ""))
    }

    @Test func eachHashHasItsOwnSalt() throws {
        let first = try #require(hasher.hash("same password twice"))
        let second = try #require(hasher.hash("same password twice"))
        #expect(first != second)
    }

    @Test func aHashOfAnotherCostNeedsRehashing() throws {
        let stored = try #require(hasher.hash("correct horse battery staple"))
        #expect(!hasher.needsRehash(stored))
        #expect(PasswordHasher(cost: .interactive).needsRehash(stored))
    }

    @Test(arguments: [
        ("short", PasswordPolicy.Problem.tooShort), ("elevenchars", .tooShort),
        (String(repeating: "x", count: 201) + "y", .tooLong), ("password1234", .common), ("PASSWORD1234!", .common),
        ("qwertyqwerty", .common), ("abcabcabcabc", .common), ("aaaaaaaaaaaa", .common), ("123456789012", .common),
        ("qwertyuiopas", .common), ("0987654321098", .common), ("baseball12345", .common),
        ("kim.lee@example.org", .sameAsEmail), ("kim.lee", .tooShort),
    ])
    func refuses(_ password: String, _ problem: PasswordPolicy.Problem) {
        #expect(PasswordPolicy.standard.problem(with: password, email: "kim.lee@example.org") == problem)
    }

    @Test(arguments: ["correct horse battery staple", "밥 먹으러 가자 금정회관", "Tr0ub4dor&3-lunch", "mensa-lunch-2026!"])
    func accepts(_ password: String) {
        #expect(PasswordPolicy.standard.problem(with: password, email: "kim.lee@example.org") == nil)
    }
}
