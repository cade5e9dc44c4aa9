import GrubmapCrypto
import Testing

@Suite struct DigestTests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0 >> 4, radix: 16) + String($0 & 0x0F, radix: 16) }.joined()
    }

    @Test func sha256MatchesFIPS180Examples() {
        #expect(
            hex(Digest.sha256(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(Digest.sha256([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    /// RFC 4231, test cases 1, 2 and 6 (a key longer than the block).
    @Test func hmacMatchesRFC4231() {
        let key1 = [UInt8](repeating: 0x0b, count: 20)
        #expect(
            hex(Digest.hmacSHA256(key: key1, message: Array("Hi There".utf8)))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(
            hex(Digest.hmacSHA256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        let key6 = [UInt8](repeating: 0xaa, count: 131)
        #expect(
            hex(
                Digest.hmacSHA256(
                    key: key6, message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    /// A prepared HMAC gives what the whole message gives, for starts and rests of every length around SHA-256's
    /// 64-byte block, again and again from the same preparation, and from text as from bytes.
    @Test func preparedHMACEqualsTheWholeMessages() {
        let key = Array("a key of thirty-two bytes, here!".utf8)
        for startLength in [0, 1, 22, 63, 64, 65, 130] {
            let start = (0..<startLength).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            let prepared = PreparedHMACSHA256(key: key, start: start)
            for restLength in [0, 1, 41, 64, 100, 200] {
                let rest = (0..<restLength).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) }
                #expect(prepared.code(for: rest) == Digest.hmacSHA256(key: key, message: start + rest))
                #expect(prepared.code(for: rest) == Digest.hmacSHA256(key: key, message: start + rest))
            }
            let text = "grubmap-device-cookie payload ✓"
            #expect(prepared.code(for: text.utf8) == Digest.hmacSHA256(key: key, message: start + Array(text.utf8)))
        }
        let other = PreparedHMACSHA256(key: Array("another key".utf8), start: [1, 2, 3])
        #expect(other.code(for: [4]) != PreparedHMACSHA256(key: key, start: [1, 2, 3]).code(for: [4]))
    }

    @Test func constantTimeEqualityComparesWholeStrings() {
        #expect(Digest.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!Digest.constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!Digest.constantTimeEqual([1, 2, 3], [1, 2]))
        #expect(Digest.constantTimeEqual([], []))
    }

    @Test func randomBytesDiffer() {
        let first = Digest.randomBytes(32)
        #expect(first.count == 32)
        #expect(first != Digest.randomBytes(32))
    }
}
