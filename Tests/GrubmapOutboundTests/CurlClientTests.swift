import Foundation
import GrubmapHTTP
import GrubmapOutbound
import Synchronization
import Testing

/// The outbound client against real servers on 127.0.0.1, reached only where an allow-list prefix names them:
/// refused addresses (no connection made), redirects (checked each, at most 3), the size cap on plain and gzip
/// bodies, an endless body, the deadline, and errors that never tell what answered.
@Suite struct CurlClientTests {
    /// A feed of `count` bytes.
    static func feed(_ count: Int) -> [UInt8] { Array(repeating: UInt8(ascii: "x"), count: count) }

    static func client(allowing prefixes: [String]) throws -> CurlClient {
        CurlClient(allowList: try OutboundAllowList(prefixes))
    }

    func get(_ client: CurlClient, _ url: String, maximumBytes: Int = 64 * 1024, timeout: Double = 10)
        -> Result<OutboundResponse, OutboundError>
    {
        Result { () throws(OutboundError) in
            try client.get(OutboundRequest(url: url, timeoutSeconds: timeout, maximumBytes: maximumBytes))
        }
    }

    @Test func aLoopbackServerIsNotReachedUnlessAPrefixAllowsIt() throws {
        let server = try LocalHTTPServer { _, _ in Response.text("secret") }
        defer { server.stop() }
        let listener = try RawListener(.listenOnly)
        defer { listener.stop() }

        for url in [server.url("/metrics"), listener.url(), "http://localhost:\(listener.port)/"] {
            #expect(get(CurlClient(), url) == .failure(.addressNotAllowed), "\(url)")
        }
        #expect(server.paths.withLock { $0 }.isEmpty)
        #expect(listener.connections == 0)

        let allowed = try Self.client(allowing: [server.url("/feeds/")])
        let answer = try get(allowed, server.url("/feeds/a.xml")).get()
        #expect(answer.status == 200 && answer.body == Array("secret".utf8))
        // Another path of the same server is not under the prefix.
        #expect(get(allowed, server.url("/metrics")) == .failure(.addressNotAllowed))
        #expect(get(allowed, server.url("/feeds/%2e%2e/metrics")) == .failure(.addressNotAllowed))
        #expect(server.paths.withLock { $0 } == ["/feeds/a.xml"])
    }

    @Test func addressesWithCredentialsOrOtherSchemesAreRefusedBeforeAnyConnection() throws {
        let listener = try RawListener(.listenOnly)
        defer { listener.stop() }
        let client = try Self.client(allowing: [listener.url()])
        let port = listener.port
        for url in [
            "http://user:pass@127.0.0.1:\(port)/", "http://user@127.0.0.1:\(port)/", "http://:pass@127.0.0.1:\(port)/",
        ] {
            #expect(get(client, url) == .failure(.credentialsInURL), "\(url)")
        }
        for url in [
            "ftp://127.0.0.1:\(port)/", "file:///etc/passwd", "gopher://127.0.0.1:\(port)/", "dict://127.0.0.1/",
            "127.0.0.1:\(port)/", "http://", "", "http://127.0.0.1:\(port)/a b",
        ] {
            #expect(get(client, url) == .failure(.unsupportedURL), "\(url)")
        }
        #expect(listener.connections == 0)
    }

    @Test func redirectsAreFollowedUpToThreeEachCheckedAgain() throws {
        let listener = try RawListener(.listenOnly)
        defer { listener.stop() }
        let server = try LocalHTTPServer { request, server in
            let path = request.path
            if let hops = Int(path.dropFirst("/hops/".count)), path.hasPrefix("/hops/") {
                guard hops > 0 else { return Response.text("arrived") }
                // Relative and absolute locations, with several kinds of redirect status.
                let status = [
                    Status.movedPermanently, .found, .seeOther, Status(code: 307, reason: "Temporary"),
                    Status(code: 308, reason: "Permanent"),
                ][hops % 5]
                let location = hops % 2 == 0 ? "/hops/\(hops - 1)" : server.url("/hops/\(hops - 1)")
                return Response(status: status, headers: ["Location": location])
            }
            let targets = [
                "/to/listener": listener.url("/"), "/to/metrics": server.url("/metrics"),
                "/to/ftp": "ftp://127.0.0.1/x",
                "/to/password": server.url("/hops/0").replacingOccurrences(
                    of: "http://", with: "http://user:pass@"),
                "/to/link-local": "http://169.254.169.254/latest/meta-data/",
                "/to/nowhere": "",
            ]
            if let target = targets[path] {
                return Response(status: .found, headers: target.isEmpty ? [:] : ["Location": target])
            }
            return Response.text("should not be asked", status: .notFound)
        }
        defer { server.stop() }
        let client = try Self.client(allowing: [server.url("/hops/"), server.url("/to/")])

        let three = try get(client, server.url("/hops/3")).get()
        #expect(three.status == 200 && three.body == Array("arrived".utf8) && three.redirects == 3)
        #expect(three.url.text == server.url("/hops/0"))
        #expect(get(client, server.url("/hops/4")) == .failure(.tooManyRedirects(maximum: 3)))

        // A redirect to a loopback listener or a path outside the prefix is refused at connect: nothing is asked.
        #expect(get(client, server.url("/to/listener")) == .failure(.addressNotAllowed))
        #expect(listener.connections == 0)
        #expect(get(client, server.url("/to/metrics")) == .failure(.addressNotAllowed))
        #expect(!server.paths.withLock { $0 }.contains("/metrics"))
        #expect(get(client, server.url("/to/link-local")) == .failure(.addressNotAllowed))
        #expect(get(client, server.url("/to/ftp")) == .failure(.redirectRefused))
        #expect(get(client, server.url("/to/password")) == .failure(.redirectRefused))
        // A redirect without a place to go is the server's answer.
        #expect(try get(client, server.url("/to/nowhere")).get().status == 302)
    }

    @Test func aBodyIsReadUpToTheCapAndNoFurther() throws {
        let cap = 64 * 1024
        let server = try LocalHTTPServer { request, _ in
            let size = Int(request.path.dropFirst()) ?? 0
            return Response(status: .ok, headers: ["Content-Type": "application/xml"], body: Self.feed(size))
        }
        defer { server.stop() }
        let client = try Self.client(allowing: [server.url("/")])
        #expect(try get(client, server.url("/\(cap)"), maximumBytes: cap).get().body == Self.feed(cap))
        #expect(get(client, server.url("/\(cap + 1)"), maximumBytes: cap) == .failure(.tooLarge(maximumBytes: cap)))
        #expect(try get(client, server.url("/0"), maximumBytes: cap).get().body.isEmpty)
    }

    @Test func gzipIsDecodedByTheClientUnderTheSameCapCountedOnWhatItDecompressesTo() throws {
        let cap = 64 * 1024
        let fits = Self.feed(cap)
        let bomb = [UInt8](repeating: 0, count: 16 << 20)  // 16 MiB of zeros, some 16 KB of gzip
        let bodies: [String: [UInt8]] = [
            "/fits": try #require(Gzip.compress(fits, level: 6)),
            "/one-byte-more": try #require(Gzip.compress(Self.feed(cap + 1), level: 6)),
            "/bomb": try #require(Gzip.compress(bomb, level: 9)),
            "/two-members": try #require(Gzip.compress(Self.feed(100), level: 6))
                + (try #require(Gzip.compress(Self.feed(200), level: 6))),
            "/cut-short": Array(try #require(Gzip.compress(fits, level: 6)).dropLast(20)),
            "/not-gzip": Array("plain text said to be gzip".utf8),
        ]
        #expect(bodies["/bomb"].map(\.count).map { $0 < 20_000 } == true)
        let server = try LocalHTTPServer { request, _ in
            if request.path == "/brotli" {
                return Response(status: .ok, headers: ["Content-Encoding": "br"], body: [1, 2, 3])
            }
            // The client asks for gzip itself; the server sends it only to those who ask.
            let encoding = request.headers["Accept-Encoding"] == "gzip" ? "gzip" : "identity"
            return Response(status: .ok, headers: ["Content-Encoding": encoding], body: bodies[request.path] ?? [])
        }
        defer { server.stop() }
        let client = try Self.client(allowing: [server.url("/")])
        #expect(try get(client, server.url("/fits"), maximumBytes: cap).get().body == fits)
        #expect(get(client, server.url("/one-byte-more"), maximumBytes: cap) == .failure(.tooLarge(maximumBytes: cap)))
        #expect(get(client, server.url("/bomb"), maximumBytes: cap) == .failure(.tooLarge(maximumBytes: cap)))
        #expect(
            get(client, server.url("/bomb"), maximumBytes: 8 << 20) == .failure(.tooLarge(maximumBytes: 8 << 20)))
        #expect(try get(client, server.url("/two-members")).get().body == Self.feed(300))
        #expect(get(client, server.url("/cut-short")) == .failure(.undecodableBody))
        #expect(get(client, server.url("/not-gzip")) == .failure(.undecodableBody))
        #expect(get(client, server.url("/brotli")) == .failure(.undecodableBody))
    }

    @Test func anEndlessBodyIsCutOffAtTheCap() throws {
        let endless = try RawListener(.endlessChunked)
        defer { endless.stop() }
        let client = try Self.client(allowing: [endless.url()])
        #expect(
            get(client, endless.url("/feed.xml"), maximumBytes: 1 << 20) == .failure(.tooLarge(maximumBytes: 1 << 20)))
        #expect(endless.accepted.load(ordering: .relaxed) == 1)
    }

    @Test func aServerThatDoesNotAnswerTimesOutAtTheDeadline() throws {
        let server = try LocalHTTPServer { _, server in
            _ = server.release.wait(timeout: .now() + 10)
            return Response.text("too late")
        }
        defer { server.stop() }
        let client = try Self.client(allowing: [server.url("/")])
        #expect(get(client, server.url("/slow"), timeout: 1) == .failure(.timedOut(seconds: 1)))
    }

    /// A port scanner learns nothing: a closed port and an open one that does not speak HTTP give the same words,
    /// which hold nothing the peer sent.
    @Test func aClosedPortAndAnOpenNonHTTPPortLookAlike() throws {
        let banner = try RawListener(.banner(Array("SSH-2.0-OpenSSH_9.2 secret-banner\r\n".utf8)))
        defer { banner.stop() }
        let closed = try RawListener(.listenOnly)
        let closedURL = closed.url()
        closed.stop()
        let client = try Self.client(allowing: [banner.url(), closedURL])
        let open = get(client, banner.url())
        let shut = get(client, closedURL)
        #expect(open == .failure(.couldNotConnect))
        #expect(shut == .failure(.couldNotConnect))
        #expect(!OutboundError.couldNotConnect.description.contains("SSH"))
    }

    @Test func statusesOtherThan2xxComeBackWithoutTheirBody() throws {
        let server = try LocalHTTPServer { request, _ in
            if request.headers["X-Injected"] != nil { return Response.text("injected") }
            return Response.text("internal details", status: .notFound)
        }
        defer { server.stop() }
        let client = try Self.client(allowing: [server.url("/")])
        let answer = try get(client, server.url("/missing")).get()
        #expect(answer.status == 404 && answer.body.isEmpty)
        // A header value with a line break (an ETag from a previous answer, say) is not sent.
        let injected = try client.get(
            OutboundRequest(url: server.url("/x"), headers: [.init("If-None-Match", "\"a\"\r\nX-Injected: 1")]))
        #expect(injected.status == 404)
    }
}

/// `POST` through the same guards: the body and headers arrive whole, a redirect is answered, never followed, and a
/// loopback endpoint is refused unless a prefix names it.
@Suite struct CurlClientPostTests {
    @Test func aPostSendsItsBodyOnceAndFollowsNoRedirect() throws {
        let received = Mutex<[(method: String, body: [UInt8], ttl: String?)]>([])
        let server = try LocalHTTPServer { request, _ in
            received.withLock { $0.append(("\(request.method)", request.body, request.headers["TTL"])) }
            if request.path == "/moved" { return Response(status: .found, headers: ["Location": "/push/a"]) }
            return Response(status: request.path == "/gone" ? .gone : .created)
        }
        defer { server.stop() }
        let body = (0..<3000).map { UInt8($0 % 256) }
        let request = { (path: String) in
            OutboundRequest(url: server.url(path), headers: [.init("TTL", "3600")], timeoutSeconds: 10)
        }
        #expect(throws: OutboundError.addressNotAllowed) { try CurlClient().post(request("/push/a"), body: body) }

        let client = CurlClient(allowList: try OutboundAllowList([server.url("/")]))
        #expect(try client.post(request("/push/a"), body: body).status == 201)
        #expect(try client.post(request("/gone"), body: body).status == 410)
        let moved = try client.post(request("/moved"), body: body)
        #expect(moved.status == 302 && moved.redirects == 0)
        let seen = received.withLock { $0 }
        #expect(seen.count == 3)
        #expect(seen.allSatisfy { $0.method == "POST" && $0.body == body && $0.ttl == "3600" })
    }
}
