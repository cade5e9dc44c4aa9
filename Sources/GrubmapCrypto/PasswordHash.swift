import CSodium

/// Passwords stored as Argon2id hashes (libsodium's `crypto_pwhash_argon2id_str`): a self-describing string
/// (`$argon2id$v=19$m=…,t=…,p=1$salt$hash`) with a random salt and the cost it was made with, so checking it needs
/// nothing else and stronger costs later still check old hashes.
public struct PasswordHasher: Sendable, Equatable {
    /// How much time and memory one hash costs.
    public struct Cost: Sendable, Equatable {
        /// Argon2 passes over memory.
        public let operations: UInt64
        /// Bytes of memory.
        public let memoryBytes: Int

        /// libsodium's interactive limits (2 passes over 64 MiB): its advice for online sign-in, about a tenth of a
        /// second here.
        public static var interactive: Cost {
            Cost(
                operations: UInt64(crypto_pwhash_argon2id_opslimit_interactive()),
                memoryBytes: crypto_pwhash_argon2id_memlimit_interactive())
        }

        /// The least Argon2id allows, for tests that make many hashes; never for real passwords.
        public static var minimum: Cost {
            Cost(
                operations: UInt64(crypto_pwhash_argon2id_opslimit_min()),
                memoryBytes: crypto_pwhash_argon2id_memlimit_min())
        }
    }

    public let cost: Cost

    public init(cost: Cost = .interactive) {
        self.cost = cost
    }

    /// The stored form of `password`, salted with fresh random bytes; `nil` only when the system cannot give the
    /// memory the cost asks for.
    public func hash(_ password: String) -> String? {
        Sodium.ready()
        var output = [CChar](repeating: 0, count: crypto_pwhash_argon2id_strbytes())
        // `utf8CString` ends in a NUL, so even an empty password has an address to pass.
        let characters = password.utf8CString
        let status = characters.withUnsafeBufferPointer { buffer in
            crypto_pwhash_argon2id_str(
                &output, buffer.baseAddress!, UInt64(buffer.count - 1), cost.operations, cost.memoryBytes)
        }
        guard status == 0 else { return nil }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `password` is the one `stored` was made from. `crypto_pwhash_argon2id_str_verify` recomputes the hash
    /// with the stored salt and cost and compares in constant time; a malformed `stored` is simply no match.
    public static func verify(_ password: String, against stored: String) -> Bool {
        Sodium.ready()
        let characters = password.utf8CString
        return characters.withUnsafeBufferPointer { buffer in
            crypto_pwhash_argon2id_str_verify(stored, buffer.baseAddress!, UInt64(buffer.count - 1)) == 0
        }
    }

    /// Whether a stored hash was made with another cost than this hasher's (re-hash it at the next sign-in).
    public func needsRehash(_ stored: String) -> Bool {
        crypto_pwhash_argon2id_str_needs_rehash(stored, cost.operations, cost.memoryBytes) != 0
    }

    /// A hash of a password nobody knows, made with this hasher's cost: checked when an address has no account, so a
    /// sign-in takes as long whether or not the address exists.
    public func makeDecoy() -> String {
        hash(Base32.encode(Digest.randomBytes(20))) ?? ""
    }
}
