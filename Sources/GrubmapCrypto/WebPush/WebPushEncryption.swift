import CNettle

/// Web Push message encryption (RFC 8291) in the `aes128gcm` content coding (RFC 8188): one record, the whole
/// message, so a push service and the browser see a single body.
///
/// The body is the RFC 8188 header — salt (16 bytes), record size (4 bytes, big-endian), key id length (1 byte) and
/// key id, which Web Push makes the server's ephemeral public key (65 bytes) — then the record: the plaintext, the
/// last-record delimiter 0x02, encrypted with AES-128-GCM (Nettle's `gcm_aes128_*`) and followed by its 16-byte tag.
/// The key and nonce come from HKDF-SHA-256 (RFC 5869, written over ``Digest/hmacSHA256(key:message:)``).
public enum WebPushEncryption {
    /// The record size written in the header; the one record is never longer.
    public static let recordSize = 4096
    /// The longest plaintext a push service must accept (RFC 8291, section 4).
    public static let maximumPlaintextBytes = 3993

    /// Why a message could not be encrypted for a subscription.
    public enum Failure: Error, Sendable, Equatable {
        /// The subscription's `p256dh` is not an uncompressed P-256 point.
        case invalidSubscriberKey
        /// The subscription's `auth` is not 16 bytes.
        case invalidAuthSecret
        /// Longer than ``maximumPlaintextBytes``.
        case plaintextTooLong
    }

    /// `plaintext` encrypted for the browser whose keys are `subscriberKey` (`p256dh`, 65 bytes) and `authSecret`
    /// (`auth`, 16 bytes). `serverKey` and `salt` are fresh for every message; tests pass RFC 8291's to reproduce its
    /// example.
    public static func encrypt(
        _ plaintext: [UInt8], subscriberKey: [UInt8], authSecret: [UInt8],
        serverKey: P256PrivateKey = P256PrivateKey(), salt: [UInt8] = Digest.randomBytes(16)
    ) throws(Failure) -> [UInt8] {
        guard plaintext.count <= maximumPlaintextBytes else { throw .plaintextTooLong }
        guard authSecret.count == 16 else { throw .invalidAuthSecret }
        guard let sharedSecret = serverKey.sharedSecret(with: subscriberKey) else { throw .invalidSubscriberKey }
        precondition(salt.count == 16, "an aes128gcm salt is 16 bytes")
        // RFC 8291, section 3.4: the input keying material binds both public keys and the browser's auth secret.
        let keyInfo = Array("WebPush: info".utf8) + [0] + subscriberKey + serverKey.publicKey
        let inputKey = hkdf(salt: authSecret, secret: sharedSecret, info: keyInfo, length: 32)
        // RFC 8188, section 2.2 and 2.3: the content-encryption key and the nonce of the first (only) record.
        let pseudorandomKey = Digest.hmacSHA256(key: salt, message: inputKey)
        let contentKey = expand(pseudorandomKey, info: Array("Content-Encoding: aes128gcm".utf8) + [0], length: 16)
        let nonce = expand(pseudorandomKey, info: Array("Content-Encoding: nonce".utf8) + [0], length: 12)
        let record = sealed(plaintext + [0x02], key: contentKey, nonce: nonce)
        let size = UInt32(recordSize)
        let header =
            salt + [UInt8(size >> 24), UInt8(size >> 16 & 0xff), UInt8(size >> 8 & 0xff), UInt8(size & 0xff)]
            + [UInt8(serverKey.publicKey.count)] + serverKey.publicKey
        return header + record
    }

    /// HKDF-SHA-256 (RFC 5869): extract, then expand to at most 32 bytes.
    static func hkdf(salt: [UInt8], secret: [UInt8], info: [UInt8], length: Int) -> [UInt8] {
        expand(Digest.hmacSHA256(key: salt, message: secret), info: info, length: length)
    }

    /// HKDF-Expand for at most one block of output: T(1) = HMAC(PRK, info ‖ 0x01).
    static func expand(_ pseudorandomKey: [UInt8], info: [UInt8], length: Int) -> [UInt8] {
        precondition(length <= 32, "one HMAC-SHA-256 block")
        return Array(Digest.hmacSHA256(key: pseudorandomKey, message: info + [0x01]).prefix(length))
    }

    /// AES-128-GCM with no associated data: the ciphertext, then the 16-byte tag.
    static func sealed(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8]) -> [UInt8] {
        var context = gcm_aes128_ctx()
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count)
        var tag = [UInt8](repeating: 0, count: 16)
        nettle_gcm_aes128_set_key(&context, key)
        nettle_gcm_aes128_set_iv(&context, nonce.count, nonce)
        nettle_gcm_aes128_encrypt(&context, plaintext.count, &ciphertext, plaintext)
        nettle_gcm_aes128_digest(&context, tag.count, &tag)
        return ciphertext + tag
    }
}
