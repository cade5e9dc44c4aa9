import GrubmapCore
import Testing

@testable import GrubmapHTTP

/// Addresses and blocks as `--trusted-proxy` reads them, and the client address read through forwarding headers:
/// believed only from trusted peers, and then only as far as the chain is trusted.
@Suite struct TrustedProxiesTests {
    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1"), ("::1", "::1"), ("2001:DB8:0:0::1", "2001:db8::1"),
        ("::ffff:127.0.0.1", "::ffff:127.0.0.1"), ("0.0.0.0", "0.0.0.0"),
    ])
    func addressesAreReadAndWrittenCanonically(text: String, canonical: String) throws {
        #expect(try #require(IPAddress(text)).description == canonical)
    }

    @Test(arguments: [
        "", "1.2.3", "256.1.1.1", "1.2.3.4.5", "::g", " 1.2.3.4", "1.2.3.4 ", "[::1]", "1.2.3.4:80", "fe80::1%eth0",
        "1.2.3.4\u{0}", "localhost", String(repeating: "1", count: 100),
    ])
    func anythingElseIsNotAnAddress(text: String) {
        #expect(IPAddress(text) == nil)
    }

    @Test func blocksContainTheirAddressesInBothFamilies() throws {
        let local = try #require(IPRange("127.0.0.0/8"))
        #expect(local.contains(try #require(IPAddress("127.200.3.4"))))
        #expect(local.contains(try #require(IPAddress("::ffff:127.0.0.9"))))
        #expect(!local.contains(try #require(IPAddress("128.0.0.1"))))
        #expect(!local.contains(try #require(IPAddress("::1"))))
        let one = try #require(IPRange("10.1.2.3"))
        #expect(one.description == "10.1.2.3/32")
        #expect(try one.contains(#require(IPAddress("10.1.2.3"))) && !one.contains(#require(IPAddress("10.1.2.4"))))
        let six = try #require(IPRange("2001:db8:ab::1/48"))
        #expect(six.description == "2001:db8:ab::/48")
        #expect(six.contains(try #require(IPAddress("2001:db8:ab:ffff::2"))))
        #expect(!six.contains(try #require(IPAddress("2001:db8:ac::2"))))
        #expect(!six.contains(try #require(IPAddress("10.1.2.3"))))
        let mapped = try #require(IPRange("::ffff:10.0.0.0/104"))
        #expect(mapped.description == "10.0.0.0/8")
        #expect(try #require(IPRange("0.0.0.0/0")).contains(try #require(IPAddress("203.0.113.9"))))
        #expect(try #require(IPRange("::/0")).contains(try #require(IPAddress("2001:db8::9"))))
        for text in ["10.0.0.0/33", "::/129", "10.0.0.0/", "/8", "10.0.0.0/-1", "10.0.0.0/8/8", "10.0.0.0/+8", "x/8"] {
            #expect(IPRange(text) == nil, "\(text)")
        }
    }

    private static let proxies = TrustedProxies(["127.0.0.1", "10.0.0.0/8", "::1"].compactMap { IPRange($0) })

    private func client(_ peer: String, _ fields: [(String, String)], trusting proxies: TrustedProxies = proxies)
        -> String
    {
        var headers = Headers()
        for (name, value) in fields { headers.add(name: name, value: value) }
        return proxies.clientAddress(peer: peer, headers: headers)
    }

    @Test func fromAnUntrustedPeerEveryForwardingHeaderIsIgnored() {
        let forged: [(String, String)] = [
            ("X-Forwarded-For", "6.6.6.6"), ("Forwarded", "for=7.7.7.7"), ("X-Real-IP", "8.8.8.8"),
        ]
        #expect(client("203.0.113.5", forged) == "203.0.113.5")
        #expect(client("127.0.0.1", forged, trusting: TrustedProxies.none) == "127.0.0.1")
        #expect(client("127.0.0.2", forged) == "127.0.0.2")
        // A dual-stack socket's IPv4 peer is counted as the IPv4 address, trusted or not.
        #expect(client("::ffff:203.0.113.5", forged) == "203.0.113.5")
        #expect(client("::ffff:127.0.0.1", [("X-Real-IP", "8.8.8.8")]) == "8.8.8.8")
    }

    @Test func theClientIsTheRightMostUntrustedAddressOfTheChain() {
        // The client wrote 6.6.6.6 itself; the proxy appended the address it heard from.
        #expect(client("127.0.0.1", [("X-Forwarded-For", "6.6.6.6, 203.0.113.1")]) == "203.0.113.1")
        #expect(
            client("127.0.0.1", [("X-Forwarded-For", "6.6.6.6"), ("X-Forwarded-For", "203.0.113.1")]) == "203.0.113.1")
        // Two trusted proxies in a row: the walk goes past both.
        #expect(client("127.0.0.1", [("X-Forwarded-For", "6.6.6.6, 203.0.113.1, 10.2.3.4")]) == "203.0.113.1")
        #expect(client("::1", [("X-Forwarded-For", "2001:db8::7")]) == "2001:db8::7")
        #expect(client("127.0.0.1", [("X-Forwarded-For", "203.0.113.1:5678")]) == "203.0.113.1")
        #expect(client("127.0.0.1", [("X-Forwarded-For", "[2001:db8::7]:443")]) == "2001:db8::7")
        // Every hop trusted: the left-most.
        #expect(client("127.0.0.1", [("X-Forwarded-For", "10.9.9.9, 10.1.1.1")]) == "10.9.9.9")
        // Not an address where the chain is still trusted: the proxy that wrote it is the client.
        for garbage in ["unknown", "", "6.6.6.6, nonsense", "1.2.3.4:x", "[::1", "6.6.6.6,"] {
            #expect(client("127.0.0.1", [("X-Forwarded-For", garbage)]) == "127.0.0.1", "\(garbage)")
        }
        #expect(client("127.0.0.1", [("X-Forwarded-For", "6.6.6.6, junk, 10.1.1.1")]) == "10.1.1.1")
    }

    @Test func forwardedIsReadAsRFC7239Says() {
        #expect(client("127.0.0.1", [("Forwarded", "for=192.0.2.60;proto=http;by=203.0.113.43")]) == "192.0.2.60")
        #expect(
            client("127.0.0.1", [("Forwarded", #"for="_gazonk", For="[2001:db8:cafe::17]:4711""#)])
                == "2001:db8:cafe::17")
        #expect(
            client("127.0.0.1", [("Forwarded", "for=6.6.6.6"), ("Forwarded", "for=198.51.100.17")]) == "198.51.100.17")
        #expect(client("127.0.0.1", [("Forwarded", "proto=https;for=unknown")]) == "127.0.0.1")
        #expect(client("127.0.0.1", [("Forwarded", "by=10.0.0.1")]) == "127.0.0.1")
        #expect(client("127.0.0.1", [("Forwarded", #"for="198.51.100.1, 6.6.6.6""#)]) == "127.0.0.1")
        #expect(
            TrustedProxies.forwardedFor(in: #"for=1.1.1.1;by="a,b", for = "[::1]" ,proto=x"#).map { $0?.description }
                == ["1.1.1.1", "::1", nil])
    }

    @Test func oneHeaderIsReadXForwardedForFirstThenForwardedThenXRealIP() {
        let all: [(String, String)] = [
            ("X-Real-IP", "8.8.8.8"), ("Forwarded", "for=7.7.7.7"), ("X-Forwarded-For", "6.6.6.6"),
        ]
        #expect(client("127.0.0.1", all) == "6.6.6.6")
        #expect(client("127.0.0.1", Array(all.prefix(2))) == "7.7.7.7")
        #expect(client("127.0.0.1", [("X-Real-IP", " 8.8.8.8 ")]) == "8.8.8.8")
        #expect(client("127.0.0.1", [("X-Real-IP", "8.8.8.8, 9.9.9.9")]) == "127.0.0.1")
    }

    @Test func onlyATrustedProxySaysTheRequestWasSecure() throws {
        var request = try Request(method: .get, target: "/", headers: ["X-Forwarded-Proto": "https"])
        request.remoteAddress = "203.0.113.5"
        #expect(!Self.proxies.isSecure(request))
        request.remoteAddress = "127.0.0.1"
        #expect(Self.proxies.isSecure(request))
        #expect(!TrustedProxies.none.isSecure(request))
        request.headers["X-Forwarded-Proto"] = "https, http"
        #expect(!Self.proxies.isSecure(request))
        request.headers["X-Forwarded-Proto"] = nil
        request.isTLS = true
        #expect(Self.proxies.isSecure(request) && TrustedProxies.none.isSecure(request))
    }

    @Test func forwardingHeadersAreNoticedWhoeverSentThem() throws {
        for name in ["X-Forwarded-For", "forwarded", "X-REAL-IP"] {
            #expect(try Request(method: .get, target: "/", headers: [name: "1.2.3.4"]).hasForwardingHeaders)
        }
        #expect(try !Request(method: .get, target: "/", headers: ["X-Forwarded-Proto": "https"]).hasForwardingHeaders)
    }
}
