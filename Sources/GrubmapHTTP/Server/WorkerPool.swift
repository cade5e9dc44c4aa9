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
/// request, never the other connections of a libmicrohttpd thread. Requests wait in a bounded queue.
final class WorkerPool: Sendable {
    private struct State {
        var queue: [WorkerJob] = []
        /// Places claimed by ``reserve(now:)`` and not yet filled by ``enqueue(_:)``.
        var reserved = 0
        /// Queued or running.
        var unfinished: [ObjectIdentifier: WorkerJob] = [:]
        var isStopped = false
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
    var queued: Int { state.withLock { $0.queue.count } }

    func start() {
        for index in 0..<count {
            Thread.detachNewThread { [self] in
                Thread.current.name = "grubmap-worker-\(index)"
                work()
            }
        }
    }

    /// Claims a place in the queue for a job about to be enqueued. Refuses when the queue is full, or when the
    /// job at its head has waited longer than the wait limit (the workers are stuck, on a database say).
    func reserve(now: ContinuousClock.Instant) -> Bool {
        state.withLock { state in
            guard !state.isStopped, state.queue.count + state.reserved < queueLimit else { return false }
            if let head = state.queue.first, head.enqueued.duration(to: now) > queueWaitLimit { return false }
            state.reserved += 1
            return true
        }
    }

    /// Queues a job whose place ``reserve(now:)`` claimed.
    func enqueue(_ job: WorkerJob) {
        state.withLock { state in
            state.reserved -= 1
            state.queue.append(job)
            state.unfinished[ObjectIdentifier(job)] = job
        }
        ready.signal()
    }

    /// Answers every job still queued or running with `answer` (the workers' later answers are dropped), so
    /// that no connection stays suspended.
    func abandonAll(_ answer: (Request) -> Response) {
        let jobs = state.withLock { state in
            defer {
                state.queue = []
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
                return .some(state.queue.isEmpty ? nil : state.queue.removeFirst())
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
