import Foundation
import GrubmapCore
import GrubmapCrypto
import Testing

@Suite struct WebPushTests {
    private func bytes(_ text: String) -> [UInt8] {
        Base64URL.decode(text) ?? []
    }

    /// RFC 8291, appendix A, with its ephemeral server key and salt: the same body, byte for byte.
    @Test func encryptionReproducesRFC8291Example() throws {
        let serverKey = try #require(
            P256PrivateKey(rawRepresentation: bytes("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")))
        #expect(
            Base64URL.encode(serverKey.publicKey)
                == "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")
        let body = try WebPushEncryption.encrypt(
            Array("When I grow up, I want to be a watermelon".utf8),
            subscriberKey: bytes(
                "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"),
            authSecret: bytes("BTBZMqHH6r4Tts7J_aSIgg"), serverKey: serverKey, salt: bytes("DGv6ra1nlYgDCS1FRnbzlw"))
        #expect(
            Base64URL.encode(body)
                == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6Tlz"
                + "AC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
    }

    /// Both sides of a Diffie-Hellman exchange reach the same secret; the RFC's browser key is one of them.
    @Test func sharedSecretAgreesBothWays() throws {
        let browser = try #require(
            P256PrivateKey(rawRepresentation: bytes("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94")))
        let server = P256PrivateKey()
        let secret = try #require(server.sharedSecret(with: browser.publicKey))
        #expect(secret.count == 32)
        #expect(browser.sharedSecret(with: server.publicKey) == secret)
    }

    @Test func badSubscriberKeysAreRefused() {
        let notOnCurve = [UInt8](repeating: 4, count: 65)
        #expect(!P256.isPublicKey(notOnCurve))
        #expect(!P256.isPublicKey(Array(P256PrivateKey().publicKey.prefix(64))))
        #expect(P256.isPublicKey(P256PrivateKey().publicKey))
        #expect(throws: WebPushEncryption.Failure.invalidSubscriberKey) {
            try WebPushEncryption.encrypt([1], subscriberKey: notOnCurve, authSecret: [UInt8](repeating: 0, count: 16))
        }
        #expect(throws: WebPushEncryption.Failure.invalidAuthSecret) {
            try WebPushEncryption.encrypt([1], subscriberKey: P256PrivateKey().publicKey, authSecret: [1, 2])
        }
        #expect(throws: WebPushEncryption.Failure.plaintextTooLong) {
            try WebPushEncryption.encrypt(
                [UInt8](repeating: 0, count: 3994), subscriberKey: P256PrivateKey().publicKey,
                authSecret: [UInt8](repeating: 0, count: 16))
        }
        #expect(P256PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 32)) == nil)
        #expect(P256PrivateKey(rawRepresentation: [1]) == nil)
    }

    /// A VAPID token is three base64url parts: the ES256 header, the claims, and a signature Nettle's `ecdsa_verify`
    /// accepts under the key the header's `k=` names.
    @Test func vapidTokenIsASignedES256JWT() throws {
        let vapid = VAPID(key: P256PrivateKey(), subject: "mailto:ops@example.org")
        let authorization = vapid.authorization(audience: "https://push.example.net", expires: 1_800_000_000)
        let token = try #require(authorization.firstMatch(of: /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/))
        #expect(bytes(String(token.2)) == vapid.key.publicKey)
        let parts = token.1.split(separator: ".").map(String.init)
        try #require(parts.count == 3)
        let header = try JSONSerialization.jsonObject(with: Data(bytes(parts[0]))) as? [String: String]
        #expect(header == ["typ": "JWT", "alg": "ES256"])
        let claims = try #require(try JSONSerialization.jsonObject(with: Data(bytes(parts[1]))) as? [String: Any])
        #expect(claims["aud"] as? String == "https://push.example.net")
        #expect(claims["exp"] as? Int == 1_800_000_000)
        #expect(claims["sub"] as? String == "mailto:ops@example.org")
        let signature = bytes(parts[2])
        #expect(signature.count == 64)
        let signed = Array((parts[0] + "." + parts[1]).utf8)
        #expect(P256.isValidSignature(signature, of: signed, publicKey: vapid.key.publicKey))
        #expect(!P256.isValidSignature(signature, of: signed + [0], publicKey: vapid.key.publicKey))
        #expect(!P256.isValidSignature(signature, of: signed, publicKey: P256PrivateKey().publicKey))
    }
}
