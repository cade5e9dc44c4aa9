#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address, parsed from text with `inet_pton` and written back with `inet_ntop` (so `::FFFF:7F00:1`
/// and `::ffff:127.0.0.1` are the same address and print one way). The server reads its peers and proxies with it,
/// the outbound client the addresses it connects to.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address in network order: 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// Reads `text` as an IPv4 address in dotted decimal or an IPv6 address (RFC 4291's text forms, without brackets,
    /// ports or a `%zone`); `nil` for anything else.
    public init?(_ text: some StringProtocol) {
        // inet_pton would stop at a NUL; the longest IPv6 text form is 45 characters.
        let text = String(text)
        guard !text.isEmpty, text.utf8.count <= 45, !text.utf8.contains(0) else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
            return
        }
        return nil
    }

    /// An address from its 4 or 16 bytes in network order (as a socket address holds them); `nil` for any other
    /// count.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = Array(bytes)
    }

    private init(exactly bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether this is an IPv4 address (an IPv4-mapped IPv6 address is not; see ``unmapped``).
    public var isIPv4: Bool { bytes.count == 4 }

    /// The IPv4 address that an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, as a dual-stack socket reports an IPv4
    /// peer) stands for; any other address as it is.
    public var unmapped: IPAddress {
        guard bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF else {
            return self
        }
        return IPAddress(exactly: Array(bytes[12...]))
    }

    /// The address with every bit after the first `bits` cleared (`bits` is clamped to the address's length).
    public func masked(to bits: Int) -> IPAddress {
        let kept = max(0, min(bits, bytes.count * 8))
        return IPAddress(
            exactly: bytes.indices.map { index in
                let bitsInByte = max(0, min(8, kept - index * 8))
                return bitsInByte == 8 ? bytes[index] : bytes[index] & ~(0xFF >> bitsInByte)
            })
    }

    /// The canonical text (`inet_ntop`): `192.0.2.1`, `2001:db8::1`.
    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written: UnsafePointer<CChar>? = bytes.withUnsafeBytes { raw in
            inet_ntop(isIPv4 ? AF_INET : AF_INET6, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A block of addresses: one address (`192.0.2.7`, `::1`) or a CIDR prefix (`10.0.0.0/8`, `2001:db8::/32`).
public struct IPRange: Hashable, Sendable, CustomStringConvertible {
    /// The first address of the block (the given address with its host bits cleared).
    public let network: IPAddress
    /// How many leading bits every address of the block shares with ``network``.
    public let prefixLength: Int

    /// Reads `ADDRESS` or `ADDRESS/BITS` (0-32 for IPv4, 0-128 for IPv6); `nil` for anything else. An IPv4-mapped
    /// IPv6 block (`::ffff:10.0.0.0/104`) is kept as the IPv4 block it stands for.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else { return nil }
        var length = address.bytes.count * 8
        if parts.count == 2 {
            let digits = parts[1]
            guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let bits = Int(digits),
                (0...length).contains(bits)
            else { return nil }
            length = bits
        }
        let unmapped = address.unmapped
        if unmapped.isIPv4, !address.isIPv4 {
            guard length >= 96 else { return nil }
            length -= 96
        }
        network = unmapped.masked(to: length)
        prefixLength = length
    }

    /// Whether `address` is in the block; an IPv4-mapped IPv6 address counts as its IPv4 address.
    public func contains(_ address: IPAddress) -> Bool {
        let address = address.unmapped
        return address.bytes.count == network.bytes.count && address.masked(to: prefixLength) == network
    }

    /// `ADDRESS/BITS`.
    public var description: String { "\(network)/\(prefixLength)" }
}
