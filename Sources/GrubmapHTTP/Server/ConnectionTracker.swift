import CMicroHTTPD
import Foundation
import Synchronization

/// One accepted connection, reached from libmicrohttpd's callbacks through its socket context.
final class ConnectionRecord: Sendable {
    let id: ConnectionTable.ID
    let socket: Int32
    /// Names the peer of ``socket`` (see `cmhd_peer_key`), to make sure a socket number still means this
    /// connection before shutting it down from another thread.
    let peerKey: UInt64
    /// The client's IP address, as text.
    let address: String
    /// Over a limit: its request gets 503 and the connection closes.
    let isRefused: Atomic<Bool>
    /// Answered with `Connection: close` while the client may still be sending: the close lingers.
    let lingers = Atomic<Bool>(false)

    init(id: ConnectionTable.ID, socket: Int32, address: String, isRefused: Bool) {
        self.id = id
        self.socket = socket
        self.peerKey = cmhd_peer_key(socket)
        self.address = address
        self.isRefused = Atomic(isRefused)
    }
}

/// Keeps the ``ConnectionTable`` of a running server and does what it says: shuts sockets down from a thread of
/// its own (the reaper) when their time is up or room is needed, and hands sockets that close on an early
/// answer to the ``LingeringCloser``.
///
/// Shutting a socket down (`shutdown(2)`, both ways) is how another thread can make libmicrohttpd close a
/// connection: its next read sees the end and it closes the connection itself, in every threading mode. The
/// socket is shut down under the lock that the close notification takes, and libmicrohttpd closes a socket only
/// after that notification returns, so the number always still means the connection; the peer key guards
/// against a socket closed without a notification.
final class ConnectionTracker: Sendable {
    private struct State {
        var table: ConnectionTable
        var records: [ConnectionTable.ID: ConnectionRecord] = [:]
        var closed: [ConnectionTable.Closing: Int] = [:]
        var refused = 0
        var lastReport: ContinuousClock.Instant
        var isStopped = false
    }

    private let state: Mutex<State>
    private let nextID = Atomic<Int>(0)
    private let clock = ContinuousClock()
    private let lingering: LingeringCloser
    private let log: (@Sendable (String) -> Void)?
    /// How often the reaper looks for connections past their time.
    let sweepInterval: Duration

    init(limits: ServerConfiguration, lingering: LingeringCloser, log: (@Sendable (String) -> Void)?) {
        state = Mutex(State(table: ConnectionTable(limits: limits), lastReport: clock.now))
        self.lingering = lingering
        self.log = log
        let shortest = min(limits.requestTimeout, limits.idleTimeout, limits.refusalTimeout)
        sweepInterval = max(.milliseconds(20), min(.milliseconds(500), shortest / 4))
    }

    /// Requests being received or answered right now.
    var activeRequests: Int { state.withLock { $0.table.activeRequests } }

    /// Requests being received right now.
    var arrivingRequests: Int { state.withLock { $0.table.arrivingRequests } }

    /// Connections open right now, as libmicrohttpd last told.
    var openConnections: Int { state.withLock { $0.records.count } }

    /// A connection was accepted (on libmicrohttpd's thread for it).
    func open(socket: Int32, address: String) -> ConnectionRecord {
        let id = nextID.add(1, ordering: .relaxed).newValue
        return state.withLock { state in
            let (isRefused, closing) = state.table.open(id, address: address, now: clock.now)
            let record = ConnectionRecord(id: id, socket: socket, address: address, isRefused: isRefused)
            state.records[id] = record
            if isRefused { state.refused += 1 }
            for victim in closing { Self.shutDown(victim, reason: .madeRoom, in: &state) }
            return record
        }
    }

    /// A request line arrived. Returns false when the request is refused.
    func beginRequest(on record: ConnectionRecord) -> Bool {
        let isAdmitted = state.withLock { state in
            let wasRefused = record.isRefused.load(ordering: .relaxed)
            let isAdmitted = state.table.beginRequest(record.id, now: clock.now)
            if !isAdmitted, !wasRefused { state.refused += 1 }
            return isAdmitted
        }
        if !isAdmitted { record.isRefused.store(true, ordering: .relaxed) }
        return isAdmitted
    }

    /// The request is in (or answered before its body).
    func endReceiving(on record: ConnectionRecord) {
        state.withLock { $0.table.endReceiving(record.id, now: clock.now) }
    }

    /// Holds at most `limit` event streams at once (fewer than ``ServerConfiguration/eventStreamLimit`` when the
    /// open-file limit is short of it).
    func limitStreams(to limit: Int) {
        state.withLock { $0.table.streamLimit = limit }
    }

    /// The answer is an event stream; false when the stream limit is reached.
    func beginStreaming(on record: ConnectionRecord) -> Bool {
        state.withLock { $0.table.beginStreaming(record.id, now: clock.now) }
    }

    /// Connections whose answer is an open event stream.
    var openStreams: Int { state.withLock { $0.table.openStreams } }

    /// Shuts down the socket of every connection whose answer is an event stream, for shutting down when their
    /// clients do not read the end.
    func shutDownStreams() {
        state.withLock { state in
            for (id, entry) in state.table.entries where entry.phase == .streaming {
                Self.shutDown(id, reason: .shutdown, in: &state)
            }
        }
    }

    /// The request is over; the connection waits for the next one.
    func endRequest(on record: ConnectionRecord) {
        state.withLock { $0.table.endRequest(record.id, now: clock.now) }
    }

    /// libmicrohttpd is closing the connection (its socket is still open): forget it, and let the close linger
    /// when the client may still be sending.
    func close(_ record: ConnectionRecord) {
        let entry = state.withLock { state in
            state.records[record.id] = nil
            return state.table.close(record.id)
        }
        guard entry?.isClosing != true else { return }
        if record.lingers.load(ordering: .relaxed) || cmhd_unread_bytes(record.socket) > 0 {
            lingering.adopt(copyOf: record.socket)
        }
    }

    /// Closes idle connections from now on and refuses new ones, for shutting down.
    func drain() {
        state.withLock { $0.table.drain() }
        sweep()
    }

    /// Shuts down every connection past its time, and now and then logs how many were closed or refused.
    func sweep() {
        let report: String? = state.withLock { state in
            guard !state.isStopped else { return nil }
            let now = clock.now
            for (id, reason) in state.table.expired(now: now) { Self.shutDown(id, reason: reason, in: &state) }
            guard state.lastReport.duration(to: now) >= .seconds(10) else { return nil }
            defer {
                state.closed = [:]
                state.refused = 0
                state.lastReport = now
            }
            return Self.report(closed: state.closed, refused: state.refused)
        }
        if let report { log?(report) }
    }

    /// Starts the reaper: a thread that sweeps every ``sweepInterval`` until ``stop()``.
    func startReaper() {
        let interval = sweepInterval
        Thread.detachNewThread { [self] in
            while !state.withLock({ $0.isStopped }) {
                Thread.sleep(forTimeInterval: interval.seconds)
                sweep()
            }
        }
    }

    /// Stops the reaper and any shutting down; for the moment before the daemon stops.
    func stop() {
        let report = state.withLock { state in
            state.isStopped = true
            return Self.report(closed: state.closed, refused: state.refused)
        }
        if let report { log?(report) }
    }

    private static func shutDown(_ id: ConnectionTable.ID, reason: ConnectionTable.Closing, in state: inout State) {
        guard let record = state.records[id] else { return }
        guard cmhd_peer_key(record.socket) == record.peerKey else {
            // Closed without a notification: the number may belong to something else now.
            state.records[id] = nil
            state.table.close(id)
            return
        }
        _ = Foundation.shutdown(record.socket, Int32(SHUT_RDWR))
        state.closed[reason, default: 0] += 1
    }

    private static func report(closed: [ConnectionTable.Closing: Int], refused: Int) -> String? {
        let names: [(ConnectionTable.Closing, String)] = [
            (.slowRequest, "took too long to send a request"), (.idle, "idle too long"),
            (.madeRoom, "idle, to make room"), (.refused, "refused and silent"), (.shutdown, "idle at shutdown"),
        ]
        var parts = names.compactMap { reason, name in closed[reason].map { "\($0) \(name)" } }
        if refused > 0 { parts.insert("\(refused) refused over a connection limit", at: 0) }
        return parts.isEmpty ? nil : "connections: " + parts.joined(separator: ", ")
    }
}

extension Duration {
    /// The duration in seconds, as `Thread.sleep` and `poll` like it (and rates per second).
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
