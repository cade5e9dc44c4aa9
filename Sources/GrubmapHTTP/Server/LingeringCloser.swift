import Foundation
import Synchronization

/// Closes connections gently after an answer that ends them while the client may still be sending (a 413 to a
/// large upload, a 400 for faulty framing, libmicrohttpd's own 431): it stops sending, then reads and drops
/// whatever still comes until the client closes or ``timeout`` passes, and only then closes.
///
/// Closing a socket with unread data makes the kernel send a reset, and a client still writing its body then
/// fails on the write (Python's `urllib` says "broken pipe") instead of reading the answer that was waiting
/// for it. The closer keeps its own copy of the socket (`dup`), so libmicrohttpd closes its own number and frees
/// the connection's slot at once; the socket itself stays open until the closer is done with it.
final class LingeringCloser: Sendable {
    private struct Lingering {
        var socket: Int32
        var deadline: ContinuousClock.Instant
    }

    private let sockets = Mutex<[Lingering]>([])
    private let isStopped = Atomic<Bool>(false)
    private let clock = ContinuousClock()
    /// How long a socket lingers at most.
    let timeout: Duration
    /// How many sockets may linger at once; beyond it a socket is closed at once.
    let limit: Int

    init(timeout: Duration, limit: Int = 256) {
        self.timeout = timeout
        self.limit = limit
    }

    /// Takes a copy of `socket` (which the caller goes on to close) and lingers on it.
    func adopt(copyOf socket: Int32) {
        guard timeout > .zero, !isStopped.load(ordering: .relaxed) else { return }
        let copy = dup(socket)
        guard copy >= 0 else { return }
        _ = Foundation.shutdown(copy, Int32(SHUT_WR))
        let isAdopted = sockets.withLock { sockets in
            guard sockets.count < limit else { return false }
            sockets.append(Lingering(socket: copy, deadline: clock.now.advanced(by: timeout)))
            return true
        }
        if !isAdopted { close(copy) }
    }

    /// Sockets lingering right now.
    var count: Int { sockets.withLock { $0.count } }

    /// Starts the thread that reads and drops, until ``stop()``.
    func start() {
        Thread.detachNewThread { [self] in
            var scratch = [UInt8](repeating: 0, count: 64 * 1024)
            while !isStopped.load(ordering: .relaxed) {
                drainOnce(into: &scratch)
            }
            sockets.withLock { sockets in
                for lingering in sockets { close(lingering.socket) }
                sockets = []
            }
        }
    }

    /// Stops lingering: every socket still lingering is closed soon.
    func stop() {
        isStopped.store(true, ordering: .relaxed)
    }

    /// Waits up to 50 ms for data, drops what came, and closes the sockets whose client closed or whose time
    /// is up. Sockets adopted meanwhile are picked up on the next round.
    private func drainOnce(into scratch: inout [UInt8]) {
        let watched = sockets.withLock { $0 }
        guard !watched.isEmpty else {
            Thread.sleep(forTimeInterval: 0.05)
            return
        }
        var descriptors = watched.map { pollfd(fd: $0.socket, events: Int16(POLLIN), revents: 0) }
        _ = poll(&descriptors, nfds_t(descriptors.count), 50)
        let now = clock.now
        var finished = Set<Int32>()
        for (descriptor, lingering) in zip(descriptors, watched) {
            var isDone = now >= lingering.deadline
            if descriptor.revents != 0 {
                // At most 1 MiB a round, so one fast sender cannot hold the others up.
                for _ in 0..<16 {
                    let count = recv(descriptor.fd, &scratch, scratch.count, Int32(MSG_DONTWAIT))
                    if count > 0 { continue }
                    if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { isDone = true }
                    break
                }
            }
            if isDone { finished.insert(lingering.socket) }
        }
        guard !finished.isEmpty else { return }
        sockets.withLock { sockets in sockets.removeAll { finished.contains($0.socket) } }
        for socket in finished { close(socket) }
    }
}
