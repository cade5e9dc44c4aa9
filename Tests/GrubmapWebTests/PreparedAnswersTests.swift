import Foundation
import GrubmapHTTP
import Synchronization
import Testing

@testable import GrubmapWeb

/// The server's fast lane against the full pipeline: two servers on 127.0.0.1 serve the same app as `grubmap serve`
/// does (request ids made for each answer), one with its prepared answers and one without, and every prepared
/// target, asked in every form a browser or a proxy may ask, gets the same bytes from both, status line and headers
/// included, but `Date` (it names the second) and the id the full pipeline makes (the lane makes none).
@Suite struct PreparedAnswersTests {
    /// Two servers of one app, and how many answers the fast lane sent.
    final class Pair: Sendable {
        let test: TestApp
        let fast: HTTPServer
        let full: HTTPServer
        let sent = Count()

        final class Count: Sendable {
            let value = Atomic<Int>(0)
        }

        /// `keeping`: the fast server also keeps the kept routes' answers (``KeptAnswers``).
        init(keeping: Bool = false) throws {
            test = try TestApp.make()
            let app = test.app
            let configuration = ServerConfiguration(port: 0, threading: .pool(threads: 2), workerCount: 2)
            let identity = RequestIdentity()
            let sent = sent
            fast = HTTPServer(
                configuration: configuration, inlineResponder: identity.wrapping(inline: app.inlineResponder),
                prepared: PreparedAnswers(
                    answers: app.preparedAnswers, sent: { _ in sent.value.add(1, ordering: .relaxed) },
                    keeping: keeping ? app.keptAnswers : nil),
                responder: identity.wrapping(app.responder))
            full = HTTPServer(
                configuration: configuration, inlineResponder: identity.wrapping(inline: app.inlineResponder),
                responder: identity.wrapping(app.responder))
            try fast.start()
            try full.start()
        }

        func stop() {
            fast.shutdown(gracePeriod: .seconds(1))
            full.shutdown(gracePeriod: .seconds(1))
            test.cleanUp()
        }
    }

    /// What a client reads for `request` on a new connection, without `Date` and the request ids a server made (a
    /// client's own, `trace-1`, stays).
    static func exchange(_ request: String, port: UInt16) throws -> String {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(connected == 0)
        let bytes = Array(request.utf8)
        try #require(bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) } == bytes.count)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += chunk[..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        return text.components(separatedBy: "\r\n").filter {
            !$0.hasPrefix("Date: ") && (!$0.hasPrefix("X-Request-ID: ") || $0 == "X-Request-ID: trace-1")
        }.joined(separator: "\r\n")
    }

    /// Every prepared target in each form: plain and gzipped, each fresh and revalidated (strong and weak tags, a
    /// list, `*`), gzip refused by weight or allowed by `*`, over HTTP/1.0 and 1.1, and `HEAD`.
    @Test func everyPreparedAnswerIsThePipelinesOwnBytes() throws {
        let pair = try Pair()
        defer { pair.stop() }
        let targets = pair.test.app.preparedAnswers
        #expect(targets.keys.contains(Assets.path("app.js")) && targets.keys.contains("/assets/app.css"))
        #expect(targets.keys.contains("/manifest.webmanifest") && targets.keys.contains("/service-worker.js"))
        var asked = 0
        for (target, answer) in targets.sorted(by: { $0.key < $1.key }) {
            let plainTag = try #require(answer.plain.headers["ETag"])
            let gzippedTag = try #require(answer.gzipped.headers["ETag"])
            let forms: [(String, [String])] = [
                ("GET", []), ("GET", ["Accept-Encoding: gzip, deflate, br"]), ("GET", ["Accept-Encoding: gzip;q=0"]),
                ("GET", ["Accept-Encoding: *"]), ("GET", ["If-None-Match: \(plainTag)"]),
                ("GET", ["If-None-Match: W/\(plainTag)"]), ("GET", ["If-None-Match: \"other\", \(plainTag)"]),
                ("GET", ["If-None-Match: *"]), ("GET", ["If-None-Match: \"stale\""]),
                ("GET", ["Accept-Encoding: gzip", "If-None-Match: \(gzippedTag)"]),
                ("GET", ["Accept-Encoding: gzip", "If-None-Match: \(plainTag)"]), ("HEAD", []),
                ("HEAD", ["Accept-Encoding: gzip"]),
            ]
            for (method, headers) in forms {
                let request =
                    "\(method) \(target) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n"
                    + headers.map { $0 + "\r\n" }.joined() + "\r\n"
                let fast = try Self.exchange(request, port: pair.fast.port)
                #expect(fast == (try Self.exchange(request, port: pair.full.port)), "\(method) \(target) \(headers)")
                #expect(fast.hasPrefix("HTTP/1.1 200") || fast.hasPrefix("HTTP/1.1 304"))
                asked += 1
            }
            let old = "GET \(target) HTTP/1.0\r\n\r\n"
            #expect(try Self.exchange(old, port: pair.fast.port) == (try Self.exchange(old, port: pair.full.port)))
            asked += 1
        }
        #expect(pair.sent.value.load(ordering: .relaxed) == asked)
    }

    /// What the lane is not sure of goes the full way, and is answered as the pipeline answers it: a request id to
    /// echo, a header sent twice, a body, no `Host` or two, a header name the server refuses, another method, a
    /// target with another query.
    @Test func whatTheLaneIsNotSureOfTakesTheFullPipeline() throws {
        let pair = try Pair()
        defer { pair.stop() }
        let script = Assets.path("app.js")
        let requests = [
            "GET \(script) HTTP/1.1\r\nHost: test\r\nX-Request-ID: trace-1\r\nConnection: close\r\n\r\n",
            "GET \(script) HTTP/1.1\r\nHost: test\r\nAccept-Encoding: gzip\r\nAccept-Encoding: br\r\n"
                + "Connection: close\r\n\r\n",
            "GET \(script) HTTP/1.1\r\nHost: test\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi",
            "GET \(script) HTTP/1.1\r\nConnection: close\r\n\r\n",
            "GET \(script) HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n",
            "GET \(script) HTTP/1.1\r\nHost: test\r\nBad[Name]: x\r\nConnection: close\r\n\r\n",
            "POST \(script) HTTP/1.1\r\nHost: test\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            "GET \(script)&more=1 HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n",
        ]
        for request in requests {
            let fast = try Self.exchange(request, port: pair.fast.port)
            #expect(fast == (try Self.exchange(request, port: pair.full.port)), "\(request)")
        }
        #expect(try Self.exchange(requests[0], port: pair.fast.port).contains("X-Request-ID: trace-1"))
        #expect(pair.sent.value.load(ordering: .relaxed) == 0)
    }
}
