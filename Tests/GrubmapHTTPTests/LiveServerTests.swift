import Foundation
import Synchronization
import Testing

@testable import GrubmapHTTP

/// Tests against a real server on 127.0.0.1 and a free port.
@Suite struct LiveServerTests {
    static func withServer(
        maximumBodyBytes: Int = 1 << 20, threading: ServerConfiguration.Threading = .threadPerConnection,
        configure: (inout ServerConfiguration) -> Void = { _ in }, inlineResponder: InlineResponder? = nil,
        responder: @escaping Responder = echo, _ body: (HTTPServer) throws -> Void
    ) throws {
        var configuration = ServerConfiguration(port: 0, threading: threading, maximumBodyBytes: maximumBodyBytes)
        configure(&configuration)
        let server = HTTPServer(configuration: configuration, inlineResponder: inlineResponder, responder: responder)
        try server.start()
        defer { server.shutdown() }
        try body(server)
    }

    /// A problem as a test application shows it: its code and message, its status and headers.
    static func render(_ problem: HTTPError) -> Response {
        var response = Response.text("\(problem.code): \(problem.message)", status: problem.status)
        for (name, value) in problem.headers { response.headers[name] = value }
        return response
    }

    /// Checks a 503 the server gave instead of an answer: the problem's code and its `Retry-After`.
    static func expectUnavailable(
        _ reply: RawClient.Reply, code: String, retryAfter: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(reply.statusCode == 503, sourceLocation: sourceLocation)
        #expect(reply.text.hasPrefix(code), sourceLocation: sourceLocation)
        #expect(reply.headers["retry-after"] == retryAfter, sourceLocation: sourceLocation)
    }

    /// Sends the start of a request (its line and `Host`, not the end of its headers) on `client`, or a new
    /// connection, and waits until the server has `arriving` such requests.
    @discardableResult
    static func startRequest(on server: HTTPServer, client: RawClient? = nil, arriving: Int = 1) throws -> RawClient {
        let client = try client ?? RawClient(port: server.port)
        client.send("GET /slow HTTP/1.1\r\nHost: x\r\n")
        waitUntil { server.arrivingRequests == arriving }
        return client
    }

    /// Waits, at most five seconds, for something the server does on its own threads.
    static func waitUntil(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting", sourceLocation: sourceLocation)
                return
            }
            usleep(1000)
        }
    }

    /// Answers as an application must: a request with a problem gets that problem's status and headers.
    static let echo: Responder = { request in
        if let problem = request.problem { return render(problem) }
        if request.path == "/missing" { return .text("nope", status: .notFound) }
        let query = request.query.pairs.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        return .text("\(request.method) \(request.path) \(query) \(request.body.count)")
    }

    @Test(arguments: [ServerConfiguration.Threading.threadPerConnection, .pool(threads: 2)])
    func keepAliveReusesTheConnection(threading: ServerConfiguration.Threading) throws {
        try Self.withServer(threading: threading) { server in
            let client = try RawClient(port: server.port)
            for index in 0..<5 {
                let reply = try client.request("GET", "/hello?n=\(index)")
                #expect(reply.statusCode == 200)
                #expect(reply.text == "GET /hello n=\(index) 0")
            }
            let posted = try client.request("POST", "/form", body: Array("a=1".utf8))
            #expect(posted.text == "POST /form  3")
        }
    }

    @Test func bodyOverTheLimitIsRefusedWith413() throws {
        try Self.withServer(maximumBodyBytes: 1024) { server in
            let client = try RawClient(port: server.port)
            let reply = try client.request("POST", "/upload", body: [UInt8](repeating: 65, count: 4096))
            #expect(reply.statusCode == 413)
            let fine = try RawClient(port: server.port).request(
                "POST", "/upload", body: [UInt8](repeating: 65, count: 1024))
            #expect(fine.statusCode == 200)
            #expect(fine.text.hasSuffix(" 1024"))
        }
    }

    @Test func chunkedBodyOverTheLimitIsRefusedWith413() throws {
        try Self.withServer(maximumBodyBytes: 1024) { server in
            let client = try RawClient(port: server.port)
            client.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = String(repeating: "B", count: 800)
            client.send("320\r\n\(chunk)\r\n320\r\n\(chunk)\r\n0\r\n\r\n")
            #expect(try client.readReply().statusCode == 413)
        }
    }

    @Test func headHasNoBodyButTheLength() throws {
        try Self.withServer { server in
            let client = try RawClient(port: server.port)
            let head = try client.request("HEAD", "/x")
            #expect(head.statusCode == 200)
            #expect(head.body.isEmpty)
            #expect(head.headers["content-length"] == "\("HEAD /x  0".utf8.count)")
            #expect(try client.request("GET", "/x").text == "GET /x  0")
        }
    }

    @Test func malformedTargetIsABadRequest() throws {
        try Self.withServer { server in
            let reply = try RawClient(port: server.port).request("GET", "/x?q=%zz")
            #expect(reply.statusCode == 400)
        }
    }

    @Test func shutdownFinishesRequestsInFlight() throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server = HTTPServer(configuration: ServerConfiguration(port: 0)) { request in
            if let problem = request.problem { return Self.render(problem) }
            guard request.path == "/slow" else { return .text("fast") }
            entered.signal()
            release.wait()
            return .text("finished")
        }
        try server.start()
        let port = server.port
        let client = try RawClient(port: port)
        client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        entered.wait()

        server.stopAccepting()
        #expect(throws: RawClient.ClientError.self) { try RawClient(port: port) }

        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.shutdown()
            stopped.signal()
        }
        release.signal()
        let reply = try client.readReply()
        #expect(reply.statusCode == 200)
        #expect(reply.text == "finished")
        stopped.wait()
        #expect(server.requestsInFlight == 0)
    }

    /// Connections opened all at once, each with its request sent before any answer is read, are each answered,
    /// and the application sees each from the address it came from (the server accepts them itself and hands them
    /// to libmicrohttpd with their addresses).
    @Test(arguments: [ServerConfiguration.Threading.pool(threads: 2), .threadPerConnection])
    func aBurstOfConnectionsIsEachAnsweredFromItsOwnAddress(threading: ServerConfiguration.Threading) throws {
        try Self.withServer(threading: threading, responder: { .text("from \($0.remoteAddress)") }) { server in
            let sources = (0..<300).map { "127.0.0.\(1 + $0 % 3)" }
            let clients = try sources.map { try RawClient(port: server.port, from: $0) }
            for client in clients { #expect(client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")) }
            for (client, source) in zip(clients, sources) {
                let reply = try client.readReply()
                #expect(reply.statusCode == 200)
                #expect(reply.text == "from \(source)")
            }
        }
    }

    @Test func portInUseIsAClearError() throws {
        try Self.withServer { server in
            let second = HTTPServer(configuration: ServerConfiguration(port: server.port), responder: Self.echo)
            #expect(throws: ServerError.self) { try second.start() }
        }
    }

    @Test func invalidHostIsAClearError() {
        let server = HTTPServer(configuration: ServerConfiguration(host: "not-an-ip", port: 0), responder: Self.echo)
        #expect(throws: ServerError.invalidHost("not-an-ip")) { try server.start() }
    }
}

@Suite struct MultipartTests {
    @Test func multipartFormsAreParsedByLibmicrohttpd() throws {
        let parts = Mutex<[FormPart]>([])
        let fields = Mutex<[String: String]>([:])
        let server = HTTPServer(configuration: ServerConfiguration(port: 0)) { request in
            parts.withLock { $0 = request.formParts }
            fields.withLock { stored in
                for (name, value) in (try? request.formFields()) ?? QueryFields() { stored[name] = value }
            }
            return .text(request.isMalformedMultipart ? "malformed" : "ok")
        }
        try server.start()
        defer { server.shutdown() }
        let file: [UInt8] =
            [0x89, 0x50, 0x00, 0x00, 0x0D, 0x0A, 0x2D, 0x2D, 0xFF] + [UInt8](repeating: 0x41, count: 50_000)
        var body = Array("--XyZ\r\nContent-Disposition: form-data; name=\"firstName\"\r\n\r\nJosé\r\n".utf8)
        body += Array("--XyZ\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"me.png\"\r\n".utf8)
        body += Array("Content-Type: image/png\r\n\r\n".utf8) + file + Array("\r\n--XyZ--\r\n".utf8)
        let reply = try RawClient(port: server.port).request(
            "POST", "/profile", headers: ["Content-Type": "multipart/form-data; boundary=XyZ"], body: body)
        #expect(reply.text == "ok")
        #expect(fields.withLock { $0 } == ["firstName": "José"])
        let avatar = parts.withLock { $0 }.first { $0.name == "avatar" }
        #expect(avatar?.filename == "me.png")
        #expect(avatar?.contentType == "image/png")
        #expect(avatar?.data == file)
    }

    @Test func aTruncatedMultipartBodyIsMarkedMalformed() throws {
        let server = HTTPServer(configuration: ServerConfiguration(port: 0)) { request in
            .text(request.isMalformedMultipart || request.formParts.isEmpty ? "malformed" : "ok")
        }
        try server.start()
        defer { server.shutdown() }
        let body = Array("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunfinished".utf8)
        let reply = try RawClient(port: server.port).request(
            "POST", "/", headers: ["Content-Type": "multipart/form-data; boundary=XyZ"], body: body)
        #expect(reply.text == "malformed")
    }
}
