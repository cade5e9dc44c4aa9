import Foundation
import GrubmapHTTP
import Synchronization
import Testing

@testable import GrubmapWeb

/// The fast lane's kept answers against the full pipeline: two servers on 127.0.0.1 serve the same app, one keeping
/// the answers of kept routes (``KeptAnswers``) and one not, and every request is compared byte for byte (status line
/// and headers included, but `Date` and the id the full pipeline makes), while the lane's count tells which answers it
/// sent. The app's clock is the test's, so an answer's age is set, not waited for.
@Suite struct KeptAnswersTests {
    /// The two servers of ``PreparedAnswersTests``, the fast one keeping answers; no test here asks for a prepared
    /// target, so every answer the lane sends is a kept one.
    typealias Pair = PreparedAnswersTests.Pair

    /// A person with a bearer token whose bookmark is Charlie, and the cookies a browser of theirs keeps.
    static func person(_ pair: Pair) throws -> (token: String, cookie: String) {
        let made = try pair.test.send(.post, "/api/v1/sessions")
        let token = try #require(
            (try JSONSerialization.jsonObject(with: Data(made.body)) as? [String: Any])?["token"] as? String)
        let bookmarked = try pair.test.send(
            .patch, "/api/v1/me/preferences",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
            body: #"{"bookmarks":["charlie"]}"#)
        #expect(bookmarked.status == .ok)
        // The device cookie and the rest a first page hands out, kept as a browser keeps them.
        var cookies = ["grubmap_session=\(token)"]
        for target in ["/areas/test-campus", "/areas/test-campus/menus", "/places/alpha"] {
            let first = try pair.test.get(target, headers: ["Cookie": cookies.joined(separator: "; ")])
            for set in first.headers.values(for: "Set-Cookie") {
                let pair = String(set.prefix { $0 != ";" })
                let name = pair.prefix { $0 != "=" }
                cookies.removeAll { $0.hasPrefix(name + "=") }
                cookies.append(pair)
            }
        }
        let cookie = cookies.joined(separator: "; ")
        #expect(try pair.test.get("/areas/test-campus", headers: ["Cookie": cookie]).headers["Set-Cookie"] == nil)
        return (token, cookie)
    }

    /// The places API anonymous and with a token (its bookmark first), the area page and its map, a place page and the
    /// board of a returning visitor, plain and gzipped, in English and Korean: the second asking of each is the lane's,
    /// and every answer is the pipeline's own bytes.
    @Test func aKeptAnswerIsThePipelinesOwnBytes() throws {
        let pair = try Pair(keeping: true)
        defer { pair.stop() }
        let (token, cookie) = try Self.person(pair)
        let asked: [(String, [String])] = [
            ("/api/v1/areas/test-campus/places", []),
            ("/api/v1/areas/test-campus/places", ["Accept-Encoding: gzip, deflate, br"]),
            ("/api/v1/areas/test-campus/places", ["Accept-Language: ko-KR,ko;q=0.9"]),
            ("/api/v1/areas/test-campus/places?limit=2", ["Authorization: Bearer \(token)"]),
            ("/areas/test-campus", ["Cookie: \(cookie)", "Accept-Encoding: gzip", "User-Agent: Phone/1.0"]),
            ("/areas/test-campus?view=map", ["Cookie: \(cookie)"]),
            ("/places/alpha", ["Cookie: \(cookie)", "Sec-Fetch-Mode: navigate", "Sec-Fetch-Dest: document"]),
            ("/areas/test-campus/menus", ["Cookie: \(cookie)", "Accept-Encoding: gzip"]),
        ]
        for (target, headers) in asked {
            let before = pair.lane
            let first = try pair.get(target, headers)
            #expect(first.hasPrefix("HTTP/1.1 200"), "\(target)")
            #expect(try pair.get(target, headers) == first, "\(target) \(headers)")
            #expect(pair.lane == before + 1, "\(target) \(headers): the second answer is the lane's")
        }
        let withToken = try pair.get("/api/v1/areas/test-campus/places?limit=2", ["Authorization: Bearer \(token)"])
        #expect(withToken.contains(#""id":"charlie""#) && !withToken.contains(#""id":"bravo""#))
    }

    /// A change this server answers is seen on the next request: a bookmark moves the token's list, a check-in the
    /// anonymous list's count, each answered by the pipeline again, then kept anew.
    @Test func aChangeIsSeenOnTheNextRequest() throws {
        let pair = try Pair(keeping: true)
        defer { pair.stop() }
        let (token, _) = try Self.person(pair)
        let bearer = "Authorization: Bearer \(token)"
        let anonymous = try pair.get("/api/v1/areas/test-campus/places")
        let mine = try pair.get("/api/v1/areas/test-campus/places?limit=1", [bearer])
        #expect(mine.contains(#""id":"charlie""#))
        try pair.get("/api/v1/areas/test-campus/places")
        let kept = pair.lane
        #expect(kept == 1)

        let json = ["Content-Type: application/json", bearer]
        #expect(
            try pair.send("PATCH", "/api/v1/me/preferences", json, body: #"{"bookmarks":["bravo"]}"#)
                .hasPrefix("HTTP/1.1 200"))
        let moved = try pair.get("/api/v1/areas/test-campus/places?limit=1", [bearer])
        #expect(moved.contains(#""id":"bravo""#) && !moved.contains(#""id":"charlie""#))
        #expect(pair.lane == kept)

        #expect(
            try pair.send("PUT", "/api/v1/me/profile", json, body: #"{"firstName":"A","lastName":"B"}"#)
                .hasPrefix("HTTP/1.1 200"))
        #expect(
            try pair.send("POST", "/api/v1/me/checkin", json, body: #"{"placeId":"alpha"}"#)
                .hasPrefix("HTTP/1.1 201"))
        let counted = try pair.get("/api/v1/areas/test-campus/places")
        #expect(counted != anonymous)
        #expect(pair.lane == kept)
        #expect(try pair.get("/api/v1/areas/test-campus/places") == counted)
        #expect(pair.lane == kept + 1)
    }

    /// A kept answer is sent again only while what it was made from is trusted: once the caches' lifetime has passed
    /// on the app's clock, the pipeline answers again.
    @Test func aKeptAnswerLastsNoLongerThanItsReads() throws {
        let pair = try Pair(keeping: true)
        defer { pair.stop() }
        try pair.get("/api/v1/areas/test-campus/places")
        try pair.get("/api/v1/areas/test-campus/places")
        #expect(pair.lane == 1)
        pair.test.clock.advance(by: AppCaches.defaultLifetime)
        try pair.get("/api/v1/areas/test-campus/places")
        #expect(pair.lane == 1)
        try pair.get("/api/v1/areas/test-campus/places")
        #expect(pair.lane == 2)
    }

    /// What could change the answer and the lane does not read takes the full pipeline: a proxy's address, an
    /// `Origin`, a revalidation, a request id, `HEAD`, a header it keys on sent twice, a header it does not know, a
    /// body; and an answer that sets a cookie (a first visit) is never kept.
    @Test func whatTheLaneCannotTellApartTakesTheFullPipeline() throws {
        let pair = try Pair(keeping: true)
        defer { pair.stop() }
        let target = "/api/v1/areas/test-campus/places"
        try pair.get(target)
        try pair.get(target)
        #expect(pair.lane == 1)
        let etag = try #require(
            try pair.get(target).components(separatedBy: "\r\n").first { $0.hasPrefix("ETag: ") }?.dropFirst(6))
        #expect(pair.lane == 2)
        for headers in [
            ["X-Forwarded-For: 203.0.113.9"], ["Origin: https://example.org"], ["If-None-Match: \(etag)"],
            ["X-Request-ID: trace-1"], ["Accept-Language: en", "Accept-Language: ko"], ["X-Something: 1"],
            ["Content-Length: 0"],
        ] {
            try pair.get(target, headers)
        }
        try pair.get(target, method: "HEAD")
        #expect(pair.lane == 2)
        // Each first visit is handed a device cookie of its own, so the two servers' answers differ there.
        let firstVisit = "GET /areas/test-campus HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n"
        for _ in 0..<2 {
            #expect(try PreparedAnswersTests.exchange(firstVisit, port: pair.fast.port).contains("Set-Cookie: "))
        }
        #expect(pair.lane == 2)
    }
}

extension PreparedAnswersTests.Pair {
    /// How many answers the lane sent so far.
    var lane: Int { sent.value.load(ordering: .relaxed) }

    /// `GET target` with `headers` on the fast server, whose answer must be the full server's.
    @discardableResult
    func get(_ target: String, _ headers: [String] = [], method: String = "GET") throws -> String {
        let request =
            "\(method) \(target) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n"
            + headers.map { $0 + "\r\n" }.joined() + "\r\n"
        let fast = try PreparedAnswersTests.exchange(request, port: self.fast.port)
        #expect(fast == (try PreparedAnswersTests.exchange(request, port: full.port)), "\(target) \(headers)")
        return fast
    }

    /// A change through the fast server (a form or JSON body), answered as the app answers it.
    func send(_ method: String, _ target: String, _ headers: [String], body: String) throws -> String {
        let request =
            "\(method) \(target) HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n"
            + headers.map { $0 + "\r\n" }.joined() + "\r\n" + body
        return try PreparedAnswersTests.exchange(request, port: fast.port)
    }
}
