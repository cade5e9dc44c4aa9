// The floor of a check-in over HTTP on PostgreSQL: what libmicrohttpd and libpq alone can do, with nothing of Grubmap
// between them. Every request (wrk sends the check-in's POST) gets one prepared `INSERT … ON CONFLICT` (pgbench's
// statement in scripts/bench-writes, for a random profile) on a connection of a small pool, and a fixed 201 answer
// once it committed. libmicrohttpd runs a thread per connection, the fewest hand-offs it offers; nothing reads the
// request's headers or body. Grubmap's check-in cannot be cheaper than this, so its rate beside pgbench says how much
// of H6's goal the engines underneath leave.

import CLibPQ
import CMicroHTTPD
import Foundation
import Synchronization

/// The libpq connections the floor's requests take turns on, each with the statement prepared.
final class FloorConnections: Sendable {
    private let idle: Mutex<[Int]>
    private let connections: [UInt]  // PGconn pointers, as integers to be Sendable; owned until exit
    private let ready = DispatchSemaphore(value: 0)
    let profiles: Int

    init(url: String, count: Int, profiles: Int) {
        self.profiles = profiles
        var made: [UInt] = []
        for _ in 0..<count {
            guard let connection = PQconnectdb(url), PQstatus(connection) == CONNECTION_OK else {
                Options.fail("cannot connect to \(url)")
            }
            let prepared = PQprepare(
                connection, "checkin",
                """
                INSERT INTO check_ins (profile_id, place_id, started_at, expires_at)
                VALUES ($1, 'bench-a', 1800000000, 1800010800)
                ON CONFLICT (profile_id) DO UPDATE SET place_id = excluded.place_id,
                    started_at = excluded.started_at, expires_at = excluded.expires_at
                """, 1, nil)
            guard PQresultStatus(prepared) == PGRES_COMMAND_OK else {
                Options.fail("cannot prepare: \(String(cString: PQerrorMessage(connection)))")
            }
            PQclear(prepared)
            made.append(UInt(bitPattern: connection))
        }
        connections = made
        idle = Mutex(Array(made.indices))
        for _ in made { ready.signal() }
    }

    /// Runs the insert for a random profile; whether it committed.
    func checkIn() -> Bool {
        ready.wait()
        let index = idle.withLock { $0.removeLast() }
        defer {
            idle.withLock { $0.append(index) }
            ready.signal()
        }
        let connection = OpaquePointer(bitPattern: connections[index])
        let profile = "p\(Int.random(in: 1...profiles))"
        let result = profile.withCString { value -> OpaquePointer? in
            var values: [UnsafePointer<CChar>?] = [value]
            return PQexecPrepared(connection, "checkin", 1, &values, nil, nil, 0)
        }
        defer { PQclear(result) }
        return PQresultStatus(result) == PGRES_COMMAND_OK
    }
}

private let answer = Array(#"{"placeId":"bench-a","profileId":"p1"}"#.utf8)

/// libmicrohttpd's handler: the first call (headers in) marks the request, body calls are swallowed, the last
/// runs the insert and queues the answer.
private let floorHandler: MHD_AccessHandlerCallback = {
    context, connection, _, _, _, _, uploadSize, requestContext in
    guard let requestContext, let uploadSize else { return MHD_Result.NO }
    if requestContext.pointee == nil {
        requestContext.pointee = UnsafeMutableRawPointer(bitPattern: 1)
        return MHD_Result.YES
    }
    if uploadSize.pointee > 0 {
        uploadSize.pointee = 0
        return MHD_Result.YES
    }
    let connections = Unmanaged<FloorConnections>.fromOpaque(context!).takeUnretainedValue()
    let committed = connections.checkIn()
    let response = answer.withUnsafeBytes { bytes in
        MHD_create_response_from_buffer(
            bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
    }
    MHD_add_response_header(response, "Content-Type", "application/json")
    let queued = MHD_queue_response(connection, committed ? 201 : 500, response)
    MHD_destroy_response(response)
    return queued
}

/// Serves the floor on 127.0.0.1:`port` until killed.
func serveFloor(url: String, port: UInt16, connections count: Int, profiles: Int) -> Never {
    let connections = FloorConnections(url: url, count: count, profiles: profiles)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let context = Unmanaged.passRetained(connections).toOpaque()
    let daemon = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddr in
            var options = cmhd_options()
            options.flags =
                MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue
                | MHD_USE_POLL.rawValue
            options.address = sockaddr
            options.handler = floorHandler
            options.handler_context = context
            options.connection_timeout_seconds = 30
            options.connection_limit = 1000
            return cmhd_start_daemon(&options)
        }
    }
    guard daemon != nil else { Options.fail("cannot listen on 127.0.0.1:\(port)") }
    FileHandle.standardError.write(Data("floor listening on 127.0.0.1:\(port)\n".utf8))
    while true { pause() }
}
