import Foundation
import GrubmapStore
import Synchronization

/// Hears the live changes the other servers sharing the database commit (`LISTEN grubmap_events`), and hands them
/// to the store's watchers.
///
/// It owns one connection of its own, outside ``PostgresConnectionPool`` (a pooled connection drops what it has
/// not read when it is lent again), on a thread of its own, and never opens a transaction on it (a session in a
/// transaction is given no notification until it ends). It waits on the socket at most ``pollSeconds`` at a time,
/// so ``stop()`` is heard soon, and runs `SELECT 1` every ``pingSeconds``: a server that froze sends nothing, and
/// only a question unanswered within the store's timeout shows it. On any failure it connects again, waiting 1 s,
/// then twice as long each time up to 30 s, and listens again. Every time it starts listening (the first time
/// too: before it, nothing was heard) it calls `mayHaveMissed`, and the live hub reads every watched area again.
/// A payload of another version, or one it cannot read, is ignored with a log line. Given the store's
/// ``CatalogFreshness``, it also listens on `grubmap_catalog` and tells it of every notification there, and of when
/// it starts and stops listening (while it does not listen, the store asks the database for the catalog's version).
public final class PostgresListener: Sendable {
    /// The longest one wait on the socket lasts.
    static let pollSeconds = 0.5
    /// How often a quiet connection is asked `SELECT 1`.
    static let pingSeconds: Double = 10
    /// The waits before connecting again after a failure: the first, and the most.
    static let firstBackoffSeconds: Double = 1
    static let longestBackoffSeconds: Double = 30

    private let configuration: PostgresConfiguration
    private let server: String
    /// How this server's own notifications begin (``LiveNotification/payloadHead(server:)``).
    private let ownPayloadHead: String
    private let deliver: @Sendable (Set<LiveChange>) -> Void
    private let mayHaveMissed: @Sendable () -> Void
    private let catalog: CatalogFreshness?
    private let log: @Sendable (String) -> Void
    private let state = Mutex((isStarted: false, isStopped: false, listens: 0))
    private let wake = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)

    /// A listener that hands `deliver` the changes of every other server's notifications (those of `server`, this
    /// one, are skipped), and calls `mayHaveMissed` each time it starts listening. Nothing runs before ``start()``.
    public init(
        configuration: PostgresConfiguration, server: String,
        deliver: @escaping @Sendable (Set<LiveChange>) -> Void, mayHaveMissed: @escaping @Sendable () -> Void,
        catalog: CatalogFreshness? = nil, log: @escaping @Sendable (String) -> Void
    ) {
        self.configuration = configuration
        self.server = server
        ownPayloadHead = LiveNotification.payloadHead(server: server)
        self.deliver = deliver
        self.mayHaveMissed = mayHaveMissed
        self.catalog = catalog
        self.log = log
    }

    /// How many times it started listening: 1 once connected, one more after each reconnection.
    public var listens: Int { state.withLock { $0.listens } }

    /// Starts the listening thread (once; not after ``stop()``).
    public func start() {
        let isFirst = state.withLock { state in
            defer { state.isStarted = true }
            return !state.isStarted && !state.isStopped
        }
        guard isFirst else { return }
        Thread.detachNewThread { [self] in
            Thread.current.name = "grubmap-pg-listener"
            run()
            ended.signal()
        }
    }

    /// Stops listening and waits for the thread to end (at most ``pollSeconds`` after a wait on the socket, or the
    /// store's timeout when a statement is under way).
    public func stop() {
        let wasRunning = state.withLock { state in
            defer { state.isStopped = true }
            return state.isStarted && !state.isStopped
        }
        guard wasRunning else { return }
        wake.signal()
        ended.wait()
    }

    private var isStopped: Bool { state.withLock { $0.isStopped } }

    private func run() {
        var backoff = Self.firstBackoffSeconds
        while !isStopped {
            do {
                let connection = try PostgresConnection(configuration: configuration)
                try connection.listen(LiveNotification.channel)
                if catalog != nil { try connection.listen(CatalogFreshness.channel) }
                let listens = state.withLock { state in
                    state.listens += 1
                    return state.listens
                }
                if listens > 1 { log("live updates: listening on \(LiveNotification.channel) again") }
                backoff = Self.firstBackoffSeconds
                mayHaveMissed()
                catalog?.listening(true)
                defer { catalog?.listening(false) }
                try listen(on: connection)
            } catch {
                guard !isStopped else { break }
                log(
                    "live updates: lost \(LiveNotification.channel) (\(error)); connecting again in \(Int(backoff)) s")
                _ = wake.wait(timeout: .now() + backoff)
                backoff = min(backoff * 2, Self.longestBackoffSeconds)
            }
        }
    }

    /// Hands out what the connection hears until it fails or the listener is stopped.
    private func listen(on connection: PostgresConnection) throws(PostgresError) {
        var lastPing = ContinuousClock.now
        while !isStopped {
            for notification in try connection.notifications(waitingAtMost: Self.pollSeconds) {
                if notification.channel == CatalogFreshness.channel {
                    catalog?.moved()
                } else {
                    handle(notification.payload)
                }
            }
            if ContinuousClock.now - lastPing >= .seconds(Self.pingSeconds) {
                try connection.execute("SELECT 1")
                lastPing = ContinuousClock.now
            }
        }
    }

    private func handle(_ payload: String) {
        guard !payload.hasPrefix(ownPayloadHead) else { return }
        do {
            let notification = try LiveNotification(payload: payload)
            guard notification.server != server else { return }
            deliver(notification.changes)
        } catch {
            log("live updates: ignored a notification on \(LiveNotification.channel): \(error)")
        }
    }
}
