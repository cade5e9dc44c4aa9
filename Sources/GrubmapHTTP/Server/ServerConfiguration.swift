import Foundation

/// How an ``HTTPServer`` listens and runs.
public struct ServerConfiguration: Sendable, Equatable {
    /// How libmicrohttpd spreads connections over threads.
    public enum Threading: Sendable, Equatable, CustomStringConvertible {
        /// One thread per connection, polled with `poll()`.
        case threadPerConnection
        /// A fixed pool of threads sharing an epoll set.
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

    /// An IPv4 or IPv6 address to listen on, like `127.0.0.1` or `::1`.
    public var host: String
    /// The TCP port; 0 picks a free one (read it back from ``HTTPServer/port``).
    public var port: UInt16
    public var threading: Threading
    /// Bodies longer than this get 413 without being handed to the application.
    public var maximumBodyBytes: Int
    /// Idle connections are closed after this many seconds.
    public var connectionTimeoutSeconds: Int
    /// At most this many connections are held at once.
    public var connectionLimit: Int

    public init(
        host: String = "127.0.0.1", port: UInt16 = 8080, threading: Threading = .standard,
        maximumBodyBytes: Int = 1 << 20, connectionTimeoutSeconds: Int = 30, connectionLimit: Int = 1024
    ) {
        self.host = host
        self.port = port
        self.threading = threading
        self.maximumBodyBytes = maximumBodyBytes
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.connectionLimit = connectionLimit
    }
}
