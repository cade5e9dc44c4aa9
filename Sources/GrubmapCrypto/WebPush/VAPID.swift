import Foundation
import GrubmapCore

/// Voluntary Application Server Identification for Web Push (RFC 8292): the server signs a short-lived JWT (ES256)
/// naming the push service it sends to, and sends it with its public key in one `Authorization` header, so a push
/// service can tell its messages apart and reach its operator.
public struct VAPID: Sendable {
    /// The server's key, made once and kept (its public half is what browsers subscribe with).
    public let key: P256PrivateKey
    /// A `mailto:` or `https:` address the push service's operator can write to.
    public let subject: String

    /// The longest a token may live (RFC 8292, section 2: no more than 24 hours).
    public static let maximumLifetimeSeconds = 24 * 60 * 60

    public init(key: P256PrivateKey, subject: String) {
        self.key = key
        self.subject = subject
    }

    /// The `Authorization` header's value for a push endpoint at `audience` (its origin, `https://push.example.net`):
    /// `vapid t=JWT, k=PUBLIC-KEY`, the token valid until `expires` (seconds since 1970).
    public func authorization(audience: String, expires: Int) -> String {
        "vapid t=\(token(audience: audience, expires: expires)), k=\(Base64URL.encode(key.publicKey))"
    }

    /// The signed JWT: `{"typ":"JWT","alg":"ES256"}` and `{"aud","exp","sub"}`, each base64url, and the signature
    /// of the two (r ‖ s, as JWS writes ES256).
    public func token(audience: String, expires: Int) -> String {
        let claims = Claims(aud: audience, exp: expires, sub: subject)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let payload = (try? encoder.encode(claims)).map { Array($0) } ?? []
        let signingInput = Self.header + "." + Base64URL.encode(payload)
        return signingInput + "." + Base64URL.encode(key.signature(for: Array(signingInput.utf8)))
    }

    private struct Claims: Encodable {
        let aud: String
        let exp: Int
        let sub: String
    }

    /// `{"typ":"JWT","alg":"ES256"}`, base64url.
    private static let header = Base64URL.encode(Array(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
}
