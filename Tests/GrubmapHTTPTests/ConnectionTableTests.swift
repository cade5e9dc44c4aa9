import Testing

@testable import GrubmapHTTP

/// The connection book kept through time with a made-up clock: deadlines, limits and making room.
@Suite struct ConnectionTableTests {
    /// The table under test, with times in seconds from a fixed start.
    final class Book {
        var table: ConnectionTable
        let start = ContinuousClock.now

        init(connections: Int = 10, streams: Int = 20_000) {
            table = ConnectionTable(
                limits: ServerConfiguration(
                    idleTimeout: .seconds(60), requestTimeout: .seconds(30), connectionLimit: connections,
                    receivingLimitPerAddress: 2, refusalTimeout: .seconds(2), eventStreamLimit: streams))
        }

        func at(_ seconds: Double) -> ContinuousClock.Instant {
            start.advanced(by: .milliseconds(Int(seconds * 1000)))
        }

        @discardableResult
        func open(_ id: Int, from address: String, at seconds: Double = 0) -> (isRefused: Bool, closing: [Int]) {
            table.open(id, address: address, now: at(seconds))
        }

        @discardableResult
        func begin(_ id: Int, at seconds: Double = 0) -> Bool {
            table.beginRequest(id, now: at(seconds))
        }

        func received(_ id: Int, at seconds: Double = 0) {
            table.endReceiving(id, now: at(seconds))
        }

        func stream(_ id: Int, at seconds: Double = 0) -> Bool {
            table.beginStreaming(id, now: at(seconds))
        }

        func answered(_ id: Int, at seconds: Double = 0) {
            table.endRequest(id, now: at(seconds))
        }

        func expire(at seconds: Double) -> [ConnectionTable.Closing] {
            table.expired(now: at(seconds)).map(\.reason)
        }

        func expiredIDs(at seconds: Double) -> [Int] {
            table.expired(now: at(seconds)).map(\.id)
        }
    }

    @Test func streamsCountApartFromConnectionsAndAgainstTheirOwnCap() {
        let book = Book(connections: 2, streams: 3)
        for id in 1...3 {
            #expect(!book.open(id, from: "nat").isRefused)
            #expect(book.begin(id))
            book.received(id)
            #expect(book.stream(id))
        }
        #expect(book.table.openStreams == 3)
        #expect(book.table.activeRequests == 0, "a stream is no request in flight")
        // Three streams from one address, and still room for two connections' requests from it.
        #expect(!book.open(4, from: "nat").isRefused)
        #expect(!book.open(5, from: "nat").isRefused)
        #expect(book.begin(4))
        book.received(4)
        #expect(!book.stream(4), "a fourth stream is over the cap")
        #expect(book.expiredIDs(at: 3600) == [5], "streams are never timed out here; the idle connection is")
        // A stream that ends leaves its connection idle, counted again; one closed frees its place.
        book.answered(1, at: 3600)
        #expect(book.table.openStreams == 2)
        book.table.close(2)
        #expect(book.table.openStreams == 1)
        #expect(book.stream(4, at: 3600))
    }

    @Test func aRequestMustArriveWithinTheRequestTimeoutHoweverSteadilyItTrickles() {
        let book = Book()
        book.open(1, from: "a")
        #expect(book.begin(1, at: 1))
        // A header line every 20 s keeps libmicrohttpd's idle timeout from firing, never this one.
        #expect(book.expire(at: 21).isEmpty)
        #expect(book.expire(at: 30.9).isEmpty)
        #expect(book.expire(at: 31) == [.slowRequest])
        #expect(book.expire(at: 60).isEmpty, "each connection is named once")
    }

    @Test func answeringHasNoDeadlineAndTheNextRequestGetsAFreshOne() {
        let book = Book()
        book.open(1, from: "a")
        book.begin(1)
        book.received(1, at: 1)
        #expect(book.expire(at: 500).isEmpty)
        book.answered(1, at: 500)
        #expect(book.expire(at: 559).isEmpty)
        book.begin(1, at: 559)
        #expect(book.expire(at: 588).isEmpty)
        #expect(book.expire(at: 589) == [.slowRequest])
    }

    @Test func anIdleConnectionIsClosedAfterTheIdleTimeout() {
        let book = Book()
        book.open(1, from: "a")
        #expect(book.expire(at: 59).isEmpty)
        #expect(book.expire(at: 60) == [.idle])
    }

    @Test func oneAddressMayReceiveOnlySoManyRequestsAtOnce() {
        let book = Book()
        for id in 1...3 { book.open(id, from: "a") }
        book.open(4, from: "b")
        #expect(book.begin(1))
        #expect(book.begin(2))
        #expect(!book.begin(3), "the third request from a is refused")
        #expect(book.begin(4), "another address is not held up")
        // A refused request that never arrives whole is closed after the refusal timeout.
        #expect(book.expiredIDs(at: 2) == [3])
        book.received(1, at: 3)
        book.open(5, from: "a", at: 3)
        #expect(book.begin(5, at: 3), "a request that came in makes room for another")
    }

    @Test func idleConnectionsDoNotCountAgainstTheAddress() {
        let book = Book()
        for id in 1...3 {
            book.open(id, from: "a")
            book.begin(id)
            book.received(id)
            book.answered(id)
        }
        #expect(book.table.receiving(from: "a") == 0)
    }

    @Test func aConnectionOverTheLimitClosesTheLongestIdleOfTheAddressWithTheMostIdle() {
        let book = Book(connections: 3)
        book.open(1, from: "b", at: 0)
        book.open(2, from: "a", at: 1)
        book.open(3, from: "a", at: 2)
        let opened = book.open(4, from: "c", at: 3)
        #expect(opened.isRefused == false)
        #expect(opened.closing == [2], "a has two idle connections, b one; a's older one goes")
        #expect(book.expire(at: 3.5).isEmpty, "a connection closed to make room is not named again")
    }

    @Test func aConnectionOverTheLimitIsRefusedWhenNoneIsIdle() {
        let book = Book(connections: 3)
        for id in 1...3 {
            book.open(id, from: "a\(id)")
            book.begin(id)
        }
        let opened = book.open(4, from: "d")
        #expect(opened.isRefused)
        #expect(opened.closing.isEmpty)
        #expect(!book.begin(4, at: 1))
        book.table.close(1)
        #expect(book.open(5, from: "e", at: 1).isRefused == false, "a closed connection frees its place")
    }

    @Test func drainingClosesIdleConnectionsAtOnceAndShortensRequests() {
        let book = Book(connections: 3)
        book.open(1, from: "a")
        book.open(2, from: "a")
        book.begin(2)
        book.open(3, from: "a")
        book.begin(3)
        book.received(3)
        book.table.drain()
        #expect(book.expire(at: 0) == [.shutdown])
        #expect(book.table.activeRequests == 2)
        #expect(book.expiredIDs(at: 2) == [2])
        #expect(book.table.activeRequests == 1, "the request being answered is waited for")
        #expect(book.open(4, from: "b", at: 2).isRefused)
    }
}
