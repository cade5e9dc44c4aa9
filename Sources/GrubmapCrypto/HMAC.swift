import CGnuTLS
import CSodium

/// HMAC (RFC 2104) with SHA-1, SHA-256 or SHA-512: the three hashes RFC 6238's TOTP test vectors use.
///
/// SHA-256 and SHA-512 come from libsodium (`crypto_auth_hmacsha256`, `crypto_auth_hmacsha512`, whose streaming API
/// takes a key of any length); libsodium has no SHA-1, so that one is GnuTLS's `gnutls_hmac_fast`. Authenticator
/// apps default to SHA-1, so it is the one TOTP secrets are made for.
public enum HMAC {
    /// The hash an HMAC is built on.
    public enum Algorithm: String, Sendable, CaseIterable {
        case sha1 = "SHA1"
        case sha256 = "SHA256"
        case sha512 = "SHA512"

        /// The length of the authentication code in bytes.
        public var outputBytes: Int {
            switch self {
            case .sha1: 20
            case .sha256: 32
            case .sha512: 64
            }
        }
    }

    /// The HMAC of `message` under `key` (any length).
    public static func authenticate(_ message: [UInt8], key: [UInt8], using algorithm: Algorithm) -> [UInt8] {
        switch algorithm {
        case .sha1: sha1(message, key: key)
        case .sha256: Digest.hmacSHA256(key: key, message: message)
        case .sha512: sha512(message, key: key)
        }
    }

    /// `gnutls_hmac_fast` (gnutls/crypto.h): one call, no state; fails only for an algorithm GnuTLS was built without,
    /// which Debian's GnuTLS is not for SHA-1.
    private static func sha1(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Algorithm.sha1.outputBytes)
        let status = key.withUnsafeBytes { keyBytes in
            message.withUnsafeBytes { messageBytes in
                gnutls_hmac_fast(
                    GNUTLS_MAC_SHA1, keyBytes.baseAddress, keyBytes.count, messageBytes.baseAddress,
                    messageBytes.count, &output)
            }
        }
        precondition(status == 0, "GnuTLS has no HMAC-SHA-1 (error \(status))")
        return output
    }

    private static func sha512(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        Sodium.ready()
        var state = crypto_auth_hmacsha512_state()
        var output = [UInt8](repeating: 0, count: Algorithm.sha512.outputBytes)
        _ = crypto_auth_hmacsha512_init(&state, key, key.count)
        _ = crypto_auth_hmacsha512_update(&state, message, UInt64(message.count))
        _ = crypto_auth_hmacsha512_final(&state, &output)
        return output
    }
}
