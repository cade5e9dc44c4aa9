import GrubmapCrypto
import Testing

@Suite struct HMACTests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0 >> 4, radix: 16) + String($0 & 0x0F, radix: 16) }.joined()
    }

    /// RFC 2202, test cases 1, 2 and 6 (a key longer than the block) for HMAC-SHA-1.
    @Test func sha1MatchesRFC2202() {
        #expect(
            hex(HMAC.authenticate(Array("Hi There".utf8), key: [UInt8](repeating: 0x0b, count: 20), using: .sha1))
                == "b617318655057264e28bc0b6fb378c8ef146be00")
        #expect(
            hex(HMAC.authenticate(Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8), using: .sha1))
                == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
        #expect(
            hex(
                HMAC.authenticate(
                    Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                    key: [UInt8](repeating: 0xaa, count: 80), using: .sha1))
                == "aa4ae5e15272d00e95705637ce8a3b55ed402112")
    }

    /// RFC 4231, test cases 1 and 2 for HMAC-SHA-512 (and SHA-256 through the same entry point).
    @Test func sha512MatchesRFC4231() {
        #expect(
            hex(HMAC.authenticate(Array("Hi There".utf8), key: [UInt8](repeating: 0x0b, count: 20), using: .sha512))
                == "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
                + "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854")
        #expect(
            hex(HMAC.authenticate(Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8), using: .sha512))
                == "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737")
        #expect(
            hex(HMAC.authenticate(Array("Hi There".utf8), key: [UInt8](repeating: 0x0b, count: 20), using: .sha256))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    }
}
