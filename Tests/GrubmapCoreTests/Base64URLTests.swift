import Foundation
import GrubmapCore
import Testing

/// base64url as RFC 4648 writes it: Foundation's base64 with `-` and `_` for `+` and `/`, unpadded, and read back.
@Suite struct Base64URLTests {
    @Test func everyLengthIsFoundationsBase64InTheURLAlphabetWithoutPadding() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...100 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let standard = Data(bytes).base64EncodedString()
            let expected = String(
                standard.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }.filter { $0 != "=" })
            #expect(Base64URL.encode(bytes) == expected)
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
    }

    @Test func theRFCsTestVectors() {
        // RFC 4648, section 10, unpadded.
        let vectors = [
            "": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy",
        ]
        for (plain, encoded) in vectors { #expect(Base64URL.encode(Array(plain.utf8)) == encoded) }
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
    }
}
