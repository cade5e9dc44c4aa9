import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Tells the service manager that started Grubmap (systemd with `Type=notify`) that it is serving, as
/// `sd_notify(3)` does: one datagram to the Unix socket `NOTIFY_SOCKET` names (a path, or `@name` in the abstract
/// namespace) saying `READY=1` and a `STATUS=` line with the address. systemd then counts the service as started
/// only once it answers, after its migrations; a test that starts a server waits on the same datagram instead of
/// watching the log. Without the variable, nothing is sent.
enum ServiceManager {
    /// Sends `READY=1` and `status`; a socket that cannot be reached is reported through `log` and otherwise
    /// ignored, as a service manager that went away must not stop the server.
    static func notifyReady(
        status: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        log: (String) -> Void
    ) {
        guard let name = environment["NOTIFY_SOCKET"], !name.isEmpty else { return }
        let message = Array("READY=1\nSTATUS=\(status)\n".utf8)
        var path = Array(name.utf8)
        if path.first == UInt8(ascii: "@") { path[0] = 0 }
        var address = sockaddr_un()
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count < capacity, path.first == 0 || path.first == UInt8(ascii: "/") else {
            log("NOTIFY_SOCKET is not a Unix socket path; not telling the service manager")
            return
        }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + path.count)
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else {
            log("could not tell the service manager: \(String(cString: strerror(errno)))")
            return
        }
        defer { close(socket) }
        let sent = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                message.withUnsafeBytes { bytes in
                    sendto(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), pointer, length)
                }
            }
        }
        if sent < 0 { log("could not tell the service manager: \(String(cString: strerror(errno)))") }
    }
}
