import CMicroHTTPD
import Foundation
import Synchronization

/// A request waiting for a worker, or being answered by one, while its connection is suspended
/// (`MHD_suspend_connection`): libmicrohttpd neither reads from it nor times it out until it is resumed.
///
/// `@unchecked Sendable` for the connection pointer: it is used only to resume the connection, once, under the
/// lock, and the server answers every job (``WorkerPool/abandonAll(_:)``) before it stops the daemon.
final class WorkerJob: @unchecked Sendable {
    let request: Request
    /// When it joined the queue.
    let enqueued: ContinuousClock.Instant
    private let connection: OpaquePointer
    private let answer = Mutex<Response?>(nil)

    init(request: Request, connection: OpaquePointer, enqueued: ContinuousClock.Instant) {
        self.request = request
        self.connection = connection
        self.enqueued = enqueued
    }

    /// The answer, once given.
    var response: Response? { answer.withLock { $0 } }

    /// Gives the answer and resumes the connection, so that libmicrohttpd calls the access handler again and
    /// sends it. Only the first answer counts; returns whether this was it.
    @discardableResult
    func finish(with response: Response) -> Bool {
        answer.withLock { answer in
            guard answer == nil else { return false }
            answer = response
            MHD_resume_connection(connection)
            return true
        }
    }
}

/// Threads that run the blocking responder, so that a handler waiting on a database holds up only its own
/// request, never the other connections of a libmicrohttpd thread.
///
/// Requests wait in a bounded queue that is fair between client addresses: the workers take one request of each
/// waiting address in turn, and when the queue is full a request from an address with fewer waiting requests
/// takes the place of the newest one of the address with the most (which gets 503). So one client flooding the
/// server slows its own requests, not everybody's.
final class WorkerPool: Sendable {
    /// What ``reserve(address:now:)`` decided.
    enum Reservation {
        /// No place: the queue is full of this address's fair share or more, or the workers are stuck.
        case refused
        /// A place is claimed; `evicted` is a queued job that gave its place up and must be told 503.
        case admitted(evicted: WorkerJob?)
    }

    private struct State {
        /// Each address's waiting jobs, oldest first.
        var waiting: [String: [WorkerJob]] = [:]
        /// Addresses with waiting jobs, in the order the workers take them.
        var turns: [String] = []
        var queuedCount = 0
        /// Places claimed by ``reserve(address:now:)`` and not yet filled by ``enqueue(_:address:)``, by address.
        var reserved: [String: Int] = [:]
        var reservedCount = 0
        /// When the workers last took a job, or the queue last became non-empty.
        var progress: ContinuousClock.Instant?
        /// Queued or running.
        var unfinished: [ObjectIdentifier: WorkerJob] = [:]
        var isStopped = false

        func share(of address: String) -> Int {
            (waiting[address]?.count ?? 0) + (reserved[address] ?? 0)
        }

        /// The oldest job of the address whose turn it is; that address goes to the back of the turns.
        mutating func takeNext(now: ContinuousClock.Instant) -> WorkerJob? {
            guard !turns.isEmpty else { return nil }
            let address = turns.removeFirst()
            guard var jobs = waiting[address], !jobs.isEmpty else { return nil }
            let job = jobs.removeFirst()
            if jobs.isEmpty {
                waiting[address] = nil
            } else {
                waiting[address] = jobs
                turns.append(address)
            }
            queuedCount -= 1
            progress = now
            return job
        }

        /// Takes the newest waiting job of `address` off the queue (and off the books: it is answered at once).
        mutating func take(newestOf address: String) -> WorkerJob? {
            guard var jobs = waiting[address], let job = jobs.popLast() else { return nil }
            if jobs.isEmpty {
                waiting[address] = nil
                turns.removeAll { $0 == address }
            } else {
                waiting[address] = jobs
            }
            queuedCount -= 1
            unfinished[ObjectIdentifier(job)] = nil
            return job
        }
    }

    let count: Int
    private let queueLimit: Int
    private let queueWaitLimit: Duration
    private let responder: Responder
    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)

    init(count: Int, queueLimit: Int, queueWaitLimit: Duration, responder: @escaping Responder) {
        self.count = count
        self.queueLimit = queueLimit
        self.queueWaitLimit = queueWaitLimit
        self.responder = responder
    }

    /// Requests waiting for a worker.
    var queued: Int { state.withLock { $0.queuedCount } }

    func start() {
        for index in 0..<count {
            Thread.detachNewThread { [self] in
                Thread.current.name = "grubmap-worker-\(index)"
                work()
            }
        }
    }

    /// Claims a place in the queue for a job from `address` about to be enqueued. Refuses when the workers have
    /// taken nothing for longer than the wait limit while jobs wait (they are stuck, on a database say), or
    /// when the queue is full and no address holds more of it than this one (by two or more); else, when full,
    /// the newest job of the address holding most gives up its place.
    func reserve(address: String, now: ContinuousClock.Instant) -> Reservation {
        state.withLock { state in
            guard !state.isStopped else { return .refused }
            if state.queuedCount > 0, let progress = state.progress, progress.duration(to: now) > queueWaitLimit {
                return .refused
            }
            var evicted: WorkerJob?
            if state.queuedCount + state.reservedCount >= queueLimit {
                let mine = state.share(of: address)
                guard
                    let heaviest = state.waiting.max(by: { $0.value.count < $1.value.count }),
                    mine + 1 < heaviest.value.count
                else { return .refused }
                evicted = state.take(newestOf: heaviest.key)
            }
            state.reserved[address, default: 0] += 1
            state.reservedCount += 1
            return .admitted(evicted: evicted)
        }
    }

    /// Queues a job from `address` whose place ``reserve(address:now:)`` claimed.
    func enqueue(_ job: WorkerJob, address: String) {
        state.withLock { state in
            state.reservedCount -= 1
            state.reserved[address, default: 1] -= 1
            if state.reserved[address] == 0 { state.reserved[address] = nil }
            if state.queuedCount == 0 { state.progress = job.enqueued }
            if state.waiting[address] == nil { state.turns.append(address) }
            state.waiting[address, default: []].append(job)
            state.queuedCount += 1
            state.unfinished[ObjectIdentifier(job)] = job
        }
        ready.signal()
    }

    /// Answers every job still queued or running with `answer` (the workers' later answers are dropped), so
    /// that no connection stays suspended.
    func abandonAll(_ answer: (Request) -> Response) {
        let jobs = state.withLock { state in
            defer {
                state.waiting = [:]
                state.turns = []
                state.queuedCount = 0
                state.unfinished = [:]
            }
            return Array(state.unfinished.values)
        }
        for job in jobs { job.finish(with: answer(job.request)) }
    }

    /// Lets the workers end once they finish what they are doing.
    func stop() {
        state.withLock { $0.isStopped = true }
        for _ in 0..<count { ready.signal() }
    }

    private func work() {
        while true {
            ready.wait()
            let next: WorkerJob?? = state.withLock { state in
                if state.isStopped { return .none }
                return .some(state.takeNext(now: .now))
            }
            guard let job = next else { return }
            guard let job else { continue }
            let response = responder(job.request)
            // Off the books before the answer goes out: once it has, shutdown may look, and must not answer again.
            state.withLock { _ = $0.unfinished.removeValue(forKey: ObjectIdentifier(job)) }
            job.finish(with: response)
        }
    }
}
