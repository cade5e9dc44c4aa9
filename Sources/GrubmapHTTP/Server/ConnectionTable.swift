/// The server's book of open connections: what each one is doing since when, and what the limits make of it
/// (refuse it, close it to make room, close it for taking too long).
///
/// No I/O and no clock of its own: every call is given the time, and the server acts on what comes back (see
/// ``ConnectionTracker``), so tests drive it through hours without waiting.
struct ConnectionTable {
    typealias ID = Int
    typealias Instant = ContinuousClock.Instant

    enum Phase: Equatable {
        /// Waiting for a request: just accepted, or kept alive after an answer. May be closed to make room.
        case idle
        /// A request is coming in: its request line has arrived, not yet all of its headers and body.
        case receiving
        /// The whole request is in and is being answered, or the answer is being sent.
        case answering
        /// Its answer is an open ``EventStream``: counted in ``openStreams`` against
        /// ``ServerConfiguration/eventStreamLimit``, not against ``ServerConfiguration/connectionLimit`` nor as a
        /// request in flight, and never timed out here.
        case streaming
    }

    /// Why the server closed a connection itself.
    enum Closing: Equatable, CaseIterable {
        /// Idle for longer than the idle timeout.
        case idle
        /// Its request took longer than the request timeout to arrive.
        case slowRequest
        /// Refused, and its request did not arrive in time to be told so.
        case refused
        /// Idle, and closed to make room for a new connection.
        case madeRoom
        /// Idle, or never started a request, while the server shuts down.
        case shutdown
    }

    struct Entry {
        var address: String
        var phase: Phase = .idle
        var since: Instant
        /// Over a limit: its request gets 503 and the connection closes.
        var isRefused = false
        /// Counted in ``receivingByAddress``.
        var isCountedReceiving = false
        /// Told to close; waiting for libmicrohttpd to do so.
        var isClosing = false
    }

    /// The limits: ``ServerConfiguration/connectionLimit``, ``ServerConfiguration/receivingLimitPerAddress`` and
    /// the request, idle and refusal timeouts.
    let limits: ServerConfiguration
    private(set) var entries: [ID: Entry] = [:]
    private var receivingByAddress: [String: Int] = [:]
    /// Entries neither refused nor closing: those that count against ``ServerConfiguration/connectionLimit``.
    private var admittedCount = 0
    /// Connections whose answer is an open event stream.
    private(set) var openStreams = 0
    /// Event streams held at once: ``ServerConfiguration/eventStreamLimit``, or fewer when the open-file limit is
    /// short of it (``ConnectionBudget``).
    var streamLimit: Int
    private(set) var isDraining = false

    init(limits: ServerConfiguration) {
        self.limits = limits
        streamLimit = limits.eventStreamLimit
    }

    /// Requests being received or answered right now, on connections neither refused nor closing (an open
    /// event stream is not one).
    var activeRequests: Int {
        entries.values.count { !$0.isRefused && !$0.isClosing && $0.phase != .idle && $0.phase != .streaming }
    }

    /// Requests being received right now, on connections neither refused nor closing.
    var arrivingRequests: Int {
        entries.values.count { !$0.isRefused && !$0.isClosing && $0.phase == .receiving }
    }

    /// Requests from `address` being received right now.
    func receiving(from address: String) -> Int {
        receivingByAddress[address] ?? 0
    }

    /// A connection was accepted. Gives back whether it is refused, and the idle connections to close to make
    /// room for it (at most one).
    mutating func open(_ id: ID, address: String, now: Instant) -> (isRefused: Bool, closing: [ID]) {
        var entry = Entry(address: address, since: now)
        var closing: [ID] = []
        if admittedCount >= limits.connectionLimit {
            if let victim = idleToClose() {
                markClosing(victim)
                closing.append(victim)
            } else {
                entry.isRefused = true
            }
        }
        if isDraining { entry.isRefused = true }
        if !entry.isRefused { admittedCount += 1 }
        entries[id] = entry
        return (entry.isRefused, closing)
    }

    /// A request's line has arrived. Returns false when the request is refused: its connection was, or its
    /// address already has ``ServerConfiguration/receivingLimitPerAddress`` requests coming in.
    mutating func beginRequest(_ id: ID, now: Instant) -> Bool {
        guard var entry = entries[id] else { return false }
        entry.phase = .receiving
        entry.since = now
        if !entry.isRefused, !entry.isClosing {
            let count = receivingByAddress[entry.address] ?? 0
            if limits.receivingLimitPerAddress > 0, count >= limits.receivingLimitPerAddress {
                entry.isRefused = true
                admittedCount -= 1
            } else {
                receivingByAddress[entry.address] = count + 1
                entry.isCountedReceiving = true
            }
        }
        entries[id] = entry
        return !entry.isRefused
    }

    /// The whole request is in (or was answered before its body): it is being answered.
    mutating func endReceiving(_ id: ID, now: Instant) {
        move(id, to: .answering, now: now)
    }

    /// The request is over, answered or abandoned; the connection waits for the next one.
    mutating func endRequest(_ id: ID, now: Instant) {
        move(id, to: .idle, now: now)
    }

    /// The answer is an event stream: from now on it counts against ``streamLimit`` instead of
    /// ``ServerConfiguration/connectionLimit``. Returns false, changing nothing, when that limit is reached.
    mutating func beginStreaming(_ id: ID, now: Instant) -> Bool {
        guard var entry = entries[id], entry.phase != .streaming, openStreams < streamLimit else {
            return false
        }
        uncountReceiving(&entry)
        entry.phase = .streaming
        entry.since = now
        openStreams += 1
        if !entry.isRefused, !entry.isClosing { admittedCount -= 1 }
        entries[id] = entry
        return true
    }

    private mutating func move(_ id: ID, to phase: Phase, now: Instant) {
        guard var entry = entries[id] else { return }
        uncountReceiving(&entry)
        if entry.phase == .streaming {
            openStreams -= 1
            if !entry.isRefused, !entry.isClosing { admittedCount += 1 }
        }
        entry.phase = phase
        entry.since = now
        entries[id] = entry
    }

    /// libmicrohttpd closed the connection. Gives back what was known of it.
    @discardableResult
    mutating func close(_ id: ID) -> Entry? {
        guard var entry = entries.removeValue(forKey: id) else { return nil }
        uncountReceiving(&entry)
        if entry.phase == .streaming {
            openStreams -= 1
        } else if !entry.isRefused, !entry.isClosing {
            admittedCount -= 1
        }
        return entry
    }

    /// The connections to close now, each with why: marked as closing, so each is named once.
    mutating func expired(now: Instant) -> [(id: ID, reason: Closing)] {
        var result: [(id: ID, reason: Closing)] = []
        for (id, entry) in entries where !entry.isClosing {
            let reason: Closing
            let limit: Duration
            switch entry.phase {
            case .answering, .streaming:
                continue
            case _ where entry.isRefused:
                (reason, limit) = (.refused, limits.refusalTimeout)
            case .idle:
                (reason, limit) = isDraining ? (.shutdown, .zero) : (.idle, limits.idleTimeout)
            case .receiving:
                // While shutting down, a request gets no longer than a refused one to come in.
                let timeout = isDraining ? min(limits.requestTimeout, limits.refusalTimeout) : limits.requestTimeout
                (reason, limit) = (.slowRequest, timeout)
            }
            if entry.since.duration(to: now) >= limit {
                result.append((id, reason))
            }
        }
        for (id, _) in result { markClosing(id) }
        return result
    }

    /// The server is shutting down: idle connections are closed at the next ``expired(now:)``, new ones refused,
    /// and requests still coming in get ``ServerConfiguration/refusalTimeout`` at most.
    mutating func drain() {
        isDraining = true
    }

    /// The idle connection to close to make room: the one waiting longest, of the address with the most idle
    /// connections (so one client's pile of idle connections goes before another's only one).
    private func idleToClose() -> ID? {
        var idleByAddress: [String: (count: Int, oldest: ID, since: Instant)] = [:]
        for (id, entry) in entries where entry.phase == .idle && !entry.isRefused && !entry.isClosing {
            if let found = idleByAddress[entry.address] {
                let isOlder = entry.since < found.since
                idleByAddress[entry.address] = (
                    found.count + 1, isOlder ? id : found.oldest, isOlder ? entry.since : found.since
                )
            } else {
                idleByAddress[entry.address] = (1, id, entry.since)
            }
        }
        let busiest = idleByAddress.values.max { ($0.count, $1.since) < ($1.count, $0.since) }
        return busiest?.oldest
    }

    private mutating func markClosing(_ id: ID) {
        guard var entry = entries[id], !entry.isClosing else { return }
        entry.isClosing = true
        uncountReceiving(&entry)
        if !entry.isRefused, entry.phase != .streaming { admittedCount -= 1 }
        entries[id] = entry
    }

    private mutating func uncountReceiving(_ entry: inout Entry) {
        guard entry.isCountedReceiving else { return }
        entry.isCountedReceiving = false
        let count = (receivingByAddress[entry.address] ?? 1) - 1
        receivingByAddress[entry.address] = count > 0 ? count : nil
    }
}
