import Dispatch
import Foundation
import Synchronization

/// Things that are costly to make, such as database connections, lent to one borrower at a time.
///
/// Resources are made lazily, up to ``maximumCount``, and kept for reuse. When all are lent, a borrower blocks
/// until one comes back, served in arrival order, each parked on its own semaphore (no polling), for at most
/// ``timeout`` when one is set. A resource that comes back unfit is dropped, and its slot goes to the first
/// waiter, who makes a fresh one.
///
/// Borrowing blocks the calling thread: use it from ordinary threads (the HTTP server's), never from Swift
/// concurrency's cooperative pool, and never from inside another borrowing closure of the same pool. That last
/// mistake works while resources are spare and hangs the thread once they are all lent, so debug builds trap on
/// it at once, as GRDB's `DatabasePool` does: a thread holding one of the pool's resources that asks for another.
final class ResourcePool<Resource: AnyObject & Sendable>: Sendable {
    /// How the pool makes, checks and tidies its resources.
    struct Behaviour: Sendable {
        /// Makes a resource; a failure frees the slot and is thrown to the borrower.
        var make: @Sendable () throws -> Resource
        /// Whether an idle resource may still be lent (say, its connection was not cut off meanwhile).
        var isUsable: @Sendable (Resource) -> Bool = { _ in true }
        /// Tidies a resource that comes back (rolls back a transaction left open) and says whether it may be reused.
        var tidy: @Sendable (Resource) -> Bool = { _ in true }
        /// Whether an unfit resource coming back means the idle ones are unfit too (a restarted server).
        var dropsIdleWhenOneFails = false
        /// What a borrower who waited ``ResourcePool/timeout`` in vain gets thrown.
        var timeoutError: @Sendable () -> any Error = { ResourcePoolTimeout() }
    }

    let maximumCount: Int
    /// How long a borrower waits for a resource to come back; `nil` waits as long as it takes.
    let timeout: Duration?
    private let behaviour: Behaviour
    private let state = Mutex(State())

    private struct State {
        var idle: [Resource] = []
        var count = 0
        var waiters: [Waiter] = []
        #if DEBUG
            /// Who holds which resource now, to catch a thread borrowing twice.
            var holders: [(thread: Int, resource: ObjectIdentifier)] = []
        #endif
    }

    /// A borrower parked until a resource is handed to it, or until it may make one itself.
    private final class Waiter: Sendable {
        enum Handoff: Sendable {
            case resource(Resource)
            case makeOne
        }

        let semaphore = DispatchSemaphore(value: 0)
        let handoff = Mutex<Handoff?>(nil)

        func wake(_ handoff: Handoff) {
            self.handoff.withLock { $0 = handoff }
            semaphore.signal()
        }
    }

    init(maximumCount: Int, timeout: Duration? = nil, behaviour: Behaviour) {
        precondition(maximumCount >= 1, "a pool needs room for at least one resource")
        self.maximumCount = maximumCount
        self.timeout = timeout
        self.behaviour = behaviour
    }

    /// How many resources exist now, lent or idle.
    var count: Int { state.withLock { $0.count } }

    /// Resources lent, resources idle, and borrowers waiting, read together.
    var usage: (lent: Int, idle: Int, waiting: Int) {
        state.withLock { ($0.count - $0.idle.count, $0.idle.count, $0.waiters.count) }
    }

    /// Borrowers whose work with a resource failed (counted by the owner, which knows what a failure is).
    private let failures = Atomic<Int>(0)

    /// Counts a failure.
    func recordFailure() {
        failures.add(1, ordering: .relaxed)
    }

    /// Failures counted so far.
    var failureCount: Int { failures.load(ordering: .relaxed) }

    private enum Next {
        case use(Resource)
        case make
        case wait(Waiter)
    }

    /// In debug builds, traps when the calling thread holds one of the pool's resources: for a call that waits on
    /// another thread borrowing from the pool (``WriteBatches``' writer), which could then wait for this one.
    func requireNoneHeldByThisThread() {
        #if DEBUG
            let thread = Int(bitPattern: pthread_self())
            precondition(
                !state.withLock { $0.holders.contains { $0.thread == thread } },
                "this thread holds one of the pool's connections while it waits on the writer, which borrows from the "
                    + "same pool: once every connection is lent, each waits for the other")
        #endif
    }

    /// A resource for one borrower, and whether it was lent before (so may have gone stale since).
    ///
    /// In debug builds, traps when the calling thread already holds one of the pool's resources.
    func acquire() throws -> (resource: Resource, reused: Bool) {
        #if DEBUG
            let thread = Int(bitPattern: pthread_self())
            let reentered = state.withLock { $0.holders.contains { $0.thread == thread } }
            precondition(
                !reentered,
                "borrowing from a connection pool is not reentrant: this thread already holds one of its "
                    + "connections and asked for another, which hangs once every connection is lent; use the "
                    + "connection it holds, or borrow after giving that one back")
            let acquired = try take()
            state.withLock { $0.holders.append((thread, ObjectIdentifier(acquired.resource))) }
            return acquired
        #else
            return try take()
        #endif
    }

    /// ``acquire()`` without the debug check.
    private func take() throws -> (resource: Resource, reused: Bool) {
        let deadline = timeout.map { DispatchTime.now() + .nanoseconds(Int($0 / .nanoseconds(1))) }
        while true {
            let next = state.withLock { state -> Next in
                if let resource = state.idle.popLast() { return .use(resource) }
                if state.count < maximumCount {
                    state.count += 1
                    return .make
                }
                let waiter = Waiter()
                state.waiters.append(waiter)
                return .wait(waiter)
            }
            switch next {
            case .use(let resource):
                if behaviour.isUsable(resource) { return (resource, true) }
                forget()
            case .make:
                do {
                    return (try behaviour.make(), false)
                } catch {
                    forget()
                    throw error
                }
            case .wait(let waiter):
                if let deadline, waiter.semaphore.wait(timeout: deadline) == .timedOut {
                    let stillWaiting = state.withLock { state in
                        guard let index = state.waiters.firstIndex(where: { $0 === waiter }) else { return false }
                        state.waiters.remove(at: index)
                        return true
                    }
                    if stillWaiting { throw behaviour.timeoutError() }
                    // Woken just as the wait ran out: the signal is on its way.
                    waiter.semaphore.wait()
                } else if deadline == nil {
                    waiter.semaphore.wait()
                }
                switch waiter.handoff.withLock({ $0 }) {
                case .resource(let resource):
                    if behaviour.isUsable(resource) { return (resource, true) }
                    forget()
                case .makeOne:
                    // The slot was kept for this waiter: make the resource here, so no one else takes its turn.
                    do {
                        return (try behaviour.make(), false)
                    } catch {
                        forget()
                        throw error
                    }
                case nil:
                    break
                }
            }
        }
    }

    /// Takes a resource back: to the first waiter, else to the idle ones; dropped when it is unfit.
    func release(_ resource: Resource) {
        #if DEBUG
            state.withLock { state in
                state.holders.removeAll { $0.resource == ObjectIdentifier(resource) }
            }
        #endif
        guard behaviour.tidy(resource) else {
            let dropped =
                behaviour.dropsIdleWhenOneFails
                ? state.withLock { state in
                    defer { state.idle.removeAll() }
                    return state.idle.count
                } : 0
            for _ in 0..<(dropped + 1) { forget() }
            return
        }
        let waiter = state.withLock { state -> Waiter? in
            if state.waiters.isEmpty {
                state.idle.append(resource)
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.wake(.resource(resource))
    }

    /// Gives up one slot (a failed make or a dropped resource): to the first waiter, who makes a resource in it,
    /// else back to the pool.
    private func forget() {
        let waiter = state.withLock { state -> Waiter? in
            if state.waiters.isEmpty {
                state.count -= 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.wake(.makeOne)
    }
}

/// No resource came back in time.
struct ResourcePoolTimeout: Error, CustomStringConvertible {
    var description: String { "every pooled resource stayed busy too long" }
}
