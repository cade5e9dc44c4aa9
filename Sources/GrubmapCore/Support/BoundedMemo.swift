import Synchronization

/// Values worked out once and shared by every request, by key: what many rows or requests repeat (a place's
/// opening hours, a stored preference) is parsed once rather than each time it is read. Bounded: emptied when it
/// holds ``capacity`` entries, so a stream of distinct keys costs memory for at most that many.
public final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let values = Mutex<[Key: Value]>([:])
    public let capacity: Int

    public init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// The value kept for `key`, else what `make` gives (kept when it is not `nil`).
    public func value(for key: Key, make: () -> Value?) -> Value? {
        if let known = values.withLock({ $0[key] }) { return known }
        guard let value = make() else { return nil }
        values.withLock { values in
            if values.count >= capacity { values.removeAll() }
            values[key] = value
        }
        return value
    }

    /// The value kept for `key`, else what `make` gives (kept).
    public func value(for key: Key, making make: () -> Value) -> Value {
        if let known = values.withLock({ $0[key] }) { return known }
        let value = make()
        values.withLock { values in
            if values.count >= capacity { values.removeAll() }
            values[key] = value
        }
        return value
    }
}
