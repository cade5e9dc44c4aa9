import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapSQL
import GrubmapStore
import Synchronization
import Testing

@testable import GrubmapHTTP
@testable import GrubmapWeb

extension EventStream {
    /// What the stream holds for its client, taken as libmicrohttpd would (the stream has something queued).
    func drainForTests() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        let count = buffer.withUnsafeMutableBytes { read(into: $0) }
        return Array(buffer.prefix(max(0, count)))
    }
}

/// `GET /areas/{id}/events` on a real server on 127.0.0.1: the first event is the area's state, a check-in
/// through the API reaches open streams, `Last-Event-ID` resumes, silence gets a comment line.
@Suite struct LiveEventsTests {
    /// A test app (`make`, by default ``TestApp/make(places:configure:seed:)``'s) served on 127.0.0.1 in pool
    /// threading, its hub stopped at the end.
    static func withServer(
        _ make: () throws -> TestApp = { try TestApp.make() }, _ body: (TestApp, HTTPServer) throws -> Void
    ) throws {
        let test = try make()
        defer { test.cleanUp() }
        let server = HTTPServer(
            configuration: ServerConfiguration(port: 0, threading: .pool(threads: 2)),
            inlineResponder: test.app.inlineResponder, responder: test.app.responder)
        try server.start()
        defer {
            test.app.live.stop()
            server.shutdown()
        }
        try body(test, server)
    }

    /// A person with a profile, through the API of the server; gives the headers of their requests.
    static func person(_ name: String, on server: HTTPServer) throws -> [String: String] {
        let created = try Wire(port: server.port).request("POST", "/api/v1/sessions")
        let token = try #require(
            (try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any])?["token"] as? String)
        let headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        let profile = try Wire(port: server.port).request(
            "PUT", "/api/v1/me/profile", headers: headers, body: #"{"firstName":"\#(name)","lastName":"B"}"#)
        #expect(profile.status == 200)
        return headers
    }

    /// The JSON of an event's `data:` line, decoded.
    static func payload<Payload: Decodable>(_ type: Payload.Type, of event: String) throws -> Payload {
        let line = try #require(event.split(separator: "\n").first { $0.hasPrefix("data: ") }, "\(event)")
        return try API.makeDecoder().decode(Payload.self, from: Data(line.dropFirst("data: ".count).utf8))
    }

    /// The event as a client reads it (``SSEParser``, ``API/LiveEvent``).
    static func typed(_ event: String) throws -> API.LiveEvent {
        var parser = SSEParser()
        let parsed = try #require(try parser.feed(Array((event + "\n\n").utf8)).first)
        return try API.LiveEvent(parsed)
    }

    /// The place state a `state` event carries.
    static func state(_ event: String) throws -> API.LivePlace {
        #expect(event.contains("event: state\n"), "\(event)")
        return try payload(API.LivePlace.self, of: event)
    }

    /// The area state a `reload` event carries.
    static func reload(_ event: String) throws -> API.LiveReload {
        #expect(event.contains("event: reload\n"), "\(event)")
        return try payload(API.LiveReload.self, of: event)
    }

    /// The next event that is not a comment line.
    static func nextEvent(_ stream: Wire) throws -> String {
        var event = try stream.readEvent()
        while event == ":" { event = try stream.readEvent() }
        return event
    }

    /// Opens a stream on the sample area; gives it with its `reload`.
    static func openStream(on server: HTTPServer) throws -> (Wire, API.LiveReload) {
        let stream = try Wire(port: server.port)
        #expect(try stream.open("/areas/test-campus/events").status == 200)
        #expect(try stream.readEvent().hasPrefix("retry: "))
        return (stream, try reload(try stream.readEvent()))
    }

    /// The sample area's today on the test clock.
    static func today(_ test: TestApp) -> CalendarDate {
        CalendarDate.local(test.clock.now, in: TestApp.sampleArea.clockTimeZone).date
    }

    static func checkIn(_ headers: [String: String], at place: String, on server: HTTPServer) throws {
        let reply = try Wire(port: server.port).request(
            "POST", "/api/v1/me/checkin", headers: headers, body: #"{"placeId":"\#(place)"}"#)
        #expect(reply.status == 201)
    }

    @Test func aCheckInThroughTheAPIReachesAnOpenStream() throws {
        try Self.withServer { test, server in
            let ada = try Self.person("Ada", on: server)
            try Self.checkIn(ada, at: "alpha", on: server)
            let request = try Request(method: .get, target: "/areas/test-campus/events")
            #expect(test.app.routes.matchInline(request) == nil, "a worker looks the area up first")
            let stream = try Wire(port: server.port)
            let head = try stream.open("/areas/test-campus/events")
            #expect(head.status == 200)
            #expect(test.app.routes.matchInline(request) != nil, "then streams open on the network thread")
            #expect(head.headers["content-type"] == "text/event-stream")
            #expect(head.headers["cache-control"] == "no-store")
            let first = try stream.readEvent()
            #expect(first.hasPrefix("retry: "))
            let reload = try Self.reload(try stream.readEvent())
            #expect(reload.areaId.rawValue == "test-campus")
            #expect(reload.date == Self.today(test))
            #expect(reload.places?.map(\.placeId.rawValue) == ["alpha"])
            #expect(reload.places?.first?.checkedIn == 1)
            #expect(reload.places?.first?.busyness.checkedIn == 1)
            #expect(reload.places?.first?.busyness.updatedAt == test.clock.now)

            let bob = try Self.person("Bob", on: server)
            try Self.checkIn(bob, at: "bravo", on: server)
            let event = try stream.readEvent()
            #expect(event.hasPrefix("id: \(test.app.live.epoch)-"))
            let bravo = try Self.state(event)
            #expect(bravo.placeId.rawValue == "bravo" && bravo.checkedIn == 1 && bravo.date == Self.today(test))
            #expect(bravo.busyness.level == nil, "no seats, no reports: no level")
            #expect(bravo.soldOut.isEmpty)

            // A move is two changes: the place left and the place joined.
            try Self.checkIn(ada, at: "bravo", on: server)
            let moved = [try Self.state(try stream.readEvent()), try Self.state(try stream.readEvent())]
            #expect(moved[0] == .quiet(try Place.ID("alpha"), on: Self.today(test)))
            #expect(moved[1].placeId.rawValue == "bravo" && moved[1].checkedIn == 2)
        }
    }

    @Test func lastEventIDResumesWithWhatWasMissedElseReload() throws {
        try Self.withServer { _, server in
            let ada = try Self.person("Ada", on: server)
            let watcher = try Wire(port: server.port)
            _ = try watcher.open("/areas/test-campus/events")
            _ = try watcher.readEvent()
            _ = try watcher.readEvent()
            try Self.checkIn(ada, at: "alpha", on: server)
            let seen = try watcher.readEvent()
            let lastID = try #require(seen.split(separator: "\n").first?.dropFirst("id: ".count)).description

            // Another stream stays open, so the area's events are kept while the first is away.
            let other = try Wire(port: server.port)
            _ = try other.open("/areas/test-campus/events")
            _ = try other.readEvent()
            _ = try other.readEvent()
            try Self.checkIn(ada, at: "charlie", on: server)
            _ = try other.readEvent()
            _ = try other.readEvent()

            let back = try Wire(port: server.port)
            _ = try back.open("/areas/test-campus/events", headers: ["Last-Event-ID": lastID])
            #expect(try back.readEvent().hasPrefix("retry: "))
            let missed = [try Self.state(try back.readEvent()), try Self.state(try back.readEvent())]
            #expect(missed.map(\.placeId.rawValue) == ["alpha", "charlie"])
            #expect(missed.map(\.checkedIn) == [0, 1])

            for stranger in ["zz-1", "garbage", String(repeating: "9", count: 50)] {
                let elsewhere = try Wire(port: server.port)
                _ = try elsewhere.open("/areas/test-campus/events", headers: ["Last-Event-ID": stranger])
                _ = try elsewhere.readEvent()
                let reload = try Self.reload(try elsewhere.readEvent())
                #expect(reload.places?.map(\.placeId.rawValue) == ["charlie"], "\(stranger) gets reload")
            }
        }
    }

    @Test func silenceGetsACommentLineEvery15Seconds() throws {
        try Self.withServer { test, server in
            let stream = try Wire(port: server.port)
            _ = try stream.open("/areas/test-campus/events")
            _ = try stream.readEvent()
            #expect(try stream.readEvent().contains("event: reload"))
            test.clock.advance(by: 15)
            test.app.live.tick()
            #expect(try stream.readEvent() == ":")
        }
    }

    @Test func anUnknownAreaIs404() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        let response = try test.get("/areas/nowhere/events")
        #expect(response.status == .notFound)
        #expect(response.eventStream == nil)
        #expect(test.app.live.openStreams == 0)
    }

    static let someDay = try! CalendarDate(parsing: "2026-12-03")

    /// `checkedIn` people at `place` on ``someDay``.
    static func live(_ place: Place.ID, checkedIn: Int) -> LiveArea {
        LiveArea(
            date: someDay,
            places: [
                place: API.LivePlace(
                    placeId: place,
                    busyness: API.Busyness(level: nil, checkedIn: checkedIn, reports: 0, updatedAt: nil),
                    date: someDay, soldOut: [:])
            ])
    }

    @Test func theHubReadsAnAreaOncePerChangeHoweverManyStreamsAndSendsOnlyDifferences() throws {
        let reads = ReadCounter()
        let alpha = TestApp.samplePlaces[0].id
        let hub = LiveHub(
            reader: LiveStateReader(
                read: { _, _, _ in
                    // Alpha has one person checked in from the second read on.
                    reads.add() < 1 ? LiveArea(date: Self.someDay, places: [:]) : Self.live(alpha, checkedIn: 1)
                }, areaOfPlace: { _ in TestApp.sampleArea.id }),
            feed: nil, now: { Date(timeIntervalSince1970: 0) }, runsThreads: false)
        defer { hub.stop() }
        let streams = (0..<50).map { _ in hub.open(area: TestApp.sampleArea.id, lastEventID: nil) }
        hub.refresh()
        #expect(reads.count == 1)
        let afterReload = streams.map(\.pendingBytes)
        hub.changed([.presence(alpha)])
        hub.refresh()
        #expect(reads.count == 2, "one read for 50 streams")
        let event = streams.map(\.pendingBytes)
        #expect(zip(afterReload, event).allSatisfy { $1 > $0 })
        hub.changed([.presence(alpha)])
        hub.refresh()
        #expect(reads.count == 3)
        #expect(streams.map(\.pendingBytes) == event, "an unchanged state sends nothing")
    }

    @Test func anIDOlderThanTheRingOrFromAnotherServerGetsReload() throws {
        let alpha = TestApp.samplePlaces[0].id
        let count = Mutex(0)
        let hub = LiveHub(
            reader: LiveStateReader(
                read: { _, _, _ in
                    Self.live(alpha, checkedIn: count.withLock { $0 })
                }, areaOfPlace: { _ in TestApp.sampleArea.id }),
            feed: nil, now: { Date(timeIntervalSince1970: 0) }, epoch: "e", runsThreads: false)
        defer { hub.stop() }
        let keeper = hub.open(area: TestApp.sampleArea.id, lastEventID: nil)
        hub.refresh()
        for people in 1...(LiveHub.ringSize + 10) {
            count.withLock { $0 = people }
            hub.changed([.presence(alpha)])
            hub.refresh()
        }
        _ = keeper
        // Event ids run from e-2 (the channel's first number is e-1); the ring holds the newest 512.
        let newest = LiveHub.ringSize + 11
        func firstEvent(after id: String) -> String {
            let stream = hub.open(area: TestApp.sampleArea.id, lastEventID: id)
            let text = String(decoding: stream.drainForTests(), as: UTF8.self)
            return text.components(separatedBy: "\n\n").dropFirst().first ?? ""
        }
        #expect(firstEvent(after: "e-\(newest - 1)").hasPrefix("id: e-\(newest)\nevent: state\n"))
        // 256 events of a place's whole state (about 180 bytes each) fit in 64 KiB and are replayed; the whole ring's
        // 512 do not, and are sent as one reload instead.
        #expect(firstEvent(after: "e-\(newest - 256)").hasPrefix("id: e-\(newest - 255)\nevent: state\n"))
        #expect(firstEvent(after: "e-\(newest - LiveHub.ringSize)").contains("event: reload"), "over 64 KiB")
        #expect(firstEvent(after: "e-\(newest - LiveHub.ringSize - 1)").contains("event: reload"), "evicted")
        #expect(firstEvent(after: "e-\(newest + 1)").contains("event: reload"), "not sent yet")
        #expect(firstEvent(after: "f-\(newest)").contains("event: reload"), "another server's")
        #expect(firstEvent(after: "e-\(newest)").isEmpty, "up to date: nothing to send")
    }

    @Test func anExpiredCheckInShowsAsGoneAtTheNextResync() throws {
        try Self.withServer { test, server in
            let ada = try Self.person("Ada", on: server)
            try Self.checkIn(ada, at: "alpha", on: server)
            let stream = try Wire(port: server.port)
            _ = try stream.open("/areas/test-campus/events")
            _ = try stream.readEvent()
            #expect(try Self.reload(try stream.readEvent()).places?.first?.checkedIn == 1)
            // No write ends a check-in that runs out: the resync every 30 s finds it gone.
            test.clock.advance(by: 4 * 3600)
            test.app.live.tick()
            let alpha = try Self.state(try Self.nextEvent(stream))
            #expect(alpha.placeId.rawValue == "alpha" && alpha.checkedIn == 0)
        }
    }

    @Test func aLineReportReachesAnOpenStreamWithItsLevelUntilItExpiresAtTheNextResync() throws {
        try Self.withServer { test, server in
            let (stream, reload) = try Self.openStream(on: server)
            #expect(reload.places == [], "nothing live yet")
            let reportedAt = test.clock.now
            let ada = try Self.person("Ada", on: server)
            let reply = try Wire(port: server.port).request(
                "POST", "/api/v1/places/alpha/line-reports", headers: ada, body: #"{"level":"long"}"#)
            #expect(reply.status == 201)
            let alpha = try Self.state(try Self.nextEvent(stream))
            #expect(alpha.placeId.rawValue == "alpha")
            #expect(alpha.busyness == API.Busyness(level: .long, checkedIn: 0, reports: 1, updatedAt: reportedAt))
            #expect(alpha.checkedIn == 0 && alpha.soldOut.isEmpty && alpha.date == Self.today(test))

            // A report counts 20 minutes; no write ends it: the resync after that finds it gone.
            test.clock.advance(by: 19 * 60)
            test.app.live.tick()
            test.clock.advance(by: 60)
            test.app.live.tick()
            let expired = try Self.state(try Self.nextEvent(stream))
            #expect(expired == .quiet(alpha.placeId, on: Self.today(test)))
        }
    }

    /// The sold-out fixtures' app: today in Seoul is 2026-11-09, 12:40 there, and alpha serves lunch.
    static func menuApp() throws -> TestApp { try SoldOutTests.app() }

    @Test func anOperatorsMarkReachesAnOpenStreamAndItsClearingSendsNoMarks() throws {
        try Self.withServer(Self.menuApp) { test, server in
            let key = try AdminAPITests.makeKey(test, area: TestApp.sampleArea.id, scope: .write)
            let headers = ["Content-Type": "application/json", "Authorization": "Bearer \(key)"]
            let path = "/api/v1/admin/places/alpha/menu/sold-out"
            let meal = SoldOutTests.stew.rawValue
            let (stream, _) = try Self.openStream(on: server)
            let marked = try Wire(port: server.port).request(
                "POST", path, headers: headers, body: #"{"date":"2026-11-09","mealId":"\#(meal)"}"#)
            #expect(marked.status == 200)
            let alpha = try Self.state(try Self.nextEvent(stream))
            #expect(alpha.placeId.rawValue == "alpha" && alpha.date.description == "2026-11-09")
            #expect(alpha.soldOut == [meal: API.SoldOutBody(at: test.clock.now, by: "operator")])
            #expect(alpha.busyness.level == nil && alpha.checkedIn == 0)

            let cleared = try Wire(port: server.port).request(
                "DELETE", path + "?date=2026-11-09&mealId=\(meal)", headers: headers)
            #expect(cleared.status == 204)
            let event = try Self.nextEvent(stream)
            #expect(event.contains(#""soldOut":{}"#))
            #expect(try Self.state(event) == .quiet(alpha.placeId, on: alpha.date))
        }
    }

    @Test func afterTheAreasMidnightYesterdaysMarksAreNotInTheState() throws {
        try Self.withServer(Self.menuApp) { test, server in
            let mark = SoldOutMark(
                placeID: MenuFixtures.alpha, date: MenuFixtures.date("2026-11-09"), mealID: SoldOutTests.cutlet,
                at: test.clock.now, by: .operator)
            try test.store.markSoldOut(
                mark, operatorID: nil,
                audit: AuditEntry(
                    at: test.clock.now, actor: "op", actorName: "Op", areaID: TestApp.sampleArea.id,
                    action: "menu.sold_out", subject: "alpha", before: nil, after: nil))
            let (stream, reload) = try Self.openStream(on: server)
            #expect(reload.places?.first?.soldOut.keys.sorted() == [SoldOutTests.cutlet.rawValue])
            // 2026-11-09T15:00:00Z is midnight in Seoul: the area's today is the 10th, with no marks.
            MenuFixtures.setClock(test, to: "2026-11-09T15:00:00Z")
            test.app.live.tick()
            let alpha = try Self.state(try Self.nextEvent(stream))
            #expect(alpha == .quiet(MenuFixtures.alpha, on: MenuFixtures.date("2026-11-10")))
            let (_, fresh) = try Self.openStream(on: server)
            #expect(fresh.date.description == "2026-11-10")
            #expect(fresh.places == [])
        }
    }

    @Test func reloadListsOnlyPlacesWithSomethingLive() throws {
        try Self.withServer(Self.menuApp) { test, server in
            try test.store.markSoldOut(
                SoldOutMark(
                    placeID: MenuFixtures.alpha, date: MenuFixtures.date("2026-11-09"), mealID: SoldOutTests.stew,
                    at: test.clock.now, by: .operator), operatorID: nil,
                audit: AuditEntry(
                    at: test.clock.now, actor: "op", actorName: "Op", areaID: TestApp.sampleArea.id,
                    action: "menu.sold_out", subject: "alpha", before: nil, after: nil))
            try Self.checkIn(try Self.person("Ada", on: server), at: "bravo", on: server)
            let (_, reload) = try Self.openStream(on: server)
            #expect(reload.date.description == "2026-11-09")
            let places = try #require(reload.places)
            #expect(places.map(\.placeId.rawValue) == ["alpha", "bravo"], "charlie has nothing live")
            #expect(places[0].soldOut[SoldOutTests.stew.rawValue]?.by == "operator" && places[0].checkedIn == 0)
            #expect(places[1].soldOut.isEmpty && places[1].checkedIn == 1)
        }
    }

    @Test func anOperatorsChangeOfAPlaceOrAMenuIsNamedToOpenStreams() throws {
        try Self.withServer { test, server in
            let key = try AdminAPITests.makeKey(test, area: TestApp.sampleArea.id, scope: .write)
            let headers = ["Content-Type": "application/json", "Authorization": "Bearer \(key)"]
            func call(_ method: String, _ target: String, body: String = "") throws -> Int {
                try Wire(port: server.port).request(method, target, headers: headers, body: body).status
            }
            let (stream, _) = try Self.openStream(on: server)
            let renamed = AdminAPITests.place.replacingOccurrences(of: "delta", with: "alpha")
            #expect(try call("PUT", "/api/v1/admin/places/alpha", body: renamed) == 200)
            #expect(
                try Self.typed(try Self.nextEvent(stream)) == .place(API.LivePlaceChange(placeId: MenuFixtures.alpha)))

            let today = Self.today(test)
            let path = "/api/v1/admin/places/alpha/menu?date=\(today)"
            let menu = #"{"closed": false, "categories": [{"name": "중식", "meals": [{"name": "비빔밥"}]}]}"#
            // A refused menu changes nothing and is not told: the next event is the menu that was saved.
            #expect(try call("PUT", path, body: #"{"closed": "maybe"}"#) == 400)
            #expect(try call("PUT", path, body: menu) == 200)
            #expect(try call("DELETE", path) == 204)
            for _ in 0..<2 {
                let event = try Self.typed(try Self.nextEvent(stream))
                #expect(event == .menu(API.LiveMenuChange(placeId: MenuFixtures.alpha, date: today)))
            }
            // An archived place is no longer found as the public places are: its event is sent all the same.
            #expect(try call("POST", "/api/v1/admin/places/bravo/archive") == 200)
            #expect(
                try Self.typed(try Self.nextEvent(stream))
                    == .place(API.LivePlaceChange(placeId: try Place.ID("bravo"))))
        }
    }

    @Test func aCheckInByAnotherProcessOnTheSameSQLiteFileReachesStreamsAtTheNextTickNotTheResync() throws {
        let test = try TestApp.make()
        defer { test.cleanUp() }
        // Another process on the same file (`grubmap` run from a shell, a second server): a store of its own.
        let other = try SQLiteStore(path: test.store.path)
        let token = "session-other-" + String(repeating: "x", count: 32)
        try other.createSession(
            Session(
                token: token, csrfToken: "c", createdAt: test.clock.now,
                expiresAt: test.clock.now.addingTimeInterval(86400)))
        try other.saveProfile(
            Profile(id: try Profile.ID("other-1"), firstName: "Ada", lastName: "B"), sessionToken: token, avatar: .keep)
        let reads = ReadCounter()
        let fromStore = LiveStateReader.store(test.store)
        let hub = LiveHub(
            reader: LiveStateReader(
                read: { area, at, wasLive in
                    _ = reads.add()
                    return try fromStore.read(area, at, wasLive)
                }, areaOfPlace: fromStore.areaOfPlace),
            feed: test.store, now: { test.clock.now }, runsThreads: false)
        defer { hub.stop() }
        let stream = hub.open(area: TestApp.sampleArea.id, lastEventID: nil)
        hub.refresh()
        #expect(
            try Self.reload(String(decoding: stream.drainForTests(), as: UTF8.self).components(separatedBy: "\n\n")[1])
                .places == [])
        hub.tick()  // The first tick resyncs (and first looks at the file).
        hub.refresh()
        let settled = reads.count
        test.clock.advance(by: 1)
        hub.tick()
        hub.refresh()
        #expect(reads.count == settled, "a file nobody wrote: nothing read again")

        let alpha = TestApp.samplePlaces[0].id
        let now = test.clock.now
        _ = try other.checkIn(
            sessionToken: token, at: alpha, from: now, until: now.addingTimeInterval(3600),
            bucket: PopularTimes.Bucket(instant: now, timeZone: TestApp.sampleArea.clockTimeZone))
        test.clock.advance(by: 1)
        hub.tick()
        hub.refresh()
        let event = String(decoding: stream.drainForTests(), as: UTF8.self)
        let state = try Self.state(event)
        #expect(state.placeId == alpha && state.checkedIn == 1, "a second later, 29 s before the resync")
    }

    final class ReadCounter: Sendable {
        private let value = Mutex(0)
        var count: Int { value.withLock { $0 } }
        /// Counts one more; gives the count before it.
        func add() -> Int {
            value.withLock { value in
                defer { value += 1 }
                return value
            }
        }
    }
}

/// One HTTP/1.1 connection to the test server, read as raw bytes: a request and its answer, or a stream's head
/// and then its events one by one (its chunks decoded).
final class Wire {
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
    }

    private let socket: Int32
    private var buffer: [UInt8] = []
    /// A stream's bytes, decoded from its chunks, not yet returned as events.
    private var text = ""

    init(port: UInt16) throws {
        socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw URLError(.cannotConnectToHost) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socket) }

    func request(_ method: String, _ target: String, headers: [String: String] = [:], body: String = "") throws
        -> Reply
    {
        write(method, target, headers: headers, body: body)
        var reply = try readHead()
        let length = Int(reply.headers["content-length"] ?? "0") ?? 0
        while buffer.count < length { try fill() }
        reply.body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return reply
    }

    /// Sends a `GET` and reads the head of its answer.
    func open(_ target: String, headers: [String: String] = [:]) throws -> Reply {
        write("GET", target, headers: headers, body: "")
        return try readHead()
    }

    /// The next event of the stream (its lines, without the empty line that ends it).
    func readEvent() throws -> String {
        while true {
            if let end = text.range(of: "\n\n") {
                let event = String(text[..<end.lowerBound])
                text.removeSubrange(..<end.upperBound)
                return event
            }
            let lineEnd = try index(of: [13, 10])
            let size = Int(String(decoding: buffer[..<lineEnd], as: UTF8.self), radix: 16) ?? 0
            buffer.removeFirst(lineEnd + 2)
            guard size > 0 else { throw URLError(.networkConnectionLost) }
            while buffer.count < size + 2 { try fill() }
            text += String(decoding: buffer[..<size], as: UTF8.self)
            buffer.removeFirst(size + 2)
        }
    }

    private func write(_ method: String, _ target: String, headers: [String: String], body: String) {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if method != "GET" { head += "Content-Length: \(body.utf8.count)\r\n" }
        let bytes = Array((head + "\r\n" + body).utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent <= 0 { return }
            offset += sent
        }
    }

    private func readHead() throws -> Reply {
        let end = try index(of: [13, 10, 13, 10])
        var lines = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        buffer.removeFirst(end + 4)
        let status = Int(lines.removeFirst().split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return Reply(status: status, headers: headers, body: [])
    }

    private func index(of marker: [UInt8]) throws -> Int {
        while true {
            if buffer.count >= marker.count {
                for index in 0...(buffer.count - marker.count)
                where Array(buffer[index..<index + marker.count]) == marker {
                    return index
                }
            }
            try fill()
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &chunk, chunk.count, 0)
        guard count > 0 else { throw URLError(.networkConnectionLost) }
        buffer.append(contentsOf: chunk[..<count])
    }
}
