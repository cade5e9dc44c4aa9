import Foundation
import GrubmapCrypto
import Testing

@Suite struct TOTPTests {
    /// RFC 6238, appendix B: the seeds are "12345678901234567890" repeated to the hash's block of key (20, 32 and 64
    /// bytes), eight digits.
    static let seeds: [HMAC.Algorithm: [UInt8]] = [
        .sha1: Array("12345678901234567890".utf8),
        .sha256: Array("12345678901234567890123456789012".utf8),
        .sha512: Array("1234567890123456789012345678901234567890123456789012345678901234".utf8),
    ]

    /// Every row of RFC 6238's table in appendix B: time, algorithm, TOTP.
    static let vectors: [(seconds: Int64, algorithm: HMAC.Algorithm, code: String)] = [
        (59, .sha1, "94287082"), (59, .sha256, "46119246"), (59, .sha512, "90693936"),
        (1_111_111_109, .sha1, "07081804"), (1_111_111_109, .sha256, "68084774"), (1_111_111_109, .sha512, "25091201"),
        (1_111_111_111, .sha1, "14050471"), (1_111_111_111, .sha256, "67062674"), (1_111_111_111, .sha512, "99943326"),
        (1_234_567_890, .sha1, "89005924"), (1_234_567_890, .sha256, "91819424"), (1_234_567_890, .sha512, "93441116"),
        (2_000_000_000, .sha1, "69279037"), (2_000_000_000, .sha256, "90698825"), (2_000_000_000, .sha512, "38618901"),
        (20_000_000_000, .sha1, "65353130"), (20_000_000_000, .sha256, "77737706"),
        (20_000_000_000, .sha512, "47863826"),
    ]

    @Test(arguments: vectors.indices) func matchesRFC6238(_ index: Int) throws {
        let vector = Self.vectors[index]
        let totp = TOTP(secret: try #require(Self.seeds[vector.algorithm]), algorithm: vector.algorithm, digits: 8)
        let date = Date(timeIntervalSince1970: TimeInterval(vector.seconds))
        #expect(totp.code(at: date) == vector.code)
        #expect(totp.matchingStep(vector.code, at: date) == totp.step(at: date))
    }

    @Test func acceptsOneStepEitherSideAndNothingElse() throws {
        let totp = TOTP(secret: Array("12345678901234567890".utf8))
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let step = totp.step(at: now)
        #expect(totp.matchingStep(totp.code(forStep: step - 1), at: now) == step - 1)
        #expect(totp.matchingStep(totp.code(forStep: step + 1), at: now) == step + 1)
        #expect(totp.matchingStep(totp.code(forStep: step - 2), at: now) == nil)
        #expect(totp.matchingStep("12345", at: now) == nil)
        #expect(totp.matchingStep("", at: now) == nil)
        #expect(totp.matchingStep("abcdef", at: now) == nil)
        let spaced = totp.code(forStep: step).enumerated().map { $0.offset == 3 ? " \($0.element)" : "\($0.element)" }
        #expect(totp.matchingStep(spaced.joined(), at: now) == step)
    }

    /// RFC 4648, section 10.
    @Test func base32MatchesRFC4648() {
        let cases = [
            ("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"),
            ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI"),
        ]
        for (plain, encoded) in cases {
            #expect(Base32.encode(Array(plain.utf8)) == encoded)
            #expect(Base32.decode(encoded) == Array(plain.utf8))
            #expect(Base32.decode(encoded.lowercased() + "==") == Array(plain.utf8))
        }
        #expect(Base32.decode("MZ1W") == nil)
    }

    @Test func provisioningLinkNamesTheSecret() {
        let totp = TOTP(secret: Array("12345678901234567890".utf8))
        let link = totp.provisioningURI(issuer: "Grubmap", account: "kim@example.org")
        #expect(
            link == "otpauth://totp/Grubmap:kim@example.org?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Grubmap"
                + "&algorithm=SHA1&digits=6&period=30")
    }
}
