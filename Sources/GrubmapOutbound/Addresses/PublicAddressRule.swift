import GrubmapCore

/// Which addresses Grubmap's outbound client may connect to: public unicast ones, and nothing on this machine, its
/// networks or the provider's (a feed set to `http://169.254.169.254/` must not read the cloud's metadata).
///
/// Pure: the client asks it about each address at the moment it connects (so a name that resolves to a public
/// address when checked and a private one when used, DNS rebinding, still cannot pass). The ranges are IANA's
/// special-purpose registries (RFC 6890 and its updates); an IPv6 address that carries an IPv4 one (IPv4-mapped
/// `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:AABB:CCDD::`) is judged by
/// the IPv4 address it carries, and any other IPv6 address outside global unicast (`2000::/3`) is refused.
public enum PublicAddressRule {
    /// Why an address is not public.
    public enum Refusal: String, Sendable, CaseIterable, CustomStringConvertible {
        /// `0.0.0.0/8` ("this network") and `::`.
        case unspecified
        /// `127.0.0.0/8` and `::1`.
        case loopback
        /// `10.0.0.0/8`, `172.16.0.0/12`, `192.168.0.0/16` (RFC 1918).
        case privateNetwork
        /// `100.64.0.0/10`, carrier-grade NAT (RFC 6598).
        case sharedAddressSpace
        /// `169.254.0.0/16` (where clouds answer metadata requests) and `fe80::/10`.
        case linkLocal
        /// `224.0.0.0/4` and `ff00::/8`.
        case multicast
        /// `240.0.0.0/4` with the broadcast address `255.255.255.255`, and IPv6 outside `2000::/3`.
        case reserved
        /// `fc00::/7`, IPv6's private networks (RFC 4193).
        case uniqueLocal
        /// `fec0::/10`, deprecated but still routed inside some networks.
        case siteLocal
        /// `192.0.2.0/24`, `198.51.100.0/24`, `203.0.113.0/24`, `2001:db8::/32`.
        case documentation
        /// `198.18.0.0/15`.
        case benchmarking
        /// `192.0.0.0/24` and `2001::/23`, assigned to protocols rather than hosts.
        case protocolAssignments
        /// `192.88.99.0/24`, the retired 6to4 relays.
        case relayAnycast
        /// `2001::/32`, which hides an IPv4 address that cannot be checked.
        case teredo
        /// `100::/64`.
        case discardOnly
        /// `64:ff9b:1::/48`, NAT64 inside one network (RFC 8215).
        case localNAT64

        public var description: String {
            switch self {
            case .unspecified: "an unspecified (this-network) address"
            case .loopback: "a loopback address"
            case .privateNetwork: "a private network's address"
            case .sharedAddressSpace: "a carrier-grade NAT address"
            case .linkLocal: "a link-local address"
            case .multicast: "a multicast address"
            case .reserved: "a reserved address"
            case .uniqueLocal: "a unique local IPv6 address"
            case .siteLocal: "a site-local IPv6 address"
            case .documentation: "a documentation address"
            case .benchmarking: "a benchmarking address"
            case .protocolAssignments: "an address assigned to a protocol"
            case .relayAnycast: "a 6to4 relay address"
            case .teredo: "a Teredo address"
            case .discardOnly: "a discard-only address"
            case .localNAT64: "a local NAT64 address"
            }
        }
    }

    /// Why `address` may not be connected to, or `nil` when it is public.
    public static func refusal(for address: IPAddress) -> Refusal? {
        // The address as a number in network order: `127.0.0.1` is `0x7f00_0001`, `::1` is `1`.
        address.isIPv4
            ? refusal(ipv4: address.bytes.reduce(0) { $0 << 8 | UInt32($1) })
            : refusal(ipv6: address.bytes.reduce(0) { $0 << 8 | UInt128($1) })
    }

    /// Whether `address` is a public unicast address.
    public static func isPublic(_ address: IPAddress) -> Bool {
        refusal(for: address) == nil
    }

    /// IPv4's special-purpose ranges: (first address, prefix length, why).
    private static let ipv4Ranges: [(UInt32, Int, Refusal)] = [
        (0x0000_0000, 8, .unspecified),  // 0.0.0.0/8
        (0x0a00_0000, 8, .privateNetwork),  // 10.0.0.0/8
        (0x6440_0000, 10, .sharedAddressSpace),  // 100.64.0.0/10
        (0x7f00_0000, 8, .loopback),  // 127.0.0.0/8
        (0xa9fe_0000, 16, .linkLocal),  // 169.254.0.0/16
        (0xac10_0000, 12, .privateNetwork),  // 172.16.0.0/12
        (0xc000_0000, 24, .protocolAssignments),  // 192.0.0.0/24
        (0xc000_0200, 24, .documentation),  // 192.0.2.0/24
        (0xc058_6300, 24, .relayAnycast),  // 192.88.99.0/24
        (0xc0a8_0000, 16, .privateNetwork),  // 192.168.0.0/16
        (0xc612_0000, 15, .benchmarking),  // 198.18.0.0/15
        (0xc633_6400, 24, .documentation),  // 198.51.100.0/24
        (0xcb00_7100, 24, .documentation),  // 203.0.113.0/24
        (0xe000_0000, 4, .multicast),  // 224.0.0.0/4
        (0xf000_0000, 4, .reserved),  // 240.0.0.0/4, with 255.255.255.255
    ]

    private static func refusal(ipv4 value: UInt32) -> Refusal? {
        ipv4Ranges.first { first, length, _ in value >> (32 - length) == first >> (32 - length) }?.2
    }

    /// Whether `value` is in `first`/`length`.
    private static func ipv6(_ value: UInt128, in first: UInt128, _ length: Int) -> Bool {
        value >> (128 - length) == first >> (128 - length)
    }

    private static func refusal(ipv6 value: UInt128) -> Refusal? {
        let low32 = UInt32(truncatingIfNeeded: value)
        switch value {
        case 0: return .unspecified
        case 1: return .loopback
        case _ where ipv6(value, in: 0xffff << 32, 96): return refusal(ipv4: low32)  // ::ffff:a.b.c.d
        case _ where ipv6(value, in: 0, 96): return refusal(ipv4: low32)  // ::a.b.c.d
        case _ where ipv6(value, in: 0x64_ff9b << 96, 96): return refusal(ipv4: low32)  // 64:ff9b::a.b.c.d
        case _ where ipv6(value, in: 0x64_ff9b_0001 << 80, 48): return .localNAT64
        case _ where ipv6(value, in: 0x0100 << 112, 64): return .discardOnly
        case _ where ipv6(value, in: 0x2001_0000 << 96, 32): return .teredo
        case _ where ipv6(value, in: 0x2001_0db8 << 96, 32): return .documentation
        case _ where ipv6(value, in: 0x2001 << 112, 23): return .protocolAssignments
        case _ where ipv6(value, in: 0x2002 << 112, 16):  // 2002:AABB:CCDD::/48 carries AA.BB.CC.DD
            return refusal(ipv4: UInt32(truncatingIfNeeded: value >> 80))
        case _ where ipv6(value, in: 0xfc00 << 112, 7): return .uniqueLocal
        case _ where ipv6(value, in: 0xfe80 << 112, 10): return .linkLocal
        case _ where ipv6(value, in: 0xfec0 << 112, 10): return .siteLocal
        case _ where ipv6(value, in: 0xff00 << 112, 8): return .multicast
        case _ where !ipv6(value, in: 0x2000 << 112, 3): return .reserved
        default: return nil
        }
    }
}
