import CNettle
import CSodium

/// A NIST P-256 private key and its public point, on Nettle's `ecc` (`nettle_get_secp_256r1`): key generation
/// (`ecdsa_generate_keypair`), Diffie-Hellman (`ecc_point_mul`) and ES256 signatures (`ecdsa_sign` over SHA-256).
///
/// Keys are kept as bytes, the way Web Push writes them: the private scalar as 32 big-endian bytes, the public point
/// uncompressed (`0x04 ‖ x ‖ y`, 65 bytes). Nettle's structures are made for each operation and cleared after it.
public struct P256PrivateKey: Sendable, Equatable {
    /// The scalar, 32 bytes big-endian.
    public let rawRepresentation: [UInt8]
    /// The public point, uncompressed: 65 bytes starting with 0x04.
    public let publicKey: [UInt8]

    /// A new key from libsodium's random source (`randombytes_buf`).
    public init() {
        var scalar = [UInt8](repeating: 0, count: 32)
        let point = P256.withPoint { pub in
            P256.withScalar { key in
                Sodium.ready()
                nettle_ecdsa_generate_keypair(pub, key, nil, sodiumRandom)
                cnettle_scalar_get(key, &scalar)
            }
            return P256.coordinates(of: pub)
        }
        rawRepresentation = scalar
        publicKey = [0x04] + point
    }

    /// The key whose scalar is `rawRepresentation`; `nil` unless it is 32 bytes and between 1 and the group order.
    public init?(rawRepresentation: [UInt8]) {
        guard rawRepresentation.count == 32 else { return nil }
        var point: [UInt8]?
        P256.withScalar { key in
            guard cnettle_scalar_set(key, rawRepresentation) == 1 else { return }
            point = P256.withPoint { pub in
                nettle_ecc_point_mul_g(pub, key)
                return P256.coordinates(of: pub)
            }
        }
        guard let point else { return nil }
        self.rawRepresentation = rawRepresentation
        publicKey = [0x04] + point
    }

    /// The ECDH shared secret with `peerPublicKey` (uncompressed): the x coordinate of the product, 32 bytes; `nil`
    /// when `peerPublicKey` is not a point on the curve.
    public func sharedSecret(with peerPublicKey: [UInt8]) -> [UInt8]? {
        P256.withPublicKey(peerPublicKey) { peer in
            P256.withScalar { key in
                _ = cnettle_scalar_set(key, rawRepresentation)
                return P256.withPoint { product in
                    nettle_ecc_point_mul(product, key, peer)
                    return Array(P256.coordinates(of: product).prefix(32))
                }
            }
        }
    }

    /// The ES256 signature of `message` (ECDSA over its SHA-256, with a random nonce): r ‖ s, 64 bytes.
    public func signature(for message: some Collection<UInt8>) -> [UInt8] {
        let digest = Digest.sha256(message)
        var signature = [UInt8](repeating: 0, count: 64)
        P256.withScalar { key in
            _ = cnettle_scalar_set(key, rawRepresentation)
            Sodium.ready()
            cnettle_ecdsa_sign(key, nil, sodiumRandom, digest, &signature)
        }
        return signature
    }
}

/// Checking signatures and the Nettle structures the key's operations share.
public enum P256 {
    /// Whether `signature` (r ‖ s) is an ES256 signature of `message` by the key whose uncompressed public point is
    /// `publicKey` (`ecdsa_verify`).
    public static func isValidSignature(
        _ signature: [UInt8], of message: some Collection<UInt8>, publicKey: [UInt8]
    ) -> Bool {
        guard signature.count == 64 else { return false }
        let digest = Digest.sha256(message)
        return withPublicKey(publicKey) { key in cnettle_ecdsa_verify(key, digest, signature) == 1 } ?? false
    }

    /// Whether `bytes` is an uncompressed point on the curve, as a browser's `p256dh` key must be.
    public static func isPublicKey(_ bytes: [UInt8]) -> Bool {
        withPublicKey(bytes) { _ in true } ?? false
    }

    static func withScalar<Result>(_ body: (UnsafeMutablePointer<ecc_scalar>) -> Result) -> Result {
        var scalar = ecc_scalar()
        nettle_ecc_scalar_init(&scalar, nettle_get_secp_256r1())
        defer { nettle_ecc_scalar_clear(&scalar) }
        return body(&scalar)
    }

    static func withPoint<Result>(_ body: (UnsafeMutablePointer<ecc_point>) -> Result) -> Result {
        var point = ecc_point()
        nettle_ecc_point_init(&point, nettle_get_secp_256r1())
        defer { nettle_ecc_point_clear(&point) }
        return body(&point)
    }

    /// `body` with the point `bytes` holds (0x04 ‖ x ‖ y); `nil` when it holds none on the curve.
    static func withPublicKey<Result>(_ bytes: [UInt8], _ body: (UnsafeMutablePointer<ecc_point>) -> Result)
        -> Result?
    {
        guard bytes.count == 65, bytes[0] == 0x04 else { return nil }
        return withPoint { point in
            guard cnettle_point_set(point, Array(bytes[1..<33]), Array(bytes[33...])) == 1 else { return nil }
            return body(point)
        }
    }

    /// x ‖ y, 64 bytes.
    static func coordinates(of point: UnsafeMutablePointer<ecc_point>) -> [UInt8] {
        var x = [UInt8](repeating: 0, count: 32)
        var y = [UInt8](repeating: 0, count: 32)
        cnettle_point_get(point, &x, &y)
        return x + y
    }
}

/// Nettle's `nettle_random_func`, filled by libsodium's `randombytes_buf` (the operating system's source).
private let sodiumRandom: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutablePointer<UInt8>?) -> Void = {
    _, length, destination in
    guard let destination else { return }
    randombytes_buf(destination, length)
}
