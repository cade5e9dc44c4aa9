import Foundation
import GrubmapHTTP

/// `--http-redirect-port`: a plain-HTTP listener that sends every request to the same path over HTTPS, so a phone
/// that types the bare address still gets the secure page (and with it, geolocation).
enum HTTPSRedirect {
    /// Starts the listener; `httpsPort` is read per request, so it may be the HTTPS server's port chosen later.
    static func start(
        host: String, port: UInt16, httpsPort: @escaping @Sendable () -> UInt16,
        log: @escaping @Sendable (String) -> Void
    ) throws -> HTTPServer {
        var configuration = ServerConfiguration(host: host, port: port, workerCount: 1)
        configuration.threading = .pool(threads: 1)
        configuration.eventStreamLimit = 0  // it answers redirects only: no open files kept for streams
        let server = HTTPServer(configuration: configuration, log: log) { request in
            redirect(request, fallbackHost: host, httpsPort: httpsPort())
        }
        try server.start()
        return server
    }

    /// 308 to `https://HOST[:PORT]/path?query`: the host the client asked for (when it is a plain host name or
    /// address), else the one served; 308 keeps the method and body, so a form posted over HTTP is posted again.
    static func redirect(_ request: Request, fallbackHost: String, httpsPort: UInt16) -> Response {
        let asked = request.headers["Host"].map(hostWithoutPort) ?? ""
        let isPlain = !asked.isEmpty && asked.utf8.count <= 255 && asked.utf8.allSatisfy(Self.isHostByte)
        var host = isPlain ? asked : fallbackHost
        if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }
        let port = httpsPort == 443 ? "" : ":\(httpsPort)"
        let query = request.query.pairs.isEmpty ? "" : "?" + request.query.encoded
        let path = "/" + request.pathSegments.map(QueryFields.encode).joined(separator: "/")
        var response = Response(
            status: Status(code: 308, reason: "Permanent Redirect"),
            headers: [
                "Location": "https://\(host)\(port)\(path)\(query)", "Content-Type": "text/plain; charset=utf-8",
            ],
            body: Array("Grubmap is served over HTTPS.\n".utf8))
        response.route = "redirect"
        return response
    }

    /// Letters, digits, `.`, `-`, and for IPv6 `:`, `[` and `]`: nothing a `Location` header could be bent with.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
            true
        default:
            false
        }
    }

    /// `example.org` of `example.org:8080`, `[::1]` of `[::1]:8080`.
    private static func hostWithoutPort(_ header: String) -> String {
        if header.hasPrefix("["), let close = header.firstIndex(of: "]") { return String(header[...close]) }
        return String(header.split(separator: ":", maxSplits: 1).first ?? "")
    }
}
