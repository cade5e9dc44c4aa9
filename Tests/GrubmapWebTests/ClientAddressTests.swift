import Foundation
import GrubmapCore
import GrubmapHTTP
import Testing

@testable import GrubmapWeb

/// Whose address a request's limits are counted under: the connecting peer's, or behind a proxy named with
/// `--trusted-proxy` the address that proxy heard from. Forwarding headers from anyone else change nothing.
@Suite struct ClientAddressTests {
    private func mint(_ test: TestApp, from peer: String, _ headers: [(String, String)]) throws -> Int {
        var fields = Headers()
        for (name, value) in headers { fields.add(name: name, value: value) }
        return try test.send(.post, "/api/v1/sessions", headers: fields, from: peer).status.code
    }

    /// The report's repro: 700 sessions minted from 127.0.0.1, each with a forged `X-Forwarded-For` (and the
    /// other two headers) of its own. Without a trusted proxy they are one address: its burst of 600, then 429.
    @Test func forgedForwardingHeadersFromAnUntrustedPeerAreOneAddress() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        var statuses: [Int: Int] = [:]
        for index in 0..<700 {
            let forged = "198.51.\(index / 256).\(index % 256)"
            let headers = [("X-Forwarded-For", forged), ("Forwarded", "for=\(forged)"), ("X-Real-IP", forged)]
            statuses[try mint(test, from: "127.0.0.1", headers), default: 0] += 1
        }
        #expect(statuses == [201: 600, 429: 100])
        // Another peer is another address.
        #expect(try mint(test, from: "127.0.0.3", []) == 201)
    }

    @Test func behindATrustedProxyTheAddressIsTheOneTheProxyAddedLast() throws {
        let test = try TestApp.make {
            $0.newSessionsBurst = 1
            $0.newSessionsPerMinute = 1
            $0.trustedProxies = TrustedProxies([IPRange("127.0.0.1")].compactMap { $0 })
        }
        defer { test.cleanUp() }
        func mint(_ forwarded: [String]) throws -> Int {
            try self.mint(test, from: "127.0.0.1", forwarded.map { ("X-Forwarded-For", $0) })
        }
        // A client's own X-Forwarded-For line says nothing: the proxy's line (the last) names the client.
        #expect(try mint(["6.6.6.6", "203.0.113.1"]) == 201)
        #expect(try mint(["6.6.6.6", "203.0.113.2"]) == 201)
        #expect(try mint(["6.6.6.6, 7.7.7.7", "203.0.113.1"]) == 429)
        #expect(try mint(["203.0.113.9, 203.0.113.1"]) == 429)
        // The proxy itself, with no header, is one more address.
        #expect(try mint([]) == 201)
        #expect(try mint([]) == 429)
    }

    /// `--metrics loopback` answers this machine only when no proxy is in between: any of the three forwarding
    /// headers is refused, from an untrusted peer or a trusted one.
    @Test(arguments: ["X-Forwarded-For", "Forwarded", "X-Real-IP"])
    func metricsRefuseEveryForwardingHeader(header: String) throws {
        let test = try TestApp.make { $0.trustedProxies = TrustedProxies([IPRange("127.0.0.1")].compactMap { $0 }) }
        defer { test.cleanUp() }
        #expect(try test.get("/metrics", from: "127.0.0.2").status == .ok)
        #expect(try test.get("/metrics", from: "::1").status == .ok)
        let value = header == "Forwarded" ? "for=127.0.0.1" : "127.0.0.1"
        for peer in ["127.0.0.2", "127.0.0.1", "::ffff:127.0.0.1"] {
            let response = try test.get("/metrics", headers: [header: value], from: peer)
            #expect(response.status == .forbidden, "\(peer)")
        }
        #expect(try test.get("/metrics", from: "203.0.113.5").status == .forbidden)
    }
}
