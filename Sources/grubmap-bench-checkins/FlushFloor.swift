// The floor of H5 on this machine: what waiting for the disk costs a group commit that does nothing else. Each of
// the clients' threads does a check-in's worth of work (walking a table of 2 MB in a scattered order, as a request's
// code and data pass through the caches, for as long as `--work` microseconds on an idle core), then queues a write
// and sleeps until it is settled. One writer thread takes every write queued, writes 8 kB at the next place of a
// 64 MB file (a commit's two pages of SQLite's log, which is reused from its start once checkpointed), calls
// `fdatasync` when synchronous, and wakes the batch's threads. No HTTP, no SQLite.
// With `--gather N` the writer waits up to half a millisecond for N writes before it writes fewer: bigger batches,
// fewer flushes, but threads asleep that could work.
//
// One run does the same work unsynced for half the time, synchronous for the whole, unsynced again for half (the
// disk's flush rate drifts as other programs use it). With the work set to what a check-in costs the unsynced server
// (scripts/bench-writes takes it from that server's rate in the same round), the synchronous rate beside the unsynced
// says how much of H5's goal the disk and the kernel leave any server whose check-ins are answered once on disk.

import Foundation
import GrubmapHTTP
import Synchronization

/// Writes per second of the ideal group commit with `fdatasync` over `seconds`, and without it (the mean of half as
/// long before and after), on the file at `path` (made, then removed).
func flushFloor(
    path: String, clients: Int, seconds: Double, workMicroseconds: Int, gather: Int
) -> (synchronous: Double, unsynced: Double) {
    let file = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard file >= 0 else { Options.fail("cannot open \(path): \(String(cString: strerror(errno)))") }
    defer {
        close(file)
        unlink(path)
    }
    let fileSize = 64 << 20
    let zeros = [UInt8](repeating: 0, count: 1 << 20)
    for offset in stride(from: 0, to: fileSize, by: zeros.count) {
        guard pwrite(file, zeros, zeros.count, off_t(offset)) == zeros.count else {
            Options.fail("cannot write \(path)")
        }
    }
    guard fsync(file) == 0 else { Options.fail("cannot fsync \(path)") }

    let work = CacheWalk(megabytes: 2)
    let steps = work.steps(lasting: workMicroseconds)
    let commits = FloorCommits(file: file, fileSize: fileSize, gather: min(gather, clients))
    let running = Atomic<Bool>(true)
    let group = DispatchGroup()
    for client in 0..<clients {
        group.enter()
        Thread {
            var position = client * 4_099
            while running.load(ordering: .relaxed) {
                position = work.walk(steps, from: position)
                commits.write()
            }
            work.keep(position)
            group.leave()
        }.start()
    }
    /// Writes per second settled over `seconds`, after a moment for the change of mode to settle.
    func rate(synchronous: Bool, seconds: Double) -> Double {
        commits.synchronous.store(synchronous, ordering: .relaxed)
        Thread.sleep(forTimeInterval: 0.5)
        let before = commits.settled
        let started = ContinuousClock.now
        Thread.sleep(forTimeInterval: seconds)
        let elapsed = ContinuousClock.now - started
        let count = commits.settled - before
        return Double(count) / elapsed.seconds
    }
    let unsyncedBefore = rate(synchronous: false, seconds: seconds / 2)
    let synchronous = rate(synchronous: true, seconds: seconds)
    let unsyncedAfter = rate(synchronous: false, seconds: seconds / 2)
    running.store(false, ordering: .relaxed)
    group.wait()
    commits.close()
    return (synchronous, (unsyncedBefore + unsyncedAfter) / 2)
}

/// A table walked in a scattered order: work whose speed depends on the caches, as a request's does.
private final class CacheWalk: Sendable {
    private let next: [Int]
    /// Where walks ended, kept so that they are not optimized away.
    private let ended = Atomic<Int>(0)

    init(megabytes: Int) {
        let count = megabytes << 20 / MemoryLayout<Int>.stride
        precondition(count.nonzeroBitCount == 1, "the walk's table holds a power of two entries")
        // i → (a·i + c) mod 2^k with a ≡ 1 (mod 4) and c odd visits every entry before it repeats (Hull–Dobell).
        next = (0..<count).map { ($0 &* 2_654_435_761 &+ 12_345) & (count - 1) }
    }

    /// Follows the table `steps` times from `position` and returns where it ended.
    func walk(_ steps: Int, from position: Int) -> Int {
        var position = position & (next.count - 1)
        next.withUnsafeBufferPointer { next in
            for _ in 0..<steps { position = next[position] }
        }
        return position
    }

    /// Keeps where a walk ended, so the work of getting there is done.
    func keep(_ position: Int) {
        ended.add(position, ordering: .relaxed)
    }

    /// The steps one walk takes to last about `microseconds` on this core: the fastest of three walks of a million.
    func steps(lasting microseconds: Int) -> Int {
        let clock = ContinuousClock()
        let sample = 1_000_000
        var fastest = Duration.seconds(1_000)
        for _ in 0..<3 {
            let started = clock.now
            keep(walk(sample, from: 0))
            fastest = min(fastest, clock.now - started)
        }
        return max(1, Int(Double(sample) * Double(microseconds) / 1e6 / fastest.seconds))
    }
}

/// The ideal group commit: callers queue and sleep; one writer thread writes and flushes what queued, then wakes them.
private final class FloorCommits: Sendable {
    private let file: Int32
    private let fileSize: Int
    /// Whether the writer calls `fdatasync` after each write.
    let synchronous = Atomic<Bool>(false)
    /// The writes the writer waits for (up to ``gatheringTime``) before it writes fewer.
    private let gather: Int
    private let gatheringTime = DispatchTimeInterval.microseconds(500)
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let settledCount = Atomic<Int>(0)

    private struct State {
        var queued: [DispatchSemaphore] = []
        var sleeping = false
        /// The writes queued that wake a sleeping writer: 1, or ``gather`` while it gathers.
        var wakeAt = 1
        var closed = false
    }

    init(file: Int32, fileSize: Int, gather: Int) {
        self.file = file
        self.fileSize = fileSize
        self.gather = gather
        Thread { [self] in run() }.start()
    }

    /// The writes settled so far.
    var settled: Int { settledCount.load(ordering: .relaxed) }

    /// Queues a write and returns once the writer wrote it (and flushed it, when ``synchronous``).
    func write() {
        let mine = DispatchSemaphore(value: 0)
        let wakes = state.withLock { state in
            state.queued.append(mine)
            guard state.sleeping, state.queued.count >= state.wakeAt else { return false }
            state.sleeping = false
            return true
        }
        if wakes { wake.signal() }
        mine.wait()
    }

    /// Ends the writer once the queue is empty.
    func close() {
        let wakes = state.withLock { state in
            state.closed = true
            defer { state.sleeping = false }
            return state.sleeping
        }
        if wakes { wake.signal() }
        finished.wait()
    }

    private func run() {
        let page = [UInt8](repeating: 0x5A, count: 8_192)
        var offset = 0
        var gathered = false
        while true {
            let (batch, closed, gathers) = state.withLock { state in
                let gathers = !gathered && !state.closed && !state.queued.isEmpty && state.queued.count < gather
                if state.queued.isEmpty || gathers {
                    state.sleeping = !state.closed
                    state.wakeAt = gathers ? gather : 1
                    return ([DispatchSemaphore](), state.closed, gathers)
                }
                defer { state.queued.removeAll(keepingCapacity: true) }
                return (state.queued, state.closed, false)
            }
            if batch.isEmpty {
                if closed { break }
                if gathers {
                    // Woken by the gathered writes, or not in time: either way the next batch takes what queued.
                    if wake.wait(timeout: .now() + gatheringTime) == .timedOut {
                        let signalled = state.withLock { state in
                            defer { state.sleeping = false }
                            return !state.sleeping
                        }
                        // A write woke the writer meanwhile: its signal is taken, not left for the next sleep.
                        if signalled { wake.wait() }
                    }
                    gathered = true
                } else {
                    wake.wait()
                }
                continue
            }
            gathered = false
            guard pwrite(file, page, page.count, off_t(offset)) == page.count,
                !synchronous.load(ordering: .relaxed) || fdatasync(file) == 0
            else { Options.fail("cannot write the floor's file: \(String(cString: strerror(errno)))") }
            offset = (offset + page.count) % fileSize
            settledCount.add(batch.count, ordering: .relaxed)
            for caller in batch { caller.signal() }
        }
        finished.signal()
    }
}
