import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP relay on 127.0.0.1 in front of a server, as a proxy or a NAT would be, whose connections a test can cut
/// while the server goes on: ``cut()`` ends every connection relayed so far; new ones are relayed again.
final class TCPRelay: Sendable {
    let port: UInt16
    private let listener: Int32
    private let upstreamPort: UInt16
    private let sockets = Mutex<(open: [Int32], accepted: Int, isClosed: Bool)>(([], 0, false))

    init(to upstreamPort: UInt16) throws {
        self.upstreamPort = upstreamPort
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 64) == 0
                    && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Connections accepted so far.
    var accepted: Int { sockets.withLock { $0.accepted } }

    /// Ends every connection relayed so far, on both sides, as a dropped NAT mapping would.
    func cut() {
        let open = sockets.withLock { state in
            defer { state.open = [] }
            return state.open
        }
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    func close() {
        sockets.withLock { $0.isClosed = true }
        cut()
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: upstreamPort)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            let isClosed = sockets.withLock { state in
                state.accepted += 1
                if !state.isClosed { state.open += [client, server] }
                return state.isClosed
            }
            guard connected, !isClosed else {
                Glibc.close(client)
                Glibc.close(server)
                continue
            }
            let pair = Pair()
            Thread.detachNewThread { [self] in pump(from: client, to: server, pair) }
            Thread.detachNewThread { [self] in pump(from: server, to: client, pair) }
        }
    }

    /// The two directions of one connection: the second to end closes both sockets.
    private final class Pair: Sendable {
        let ended = Atomic<Int>(0)
    }

    /// Copies one direction until either side ends, then ends both.
    private func pump(from source: Int32, to target: Int32, _ pair: Pair) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            var sent = 0
            while sent < count {
                let written = buffer.withUnsafeBytes {
                    send(target, $0.baseAddress?.advanced(by: sent), count - sent, 0)
                }
                guard written > 0 else { break }
                sent += written
            }
            if sent < count { break }
        }
        shutdown(source, Int32(SHUT_RDWR))
        shutdown(target, Int32(SHUT_RDWR))
        guard pair.ended.add(1, ordering: .relaxed).newValue == 2 else { return }
        sockets.withLock { state in
            state.open.removeAll { $0 == source || $0 == target }
            Glibc.close(source)
            Glibc.close(target)
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
