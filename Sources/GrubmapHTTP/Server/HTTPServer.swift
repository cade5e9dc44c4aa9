import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd that hands each whole request to the application.
///
/// libmicrohttpd's threads only move bytes. Each whole request is offered first to the ``InlineResponder``,
/// which answers from memory or declines; a declined one waits, its connection suspended, for one of
/// ``ServerConfiguration/workerCount`` worker threads to run the blocking ``Responder`` (in `pool` threading;
/// with a thread per connection, that thread runs it). So a handler waiting on a database stalls its own request,
/// never the other connections of a libmicrohttpd thread.
///
/// The server also guards itself (see ``ServerConfiguration``): a whole request must arrive within a time limit,
/// connections are limited in all and per client address (idle ones are closed first to make room; beyond, 503),
/// framing that RFC 9112 calls faulty is refused, and an answer that closes a connection early lingers so the
/// client reads it. Requests the server cannot take as sent are still handed to the application with a
/// ``Request/problem``, so it answers them in its own words.
public final class HTTPServer: Sendable {
    public let configuration: ServerConfiguration
    private let context: ServerContext
    private let log: (@Sendable (String) -> Void)?
    private let warn: (@Sendable (String) -> Void)?
    private let daemon: Mutex<DaemonHandle?> = Mutex(nil)

    /// A server that answers with `responder`, after offering each request to `inlineResponder` when there is
    /// one, and the targets of `prepared` from its fast lane; `log` gets a line now and then about connections the
    /// server closed or refused, and `warn` (else `log`) one when the open-file limit cannot even hold the
    /// connections asked.
    public init(
        configuration: ServerConfiguration, inlineResponder: InlineResponder? = nil,
        prepared: PreparedAnswers = PreparedAnswers(), log: (@Sendable (String) -> Void)? = nil,
        warn: (@Sendable (String) -> Void)? = nil,
        responder: @escaping Responder
    ) {
        self.configuration = configuration
        self.log = log
        self.warn = warn
        context = ServerContext(
            configuration: configuration, responder: responder, inlineResponder: inlineResponder, prepared: prepared,
            log: log)
    }

    deinit {
        shutdown(gracePeriod: .zero)
    }

    /// The port the server listens on; useful after starting on port 0.
    public var port: UInt16 {
        daemon.withLock { $0?.acceptor.port } ?? configuration.port
    }

    /// The number of requests being read or answered right now.
    public var requestsInFlight: Int { context.inFlight.load(ordering: .relaxed) }

    /// The number of event streams open right now (see ``EventStream``).
    public var openEventStreams: Int { context.tracker.openStreams }

    /// The number of connections open right now.
    public var openConnections: Int { context.tracker.openConnections }

    /// The number of requests whose line has arrived and not yet all of their headers and body.
    var arrivingRequests: Int { context.tracker.arrivingRequests }

    /// The number of requests waiting for a worker right now.
    var queuedRequests: Int { context.workers?.queued ?? 0 }

    /// Starts listening. Throws ``ServerError`` when the address is invalid or the port is taken.
    ///
    /// Connections are accepted by an ``Acceptor`` of the server's own and handed to libmicrohttpd, which listens
    /// on nothing itself.
    ///
    /// Raises the soft limit on open files to the hard limit when the connection limit needs more; when even
    /// the hard limit is too low, holds fewer event streams and logs so, or warns when it cannot hold the
    /// connection limit itself.
    public func start() throws(ServerError) {
        guard daemon.withLock({ $0 == nil }) else { return }  // already started
        var flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_ITC.rawValue | MHD_USE_NO_LISTEN_SOCKET.rawValue
        var poolSize: UInt32 = 0
        switch configuration.threading {
        case .threadPerConnection:
            flags |= MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_POLL.rawValue
        case .pool(let threads):
            // poll(), not epoll: with epoll (turbo or not) libmicrohttpd 0.9.75 misses a client's end of stream
            // that arrives with the last bytes of a half-sent request, and keeps the abandoned connection until
            // the idle timeout; with poll() it frees it at once, as thread-per-connection does (measured).
            flags |= MHD_USE_POLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
            poolSize = UInt32(threads)
        }
        if configuration.tls != nil { flags |= MHD_USE_TLS.rawValue }
        let address = try SocketAddress(host: configuration.host, port: configuration.port)
        let acceptor = try Acceptor(address: address, host: configuration.host, port: configuration.port)
        context.gate.reset(limit: serverConnectionLimit())
        // The daemon borrows the context; `self` owns it and stops the daemon before letting it go.
        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        let credentials = context.credentials
        var options = cmhd_options(
            flags: flags, address: nil, handler: accessHandler, handler_context: contextPointer,
            completed: requestCompleted, completed_context: contextPointer, uri_logger: uriLogger,
            uri_logger_context: contextPointer, notify_connection: notifyConnection,
            notify_connection_context: contextPointer, thread_pool_size: poolSize,
            connection_timeout_seconds: UInt32(clamping: configuration.idleTimeout.components.seconds),
            connection_limit: UInt32(clamping: context.gate.libmicrohttpdLimit(threads: Int(poolSize))),
            connection_memory_limit: max(0, configuration.connectionMemory),
            tls_certificate: credentials?.certificate.baseAddress,
            tls_key: credentials?.key.baseAddress)
        guard let started = cmhd_start_daemon(&options) else {
            let code = errno
            // libmicrohttpd says no more than NULL: with TLS, GnuTLS may have refused the credentials (check them
            // before starting, as `grubmap serve` does, for a precise reason).
            if configuration.tls != nil {
                throw .couldNotStartTLS(host: configuration.host, port: configuration.port, errno: code)
            }
            throw .couldNotListen(host: configuration.host, port: configuration.port, errno: code)
        }
        context.lingering.start()
        context.workers?.start()
        context.tracker.startReaper()
        acceptor.start(for: started, gate: context.gate)
        let handle = DaemonHandle(pointer: started, acceptor: acceptor)
        daemon.withLock { $0 = handle }
    }

    /// The server's connection limit (``ConnectionGate``): ours and the event streams' plus room for refused
    /// connections to be told 503, within the open files the process may have (``ConnectionBudget``, which may hold
    /// fewer streams).
    private func serverConnectionLimit() -> Int {
        // Sockets lingering, database connections, files, the listening socket and libmicrohttpd's pipes.
        let reserve = context.lingering.limit + 128
        let connections = configuration.connectionLimit
        let streams = configuration.eventStreamLimit
        let available = OpenFileLimit.raise(toAtLeast: connections + streams + max(64, connections / 8) + reserve)
        let budget = ConnectionBudget(
            openFiles: available, reserve: reserve, connections: connections, streams: streams)
        context.tracker.limitStreams(to: budget.streamLimit)
        switch budget.notice {
        case .info(let text): log?(text)
        case .warning(let text): (warn ?? log)?(text)
        case nil: break
        }
        return budget.connectionLimit
    }

    /// Shuts the listening socket down: new connections are refused, open ones are still served.
    public func stopAccepting() {
        daemon.withLock { $0?.quiesce() }
    }

    /// Stops accepting connections, closes idle ones, lets requests in flight finish (for at most
    /// `gracePeriod`; a request still coming in gets ``ServerConfiguration/refusalTimeout`` at most), answers
    /// those still waiting for a worker with 503, then stops.
    public func shutdown(gracePeriod: Duration = .seconds(10)) {
        guard let daemon = daemon.withLock({ $0 }) else { return }
        stopAccepting()
        context.isDraining.store(true, ordering: .relaxed)
        context.tracker.drain()
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: gracePeriod)
        while context.tracker.activeRequests > 0, clock.now < deadline {
            usleep(2_000)
        }
        // libmicrohttpd must not be stopped with a connection suspended, as an idle event stream's is.
        context.endStreams(by: max(deadline, clock.now.advanced(by: .seconds(2))))
        context.workers?.abandonAll(context.stopping)
        context.tracker.stop()
        self.daemon.withLock { $0 = nil }
        daemon.stop()
        context.workers?.stop()
        context.lingering.stop()
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
    /// libmicrohttpd would not start with TLS: GnuTLS refused the certificate and key it was given (the port is the
    /// acceptor's, already listening).
    case couldNotStartTLS(host: String, port: UInt16, errno: Int32)

    public var description: String {
        switch self {
        case .invalidHost(let host):
            "\"\(host)\" is not an IPv4 or IPv6 address"
        case .couldNotListen(let host, let port, let code):
            "could not listen on \(host):\(port): \(String(cString: strerror(code)))"
        case .couldNotStartTLS(let host, let port, let code):
            "could not serve HTTPS on \(host):\(port) (\(String(cString: strerror(code)))); are the certificate and "
                + "key PEM, unencrypted, and a pair?"
        }
    }
}

/// The running daemon and the acceptor that feeds it.
///
/// `@unchecked Sendable`: libmicrohttpd's daemon functions are safe to call from any thread, and the handle is
/// only used under the server's lock or after being taken out of it.
private final class DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    let acceptor: Acceptor

    init(pointer: OpaquePointer, acceptor: Acceptor) {
        self.pointer = pointer
        self.acceptor = acceptor
    }

    /// Stops accepting: new connections are refused, open ones are still served.
    func quiesce() {
        acceptor.stop()
    }

    /// Stops accepting, then stops the daemon, waiting for its threads.
    func stop() {
        acceptor.stop()
        MHD_stop_daemon(pointer)
    }
}
