import Foundation
import Testing

@testable import GrubmapHTTP

/// Blocking handlers run on workers, so one waiting on a database holds up nobody else.
@Suite struct WorkerPoolTests {
    typealias Live = LiveServerTests

    /// Holds the requests to `/block` until released.
    final class Gate: Sendable {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)

        var responder: Responder {
            { [self] request in
                if let problem = request.problem { return Live.render(problem) }
                if request.path == "/block" {
                    entered.signal()
                    release.wait()
                }
                return .text("blocking \(request.path)")
            }
        }
    }

    @Test func twoBlockedRequestsHoldUpNeitherAnInlineNorAnotherBlockingOne() throws {
        let gate = Gate()
        // One libmicrohttpd thread for every connection: before workers, one blocked handler stalled them all.
        try Live.withServer(
            threading: .pool(threads: 1), configure: { $0.workerCount = 3 },
            inlineResponder: { request in request.path == "/inline" ? .text("inline") : nil },
            responder: gate.responder
        ) { server in
            let first = try RawClient(port: server.port)
            let second = try RawClient(port: server.port)
            first.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
            second.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
            gate.entered.wait()
            gate.entered.wait()

            #expect(try RawClient(port: server.port).request("GET", "/inline").text == "inline")
            #expect(try RawClient(port: server.port).request("GET", "/db").text == "blocking /db")

            gate.release.signal()
            gate.release.signal()
            #expect(try first.readReply().text == "blocking /block")
            #expect(try second.readReply().text == "blocking /block")
        }
    }

    @Test func aFullQueueGets503WithRetryAfterAndTheConnectionKept() throws {
        let gate = Gate()
        try Live.withServer(
            threading: .pool(threads: 1),
            configure: {
                $0.workerCount = 1
                $0.queueLimit = 1
            }, responder: gate.responder
        ) { server in
            let running = try RawClient(port: server.port)
            running.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
            gate.entered.wait()
            let queued = try RawClient(port: server.port)
            queued.send("GET /queued HTTP/1.1\r\nHost: x\r\n\r\n")
            Live.waitUntil { server.queuedRequests == 1 }

            let turnedAway = try RawClient(port: server.port)
            Live.expectUnavailable(try turnedAway.request("GET", "/x"), code: "server_busy", retryAfter: "1")

            gate.release.signal()
            #expect(try running.readReply().text == "blocking /block")
            #expect(try queued.readReply().text == "blocking /queued")
            #expect(try turnedAway.request("GET", "/again").text == "blocking /again")
        }
    }

    @Test func aRequestWithAProblemIsAnsweredOnTheSpotEvenWhenTheWorkersAreBusy() throws {
        let gate = Gate()
        try Live.withServer(
            threading: .pool(threads: 1), configure: { $0.workerCount = 1 }, responder: gate.responder
        ) { server in
            let running = try RawClient(port: server.port)
            running.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
            gate.entered.wait()
            let reply = try RawClient(port: server.port).request("GET", "/x%zz")
            #expect(reply.statusCode == 400)
            #expect(reply.text.hasPrefix("bad_path"))
            gate.release.signal()
            #expect(try running.readReply().statusCode == 200)
        }
    }
}
