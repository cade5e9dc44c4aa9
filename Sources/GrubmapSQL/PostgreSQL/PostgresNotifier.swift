import Dispatch
import Foundation
import GrubmapStore
import Synchronization

/// Sends the changes this server's writes committed to the other servers (`NOTIFY grubmap_events`): at first on the
/// writer's thread, before the write returns (what a command such as `grubmap import menu` needs, which exits right
/// after); once the store is a server's (``sendInBackground()``, called as its listener is made), from a thread of its
/// own, so a write returns once committed and the changes of writes that commit while a notification is under way go
/// out together in the next one.
///
/// In the background, ``tell(_:)`` adds a write's changes to what is pending and wakes the sender; the sender takes
/// everything pending (the union of the writes' changes, split under PostgreSQL's payload limit by
/// ``LiveNotification``) and sends it in one transaction, then waits for more. A crowd checking in at one place thus costs one notification, one commit and
/// one wake-up of every listening server per send instead of per check-in, and the listeners read a set of changes
/// either way. The thread starts with the first change and ends after ``idleSeconds`` with nothing to send, so a store
/// that is not writing holds none.
///
/// What a failed send told is logged and dropped, as a lost notification always was: the other servers' hubs read
/// every watched area again every 30 s and after any outage of their listener.
final class PostgresNotifier: Sendable {
    /// How long the sender waits for more changes before its thread ends.
    static let idleSeconds = 1.0

    private struct State {
        var inBackground = false
        var pending: Set<LiveChange> = []
        var isRunning = false
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
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

    /// Sends a committed write's changes to the other servers, or in the background queues them and returns at once.
    func tell(_ changes: Set<LiveChange>) {
        guard !changes.isEmpty else { return }
        let starts = state.withLock { state -> Bool? in
            guard state.inBackground else { return nil }
            state.pending.formUnion(changes)
            defer { state.isRunning = true }
            return !state.isRunning
        }
        guard let starts else {
            send(changes)
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
        while true {
            let batch = state.withLock { state in
                defer { state.pending = [] }
                return state.pending
            }
            if !batch.isEmpty {
                send(batch)
                continue
            }
            if wake.wait(timeout: .now() + Self.idleSeconds) == .timedOut {
                let ends = state.withLock { state in
                    if state.pending.isEmpty { state.isRunning = false }
                    return !state.isRunning
                }
                if ends { return }
            }
        }
    }

    /// Sends `changes` in one transaction of their own, which commits without waiting for its WAL flush
    /// (`synchronous_commit` off for it alone, set in the same statement): a transaction that sent `NOTIFY` holds a
    /// lock every such commit of the database takes until its commit is done, and the notification needs no
    /// durability (the writes it tells of have their own). A failure is logged and counted as a query error.
    private func send(_ changes: Set<LiveChange>) {
        do {
            try DatabaseUnavailableError.translating {
                try pool.withConnection { connection in
                    for payload in LiveNotification.payloads(for: changes, server: server) {
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
    }
}
