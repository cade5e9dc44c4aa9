import Foundation
import GrubmapStore
import Synchronization

/// A small cache of what a request read from the database, shared by a server's threads, for answers that may lag
/// the database by at most ``lifetime``: several servers share one database, so what another server changed shows
/// here once a value's lifetime is over, or at once when the store's live feed tells of it (``LocalWrites``). What
/// this server changed shows at once: a value read while a change of this server was being answered is not kept,
/// and either every value is dropped with each change (``Scope/everyChange``) or the changing request drops its own
/// (``Scope/ownKey``, with ``remove(_:)``).
///
/// At most ``capacity`` values are kept: when full, the stale ones go, and when none is stale, all. A value is read
/// outside the lock, so two threads missing the same key at once both read it; nothing waits on another request.
final class RecentCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Which of this server's changes drop a value.
    enum Scope {
        /// Every change: the value may depend on anything (who is checked in where, menus).
        case everyChange
        /// Only a change that calls ``remove(_:)`` for its key (a session's own writes).
        case ownKey
    }

    private struct Entry {
        let value: Value
        let madeAt: Date
        let generation: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        /// How many times ``remove(_:)`` was called.
        var removals: UInt64 = 0
    }

    private let state = Mutex(State())
    private let writes: LocalWrites
    private let scope: Scope
    /// How long a value is used after it was read, at most.
    let lifetime: TimeInterval
    /// The most values kept.
    let capacity: Int

    init(lifetime: TimeInterval, capacity: Int, scope: Scope, writes: LocalWrites) {
        self.lifetime = lifetime
        self.capacity = max(capacity, 1)
        self.scope = scope
        self.writes = writes
    }

    /// The value for `key` read less than ``lifetime`` before `now`, else `make`'s, kept for the next requests.
    func value(for key: Key, now: Date, make: () throws -> Value) rethrows -> Value {
        let (kept, generation, removals) = lookup(key, now: now)
        if let kept { return kept }
        let made = try make()
        keep(made, for: key, now: now, generation: generation, removals: removals)
        return made
    }

    /// The value for `key` read less than ``lifetime`` before `now`, else `make`'s, kept unless it is `nil` (so
    /// what is not there is asked for again: a session about to be made, a token someone guessed).
    func value(for key: Key, now: Date, makeIfAny make: () throws -> Value?) rethrows -> Value? {
        let (kept, generation, removals) = lookup(key, now: now)
        if let kept { return kept }
        guard let made = try make() else { return nil }
        keep(made, for: key, now: now, generation: generation, removals: removals)
        return made
    }

    private func lookup(_ key: Key, now: Date) -> (kept: Value?, generation: UInt64, removals: UInt64) {
        let generation = writes.generation
        let (entry, removals) = state.withLock { ($0.entries[key], $0.removals) }
        guard let entry, isFresh(entry, now: now, generation: generation) else { return (nil, generation, removals) }
        AnswerFreshness.uses(until: entry.madeAt.addingTimeInterval(lifetime))
        return (entry.value, generation, removals)
    }

    private func keep(_ value: Value, for key: Key, now: Date, generation: UInt64, removals: UInt64) {
        state.withLock { state in
            // A change answered while the value was read may be missing from it, and so may a value made while a
            // read was refused on the network thread: use it once, keep it not.
            guard writes.generation == generation, state.removals == removals, !NetworkThreadAttempt.isDeclined
            else { return }
            if state.entries[key] == nil, state.entries.count >= capacity {
                state.entries = state.entries.filter { isFresh($0.value, now: now, generation: generation) }
                if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            }
            state.entries[key] = Entry(value: value, madeAt: now, generation: generation)
        }
    }

    /// Replaces the value kept for `key`, if one is, keeping when it was read (a change this request made itself).
    func update(_ key: Key, _ change: (inout Value) -> Void) {
        state.withLock { state in
            guard let entry = state.entries[key] else { return }
            var value = entry.value
            change(&value)
            state.entries[key] = Entry(value: value, madeAt: entry.madeAt, generation: entry.generation)
        }
    }

    /// Drops the value for `key`, once its change is stored; a value being read meanwhile is not kept.
    func remove(_ key: Key) {
        state.withLock { state in
            state.entries.removeValue(forKey: key)
            state.removals += 1
        }
    }

    /// How many values are kept, for tests.
    var count: Int { state.withLock { $0.entries.count } }

    private func isFresh(_ entry: Entry, now: Date, generation: UInt64) -> Bool {
        let age = now.timeIntervalSince(entry.madeAt)
        return age >= 0 && age < lifetime && (scope == .ownKey || entry.generation == generation)
    }
}

/// Numbers that tell apart the values a cache read (so a rendered page can name what it was rendered from).
final class SerialNumbers: Sendable {
    private let last = Atomic<UInt64>(0)

    init() {}

    /// A number this object never gave before.
    func next() -> UInt64 {
        last.add(1, ordering: .relaxed).newValue
    }
}
