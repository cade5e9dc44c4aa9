import Foundation
import Synchronization
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

    @Test func oneAddressFillingTheQueueGivesUpItsNewestPlaceToAnotherAddressWhichIsServedInTurn() throws {
        let gate = Gate()
        let answered = Mutex<[String]>([])
        let responder: Responder = { request in
            let response = gate.responder(request)
            if request.problem == nil { answered.withLock { $0.append(request.path) } }
            return response
        }
        try Live.withServer(
            threading: .pool(threads: 1),
            configure: {
                $0.workerCount = 1
                $0.queueLimit = 3
            }, responder: responder
        ) { server in
            let running = try RawClient(port: server.port)
            running.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
            gate.entered.wait()
            // One client fills the queue: three requests waiting behind the blocked one.
            let flood = try (1...3).map { index in
                let client = try RawClient(port: server.port)
                client.send("GET /flood-\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
                Live.waitUntil { server.queuedRequests == index }
                return client
            }
            // Another address still gets a place: the flood's newest request gives its place up and gets 503.
            let bystander = try RawClient(port: server.port, from: "127.0.0.2")
            bystander.send("GET /bystander HTTP/1.1\r\nHost: x\r\n\r\n")
            Live.expectUnavailable(try flood[2].readReply(), code: "server_busy", retryAfter: "1")
            #expect(server.queuedRequests == 3)
            // The flooding address, now holding the whole queue but one place, is refused a fourth.
            Live.expectUnavailable(
                try RawClient(port: server.port).request("GET", "/x"), code: "server_busy", retryAfter: "1")

            gate.release.signal()
            #expect(try running.readReply().text == "blocking /block")
            #expect(try flood[0].readReply().text == "blocking /flood-1")
            #expect(try bystander.readReply().text == "blocking /bystander")
            #expect(try flood[1].readReply().text == "blocking /flood-2")
            // The workers took the addresses in turn: the bystander before the flood's second request.
            #expect(answered.withLock { $0 } == ["/block", "/flood-1", "/bystander", "/flood-2"])
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
