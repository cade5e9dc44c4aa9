import Foundation
import Testing

@testable import GrubmapHTTP

/// RFC 9112's framing rules, each case on the headers alone and then over the wire.
@Suite struct RequestFramingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let head: String
        let body: String
        /// The status expected, and the problem's code; `nil` for a request that is fine.
        let status: Int?
        let code: String?

        var testDescription: String { name }
    }

    static let refused: [Case] = [
        Case(
            name: "two Content-Lengths that disagree (6.3)",
            head: "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 5\r\n", body: "abcde",
            status: 400, code: "bad_framing"),
        Case(
            name: "Content-Length and Transfer-Encoding (6.1)",
            head: "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n",
            body: "0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n", status: 400, code: "bad_framing"),
        Case(
            name: "an unknown coding before chunked (6.1)",
            head: "POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n", body: "3\r\nabc\r\n0\r\n\r\n",
            status: 501, code: "unsupported_transfer_coding"),
        Case(
            name: "a coding without a final chunked (6.3)",
            head: "POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n", body: "abc", status: 400,
            code: "bad_framing"),
        Case(
            name: "chunked twice (7)",
            head: "POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n",
            body: "3\r\nabc\r\n0\r\n\r\n", status: 400, code: "bad_framing"),
        Case(
            name: "Transfer-Encoding in HTTP/1.0 (6.1)",
            head: "POST /x HTTP/1.0\r\nHost: x\r\nTransfer-Encoding: chunked\r\n", body: "3\r\nabc\r\n0\r\n\r\n",
            status: 400, code: "bad_framing"),
        Case(
            name: "a space before the colon (5.1)",
            head: "POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n", body: "0\r\n\r\n", status: 400,
            code: "bad_header"),
    ]

    static let accepted: [Case] = [
        Case(
            name: "the same Content-Length twice (6.3)",
            head: "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 3\r\n", body: "abc",
            status: nil, code: nil),
        Case(
            name: "chunked, in any case", head: "POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n",
            body: "3\r\nabc\r\n0\r\n\r\n", status: nil, code: nil),
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
                #expect(reply.statusCode == example.status, "\(example.name)")
                #expect(reply.text.hasPrefix(example.code ?? "-"), "\(example.name): the application's answer")
                #expect(reply.headers["connection"] == "close", "\(example.name)")
                #expect(client.isClosedByPeer(), "\(example.name): nothing after the body is served")
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
