import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd that hands each whole request to a ``Responder`` on one of its threads.
///
/// The responder runs synchronously on libmicrohttpd's threads, so it may block on I/O such as a database.
/// Bodies are collected up to ``ServerConfiguration/maximumBodyBytes``; longer ones get 413.
public final class HTTPServer: Sendable {
    public let configuration: ServerConfiguration
    private let context: ServerContext
    private let daemon: Mutex<DaemonHandle?> = Mutex(nil)

    public init(configuration: ServerConfiguration, responder: @escaping Responder) {
        self.configuration = configuration
        self.context = ServerContext(responder: responder, maximumBodyBytes: configuration.maximumBodyBytes)
    }

    deinit {
        if let daemon = daemon.withLock({ $0 }) { daemon.stop() }
    }

    /// The port the server listens on; useful after starting on port 0.
    public var port: UInt16 {
        daemon.withLock { $0.map { cmhd_bound_port($0.pointer) } } ?? configuration.port
    }

    /// The number of requests being read or answered right now.
    public var requestsInFlight: Int { context.inFlight.load(ordering: .relaxed) }

    /// Starts listening. Throws ``ServerError`` when the address is invalid or the port is taken.
    public func start() throws(ServerError) {
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_ITC.rawValue
        var poolSize: UInt32 = 0
        switch configuration.threading {
        case .threadPerConnection:
            flags |= MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_POLL.rawValue
        case .pool(let threads):
            flags |= MHD_USE_EPOLL.rawValue
            poolSize = UInt32(threads)
        }
        let address = try SocketAddress(host: configuration.host, port: configuration.port)
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        // The daemon borrows the context; `self` owns it and stops the daemon before letting it go.
        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        let started = address.withSockaddr { sockaddr in
            cmhd_start_daemon(
                flags, sockaddr, accessHandler, contextPointer, requestCompleted, contextPointer, uriLogger,
                contextPointer, poolSize, UInt32(configuration.connectionTimeoutSeconds),
                UInt32(configuration.connectionLimit))
        }
        guard let started else {
            throw .couldNotListen(host: configuration.host, port: configuration.port, errno: errno)
        }
        let handle = DaemonHandle(pointer: started)
        daemon.withLock { $0 = handle }
    }

    /// Closes the listening socket: new connections are refused, open ones are still served.
    public func stopAccepting() {
        daemon.withLock { $0?.quiesce() }
    }

    /// Stops accepting connections, lets requests in flight finish (for at most `gracePeriod`), then stops.
    public func shutdown(gracePeriod: Duration = .seconds(10)) {
        guard let daemon = daemon.withLock({ $0 }) else { return }
        stopAccepting()
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: gracePeriod)
        while context.inFlight.load(ordering: .acquiring) > 0, clock.now < deadline {
            usleep(2_000)
        }
        self.daemon.withLock { $0 = nil }
        daemon.stop()
    }

    /// Starts, then serves until the process gets SIGINT or SIGTERM, then shuts down gracefully.
    ///
    /// The signals are blocked before libmicrohttpd starts its threads, so they inherit the mask and the
    /// calling thread alone receives them through `sigwait`.
    public func runUntilTerminated(onStart: () -> Void = {}) throws(ServerError) {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        try start()
        onStart()
        var received: Int32 = 0
        sigwait(&signals, &received)
        shutdown()
    }
}

/// Why the server could not start.
public enum ServerError: Error, Equatable, CustomStringConvertible {
    case invalidHost(String)
    case couldNotListen(host: String, port: UInt16, errno: Int32)

    public var description: String {
        switch self {
        case .invalidHost(let host):
            "\"\(host)\" is not an IPv4 or IPv6 address"
        case .couldNotListen(let host, let port, let code):
            "could not listen on \(host):\(port): \(String(cString: strerror(code)))"
        }
    }
}

/// The running daemon and, once quiesced, the listening socket it handed back.
///
/// `@unchecked Sendable`: libmicrohttpd's daemon functions are safe to call from any thread, and the handle is
/// only used under the server's lock or after being taken out of it.
private final class DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    private var listener: Int32 = -1

    init(pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Stops accepting. The socket is shut down at once, so new connections are refused even while
    /// libmicrohttpd's thread still polls it, but closed only after the daemon stops: its number must not be
    /// reused while a thread may touch it (see MHD_quiesce_daemon in the libmicrohttpd manual).
    func quiesce() {
        guard listener < 0 else { return }
        let socket = MHD_quiesce_daemon(pointer)
        guard socket >= 0 else { return }
        listener = socket
        _ = Foundation.shutdown(socket, Int32(SHUT_RDWR))
    }

    /// Stops the daemon, waiting for its threads, then closes the socket it handed back.
    func stop() {
        MHD_stop_daemon(pointer)
        if listener >= 0 { close(listener) }
        listener = -1
    }
}
