import Foundation
import GrubmapCore
import GrubmapStore
import Synchronization

/// The server's feed fetching, off the request path: a loop that looks for due feeds every ``tickSeconds`` (and at
/// once when woken: "Fetch now", or a fetch ending), and a bounded pool of threads of its own that fetch them, as
/// ``FeedDispatch`` allows (so many at once, so many of one area). No request worker ever fetches: "Fetch now"
/// (``queueFetch(placeID:at:)``) marks the feed due in the database and answers.
///
/// The database is the queue: a due feed waits there until a thread is free, and several servers sharing it take
/// each feed's lease before fetching it, so a feed is never fetched by two at once.
public final class FeedFetchers: MenuFeedRunner, Sendable {
    /// How many fetches run at once.
    public struct Limits: Sendable, Equatable {
        /// Threads of this server that fetch (`--feed-fetchers`).
        public var threads: Int
        /// Of them, fetching one area's feeds at once (`--feed-fetches-per-area`).
        public var perArea: Int

        public init(threads: Int = 4, perArea: Int = 2) {
            self.threads = threads
            self.perArea = perArea
        }
    }

    /// How often the loop looks for due feeds when nothing wakes it.
    public static let tickSeconds: TimeInterval = 15

    private let scheduler: FeedScheduler
    private let store: any FeedStore
    private let now: @Sendable () -> Date
    /// Told what each fetch came to, on the fetching thread (the server logs it; tests count).
    private let finished: @Sendable (DueFeed, Result<FeedRun, any Error>) -> Void
    private let state: Mutex<State>
    /// One permit per job waiting for a thread, and one per thread when stopping.
    private let jobsWaiting = DispatchSemaphore(value: 0)
    /// Wakes the loop before its tick.
    private let wakeUp = DispatchSemaphore(value: 0)

    private struct State {
        var dispatch: FeedDispatch
        var jobs: [DueFeed] = []
        var stopping = false
        var workers = 0
    }

    public init(
        scheduler: FeedScheduler, store: any FeedStore, limits: Limits = Limits(),
        now: @escaping @Sendable () -> Date, finished: @escaping @Sendable (DueFeed, Result<FeedRun, any Error>) -> Void
    ) {
        self.scheduler = scheduler
        self.store = store
        self.now = now
        self.finished = finished
        state = Mutex(State(dispatch: FeedDispatch(threads: limits.threads, perArea: limits.perArea)))
    }

    /// Starts the fetching threads and the loop that looks for due feeds; `log` hears when looking fails.
    public func start(log: @escaping @Sendable (String) -> Void) {
        startThreads()
        Thread.detachNewThread { [self] in
            while !state.withLock({ $0.stopping }) {
                do {
                    try tick()
                } catch {
                    log("could not look for due menu feeds: \(error)")
                }
                _ = wakeUp.wait(timeout: .now() + Self.tickSeconds)
            }
        }
    }

    /// Starts the fetching threads alone; tests then call ``tick()`` themselves.
    public func startThreads() {
        let count = state.withLock { state in
            let count = state.dispatch.threads - state.workers
            state.workers += count
            return count
        }
        for _ in 0..<count {
            Thread.detachNewThread { [self] in work() }
        }
    }

    /// Looks for feeds due now and hands those the limits allow to the threads; returns them.
    @discardableResult
    public func tick() throws -> [DueFeed] {
        let due = try store.dueFeeds(at: now())
        let taken = state.withLock { state in
            let taken = state.stopping ? [] : state.dispatch.take(from: due)
            state.jobs += taken
            return taken
        }
        for _ in taken { jobsWaiting.signal() }
        return taken
    }

    /// "Fetch now": the feed is made due and the loop woken; answers at once.
    public func queueFetch(placeID: Place.ID, at now: Date) throws -> FeedQueueing {
        let queueing = try store.queueFeedFetch(placeID: placeID, at: now)
        if queueing == .queued { wakeUp.signal() }
        return queueing
    }

    /// What runs now, by place.
    public var running: [Place.ID: Area.ID] { state.withLock { $0.dispatch.running } }

    /// Stops the loop and the threads once their fetches in flight end.
    public func stop() {
        let workers = state.withLock { state in
            state.stopping = true
            return state.workers
        }
        wakeUp.signal()
        for _ in 0..<workers { jobsWaiting.signal() }
    }

    private func work() {
        while true {
            jobsWaiting.wait()
            let job: DueFeed? = state.withLock { $0.stopping || $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }
            guard let job else {
                if state.withLock({ $0.stopping }) { return }
                continue
            }
            let result = Result { try scheduler.fetch(placeID: job.placeID, at: now()) }
            state.withLock { $0.dispatch.finish(job.placeID) }
            finished(job, result)
            // A thread is free: the next due feed need not wait for the tick.
            wakeUp.signal()
        }
    }
}
