import Foundation
import Testing

@testable import GrubmapHTTP

/// RFC 9112's framing rules, each case on the headers alone and then over the wire.
@Suite struct RequestFramingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// The status expected, and the problem's code; `nil` for a request that is fine.
        let status: Int?
        let code: String?
        let head: String
        let body: String

        /// A `POST /x` with `Host: x`, the given header lines and body.
        init(_ status: Int?, _ code: String?, _ lines: String, body: String, version: String = "HTTP/1.1") {
            self.status = status
            self.code = code
            head = "POST /x \(version)\r\nHost: x\r\n\(lines)\r\n"
            self.body = body
        }

        var testDescription: String { head.split(separator: "\r\n").dropFirst(2).joined(separator: "; ") }
    }

    static let smuggled = "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"
    static let chunk = "3\r\nabc\r\n0\r\n\r\n"

    /// RFC 9112: 6.3 (lengths that disagree, no final chunked), 6.1 (both framings, an unknown coding, HTTP/1.0),
    /// 7 (chunked twice), 5.1 (space before the colon).
    static let refused: [Case] = [
        Case(400, "bad_framing", "Content-Length: 3\r\nContent-Length: 5", body: "abcde"),
        Case(400, "bad_framing", "Content-Length: 4\r\nTransfer-Encoding: chunked", body: "0\r\n\r\n" + smuggled),
        Case(501, "unsupported_transfer_coding", "Transfer-Encoding: gzip, chunked", body: chunk),
        Case(400, "bad_framing", "Transfer-Encoding: gzip", body: "abc"),
        Case(400, "bad_framing", "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked", body: chunk),
        Case(400, "bad_framing", "Transfer-Encoding: chunked", body: chunk, version: "HTTP/1.0"),
        Case(400, "bad_header", "Transfer-Encoding : chunked", body: "0\r\n\r\n"),
    ]

    static let accepted: [Case] = [
        Case(nil, nil, "Content-Length: 3\r\nContent-Length: 3", body: "abc"),
        Case(nil, nil, "Transfer-Encoding: Chunked", body: chunk),
    ]

    static func headers(of head: String) -> (Headers, version: String) {
        var lines = head.split(separator: "\r\n").map(String.init)
        let version = String(lines.removeFirst().split(separator: " ").last ?? "")
        var headers = Headers()
        for line in lines {
            let parts = line.split(separator: ":", maxSplits: 1)
            headers.add(name: String(parts[0]), value: parts[1].trimmingCharacters(in: .whitespaces))
        }
        return (headers, version)
    }

    @Test(arguments: refused + accepted)
    func theHeadersAloneTell(_ example: Case) {
        let (headers, version) = Self.headers(of: example.head)
        let problem = RequestFraming.problem(headers: headers, version: version)
        #expect(problem?.status.code == example.status)
        #expect(problem?.code == example.code)
        if let problem { #expect(RequestFraming.closesConnection(problem)) }
    }

    @Test func aHostIsNeededInHTTP1_1AndOneAtMost() {
        let missing = RequestFraming.problem(headers: Headers(), version: "HTTP/1.1")
        #expect(missing?.code == "bad_host")
        #expect(missing.map(RequestFraming.closesConnection) == false)
        #expect(RequestFraming.problem(headers: ["Host": "a", "host": "b"], version: "HTTP/1.1")?.code == "bad_host")
        #expect(RequestFraming.problem(headers: Headers(), version: "HTTP/1.0") == nil)
    }

    @Test(arguments: [ServerConfiguration.Threading.threadPerConnection, .pool(threads: 2)])
    func eachRefusalIsAnsweredAndTheConnectionClosed(threading: ServerConfiguration.Threading) throws {
        try LiveServerTests.withServer(threading: threading) { server in
            for example in Self.refused {
                let client = try RawClient(port: server.port)
                client.send(example.head + "\r\n" + example.body)
                let reply = try client.readReply()
                let name = example.testDescription
                #expect(reply.statusCode == example.status, "\(name)")
                #expect(reply.text.hasPrefix(example.code ?? "-"), "\(name): the application's answer")
                #expect(reply.headers["connection"] == "close", "\(name)")
                #expect(client.isClosedByPeer(), "\(name): nothing after the body is served")
            }
        }
    }

    @Test func aRequestWithoutHostIsRefusedButTheConnectionKept() throws {
        try LiveServerTests.withServer { server in
            let client = try RawClient(port: server.port)
            client.send("GET /x HTTP/1.1\r\n\r\n")
            let reply = try client.readReply()
            #expect(reply.statusCode == 400)
            #expect(reply.text.hasPrefix("bad_host"))
            #expect(try client.request("GET", "/after").text == "GET /after  0")
        }
    }
}
