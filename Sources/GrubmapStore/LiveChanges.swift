import GrubmapCore
import Synchronization

/// What a committed write changed that the live pages show: the key under which the live state is read again.
/// A key says *what* to read, never the new value, so duplicates, reordering and keys for unchanged things do no
/// harm (see ``LiveChangeFeed``).
public enum LiveChange: Hashable, Sendable {
    /// Who is checked in at the place (a check-in, a move from or to it, a check-out).
    case presence(Place.ID)
    /// The line reports counting at the place (a report stored; one refused as too soon changes nothing).
    case lineReports(Place.ID)
    /// The place's sold-out marks (an operator's mark or its clearing, a sold-out report that made a mark).
    case soldOut(Place.ID)
    /// The place's menu of the date (replaced or removed, in the console, the admin API or by its feed): open pages
    /// showing it can offer the new one.
    case menu(Place.ID, CalendarDate)
    /// The place itself (its name, hours, seats, where it is, archived or restored).
    case place(Place.ID)
}

/// Told after a write commits which live state it changed, so open pages can be updated. Kept apart from
/// ``Store`` (like ``StoreMonitoring``), so test doubles of the store need not implement it.
public protocol LiveChangeFeed: Sendable {
    /// Calls `receive` with the changes of every write committed from now on (never for one that failed), until the
    /// returned watch is cancelled. `receive` is called on the thread that wrote, right after the commit: it must
    /// return at once, handing any reading to a thread of its own.
    func watch(_ receive: @escaping @Sendable (Set<LiveChange>) -> Void) -> LiveWatch
}

/// A watch on a ``LiveChangeFeed``: cancel it to stop being told.
public final class LiveWatch: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    /// A watch that runs `onCancel` once, at the first ``cancel()``.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    /// Stops the watcher being told; later calls do nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }
}

/// The watchers of a store that tells its own writes (in process): what ``LiveChangeFeed`` needs, for a store to
/// keep and call after each commit.
public final class LiveChangeWatchers: LiveChangeFeed {
    private let watchers = Mutex<(next: Int, all: [Int: @Sendable (Set<LiveChange>) -> Void])>((0, [:]))

    public init() {}

    public func watch(_ receive: @escaping @Sendable (Set<LiveChange>) -> Void) -> LiveWatch {
        let id = watchers.withLock { watchers in
            watchers.next += 1
            watchers.all[watchers.next] = receive
            return watchers.next
        }
        return LiveWatch { [weak self] in self?.watchers.withLock { _ = $0.all.removeValue(forKey: id) } }
    }

    /// Tells every watcher of `changes` (nothing when empty); call it after the write committed.
    public func tell(_ changes: Set<LiveChange>) {
        guard !changes.isEmpty else { return }
        let receivers = watchers.withLock { Array($0.all.values) }
        for receive in receivers { receive(changes) }
    }
}
