import Synchronization

/// Whether a PostgreSQL store may answer the catalog from memory without asking the database for its version.
///
/// Every statement that moves `catalog_version` (the triggers on areas and places, a bulk import) runs migration 20's
/// trigger, which sends `NOTIFY grubmap_catalog` and raises a notice to the connection that ran it. So the version a
/// store read stays the database's while three things hold: its listener is listening (``PostgresListener``), it has
/// heard no notification since the read (another server's or process's change, or its own coming back), and none
/// of its own connections has seen the notice since (its own change, known the moment the statement returns, before
/// the notification comes round). A mark is taken before each read of the version, so a change that lands while
/// the version is being read leaves the read untrusted. A read is trusted ``longestTrust`` at most, whatever was
/// heard, which bounds what a notification lost on a dead connection could hide.
///
/// SQLite stores have none: reading the version there is a call into the library, not a round trip.
public final class CatalogFreshness: Sendable {
    /// The channel the trigger notifies.
    public static let channel = "grubmap_catalog"
    /// The notice's message, as the connection that moved the version receives it.
    public static let notice = "grubmap: catalog_version moved"
    /// The longest a version read is trusted without asking again.
    public static let longestTrust: Duration = .seconds(1)

    private struct State {
        var isListening = false
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())
    private let observers = Mutex<[@Sendable () -> Void]>([])

    /// A point in the store's knowledge, taken before the version is read.
    public struct Mark: Sendable, Equatable {
        let generation: UInt64
        let takenAt: ContinuousClock.Instant
    }

    public init() {}

    /// The mark to keep with a version read now; `nil` while the listener is not listening (every read asks).
    public func mark(at now: ContinuousClock.Instant = .now) -> Mark? {
        state.withLock { state in
            state.isListening ? Mark(generation: state.generation, takenAt: now) : nil
        }
    }

    /// Whether a version read after `mark` is still the database's.
    public func isCurrent(_ mark: Mark, at now: ContinuousClock.Instant = .now) -> Bool {
        guard now - mark.takenAt < Self.longestTrust else { return false }
        return state.withLock { $0.isListening && $0.generation == mark.generation }
    }

    /// The catalog moved: told by the listener (a notification) and by the pool (this process's own statement).
    public func moved() {
        state.withLock { $0.generation &+= 1 }
        tellObservers()
    }

    /// The listener started listening (what was sent before may have been missed) or lost its connection.
    public func listening(_ isListening: Bool) {
        state.withLock { state in
            state.isListening = isListening
            state.generation &+= 1
        }
        tellObservers()
    }

    /// Calls `observer` after every change of what the store may trust, on the thread that made it.
    public func observe(_ observer: @escaping @Sendable () -> Void) {
        observers.withLock { $0.append(observer) }
    }

    private func tellObservers() {
        for observer in observers.withLock({ $0 }) { observer() }
    }
}
