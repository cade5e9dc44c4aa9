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
        Sodium.ready()
        var state = crypto_auth_hmacsha256_state()
        var output = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_BYTES))
        let input = Array(message)
        _ = crypto_auth_hmacsha256_init(&state, key, key.count)
        _ = crypto_auth_hmacsha256_update(&state, input, UInt64(input.count))
        _ = crypto_auth_hmacsha256_final(&state, &output)
        return output
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
