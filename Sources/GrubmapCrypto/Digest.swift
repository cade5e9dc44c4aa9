import CSodium

/// SHA-256 and HMAC-SHA-256 from libsodium (`crypto_hash_sha256`, `crypto_auth_hmacsha256`), and comparing secrets
/// in constant time (`sodium_memcmp`).
public enum Digest {
    /// The SHA-256 hash of `bytes`: 32 bytes.
    public static func sha256(_ bytes: some Collection<UInt8>) -> [UInt8] {
        Sodium.ready()
        var output = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        let input = Array(bytes)
        _ = crypto_hash_sha256(&output, input, UInt64(input.count))
        return output
    }

    /// The HMAC-SHA-256 of `message` under `key` (any length; RFC 2104): 32 bytes.
    public static func hmacSHA256(key: [UInt8], message: some Collection<UInt8>) -> [UInt8] {
        PreparedHMACSHA256(key: key, start: EmptyCollection()).code(for: message)
    }

    /// Whether two byte strings are equal, taking the same time wherever they differ (lengths are not secret).
    public static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        guard !left.isEmpty else { return true }
        return sodium_memcmp(left, right, left.count) == 0
    }

    /// `count` bytes from the operating system's secure random source (`randombytes_buf`).
    public static func randomBytes(_ count: Int) -> [UInt8] {
        Sodium.ready()
        var output = [UInt8](repeating: 0, count: count)
        randombytes_buf(&output, count)
        return output
    }
}

/// libsodium's one-time set-up: `sodium_init` is safe to call from several threads and more than once.
enum Sodium {
    static func ready() {
        _ = initialized
    }

    private static let initialized: Bool = sodium_init() >= 0
}

/// HMAC-SHA-256 under one key of messages that all start alike, with the key and that start absorbed once: each
/// ``code(for:)`` goes on from there with the rest of its message, and equals ``Digest/hmacSHA256(key:message:)`` of
/// the whole.
///
/// Absorbing a key costs two of SHA-256's 64-byte rounds before the message's first byte (a start shorter than a
/// block only waits in the buffer); a short signed value costs three or four more.
public struct PreparedHMACSHA256: Sendable {
    private let absorbed: crypto_auth_hmacsha256_state

    public init(key: [UInt8], start: some Collection<UInt8>) {
        Sodium.ready()
        var state = crypto_auth_hmacsha256_state()
        let start = Array(start)
        _ = crypto_auth_hmacsha256_init(&state, key, key.count)
        _ = crypto_auth_hmacsha256_update(&state, start, UInt64(start.count))
        absorbed = state
    }

    /// The HMAC-SHA-256 of the start followed by `rest`: 32 bytes.
    public func code(for rest: some Collection<UInt8>) -> [UInt8] {
        var state = absorbed
        var output = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_BYTES))
        let absorbedInPlace = rest.withContiguousStorageIfAvailable { bytes in
            _ = crypto_auth_hmacsha256_update(&state, bytes.baseAddress, UInt64(bytes.count))
        }
        if absorbedInPlace == nil {
            let bytes = Array(rest)
            _ = crypto_auth_hmacsha256_update(&state, bytes, UInt64(bytes.count))
        }
        _ = crypto_auth_hmacsha256_final(&state, &output)
        return output
    }
}
