import GrubmapCore
import GrubmapOutbound
import Testing

/// Every range the outbound client refuses, at its first and last address and one step outside each end, in IPv4
/// and IPv6 and in the IPv6 forms that carry an IPv4 address. The expectations are written out from IANA's
/// special-purpose registries, not computed from the rule's own table.
@Suite struct PublicAddressRuleTests {
    typealias Refusal = PublicAddressRule.Refusal

    /// (address, why it is refused, or `nil` for a public one).
    static let ipv4: [(String, Refusal?)] = [
        // 0.0.0.0/8 this network
        ("0.0.0.0", .unspecified), ("0.255.255.255", .unspecified), ("1.0.0.0", nil),
        // 10.0.0.0/8
        ("9.255.255.255", nil), ("10.0.0.0", .privateNetwork), ("10.255.255.255", .privateNetwork), ("11.0.0.0", nil),
        // 100.64.0.0/10 carrier-grade NAT
        ("100.63.255.255", nil), ("100.64.0.0", .sharedAddressSpace), ("100.127.255.255", .sharedAddressSpace),
        ("100.128.0.0", nil),
        // 127.0.0.0/8
        ("126.255.255.255", nil), ("127.0.0.0", .loopback), ("127.0.0.1", .loopback), ("127.255.255.255", .loopback),
        ("128.0.0.0", nil),
        // 169.254.0.0/16, with the cloud metadata address
        ("169.253.255.255", nil), ("169.254.0.0", .linkLocal), ("169.254.169.254", .linkLocal),
        ("169.254.255.255", .linkLocal), ("169.255.0.0", nil),
        // 172.16.0.0/12
        ("172.15.255.255", nil), ("172.16.0.0", .privateNetwork), ("172.31.255.255", .privateNetwork),
        ("172.32.0.0", nil),
        // 192.0.0.0/24, 192.0.2.0/24
        ("191.255.255.255", nil), ("192.0.0.0", .protocolAssignments), ("192.0.0.255", .protocolAssignments),
        ("192.0.1.0", nil), ("192.0.1.255", nil), ("192.0.2.0", .documentation), ("192.0.2.255", .documentation),
        ("192.0.3.0", nil),
        // 192.88.99.0/24
        ("192.88.98.255", nil), ("192.88.99.0", .relayAnycast), ("192.88.99.255", .relayAnycast),
        ("192.88.100.0", nil),
        // 192.168.0.0/16
        ("192.167.255.255", nil), ("192.168.0.0", .privateNetwork), ("192.168.255.255", .privateNetwork),
        ("192.169.0.0", nil),
        // 198.18.0.0/15, 198.51.100.0/24
        ("198.17.255.255", nil), ("198.18.0.0", .benchmarking), ("198.19.255.255", .benchmarking), ("198.20.0.0", nil),
        ("198.51.99.255", nil), ("198.51.100.0", .documentation), ("198.51.100.255", .documentation),
        ("198.51.101.0", nil),
        // 203.0.113.0/24
        ("203.0.112.255", nil), ("203.0.113.0", .documentation), ("203.0.113.255", .documentation),
        ("203.0.114.0", nil),
        // 224.0.0.0/4 multicast, then 240.0.0.0/4 reserved up to the broadcast address
        ("223.255.255.255", nil), ("224.0.0.0", .multicast), ("239.255.255.255", .multicast),
        ("240.0.0.0", .reserved), ("255.255.255.254", .reserved), ("255.255.255.255", .reserved),
        // Public ones elsewhere
        ("8.8.8.8", nil), ("1.1.1.1", nil), ("93.184.216.34", nil), ("211.234.118.50", nil),
    ]

    static let ipv6: [(String, Refusal?)] = [
        ("::", .unspecified), ("::1", .loopback), ("::2", .unspecified),
        // IPv4-mapped ::ffff:0:0/96: judged by the IPv4 address
        ("::ffff:127.0.0.1", .loopback), ("::ffff:7f00:1", .loopback), ("::ffff:10.1.2.3", .privateNetwork),
        ("::ffff:169.254.169.254", .linkLocal), ("::ffff:100.64.0.1", .sharedAddressSpace),
        ("::ffff:192.168.1.1", .privateNetwork), ("::ffff:0.0.0.0", .unspecified), ("::ffff:224.0.0.1", .multicast),
        ("::ffff:255.255.255.255", .reserved), ("::ffff:8.8.8.8", nil),
        ("::fffe:ffff:ffff", .reserved), ("::1:0:0:0", .reserved), ("0:0:0:0:1:ffff:808:808", .reserved),
        // IPv4-compatible ::/96
        ("::127.0.0.1", .loopback), ("::10.0.0.1", .privateNetwork), ("::255.255.255.255", .reserved),
        ("::8.8.8.8", nil),
        // NAT64 64:ff9b::/96 and its local-use /48
        ("64:ff9b::127.0.0.1", .loopback), ("64:ff9b::169.254.169.254", .linkLocal), ("64:ff9b::8.8.8.8", nil),
        ("64:ff9b::1:0:0", .reserved), ("64:ff9a:ffff:ffff:ffff:ffff:ffff:ffff", .reserved),
        ("64:ff9b:1::", .localNAT64), ("64:ff9b:1:ffff:ffff:ffff:ffff:ffff", .localNAT64),
        ("64:ff9b:2::", .reserved),
        // 6to4 2002::/16: the IPv4 address in bits 16-47
        ("2002:7f00:1::", .loopback), ("2002:c0a8:101::1", .privateNetwork), ("2002:a9fe:a9fe::", .linkLocal),
        ("2002:0808:0808::1", nil), ("2001:ffff:ffff:ffff:ffff:ffff:ffff:ffff", nil), ("2003::", nil),
        // 2001::/23 protocol assignments, Teredo 2001::/32, documentation 2001:db8::/32
        ("2001::", .teredo), ("2001:0:ffff:ffff:ffff:ffff:ffff:ffff", .teredo), ("2001:1::1", .protocolAssignments),
        ("2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff", .protocolAssignments), ("2001:200::", nil),
        ("2001:db7:ffff:ffff:ffff:ffff:ffff:ffff", nil), ("2001:db8::", .documentation),
        ("2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", .documentation), ("2001:db9::", nil),
        // 100::/64 discard-only
        ("100::", .discardOnly), ("100::ffff:ffff:ffff:ffff", .discardOnly), ("100:0:0:1::", .reserved),
        // Global unicast 2000::/3 is the only public space
        ("1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .reserved), ("2000::", nil),
        ("3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", nil), ("4000::", .reserved),
        // fc00::/7 unique local
        ("fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .reserved), ("fc00::", .uniqueLocal),
        ("fd12:3456::1", .uniqueLocal),
        ("fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .uniqueLocal), ("fe00::", .reserved),
        // fe80::/10 link-local, fec0::/10 site-local
        ("fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .reserved), ("fe80::", .linkLocal), ("fe80::1", .linkLocal),
        ("febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .linkLocal), ("fec0::", .siteLocal),
        ("feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .siteLocal),
        // ff00::/8 multicast
        ("ff00::", .multicast), ("ff02::1", .multicast), ("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .multicast),
        // Public ones
        ("2606:4700:4700::1111", nil), ("2001:4860:4860::8888", nil), ("2a00:1450:4001:80b::200e", nil),
    ]

    @Test(arguments: ipv4 + ipv6)
    func anAddressIsRefusedForItsRangeOrIsPublic(text: String, expected: Refusal?) throws {
        let address = try #require(IPAddress(text), "\(text) is an address")
        #expect(PublicAddressRule.refusal(for: address) == expected, "\(text)")
        #expect(PublicAddressRule.isPublic(address) == (expected == nil), "\(text)")
    }

    @Test func everyKindOfRefusalIsTested() {
        let tested = Set((Self.ipv4 + Self.ipv6).compactMap(\.1))
        #expect(tested == Set(Refusal.allCases))
    }

    @Test func addressesAreReadAsTheCLibraryReadsThemAndWrittenBack() throws {
        #expect(IPAddress("127.0.0.1")?.bytes == [127, 0, 0, 1])
        #expect(IPAddress("::1")?.bytes == [UInt8](repeating: 0, count: 15) + [1])
        #expect(IPAddress(bytes: [127, 0, 0, 1]) == IPAddress("127.0.0.1"))
        #expect(IPAddress(bytes: [UInt8](repeating: 0, count: 15) + [1]) == IPAddress("::1"))
        #expect(IPAddress(bytes: [1, 2, 3]) == nil)
        for text in ["127.0.0.1", "::1", "2001:db8::1", "::ffff:10.0.0.1", "169.254.169.254"] {
            #expect(try #require(IPAddress(text)).description == text)
        }
        // Names and the short forms some resolvers accept are not addresses; the client judges what they resolve to.
        for text in ["localhost", "127.1", "0x7f000001", "2130706433", "[::1]", "fe80::1%eth0", "", "1.2.3.4.5"] {
            #expect(IPAddress(text) == nil, "\(text)")
        }
    }
}
