import Foundation
import Synchronization
import Testing

@testable import GrubmapHTTP

/// Event streams on a real server on 127.0.0.1: what is sent arrives, idle streams hold no worker and no place
/// among the connections meant for requests, a client that reads nothing is dropped, the cap, and shutdown.
@Suite struct EventStreamTests {
    typealias Live = LiveServerTests

    /// The streams a test server handed out, in order, and how each ended.
    final class Streams: Sendable {
        private let state = Mutex<(streams: [EventStream], endings: [Int: EventStream.Ending])>(([], [:]))

        var count: Int { state.withLock { $0.streams.count } }
        subscript(index: Int) -> EventStream { state.withLock { $0.streams[index] } }
        func ending(_ index: Int) -> EventStream.Ending? { state.withLock { $0.endings[index] } }

        /// Answers `/events` with a new stream (and anything else as ``LiveServerTests/echo`` does).
        func responder(_ request: Request) -> Response {
            guard request.problem == nil, request.path == "/events" else { return Live.echo(request) }
            let index = count
            let stream = EventStream { [self] ending in state.withLock { $0.endings[index] = ending } }
            state.withLock { $0.streams.append(stream) }
            var response = Response(headers: ["Content-Type": "text/event-stream"])
            response.eventStream = stream
            stream.send(Array(": open \(index)\n\n".utf8))
            return response
        }
    }

    /// Opens a stream on a new connection and reads up to its first comment.
    static func openStream(on server: HTTPServer, receiveBuffer: Int32? = nil) throws -> RawClient {
        let client = try RawClient(port: server.port, receiveBuffer: receiveBuffer)
        client.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try client.readHead()
        #expect(head.statusCode == 200)
        #expect(head.headers["content-type"] == "text/event-stream")
        #expect(head.headers["cache-control"] == "no-store")
        #expect(head.headers["x-accel-buffering"] == "no")
        #expect(head.headers["transfer-encoding"] == "chunked")
        _ = try client.readStream(until: "\n\n")
        return client
    }

    @Test(arguments: [ServerConfiguration.Threading.threadPerConnection, .pool(threads: 2)])
    func eventsArriveInOrderAsTheyAreWritten(threading: ServerConfiguration.Threading) throws {
        let streams = Streams()
        try Live.withServer(threading: threading, responder: streams.responder) { server in
            let client = try Self.openStream(on: server)
            #expect(server.openEventStreams == 1)
            var text = ""
            for index in 1...5 {
                #expect(streams[0].send(Array("id: \(index)\ndata: {\"n\":\(index)}\n\n".utf8)))
                text = try client.readStream(until: "data: {\"n\":\(index)}\n\n", after: text)
            }
            #expect(text == (1...5).map { "id: \($0)\ndata: {\"n\":\($0)}\n\n" }.joined())
            // A burst of many blocks (libmicrohttpd reads 1 KiB at a time) arrives whole and in order.
            let burst = "data: " + (0..<3000).map { String($0 % 10) }.joined() + String(repeating: "z", count: 27_000)
            #expect(streams[0].send(Array((burst + "\n\n").utf8)))
            #expect(try client.readStream(until: "zz\n\n") == burst + "\n\n")
            #expect(streams[0].pendingBytes == 0)
            // The connection still answers plain requests elsewhere meanwhile.
            #expect(try RawClient(port: server.port).request("GET", "/plain").statusCode == 200)
            streams[0].close()
            #expect(try client.readChunk() == nil, "the stream's end")
            #expect(streams.ending(0) == .closed)
            Live.waitUntil { server.openEventStreams == 0 }
        }
    }

    @Test func idleStreamsHoldNoWorkerAndNoPlaceAmongRequests() throws {
        let streams = Streams()
        try Live.withServer(
            threading: .pool(threads: 2),
            configure: {
                $0.workerCount = 1
                $0.connectionLimit = 8
                $0.receivingLimitPerAddress = 2
            }, responder: streams.responder
        ) { server in
            // Answered by the one worker, each stream lets it go while it waits for events.
            let clients = try (0..<40).map { _ in try Self.openStream(on: server) }
            #expect(server.openEventStreams == 40)
            for _ in 0..<3 {
                let reply = try RawClient(port: server.port).request("GET", "/plain")
                #expect(reply.statusCode == 200, "not 503: streams are not counted among the 8 connections")
            }
            streams[39].send(Array("data: last\n\n".utf8))
            _ = try clients[39].readStream(until: "data: last")
        }
    }

    @Test func aClientThatNeverReadsIsDroppedAndTheOthersGoOn() throws {
        let streams = Streams()
        try Live.withServer(
            threading: .pool(threads: 2), configure: { $0.idleTimeout = .seconds(3) }, responder: streams.responder
        ) { server in
            let silent = try Self.openStream(on: server, receiveBuffer: 4096)
            let reader = try Self.openStream(on: server)
            let event = Array(("data: " + String(repeating: "x", count: 1000) + "\n\n").utf8)
            var sent = 0
            var mostPending = 0
            // Sends until the silent client is dropped, waiting (never sleeping) for the server to write what it
            // can, so that only a full socket leaves bytes pending.
            while streams[0].send(event) {
                sent += event.count
                mostPending = max(mostPending, streams[0].pendingBytes)
                let deadline = ContinuousClock.now.advanced(by: .milliseconds(20))
                while streams[0].pendingBytes > 0, ContinuousClock.now < deadline { usleep(500) }
                #expect(streams[1].send(Array("data: \(sent)\n\n".utf8)))
                #expect(sent < 64 << 20, "dropped long before 64 MiB")
                if sent >= 64 << 20 { break }
            }
            #expect(streams.ending(0) == .dropped)
            #expect(mostPending <= streams[0].maximumPendingBytes)
            #expect(streams[0].pendingBytes == 0, "what waited is let go")
            #expect(!streams[0].send(event))
            // The other stream got every event, and goes on.
            #expect(try reader.readStream(until: "data: \(sent)\n\n").contains("data: \(event.count)\n\n"))
            streams[1].send(Array("data: after\n\n".utf8))
            _ = try reader.readStream(until: "data: after")
            // libmicrohttpd's idle timeout closes the silent connection, which could not take the end.
            Live.waitUntil { server.openEventStreams == 1 }
            _ = silent
        }
    }

    /// Beyond the cap a stream is answered as one that ends at once after a `retry:` of 5 to 10 s: a browser's
    /// EventSource comes back after it, where a 503 would have made it give up for good.
    @Test func beyondTheCapAStreamIsToldToComeBackInAFewSeconds() throws {
        let streams = Streams()
        try Live.withServer(
            threading: .pool(threads: 2), configure: { $0.eventStreamLimit = 2 },
            responder: streams.responder
        ) { server in
            let first = try Self.openStream(on: server)
            _ = try Self.openStream(on: server)
            let third = try RawClient(port: server.port)
            let refused = try third.request("GET", "/events")
            #expect(refused.statusCode == 200)
            #expect(refused.headers["content-type"] == "text/event-stream")
            #expect(refused.headers["cache-control"] == "no-store")
            let body = String(decoding: refused.body, as: UTF8.self)
            #expect(body.hasPrefix(": too_many_streams\nretry: ") && body.hasSuffix("\n\n"))
            let retry = body.split(separator: "\n").first { $0.hasPrefix("retry: ") }?.dropFirst(7)
            #expect(retry.flatMap { Int($0) }.map { (5_000...10_000).contains($0) } == true, "\(body)")
            #expect(!body.contains("data:"), "no event: the page keeps what it shows")
            #expect(server.openEventStreams == 2)
            #expect(streams.ending(2) == .disconnected, "the refused stream is told it is over")
            #expect(!streams[2].send(Array("data: x\n\n".utf8)))
            #expect(try third.request("GET", "/plain").statusCode == 200, "plain requests still go")

            streams[0].close()
            #expect(try first.readChunk() == nil)
            Live.waitUntil { server.openEventStreams == 1 }
            _ = try Self.openStream(on: server)
        }
    }

    @Test(arguments: [ServerConfiguration.Threading.threadPerConnection, .pool(threads: 2)])
    func shutdownEndsOpenStreamsAndReturns(threading: ServerConfiguration.Threading) throws {
        let streams = Streams()
        let server = HTTPServer(
            configuration: ServerConfiguration(port: 0, threading: threading), responder: streams.responder)
        try server.start()
        let clients = try (0..<100).map { _ in try Self.openStream(on: server) }
        // One client reads nothing more at all, with its buffer full.
        let silent = try Self.openStream(on: server, receiveBuffer: 4096)
        let filler = Array(("data: " + String(repeating: "y", count: 1000) + "\n\n").utf8)
        while streams[100].pendingBytes == 0, streams[100].send(filler) {
            let deadline = ContinuousClock.now.advanced(by: .milliseconds(100))
            while streams[100].pendingBytes > 0, ContinuousClock.now < deadline { usleep(1000) }
        }
        let start = ContinuousClock.now
        server.shutdown(gracePeriod: .seconds(10))
        #expect(start.duration(to: .now) < .seconds(5))
        for client in clients { #expect(try client.readChunk() == nil, "each reader sees the end") }
        #expect((0..<101).allSatisfy { streams.ending($0) != nil })
        _ = silent
    }
}
