import Foundation
import GrubmapCore
import GrubmapHTTP
import GrubmapStore

/// Who may read `/metrics` (`grubmap serve --metrics`).
public enum MetricsAccess: String, Sendable, CaseIterable {
    /// Not served at all: 404.
    case off
    /// Only to clients on this machine that did not come through a proxy (no `X-Forwarded-For`, `Forwarded` or
    /// `X-Real-IP`, from any peer, trusted or not), so a proxy in front does not publish it by accident: 403 to anyone
    /// else.
    case loopback
    /// To anyone who can reach the server (put it behind your own network's rules).
    case `public`
}

/// `GET /metrics`: Prometheus' text format. Requests come from ``RequestMetrics``, counted as they are answered
/// without a lock; everything else is read when scraped: the database pool, sessions made, push messages sent, and
/// active check-ins per area (one query per area, at scrape time only).
struct MetricsFeature: RouteCollection {
    let access: MetricsAccess
    let requests: RequestMetrics
    let sessionsCreated: Counter
    let checkIns: any CheckInStore
    let database: (any StoreMonitoring)?
    let live: LiveHub
    let push: PushMetrics

    func addRoutes(to routes: inout RouteTable) {
        guard access != .off else { return }
        routes.add(.get, Paths.metrics, .api, .none, metrics)
    }

    func metrics(_ context: RequestContext) throws -> Response {
        if access == .loopback, !Self.isLocal(context.request) {
            throw HTTPError(
                .forbidden, code: "forbidden",
                message: "/metrics answers clients on this machine only (grubmap serve --metrics public to change).")
        }
        var text = MetricsText()
        text.family("grubmap_build_info", type: "gauge", help: "Always 1; the labels say which Grubmap this is.")
        text.sample(
            "grubmap_build_info", labels: [("version", BuildInfo.version), ("swift", BuildInfo.swift)], value: 1)
        requests.render(into: &text)
        text.family("grubmap_sessions_created_total", type: "counter", help: "Stored sessions made by this server.")
        text.sample("grubmap_sessions_created_total", value: Double(sessionsCreated.count))
        if let database {
            let pool = database.poolStatistics()
            text.family(
                "grubmap_database_connections", type: "gauge", help: "Database connections open, by state.")
            text.sample("grubmap_database_connections", labels: [("state", "in_use")], value: Double(pool.inUse))
            text.sample("grubmap_database_connections", labels: [("state", "idle")], value: Double(pool.idle))
            text.family(
                "grubmap_database_connections_max", type: "gauge", help: "The most database connections opened.")
            text.sample("grubmap_database_connections_max", value: Double(pool.maximum))
            text.family(
                "grubmap_database_waiting", type: "gauge", help: "Requests waiting for a database connection.")
            text.sample("grubmap_database_waiting", value: Double(pool.waiting))
            text.family(
                "grubmap_database_query_errors_total", type: "counter",
                help: "Statements that failed in the database or found it unavailable.")
            text.sample("grubmap_database_query_errors_total", value: Double(pool.queryErrors))
        }
        text.family("grubmap_event_streams_open", type: "gauge", help: "Live update streams open on this server.")
        text.sample("grubmap_event_streams_open", value: Double(live.openStreams))
        text.family("grubmap_live_events_total", type: "counter", help: "Live update events made by this server.")
        text.sample("grubmap_live_events_total", value: Double(live.eventsMade))
        text.family(
            "grubmap_push_messages_total", type: "counter",
            help: "Push messages this server sent, by outcome (gone: the subscription ended and was deleted).")
        for (outcome, counter) in [("sent", push.sent), ("gone", push.gone), ("failed", push.failed)] {
            text.sample("grubmap_push_messages_total", labels: [("outcome", outcome)], value: Double(counter.count))
        }
        text.family("grubmap_check_ins_active", type: "gauge", help: "People checked in now, by area.")
        let catalog = try context.environment.store.catalog()
        for area in try catalog.allAreas() {
            let presence = try checkIns.presence(inArea: area.id, at: context.now, sample: 0)
            let count = presence.values.reduce(0) { $0 + $1.count }
            text.sample("grubmap_check_ins_active", labels: [("area", area.id.rawValue)], value: Double(count))
        }
        var response = Response.text(text.text, contentType: MetricsText.contentType)
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// Whether the request came from this machine directly: a loopback peer, and no proxy's forwarding header.
    static func isLocal(_ request: Request) -> Bool {
        guard !request.hasForwardingHeaders, let address = IPAddress(request.remoteAddress) else { return false }
        return loopback.contains { $0.contains(address) }
    }

    /// 127.0.0.0/8 and ::1 (an IPv4-mapped loopback peer counts as IPv4).
    private static let loopback: [IPRange] = ["127.0.0.0/8", "::1/128"].compactMap { IPRange($0) }
}

/// Which Grubmap this is, for `grubmap_build_info` and `grubmap --version`.
public enum BuildInfo {
    /// Grubmap's version.
    public static let version = "0.9.0"
    /// The Swift compiler it was built with.
    public static let swift: String = {
        #if compiler(>=6.3)
            "6.3"
        #elseif compiler(>=6.2)
            "6.2"
        #elseif compiler(>=6.1)
            "6.1"
        #else
            "6.0"
        #endif
    }()
}
