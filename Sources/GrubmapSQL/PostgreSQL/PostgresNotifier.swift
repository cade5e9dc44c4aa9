import Dispatch
import Foundation
import GrubmapStore
import Synchronization

/// Adds the popular-times counts this server's writes left for after their commit (``PopularCounts``) and sends the
/// changes they committed to the other servers (`NOTIFY grubmap_events`): at first on the writer's thread, before the
/// write returns (what a command such as `grubmap import menu` needs, which exits right after); once the store is a
/// server's (``sendInBackground()``, called as its listener is made), from a thread of its own, so a write returns
/// once committed and the counts and changes of writes that commit while a send is under way go out together in the
/// next one.
///
/// In the background, ``tell(_:adding:)`` adds a write's changes and counts to what is pending and wakes the sender;
/// the sender takes everything pending, adds the counts summed per place and hour and sends the changes (their
/// union, split under PostgreSQL's payload limit by ``LiveNotification``) in one statement, then waits for more, and
/// sends at most once every ``spacingSeconds``. A crowd checking in at one place thus costs one count, one
/// notification, one commit and one wake-up of every listening server per send instead of per check-in, and the
/// listeners read a set of changes either way. The thread
/// starts with the first change and ends after ``idleSeconds`` with nothing to send, so a store that is not writing
/// holds none.
///
/// Counts the database refused are kept and tried again after ``retrySeconds``, doubling with each refusal in a row
/// up to ``longestRetrySeconds``; what a failed notification told is logged and dropped, as a lost notification
/// always was: the other servers' hubs read every watched area again every 30 s and after any outage of their
/// listener.
final class PostgresNotifier: Sendable {
    /// How long the sender waits for more changes before its thread ends.
    static let idleSeconds = 1.0
    /// How long the sender holds counts back after the database refused them, at first; each refusal in a row
    /// doubles it, up to ``longestRetrySeconds``. Changes are sent meanwhile as ever.
    static let retrySeconds = 1.0
    /// The longest the sender holds counts back between two tries.
    static let longestRetrySeconds = 60.0
    /// The least time from one send to the next: a change after a quiet moment goes at once, while a crowd's changes
    /// gather into at most 200 sends a second (one transaction each, but for changes too many for one payload)
    /// instead of one per check-in or two. 8 writers checking in over HTTP made some 2,500 sends a second of about
    /// four check-ins each without it.
    static let spacingSeconds = 0.005

    private struct State {
        var inBackground = false
        var pending: Set<LiveChange> = []
        var pendingCounts = PopularCounts()
        var isRunning = false
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    /// Held by the sender while it takes and sends a batch, and by ``flush()``.
    private let sending = NSLock()
    private let pool: PostgresConnectionPool
    private let server: String
    /// Where a notification that could not be sent is logged: the listener's log, once one is made.
    private let log = Mutex<(@Sendable (String) -> Void)?>(nil)

    /// A notifier sending on `pool`'s connections as `server` (the id its listener skips).
    init(pool: PostgresConnectionPool, server: String) {
        self.pool = pool
        self.server = server
    }

    /// Logs the notifications that could not be sent to `log` from now on.
    func logFailures(to log: @escaping @Sendable (String) -> Void) {
        self.log.withLock { $0 = log }
    }

    /// From now on, sends from a thread of its own.
    func sendInBackground() {
        state.withLock { $0.inBackground = true }
    }

    /// Adds a committed write's popular-times counts and sends its changes to the other servers, or in the
    /// background queues both and returns at once.
    func tell(_ changes: Set<LiveChange>, adding counts: PopularCounts = PopularCounts()) {
        guard !changes.isEmpty || !counts.isEmpty else { return }
        let starts = state.withLock { state -> Bool? in
            guard state.inBackground else { return nil }
            state.pending.formUnion(changes)
            state.pendingCounts.add(counts)
            defer { state.isRunning = true }
            return !state.isRunning
        }
        guard let starts else {
            // Only counts are ever pending here: those a send on this path could not add.
            var counts = counts
            counts.add(takePending().1)
            send(changes, counts)
            return
        }
        if starts {
            Thread.detachNewThread { [self] in
                Thread.current.name = "grubmap-pg-notifier"
                run()
            }
        } else {
            wake.signal()
        }
    }

    private func run() {
        var lastSend = ContinuousClock.now - .seconds(Self.spacingSeconds)
        // Counts refused are held back until `countsDue`, by a pause that doubles with each refusal in a row: a
        // statement that keeps failing (a permission taken away) is tried and logged once a minute at most, not with
        // every write, while the changes go out as usual.
        var countsDue = ContinuousClock.now
        var countsPause = Self.retrySeconds
        while true {
            let early: Duration = lastSend + .seconds(Self.spacingSeconds) - ContinuousClock.now
            if early > .zero { Thread.sleep(forTimeInterval: early / .seconds(1)) }
            // Wake-ups for what the batch below takes are spent here, so that a wait after it waits.
            while wake.wait(timeout: .now()) == .success {}
            let outcome = sending.withLock { () -> SendOutcome in
                var (batch, counts) = takePending()
                if !counts.isEmpty, ContinuousClock.now < countsDue {
                    state.withLock { $0.pendingCounts.add(counts) }
                    counts = PopularCounts()
                    if batch.isEmpty { return .holdingCounts }
                }
                guard !batch.isEmpty || !counts.isEmpty else { return .idle }
                lastSend = .now
                if send(batch, counts) { return counts.isEmpty ? .sent : .countsAdded }
                return .countsRefused
            }
            switch outcome {
            case .sent:
                continue
            case .countsAdded:
                countsPause = Self.retrySeconds
                continue
            case .countsRefused:
                countsDue = .now + .seconds(countsPause)
                countsPause = min(countsPause * 2, Self.longestRetrySeconds)
                continue
            case .holdingCounts:
                // Nothing to send but counts held back: wait for their turn, or for a change to send meanwhile.
                _ = wake.wait(timeout: .now() + max(0, (countsDue - .now) / .seconds(1)))
                continue
            case .idle:
                break
            }
            if wake.wait(timeout: .now() + Self.idleSeconds) == .timedOut {
                let ends = state.withLock { state in
                    if state.pending.isEmpty, state.pendingCounts.isEmpty { state.isRunning = false }
                    return !state.isRunning
                }
                if ends { return }
            }
        }
    }

    /// What one pass of the sender did.
    private enum SendOutcome {
        /// Changes sent, no counts.
        case sent
        /// Counts added (and changes sent, if any).
        case countsAdded
        /// Counts refused, kept for later (changes sent, if any).
        case countsRefused
        /// Only counts pending, held back after a refusal.
        case holdingCounts
        /// Nothing pending.
        case idle
    }

    /// Sends whatever is pending now, on the caller's thread, once a send under way on the sender's has finished (and
    /// put back any counts it could not add): at shutdown, so the counts of the last writes are not left behind.
    func flush() {
        sending.withLock {
            let (batch, counts) = takePending()
            send(batch, counts)
        }
    }

    private func takePending() -> (Set<LiveChange>, PopularCounts) {
        state.withLock { state in
            defer { (state.pending, state.pendingCounts) = ([], PopularCounts()) }
            return (state.pending, state.pendingCounts)
        }
    }

    /// Adds `counts` and sends `changes` (their first payload with the counts, in one statement:
    /// ``PopularCounts/postgresAddition(notifying:)``; any further one, or all of them without counts, each in a
    /// transaction of its own), every transaction committing without waiting for its WAL flush (`synchronous_commit`
    /// off for it alone, set in the same statement): a transaction that sent `NOTIFY` holds a lock every such commit of
    /// the database takes until its commit is done, and the notification needs no durability (the writes it tells of
    /// have their own). The counts go first, so a server woken by the notification reads them. When the counts and
    /// their payload fail together, each is tried again alone, so counts never wait on notifications (a full
    /// notification queue). Counts that could not be added are kept for the next send; a notification that could not
    /// be sent is dropped. Failures are logged and counted as query errors. Returns whether the counts were added.
    @discardableResult
    private func send(_ changes: Set<LiveChange>, _ counts: PopularCounts) -> Bool {
        var payloads = changes.isEmpty ? [] : LiveNotification.payloads(for: changes, server: server)
        var added = true
        if !counts.isEmpty {
            let first = payloads.isEmpty ? nil : payloads.removeFirst()
            var failure = add(counts, notifying: first)
            if failure != nil, let first {
                payloads.insert(first, at: 0)
                failure = add(counts, notifying: nil)
            }
            if let failure {
                state.withLock { $0.pendingCounts.add(counts) }
                added = false
                log.withLock { $0 }?("popular times: could not add the counts of recent writes yet: \(failure)")
            }
        }
        guard !payloads.isEmpty else { return added }
        do {
            try DatabaseUnavailableError.translating {
                try pool.withConnection { connection in
                    for payload in payloads {
                        try connection.execute(
                            """
                            SELECT set_config('synchronous_commit', 'off', true),
                                pg_notify(\(LiveNotification.channel), \(payload))
                            """)
                    }
                }
            }
        } catch {
            pool.recordQueryError()
            log.withLock { $0 }?("live updates: could not tell the other servers of \(changes): \(error)")
        }
        return added
    }

    /// Adds `counts`, with `payload` sent in the same statement; the error when that failed (counted).
    private func add(_ counts: PopularCounts, notifying payload: String?) -> (any Error)? {
        do {
            try DatabaseUnavailableError.translating {
                try pool.withConnection { connection in
                    try connection.execute(
                        counts.postgresAddition(notifying: payload.map { (LiveNotification.channel, $0) }))
                }
            }
            return nil
        } catch {
            pool.recordQueryError()
            return error
        }
    }
}
