import Foundation

/// Runs a producer on a thread of its own while the caller consumes what it made, at most `capacity` elements
/// ahead: an import parses the next places on one core while SQLite writes the last ones (or, on PostgreSQL, their
/// rows are written to the import's file) on the other.
///
/// The producer need not be thread-safe: only the one thread calls it, and ``run(capacity:produce:consume:)``
/// returns only after that thread is done with it, so it never outlives the call (the reason a non-escaping,
/// non-`Sendable` closure may be lent to it). When the consumer stops early (it threw), the producer is not called
/// again.
final class ReadAhead<Element: Sendable>: @unchecked Sendable {
    // `@unchecked Sendable`: every stored property is read and written with `condition` locked.
    private let condition = NSCondition()
    private var elements: [Element] = []
    private var next = 0
    private var isProducerDone = false
    private var failure: (any Error)?
    private var isCancelled = false
    /// The producer, set before its thread starts and let go of by that thread when it is done with it.
    private var producer: (() throws -> Element?)?
    private let capacity: Int

    private init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Calls `produce` on another thread until it returns `nil` or throws, while `consume` reads its elements in
    /// order through the function it is given (`nil` after the last; rethrowing what `produce` threw, after the
    /// elements made before it).
    static func run<T>(
        capacity: Int, produce: () throws -> Element?, consume: (_ next: () throws -> Element?) throws -> T
    ) throws -> T {
        let queue = ReadAhead(capacity: capacity)
        return try withoutActuallyEscaping(produce) { produce in
            // The thread reaches the producer only through the queue, which lets go of it before saying it is done:
            // once `cancelAndWait` returns, nothing holds it, as `withoutActuallyEscaping` checks.
            queue.producer = produce
            Thread.detachNewThread { queue.fill() }
            defer { queue.cancelAndWait() }
            return try consume { try queue.take() }
        }
    }

    /// The producer's loop, on its thread; lets go of the producer before saying it is done.
    private func fill() {
        do {
            // In a scope of its own, so no copy of the producer outlives it (an unoptimised build keeps a local to
            // the end of its scope).
            condition.lock()
            let lent = producer.map(Lent.init)
            producer = nil
            condition.unlock()
            if let lent { produceAll(lent) }
        }
        condition.lock()
        isProducerDone = true
        condition.broadcast()
        condition.unlock()
    }

    /// Calls the producer until it returns `nil`, throws or is cancelled; returns holding nothing of it.
    private func produceAll(_ lent: Lent<() throws -> Element?>) {
        while true {
            condition.lock()
            while elements.count - next >= capacity && !isCancelled { condition.wait() }
            let stop = isCancelled
            condition.unlock()
            if stop { break }
            let element: Element?
            do {
                element = try lent.value()
            } catch {
                condition.lock()
                failure = error
                condition.unlock()
                break
            }
            guard let element else { break }
            condition.lock()
            if next > capacity {
                elements.removeFirst(next)
                next = 0
            }
            elements.append(element)
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The next element, waiting for the producer; `nil` after the last; what the producer threw after that.
    private func take() throws -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while next == elements.count && !isProducerDone { condition.wait() }
        if next < elements.count {
            let element = elements[next]
            next += 1
            condition.broadcast()
            return element
        }
        if let failure { throw failure }
        return nil
    }

    /// Stops the producer after the call it is in, and waits for its thread to be done with it.
    private func cancelAndWait() {
        condition.lock()
        isCancelled = true
        condition.broadcast()
        while !isProducerDone { condition.wait() }
        condition.unlock()
    }
}

/// A value lent to another thread for a time its lender waits out (see ``ReadAhead``).
private struct Lent<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
