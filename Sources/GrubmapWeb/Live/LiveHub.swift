import Foundation
import GrubmapAPI
import GrubmapCore
import GrubmapHTTP
import GrubmapStore
import Synchronization

/// Sends each area's live changes to the event streams open on it (`GET /areas/{id}/events`, Server-Sent Events).
///
/// The store tells the hub what a committed write changed (``LiveChangeFeed``); the hub's own thread, the
/// refresher, reads the live state of each area concerned once (never once per stream), compares it with what it
/// last sent, and writes one `state` event per place that changed to every stream of the area. A change of a
/// place's menu or of the place itself is passed on as it is, as a `menu` or `place` event naming it (the pages
/// offer to show the new one; the event does not carry it). Every stream starts
/// with `retry:` and a `reload` event carrying the area's whole live state, unless its `Last-Event-ID` names an
/// event still in the area's ring of recent events, which it then gets again after. Event ids are
/// `<epoch>-<seq>`, the epoch random per server: another server's ids, or ones too old, get `reload`.
///
/// ``tick()`` (every second, on a thread of its own, from the injected clock) writes a comment line to each stream
/// silent for 15 s, so proxies keep it open, and every 30 s reads every watched area again (check-ins expire
/// without a write), and again whenever the feed may have missed changes: on PostgreSQL after its listener's
/// connection was lost; on SQLite when the tick finds the file written by another process
/// (``LiveChangeFeed/lookForUntoldWrites()``).
final class LiveHub: Sendable {
    /// A stream open on an area.
    private struct Listener {
        let stream: EventStream
        var lastWrite: Date
    }

    /// What the hub holds for one area with open streams.
    private struct Channel {
        var listeners: [ObjectIdentifier: Listener] = [:]
        /// Streams opened before the area's state was first read: they get `reload` once it is.
        var waiting: [ObjectIdentifier: Listener] = [:]
        /// The state last sent; `nil` until first read.
        var sent: LiveArea?
        /// When ``sent`` was read: a stream opening a second later waits for a fresh read (check-ins expire without
        /// a write).
        var readAt: Date?
        /// The latest events, oldest first.
        var ring: [(seq: Int, at: Date, bytes: [UInt8])] = []
        /// Every event of the area after this one is in ``ring``.
        var floor: Int

        var isEmpty: Bool { listeners.isEmpty && waiting.isEmpty }
    }

    private struct State {
        var channels: [Area.ID: Channel] = [:]
        var seq = 0
        var eventsMade = 0
        /// Places changed and areas to read, for the refresher.
        var changedPlaces: Set<Place.ID> = []
        /// Changes of menus and places, passed on as events of their own.
        var notices: Set<LiveChange> = []
        var areasToRead: Set<Area.ID> = []
        /// Where each place named by a change is, read once.
        var areaOfPlace: [Place.ID: Area.ID] = [:]
        var lastResync: Date?
        /// Areas found in the catalog: their streams open without asking the database.
        var knownAreas: Set<Area.ID> = []
        var watch: LiveWatch?
        var isStarted = false
        var isStopped = false
    }

    /// Events kept per area for `Last-Event-ID`: at most this many, none older than ``ringAge``.
    static let ringSize = 512
    static let ringAge: TimeInterval = 600
    /// A stream silent this long gets a comment line (WHATWG: "every 15 seconds or so").
    static let heartbeat: TimeInterval = 15
    /// Every watched area is read again this often.
    static let resync: TimeInterval = 30
    /// A `reload` larger than this leaves the places out: the page then reloads itself. A replay larger than
    /// this is sent as a `reload` instead.
    static let largestReload = 64 * 1024
    /// The unread bytes after which a client is dropped: room for a whole `reload` and what follows it.
    static let maximumPendingBytes = 2 * largestReload

    /// This server's part of every event id.
    let epoch: String
    private let reader: LiveStateReader
    private let feed: (any LiveChangeFeed)?
    private let now: @Sendable () -> Date
    private let log: @Sendable (String) -> Void
    /// Whether ``refresh()`` and ``tick()`` run on threads of the hub's (tests may call them themselves).
    private let runsThreads: Bool
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    init(
        reader: LiveStateReader, feed: (any LiveChangeFeed)?, now: @escaping @Sendable () -> Date,
        epoch: String = String(UInt32.random(in: .min ... .max), radix: 36), runsThreads: Bool = true,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.reader = reader
        self.feed = feed
        self.now = now
        self.epoch = epoch
        self.runsThreads = runsThreads
        self.log = log
    }

    /// Whether the area is known to exist (areas are never deleted).
    func knows(area: Area.ID) -> Bool {
        state.withLock { $0.knownAreas.contains(area) }
    }

    /// The area exists: its streams may open on the server's network thread from now on.
    func remember(area: Area.ID) {
        state.withLock { _ = $0.knownAreas.insert(area) }
    }

    /// Events made since the server started (each written to every stream of its area).
    var eventsMade: Int { state.withLock { $0.eventsMade } }

    /// Streams open right now, on every area.
    var openStreams: Int {
        state.withLock { $0.channels.values.reduce(0) { $0 + $1.listeners.count + $1.waiting.count } }
    }

    /// A new stream of the area's events, resuming after `lastEventID` when the area's ring still holds what
    /// followed it. Answers from memory: a first stream of an area is given its state by the refresher.
    func open(area: Area.ID, lastEventID: String?) -> EventStream {
        startIfNeeded()
        let stream = EventStream(maximumPendingBytes: Self.maximumPendingBytes)
        let now = now()
        // Spreads the reconnections of a crowd whose streams all ended at once (a restart) over a few seconds.
        stream.send(Array("retry: \(Int.random(in: 3000...8000))\n\n".utf8))
        let id = ObjectIdentifier(stream)
        let needsRead = state.withLock { state -> Bool in
            var channel = state.channels[area] ?? Self.newChannel(&state)
            defer { state.channels[area] = channel }
            let listener = Listener(stream: stream, lastWrite: now)
            guard let sent = channel.sent else {
                // The first waiting stream asks for the read; the others are given its result too.
                let isFirst = channel.waiting.isEmpty
                channel.waiting[id] = listener
                if isFirst { state.areasToRead.insert(area) }
                return isFirst
            }
            if let replay = replay(channel, after: lastEventID, seq: state.seq) {
                for event in replay { stream.send(event) }
            } else if let readAt = channel.readAt, now.timeIntervalSince(readAt) < 1 {
                stream.send(reload(area: area, sent, seq: state.seq))
            } else {
                let isFirst = channel.waiting.isEmpty
                channel.waiting[id] = listener
                if isFirst { state.areasToRead.insert(area) }
                return isFirst
            }
            channel.listeners[id] = listener
            return false
        }
        if needsRead { wake.signal() }
        return stream
    }

    /// The store committed `changes`: the refresher reads the areas concerned. Returns at once.
    func changed(_ changes: Set<LiveChange>) {
        state.withLock { state in
            for change in changes {
                switch change {
                case .presence(let place), .lineReports(let place), .soldOut(let place):
                    state.changedPlaces.insert(place)
                case .menu, .place:
                    state.notices.insert(change)
                case .ratings, .photos:
                    continue
                }
            }
        }
        wake.signal()
    }

    /// The feed may have missed changes (PostgreSQL's listener lost its connection and listens again): the
    /// refresher reads every watched area again, as at a resync. Returns at once.
    func mayHaveMissedChanges() {
        state.withLock { state in state.areasToRead.formUnion(state.channels.keys) }
        wake.signal()
    }

    /// Reads again what changed and sends the differences: the refresher's work, also called by tests.
    func refresh() {
        let (places, notices, known) = state.withLock { state in
            defer {
                state.changedPlaces = []
                state.notices = []
            }
            return (state.changedPlaces, state.notices, state.areaOfPlace)
        }
        let noticed = notices.compactMap(Self.notice)
        var found: [Place.ID: Area.ID] = [:]
        for place in places.union(noticed.map(\.place)) where known[place] == nil {
            do {
                if let area = try reader.areaOfPlace(place) { found[place] = area }
            } catch {
                log("live updates: could not find the area of \(place): \(error)")
            }
        }
        let instant = now()
        let areas = state.withLock { state in
            state.areaOfPlace.merge(found) { $1 }
            for notice in noticed.sorted(by: { $0.order < $1.order }) {
                guard let area = state.areaOfPlace[notice.place], var channel = state.channels[area] else { continue }
                broadcast(name: notice.name, data: notice.data, in: &channel, state: &state, at: instant)
                state.channels[area] = channel
            }
            for place in places {
                if let area = state.areaOfPlace[place], state.channels[area] != nil { state.areasToRead.insert(area) }
            }
            defer { state.areasToRead = [] }
            return state.areasToRead
        }
        for area in areas.sorted(by: { $0.rawValue < $1.rawValue }) {
            // The places live at the last read: the reader says how each is quiet if it no longer is live.
            let before = state.withLock { $0.channels[area]?.sent.map { Set($0.places.keys) } ?? [] }
            do {
                let fresh = try reader.read(area, instant, before)
                state.withLock { publish(fresh, in: area, state: &$0, at: instant) }
            } catch {
                // The database is away: the next change or resync tries again; streams keep their heartbeats.
                log("live updates: could not read area \(area): \(error)")
            }
        }
    }

    /// Writes a comment line to every stream silent for ``heartbeat`` seconds, lets go of ended streams and old
    /// events, and every ``resync`` seconds asks the refresher to read every watched area again.
    func tick() {
        // Another process writing the same SQLite file: its changes are read at this tick, not at the resync.
        feed?.lookForUntoldWrites()
        let instant = now()
        let resync = state.withLock { state -> Bool in
            for (area, var channel) in state.channels {
                for (id, var listener) in channel.listeners {
                    if instant.timeIntervalSince(listener.lastWrite) >= Self.heartbeat {
                        listener.lastWrite = instant
                        listener.stream.send(Array(":\n\n".utf8))
                    }
                    channel.listeners[id] = listener.stream.isOpen ? listener : nil
                }
                channel.waiting = channel.waiting.filter { $0.value.stream.isOpen }
                if let oldest = channel.ring.firstIndex(where: { instant.timeIntervalSince($0.at) < Self.ringAge }) {
                    if oldest > 0 { channel.floor = channel.ring[oldest - 1].seq }
                    channel.ring.removeFirst(oldest)
                } else if let last = channel.ring.last {
                    channel.floor = last.seq
                    channel.ring = []
                }
                state.channels[area] = channel.isEmpty ? nil : channel
            }
            guard !state.channels.isEmpty,
                state.lastResync.map({ instant.timeIntervalSince($0) >= Self.resync }) ?? true
            else { return false }
            state.lastResync = instant
            state.areasToRead.formUnion(state.channels.keys)
            return true
        }
        if resync { wake.signal() }
    }

    /// Ends every stream and the hub's threads.
    func stop() {
        let (streams, watch) = state.withLock { state in
            state.isStopped = true
            defer {
                state.channels = [:]
                state.watch = nil
            }
            let streams = state.channels.values.flatMap {
                $0.listeners.values.map(\.stream) + $0.waiting.values.map(\.stream)
            }
            return (streams, state.watch)
        }
        watch?.cancel()
        for stream in streams { stream.close() }
        wake.signal()
    }

    // MARK: Inside the lock

    private static func newChannel(_ state: inout State) -> Channel {
        // A seq of its own: no id sent before the channel existed can resume on it.
        state.seq += 1
        return Channel(floor: state.seq)
    }

    /// The events after `lastEventID`, when this server sent it and the ring still holds every event after it;
    /// else `nil` (the stream needs `reload`).
    private func replay(_ channel: Channel, after lastEventID: String?, seq: Int) -> [[UInt8]]? {
        guard let lastEventID, let dash = lastEventID.lastIndex(of: "-"), lastEventID[..<dash] == epoch,
            let last = Int(lastEventID[lastEventID.index(after: dash)...]), last >= channel.floor, last <= seq
        else { return nil }
        let missed = channel.ring.filter { $0.seq > last }.map(\.bytes)
        return missed.reduce(0) { $0 + $1.count } <= Self.largestReload ? missed : nil
    }

    /// The `reload` event: the area's whole live state, as of event `seq`.
    private func reload(area: Area.ID, _ sent: LiveArea, seq: Int) -> [UInt8] {
        let places = sent.places.values.sorted { $0.placeId.rawValue < $1.placeId.rawValue }
        var data = (try? Response.jsonBytes(API.LiveReload(areaId: area, date: sent.date, places: places))) ?? []
        if data.count > Self.largestReload {
            data = (try? Response.jsonBytes(API.LiveReload(areaId: area, date: sent.date, places: nil))) ?? []
        }
        return event(id: seq, name: "reload", data: data)
    }

    /// Compares the area's state with what was sent, sends one `state` event per place that changed, and gives
    /// streams waiting for the area's first state their `reload`.
    private func publish(_ fresh: LiveArea, in area: Area.ID, state: inout State, at instant: Date) {
        guard var channel = state.channels[area] else { return }
        defer { state.channels[area] = channel }
        if let sent = channel.sent {
            // A new day changes the date of every place sent before; the others were quiet and stay so.
            for place in Set(sent.places.keys).union(fresh.places.keys).sorted(by: { $0.rawValue < $1.rawValue }) {
                let now = fresh.state(of: place)
                guard sent.state(of: place) != now, let data = try? Response.jsonBytes(now) else { continue }
                broadcast(name: "state", data: data, in: &channel, state: &state, at: instant)
            }
        }
        channel.sent = fresh
        channel.readAt = instant
        if !channel.waiting.isEmpty {
            let bytes = reload(area: area, fresh, seq: state.seq)
            for (id, var listener) in channel.waiting where listener.stream.send(bytes) {
                listener.lastWrite = instant
                channel.listeners[id] = listener
            }
            channel.waiting = [:]
        }
    }

    /// Makes the next event of the area, keeps it in the ring, and writes it to every stream of the channel, dropping
    /// those that cannot take it.
    private func broadcast(
        name: String, data: [UInt8], in channel: inout Channel, state: inout State, at instant: Date
    ) {
        state.seq += 1
        state.eventsMade += 1
        let bytes = event(id: state.seq, name: name, data: data)
        channel.ring.append((state.seq, instant, bytes))
        if channel.ring.count > Self.ringSize { channel.floor = channel.ring.removeFirst().seq }
        for (id, var listener) in channel.listeners {
            guard listener.stream.send(bytes) else {
                channel.listeners[id] = nil
                continue
            }
            listener.lastWrite = instant
            channel.listeners[id] = listener
        }
    }

    /// A `menu` or `place` event to pass on, with the place it concerns.
    private struct Notice {
        let place: Place.ID
        let name: String
        let data: [UInt8]
        /// Sorts the events of one refresh the same way each time: by place, then date.
        let order: String
    }

    /// The event a change of a menu or a place makes; `nil` for the other changes (read as state).
    private static func notice(_ change: LiveChange) -> Notice? {
        switch change {
        case .menu(let place, let date):
            guard let data = try? Response.jsonBytes(API.LiveMenuChange(placeId: place, date: date)) else { return nil }
            return Notice(place: place, name: "menu", data: data, order: "\(place.rawValue) \(date)")
        case .place(let place):
            guard let data = try? Response.jsonBytes(API.LivePlaceChange(placeId: place)) else { return nil }
            return Notice(place: place, name: "place", data: data, order: place.rawValue)
        case .presence, .lineReports, .soldOut, .ratings, .photos:
            return nil
        }
    }

    private func event(id: Int, name: String, data: [UInt8]) -> [UInt8] {
        Array("id: \(epoch)-\(id)\nevent: \(name)\ndata: ".utf8) + data + Array("\n\n".utf8)
    }

    // MARK: Threads

    /// Watches the store and starts the refresher (and the ticker) at the first stream.
    private func startIfNeeded() {
        let isFirst = state.withLock { state in
            guard !state.isStarted, !state.isStopped else { return false }
            state.isStarted = true
            return true
        }
        guard isFirst else { return }
        let watch = feed?.watch(
            { [weak self] changes in self?.changed(changes) },
            mayHaveMissed: { [weak self] in self?.mayHaveMissedChanges() })
        state.withLock { $0.watch = watch }
        guard runsThreads else { return }
        Thread.detachNewThread { [self] in
            Thread.current.name = "grubmap-live"
            while !state.withLock({ $0.isStopped }) {
                wake.wait()
                refresh()
            }
        }
        Thread.detachNewThread { [self] in
            Thread.current.name = "grubmap-live-ticker"
            while !state.withLock({ $0.isStopped }) {
                Thread.sleep(forTimeInterval: 1)
                tick()
            }
        }
    }
}
