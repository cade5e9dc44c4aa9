/// Requests by route pattern, method and status, and their latency by route and method, counted without a lock.
///
/// Every series is made up front from the routes the application will answer, so recording is a lookup in an
/// immutable dictionary and a few atomic adds, and what a client sends can never add a series: a method not in
/// ``knownMethods`` counts as `OTHER`, a request no route matched as route `unmatched`, and a status not in
/// ``statusSlots`` as `other`.
public final class RequestMetrics: Sendable {
    private struct Key: Hashable {
        let method: String
        let route: String
    }

    private final class Series: Sendable {
        let key: Key
        let statuses: [Counter]
        let latency = Histogram()

        init(key: Key) {
            self.key = key
            statuses = (0...RequestMetrics.statusSlots.count).map { _ in Counter() }
        }
    }

    /// The methods counted by name.
    public static let knownMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
    /// The route of requests no route matched (404 and 405, and requests refused before routing).
    public static let unmatchedRoute = "unmatched"
    /// The statuses counted by code; any other is `other`.
    static let statusSlots = [
        200, 201, 204, 301, 302, 303, 304, 400, 401, 403, 404, 405, 406, 409, 410, 411, 413, 414, 415, 422, 429, 431,
        500, 501, 502, 503, 504, 505,
    ]
    /// `statusSlots`' index by code, for codes below 600.
    private static let slotByCode: [Int] = {
        var slots = [Int](repeating: statusSlots.count, count: 600)
        for (index, code) in statusSlots.enumerated() { slots[code] = index }
        return slots
    }()

    private let series: [Key: Series]
    private let ordered: [Series]

    /// Metrics for `routes`, each a method and a route pattern; `HEAD` is added wherever `GET` is.
    public init(routes: [(method: String, pattern: String)]) {
        var keys: [Key] = []
        var seen = Set<Key>()
        func add(_ key: Key) {
            if seen.insert(key).inserted { keys.append(key) }
        }
        for route in routes {
            add(Key(method: route.method, route: route.pattern))
            if route.method == "GET" { add(Key(method: "HEAD", route: route.pattern)) }
        }
        for method in Self.knownMethods + ["OTHER"] { add(Key(method: method, route: Self.unmatchedRoute)) }
        ordered = keys.map(Series.init)
        series = Dictionary(uniqueKeysWithValues: ordered.map { ($0.key, $0) })
    }

    /// Counts one answered request.
    public func record(method: Method, route: String?, status: Int, elapsed: Duration) {
        let name = Self.knownMethods.contains(method.rawValue) ? method.rawValue : "OTHER"
        let found =
            route.flatMap { series[Key(method: name, route: $0)] }
            ?? series[Key(method: name, route: Self.unmatchedRoute)]
        guard let found else { return }
        let slot = (0..<600).contains(status) ? Self.slotByCode[status] : Self.statusSlots.count
        found.statuses[slot].increment()
        found.latency.observe(elapsed)
    }

    /// The requests counted for a route, method and status (`nil` status: all of them); for tests and checks.
    public func count(method: String, route: String, status: Int? = nil) -> Int {
        guard let found = series[Key(method: method, route: route)] else { return 0 }
        guard let status else { return found.statuses.reduce(0) { $0 + $1.count } }
        let slot = (0..<600).contains(status) ? Self.slotByCode[status] : Self.statusSlots.count
        return found.statuses[slot].count
    }

    /// The metrics in Prometheus' text format; series that counted nothing yet are left out.
    public func render(into text: inout MetricsText) {
        text.family(
            "grubmap_http_requests_total", type: "counter",
            help: "Requests answered, by route pattern, method and status.")
        for entry in ordered {
            for (slot, counter) in entry.statuses.enumerated() where counter.count > 0 {
                let status = slot < Self.statusSlots.count ? String(Self.statusSlots[slot]) : "other"
                text.sample(
                    "grubmap_http_requests_total",
                    labels: [("route", entry.key.route), ("method", entry.key.method), ("status", status)],
                    value: Double(counter.count))
            }
        }
        text.family(
            "grubmap_http_request_duration_seconds", type: "histogram",
            help: "Time from a whole request to its answer, by route pattern and method.")
        for entry in ordered where entry.latency.count > 0 {
            text.histogram(
                "grubmap_http_request_duration_seconds",
                labels: [("route", entry.key.route), ("method", entry.key.method)],
                entry.latency)
        }
    }
}
