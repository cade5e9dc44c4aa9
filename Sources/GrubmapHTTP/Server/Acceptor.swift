import CMicroHTTPD
import Foundation
import Synchronization

/// The listening socket, and a thread of its own that accepts every connection as it arrives and hands it to
/// libmicrohttpd (`MHD_add_connection`).
///
/// libmicrohttpd's `poll()` loop accepts one connection a round, and a round of a thread holding hundreds of busy
/// keep-alive connections takes tens of milliseconds: 1,000 connections opened at once waited in the kernel's
/// queue for up to 6 s (about 50 accepted a second, measured with `ss` while wrk held 1,000 connections), their
/// first requests with them. Here a blocking `accept4` takes each one at once and hands it over; libmicrohttpd
/// gives it to one of its threads (the socket's number picks which) and wakes that thread.
///
/// The acceptor, not libmicrohttpd, keeps the connection limit (``ConnectionGate``): past it, connections wait in
/// the kernel's queue, as they did when libmicrohttpd accepted them.
final class Acceptor: Sendable {
    private let listener: Int32
    /// The port bound, which is the one asked for unless that was 0.
    let port: UInt16
    private let isStarted = Atomic<Bool>(false)
    private let isStopped = Atomic<Bool>(false)
    /// Signalled by the thread as it ends.
    private let ended = DispatchSemaphore(value: 0)

    /// Binds `address` and listens, or throws ``ServerError/couldNotListen(host:port:errno:)``.
    init(address: SocketAddress, host: String, port: UInt16) throws(ServerError) {
        let family = address.isIPv6 ? AF_INET6 : AF_INET
        let listener = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw .couldNotListen(host: host, port: port, errno: errno) }
        var yes: Int32 = 1
        _ = setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        // As libmicrohttpd does: an IPv6 address listens for IPv6 alone.
        if address.isIPv6 {
            _ = setsockopt(listener, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
        let length = address.isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size
        let bound = address.withSockaddr { bind(listener, $0, socklen_t(length)) }
        guard bound == 0, listen(listener, SOMAXCONN) == 0 else {
            let code = errno
            close(listener)
            throw .couldNotListen(host: host, port: port, errno: code)
        }
        self.listener = listener
        self.port = cmhd_socket_port(listener)
    }

    deinit {
        close(listener)
    }

    /// Starts accepting for `daemon`, which must run with `MHD_USE_ITC` and `MHD_USE_NO_LISTEN_SOCKET`, while
    /// `gate` has room.
    func start(for daemon: OpaquePointer, gate: ConnectionGate) {
        guard !isStarted.exchange(true, ordering: .relaxed) else { return }
        nonisolated(unsafe) let daemon = daemon  // libmicrohttpd's daemon functions are safe from any thread
        Thread.detachNewThread { [self] in
            Thread.current.name = "grubmap-acceptor"
            while !isStopped.load(ordering: .relaxed) {
                // At the limit (a server taking all the connections it may), look again every 10 ms.
                guard gate.hasRoom else {
                    usleep(10_000)
                    continue
                }
                if acceptOne(for: daemon) { gate.handedOver() }
            }
            ended.signal()
        }
    }

    /// Stops accepting and waits until the thread no longer touches the daemon. The socket is shut down, so new
    /// connections are refused and those still queued in the kernel are reset; it is closed when the acceptor goes.
    func stop() {
        if !isStopped.exchange(true, ordering: .relaxed) {
            // Wakes the blocking accept4, which then fails with EINVAL.
            _ = Foundation.shutdown(listener, Int32(SHUT_RDWR))
        }
        // Every caller waits; the signal is passed on to the next.
        if isStarted.load(ordering: .relaxed) {
            ended.wait()
            ended.signal()
        }
    }

    /// Accepts one connection and hands it over; true when libmicrohttpd took it (it closes one it cannot take).
    /// A connection that failed on its way in is skipped (Linux reports its network errors from `accept4`); out of
    /// open files or memory, or on any other error, it waits a little rather than spin.
    private func acceptOne(for daemon: OpaquePointer) -> Bool {
        var address = sockaddr_storage()
        var length = socklen_t(0)
        let connection = cmhd_accept(listener, &address, &length)
        guard connection >= 0 else {
            switch errno {
            case EINTR, EAGAIN, ECONNABORTED, EPROTO, ENETDOWN, ENOPROTOOPT, EHOSTDOWN, ENONET, EHOSTUNREACH,
                EOPNOTSUPP, ENETUNREACH:
                break
            default:
                // EINVAL once stopped ends the loop at once.
                if !isStopped.load(ordering: .relaxed) { usleep(10_000) }
            }
            return false
        }
        let added = withUnsafePointer(to: &address) { storage in
            storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddr in
                MHD_add_connection(daemon, connection, sockaddr, length)
            }
        }
        return added == MHD_Result.YES
    }
}

/// The connections handed to libmicrohttpd and not yet closed, against the server's limit of them.
///
/// libmicrohttpd 0.9.75 must never reach its own connection limit with a connection handed to it: its thread then
/// locks a mutex it already holds and hangs, with every connection it serves (seen in `ServerLimitsTests`, a
/// thread waiting on a mutex whose owner is itself). And the count it decides by lags: `MHD_add_connection` picks a
/// thread by its socket's number among those whose count has room, counting none of the connections handed over
/// that the thread has not taken yet. So libmicrohttpd is given a limit well above the server's
/// (``libmicrohttpdLimit(threads:)``), and the acceptor keeps the server's: counted here, one up as libmicrohttpd
/// takes a connection, one down as it reports it closed. (A connection libmicrohttpd takes and then drops without
/// reporting it, which it does only when it cannot allocate the connection's memory, stays counted.)
final class ConnectionGate: Sendable {
    private let open = Atomic<Int>(0)
    private let maximum = Atomic<Int>(0)

    /// The connections the server holds at most (its own, the event streams' and the room to tell 503), set as
    /// it starts.
    var limit: Int { maximum.load(ordering: .relaxed) }

    var hasRoom: Bool { open.load(ordering: .relaxed) < limit }

    /// Starts over with `limit` and no connection, as the server starts.
    func reset(limit: Int) {
        open.store(0, ordering: .relaxed)
        maximum.store(limit, ordering: .relaxed)
    }

    func handedOver() { open.add(1, ordering: .relaxed) }

    func closed() { open.subtract(1, ordering: .relaxed) }

    /// The limit libmicrohttpd is given with `threads` network threads: each holds at most its share of it, and
    /// any one may be handed all the server's connections (the socket's number picks the thread).
    func libmicrohttpdLimit(threads: Int) -> Int {
        limit * max(2, threads) + 64
    }
}
