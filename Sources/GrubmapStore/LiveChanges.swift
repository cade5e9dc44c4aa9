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
    /// People's ratings of the place's meals (a rating stored or changed). Live pages show none; cached pages do.
    case ratings(Place.ID)
    /// People's photos of the place's meals (one added, replaced, hidden or kept). Like ratings, for cached pages.
    case photos(Place.ID)
}

/// Told after a write commits which live state it changed, so open pages can be updated. Kept apart from
/// ``Store`` (like ``StoreMonitoring``), so test doubles of the store need not implement it.
public protocol LiveChangeFeed: Sendable {
    /// Calls `receive` with the changes of every write committed from now on (never for one that failed), until the
    /// returned watch is cancelled, and `mayHaveMissed` whenever the feed cannot vouch that it told every change:
    /// PostgreSQL's listener calls it each time it starts listening (again), after a lost connection, so the
    /// watcher reads everything it shows again. Both are called on a thread of the feed's (the writer's, right
    /// after the commit, or the listener's): they must return at once, handing any reading to a thread of their own.
    func watch(
        _ receive: @escaping @Sendable (Set<LiveChange>) -> Void, mayHaveMissed: @escaping @Sendable () -> Void
    ) -> LiveWatch
    /// Looks for writes the feed was not told of and calls the watchers' `mayHaveMissed` when there may have been
    /// some: on SQLite, another process writing the same file. Cheap enough to call every second (the live hub's
    /// ticker does); does nothing where every write is told (PostgreSQL's servers notify each other).
    func lookForUntoldWrites()
}

extension LiveChangeFeed {
    public func lookForUntoldWrites() {}

    /// Watches the changes alone, for a watcher that has nothing to read again when some may have been missed.
    public func watch(_ receive: @escaping @Sendable (Set<LiveChange>) -> Void) -> LiveWatch {
        watch(receive, mayHaveMissed: {})
    }
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

/// The watchers of a store that tells its own writes (in process), and, on PostgreSQL, those its listener heard of:
/// what ``LiveChangeFeed`` needs, for a store to keep and call after each commit.
public final class LiveChangeWatchers: LiveChangeFeed {
    private struct Watcher {
        let receive: @Sendable (Set<LiveChange>) -> Void
        let mayHaveMissed: @Sendable () -> Void
    }

    private let watchers = Mutex<(next: Int, all: [Int: Watcher])>((0, [:]))

    public init() {}

    public func watch(
        _ receive: @escaping @Sendable (Set<LiveChange>) -> Void, mayHaveMissed: @escaping @Sendable () -> Void
    ) -> LiveWatch {
        let id = watchers.withLock { watchers in
            watchers.next += 1
            watchers.all[watchers.next] = Watcher(receive: receive, mayHaveMissed: mayHaveMissed)
            return watchers.next
        }
        return LiveWatch { [weak self] in self?.watchers.withLock { _ = $0.all.removeValue(forKey: id) } }
    }

    /// Tells every watcher of `changes` (nothing when empty), in the order they started watching; call it after the
    /// write committed.
    public func tell(_ changes: Set<LiveChange>) {
        guard !changes.isEmpty else { return }
        for watcher in receivers { watcher.receive(changes) }
    }

    /// Tells every watcher, in the order they started watching, that changes may have gone untold (see
    /// ``LiveChangeFeed/watch(_:mayHaveMissed:)``).
    public func tellMayHaveMissed() {
        for watcher in receivers { watcher.mayHaveMissed() }
    }

    private var receivers: [Watcher] {
        watchers.withLock { $0.all.sorted { $0.key < $1.key }.map(\.value) }
    }
}
