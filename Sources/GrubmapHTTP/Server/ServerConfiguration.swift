import Foundation

/// How an ``HTTPServer`` listens and runs.
public struct ServerConfiguration: Sendable, Equatable {
    /// How libmicrohttpd spreads connections over threads.
    public enum Threading: Sendable, Equatable, CustomStringConvertible {
        /// One thread per connection, polled with `poll()`.
        case threadPerConnection
        /// A fixed pool of threads polling their connections with `poll()`; ``workerCount`` other threads answer.
        case pool(threads: Int)

        /// The default, chosen by `make bench`: a pool of one thread per processor answered about three times the
        /// requests of thread-per-connection at 64 connections, with a third of its p99 latency (many threads
        /// mostly wait for each other and for the database's few connections).
        public static var standard: Threading {
            .pool(threads: max(2, ProcessInfo.processInfo.activeProcessorCount))
        }

        /// Parses `per-connection` or `pool:N`.
        public init?(argument: String) {
            if argument == "per-connection" {
                self = .threadPerConnection
            } else if argument.hasPrefix("pool:"), let threads = Int(argument.dropFirst(5)), (1...256).contains(threads)
            {
                self = .pool(threads: threads)
            } else {
                return nil
            }
        }

        public var description: String {
            switch self {
            case .threadPerConnection: "per-connection"
            case .pool(let threads): "pool:\(threads)"
            }
        }
    }

    /// A certificate chain and its private key, to serve HTTPS.
    public struct TLSCredentials: Sendable, Equatable {
        /// The certificate, then any intermediate certificates, PEM.
        public var certificatePEM: [UInt8]
        /// The certificate's private key, PEM, unencrypted.
        public var keyPEM: [UInt8]

        public init(certificatePEM: [UInt8], keyPEM: [UInt8]) {
            self.certificatePEM = certificatePEM
            self.keyPEM = keyPEM
        }
    }

    /// An IPv4 or IPv6 address to listen on, like `127.0.0.1` or `::1`.
    public var host: String
    /// The TCP port; 0 picks a free one (read it back from ``HTTPServer/port``).
    public var port: UInt16
    public var threading: Threading
    /// Bodies longer than this get 413 without being handed to the application, but for ``bodyLimits``.
    public var maximumBodyBytes: Int
    /// The routes that take larger bodies (a photo upload), each with its own limit instead of
    /// ``maximumBodyBytes``; the application says which (`App.bodyLimits`).
    public var bodyLimits: [BodyLimit] = []
    /// How long a connection may wait for its next request, and stay silent while it sends one or reads an
    /// answer; then it is closed (libmicrohttpd's `MHD_OPTION_CONNECTION_TIMEOUT`, in whole seconds).
    public var idleTimeout: Duration
    /// The longest a client may take to send one whole request, headers and body, from its request line on;
    /// then the connection is closed, however steadily the bytes trickle in.
    public var requestTimeout: Duration
    /// At most this many connections are open at once. A connection beyond it first makes room by closing the
    /// idle keep-alive connection that has waited longest (from the address with the most of them); when none
    /// is idle it is refused: 503 `too_many_connections` if its request arrives within ``refusalTimeout``,
    /// else it is closed.
    public var connectionLimit: Int
    /// At most this many requests from one client address are being received at once (idle keep-alive
    /// connections do not count); a request beyond it is refused like a connection over ``connectionLimit``.
    /// 0 means no limit.
    public var receivingLimitPerAddress: Int
    /// Threads that run the blocking ``Responder`` in `pool` threading, so that libmicrohttpd's own threads only
    /// move bytes. In `per-connection` threading each connection's thread runs it instead.
    public var workerCount: Int
    /// Requests that may wait for a free worker, taken in turn by client address. When it is full, a request
    /// from an address with fewer waiting takes the place of the newest of the address with the most; else, or
    /// when the workers have taken nothing for longer than ``queueWaitLimit`` while requests wait, a request gets
    /// 503 `server_busy` with `Retry-After`. Large enough for a thousand keep-alive clients each waiting for one
    /// answer.
    public var queueLimit: Int
    /// See ``queueLimit``: when the workers take nothing for this long they are stuck (on a database, say) and a
    /// new request is better told to come back than kept waiting.
    public var queueWaitLimit: Duration
    /// How long a refused connection may take to send its request so that it can be told 503; then it is closed.
    public var refusalTimeout: Duration
    /// After an answer that closes the connection while the client may still be sending (a 413, say), the
    /// server reads and drops what comes for at most this long before it closes, so that the client gets to
    /// read the answer instead of a reset ("lingering close").
    public var lingerTimeout: Duration
    /// At most this many ``EventStream`` answers are open at once. They are counted apart from
    /// ``connectionLimit`` (a stream is a connection that stays open for hours, not a request being answered) and
    /// hold no thread while they wait; a stream beyond the limit ends at once after a `retry:` of 5 to 10 s.
    public var eventStreamLimit: Int
    /// Bytes of each connection's memory pool (libmicrohttpd's `MHD_OPTION_CONNECTION_MEMORY_LIMIT`): it holds a
    /// request's line and headers as they are read and the answer's head, so it bounds them (headers over about
    /// 7 KiB get 431 with 16 KiB), and libmicrohttpd touches nearly all of it, so it is most of what an open
    /// event stream costs: with libmicrohttpd's own 32 KiB a stream took 34 KB resident, with 16 KiB some 19 KB.
    public var connectionMemory: Int
    /// Serve HTTPS with these (libmicrohttpd's TLS, GnuTLS underneath); `nil` for plain HTTP.
    public var tls: TLSCredentials?

    public init(
        host: String = "127.0.0.1", port: UInt16 = 8080, threading: Threading = .standard,
        maximumBodyBytes: Int = 1 << 20, idleTimeout: Duration = .seconds(30), requestTimeout: Duration = .seconds(30),
        connectionLimit: Int = 4096, receivingLimitPerAddress: Int = 128, workerCount: Int = 10,
        queueLimit: Int = 1024, queueWaitLimit: Duration = .seconds(2), refusalTimeout: Duration = .seconds(2),
        lingerTimeout: Duration = .seconds(5), eventStreamLimit: Int = 20_000, connectionMemory: Int = 16 * 1024,
        tls: TLSCredentials? = nil
    ) {
        self.host = host
        self.port = port
        self.threading = threading
        self.maximumBodyBytes = maximumBodyBytes
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.connectionLimit = connectionLimit
        self.receivingLimitPerAddress = receivingLimitPerAddress
        self.workerCount = workerCount
        self.queueLimit = queueLimit
        self.queueWaitLimit = queueWaitLimit
        self.refusalTimeout = refusalTimeout
        self.lingerTimeout = lingerTimeout
        self.eventStreamLimit = eventStreamLimit
        self.connectionMemory = connectionMemory
        self.tls = tls
    }
}

extension ServerConfiguration {
    /// A route's own limit on request bodies: its method, its pattern (`/dishes/{id}/photo`: a segment in braces
    /// is any one segment, as the router reads patterns) and the most bytes its bodies may have.
    public struct BodyLimit: Sendable, Equatable {
        public var method: String
        public var pattern: String {
            didSet { patternSegments = Self.segments(of: pattern) }
        }
        public var bytes: Int
        /// The pattern's segments, split once: every request with a body is matched against each limit.
        private var patternSegments: [Substring]

        public init(method: String, pattern: String, bytes: Int) {
            self.method = method
            self.pattern = pattern
            self.bytes = bytes
            patternSegments = Self.segments(of: pattern)
        }

        static func segments(of path: some StringProtocol) -> [Substring] {
            Array(Substring(path).split(separator: "/", omittingEmptySubsequences: false).dropFirst())
        }

        /// Whether a request of `method` to `path` is one of the route's: its segments walked in place, nothing
        /// split or copied (every request with a body is matched against each limit).
        func matches(method: String, path: Substring) -> Bool {
            guard method == self.method else { return false }
            var rest = path.utf8.dropFirst()  // the leading "/"
            for (index, wanted) in patternSegments.enumerated() {
                let end = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
                let segment = rest[..<end]
                let isParameter = wanted.hasPrefix("{") && wanted.hasSuffix("}")
                guard isParameter ? !segment.isEmpty : segment.elementsEqual(wanted.utf8) else { return false }
                if index == patternSegments.count - 1 { return end == rest.endIndex }
                guard end != rest.endIndex else { return false }
                rest = rest[rest.index(after: end)...]
            }
            return rest.isEmpty
        }
    }

    /// The most body bytes a request of `method` to `target` (its raw path and query) may send: the limit of the
    /// first of ``bodyLimits`` it matches, else ``maximumBodyBytes``.
    public func maximumBodyBytes(method: String, target: String) -> Int {
        guard bodyLimits.contains(where: { $0.method == method }) else { return maximumBodyBytes }
        let path = target.utf8.firstIndex(of: UInt8(ascii: "?")).map { target[..<$0] } ?? target[...]
        return bodyLimits.first { $0.matches(method: method, path: path) }?.bytes ?? maximumBodyBytes
    }
}
