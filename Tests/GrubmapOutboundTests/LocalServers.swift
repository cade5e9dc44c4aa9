import Foundation
import GrubmapHTTP
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A real HTTP server on 127.0.0.1 (Grubmap's own) answering with `answer`, which records the paths it was asked.
final class LocalHTTPServer: Sendable {
    let server: HTTPServer
    let paths = Mutex<[String]>([])
    /// Lets answers that wait go at the end of a test.
    let release = DispatchSemaphore(value: 0)

    init(_ answer: @escaping @Sendable (Request, LocalHTTPServer) -> Response) throws {
        let box = Box()
        server = HTTPServer(
            configuration: ServerConfiguration(port: 0, threading: .threadPerConnection),
            responder: { request in
                guard let owner = box.owner else { return Response.text("not ready", status: .serviceUnavailable) }
                owner.paths.withLock { $0.append(request.path) }
                return answer(request, owner)
            })
        box.owner = self
        try server.start()
    }

    /// `http://127.0.0.1:PORT` and `path`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(server.port)\(path)" }

    func stop() {
        for _ in 0..<8 { release.signal() }
        server.shutdown(gracePeriod: .seconds(1))
    }

    /// The server's way back to its owner. `@unchecked Sendable`: written once, before the server starts.
    final class Box: @unchecked Sendable {
        weak var owner: LocalHTTPServer?
    }
}

/// A TCP listener on 127.0.0.1 that is not an HTTP server: it counts the connections it gets and, depending on its
/// behaviour, never accepts them, says something that is not HTTP, or sends an endless chunked body.
final class RawListener: Sendable {
    enum Behaviour: Sendable {
        /// Listens and never accepts: a connection attempt shows as pending.
        case listenOnly
        /// Accepts, writes these bytes and closes.
        case banner([UInt8])
        /// Accepts, reads the request and answers 200 with chunks of zeros until the client goes away.
        case endlessChunked
    }

    let socketDescriptor: Int32
    let port: UInt16
    let accepted = Atomic<Int>(0)
    /// Bytes of body written by `.endlessChunked`.
    let bytesSent = Atomic<Int>(0)
    private let finished = DispatchSemaphore(value: 0)
    private let behaviour: Behaviour

    init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard descriptor >= 0, bound == 0, listen(descriptor, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        socketDescriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
        if case .listenOnly = behaviour {
            finished.signal()
        } else {
            Thread.detachNewThread { [self] in acceptLoop() }
        }
    }

    func url(_ path: String = "/") -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Whether a connection is waiting to be accepted (`.listenOnly`).
    var hasPendingConnection: Bool {
        var descriptor = pollfd(fd: socketDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Connections accepted, or waiting to be.
    var connections: Int { accepted.load(ordering: .relaxed) + (hasPendingConnection ? 1 : 0) }

    func stop() {
        shutdown(socketDescriptor, Int32(SHUT_RDWR))
        finished.wait()
        close(socketDescriptor)
    }

    private func acceptLoop() {
        defer { finished.signal() }
        while true {
            let connection = accept(socketDescriptor, nil, nil)
            guard connection >= 0 else { return }
            accepted.add(1, ordering: .relaxed)
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        switch behaviour {
        case .listenOnly: return
        case .banner(let bytes): _ = send(connection, bytes, bytes.count, Int32(MSG_NOSIGNAL))
        case .endlessChunked:
            var request = [UInt8](repeating: 0, count: 4096)
            _ = recv(connection, &request, request.count, 0)
            let head = Array(
                "HTTP/1.1 200 OK\r\nContent-Type: application/xml\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
            guard send(connection, head, head.count, Int32(MSG_NOSIGNAL)) == head.count else { return }
            let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 0x20, count: 0x10000) + Array("\r\n".utf8)
            while send(connection, chunk, chunk.count, Int32(MSG_NOSIGNAL)) == chunk.count {
                bytesSent.add(0x10000, ordering: .relaxed)
            }
        }
    }
}
