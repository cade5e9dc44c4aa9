import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapImport
import GrubmapStore
import GrubmapWeb

#if canImport(Glibc)
    import CMalloc
#endif

/// `grubmap serve`: opens the database, optionally loads the demo data, and serves until SIGINT or SIGTERM.
enum ServeCommand {
    static let help = """
        Usage: grubmap serve [options]

        Options:
          --host ADDRESS        Address to listen on (default 127.0.0.1; 0.0.0.0 or :: for every interface)
          --port PORT           TCP port (default 8080)
          --database PATH       SQLite database file (default \(defaultDatabasePath)); created if missing; or a
                                PostgreSQL database: postgres://USER@HOST:PORT/DB (see grubmap migrate --help)
          --database-timeout-ms N
                                PostgreSQL: the longest a request waits for the database (connecting, one
                                statement, a free pooled connection) before it gets 503 (default 5000)
          --database-connections N
                                Connections the server keeps to the database at most (default 8)
          --demo                Load the demo areas and places when the database is empty
          --default-area ID     The area / opens for people who have not picked one (a campus deployment opens on
                                its campus). Without it, / opens the area the browser opened last, else the one
                                nearest the person's position, else a choice of the areas
          --onboarding DIR      Onboarding content of your own: DIR/en.json and DIR/ko.json (default: built in)
          --onboarding-interval-ms N
                                How long each page of the progress-style onboarding shows (default 3000)
          --secure-cookies      Mark cookies Secure (when a proxy serves Grubmap over HTTPS)
          --trusted-proxy ADDR  A proxy whose X-Forwarded-For, Forwarded, X-Real-IP and X-Forwarded-Proto headers
                                are believed: an address or a CIDR block (127.0.0.1, 10.0.0.0/8, ::1); repeat for
                                more. None by default: the client is the connecting peer and those headers are
                                ignored
          --tile-url TEMPLATE   Draw map tiles from an XYZ tile server under the pins, like
                                https://tile.example.org/{z}/{x}/{y}.png (default: a clean offline map)
          --check-in-hours H    How long a check-in lasts at most (default 3; it also ends at closing time)
          --writes-per-minute N Changes one browser may make per minute before getting 429 (default 30)
          --cache-lifetime-ms N How long sessions, lists and pages read or made for one request serve the next ones
                                (default 1000): what other servers change shows within it; 0 keeps nothing
          --new-sessions-per-minute N
                                Stored sessions one client address may start per minute once its burst is
                                used (default 120); reading pages and settings never need one
          --new-sessions-burst N
                                Stored sessions one client address may start at once (default 600)
          --feed-interval D     How often each place's OpenMensa feed is fetched: 30s, 15m, 1h (the default), 1d;
                                0 fetches none on this server (see grubmap feed)
          --feed-fetchers N     Threads of this server that fetch feeds, never a request's (default 4)
          --feed-fetches-per-area N
                                Of them, fetching one area's feeds at once (default 2)
          --max-feeds-per-area N
                                Places of one area the console lets take their menus from a feed (default 50)
        \(OutboundOptions.help)
          --test-clock-file F   For tests: add the seconds written in file F to the clock on every request
          --threading MODE      pool:N (N threads sharing poll(); default: one per processor) or per-connection
          --max-body-bytes N    Largest request body accepted (default 1048576); larger ones get 413
          --workers N           Threads that answer requests needing the database (pool threading; default:
                                --database-connections + 2)
          --max-queued-requests N
                                Requests that may wait for a worker (default 1024), taken in turn by client
                                address; beyond it, 503 with Retry-After for the address waiting most
          --max-connections N   Connections open at once (default 4096); beyond it the longest-idle one is closed
                                to make room, or, when none is idle, the new one gets 503
          --max-connections-per-address N
                                Connections from one client address that may be sending a request at once
                                (default 128; 0 for no limit); idle keep-alive ones do not count; beyond it, 503
          --request-timeout-seconds N
                                The longest a client may take to send a whole request, headers and body (default 30)
          --idle-timeout-seconds N
                                How long a kept-alive connection waits for its next request, and how long any
                                connection may stay silent (default 30)
          --log-format FORMAT   text (default: one line per request for people) or json (one JSON object per
                                line: time, level, requestId, method, route, path, status, durationMs, error)
          --metrics ACCESS      Who may read /metrics (Prometheus): loopback (default; this machine, not through
                                a proxy), public, or off
          --tls-cert FILE       Serve HTTPS with this PEM certificate (chain); needs --tls-key
          --tls-key FILE        The certificate's PEM private key, unencrypted
          --http-redirect-port PORT
                                With TLS: also listen for plain HTTP on PORT and redirect it to HTTPS
          --help                Show this help
        """

    static let definition = CommandDefinition(
        words: ["serve"], summary: "Start the web server", help: help,
        valued: [
            "host", "port", "database", "default-area", "threading", "max-body-bytes", "onboarding",
            "onboarding-interval-ms", "tile-url", "check-in-hours", "writes-per-minute", "cache-lifetime-ms",
            "test-clock-file",
            "new-sessions-per-minute", "new-sessions-burst",
            "database-timeout-ms", "database-connections", "workers", "max-queued-requests", "max-connections",
            "max-connections-per-address", "request-timeout-seconds", "idle-timeout-seconds", "log-format",
            "metrics", "tls-cert", "tls-key", "http-redirect-port", "feed-interval", "allow-outbound",
            "trusted-proxy", "feed-fetchers", "feed-fetches-per-area", "max-feeds-per-area",
        ],
        flags: ["demo", "help", "secure-cookies"],
        choices: [
            "log-format": ["text", "json"], "metrics": ["loopback", "public", "off"],
            "threading": ["per-connection", "pool:2", "pool:4"],
        ],
        paths: ["database", "onboarding", "test-clock-file", "tls-cert", "tls-key"])

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(arguments, definition)
        if options.has("help") {
            print(definition.help)
            return 0
        }
        guard options.positional.isEmpty else {
            throw UsageError("grubmap serve: unexpected argument \"\(options.positional[0])\"")
        }
        keepLargeBuffersOutOfTheHeap()
        var server = ServerConfiguration()
        if let host = options["host"] { server.host = host }
        if let text = options["port"] {
            guard let port = UInt16(text) else {
                throw UsageError("grubmap serve: --port must be a number from 0 to 65535, got \"\(text)\"")
            }
            server.port = port
        }
        if let text = options["threading"] {
            guard let threading = ServerConfiguration.Threading(argument: text) else {
                throw UsageError("grubmap serve: --threading must be per-connection or pool:N, got \"\(text)\"")
            }
            server.threading = threading
        }
        if let text = options["max-body-bytes"] {
            guard let bytes = Int(text), bytes >= 0 else {
                throw UsageError("grubmap serve: --max-body-bytes must be a whole number of bytes, got \"\(text)\"")
            }
            server.maximumBodyBytes = bytes
        }
        if let count = try number(options, "max-connections", in: 16...1_000_000) { server.connectionLimit = count }
        if let count = try number(options, "max-connections-per-address", in: 0...1_000_000) {
            server.receivingLimitPerAddress = count
        }
        if let seconds = try number(options, "request-timeout-seconds", in: 1...3600) {
            server.requestTimeout = .seconds(seconds)
        }
        if let seconds = try number(options, "idle-timeout-seconds", in: 1...3600) {
            server.idleTimeout = .seconds(seconds)
        }
        if let count = try number(options, "max-queued-requests", in: 1...100_000) { server.queueLimit = count }
        var logFormat = LogFormat.text
        if let text = options["log-format"] {
            guard let format = LogFormat(rawValue: text) else {
                throw UsageError("grubmap serve: --log-format must be text or json, got \"\(text)\"")
            }
            logFormat = format
        }
        let log = ServerLog(format: logFormat)
        let redirectPort = try number(options, "http-redirect-port", in: 1...65535).map(UInt16.init)
        server.tls = try tlsCredentials(options, redirectPort: redirectPort, log: log)
        let onboarding: OnboardingCatalog
        do {
            onboarding =
                try options["onboarding"].map { try OnboardingCatalog.load(folder: URL(fileURLWithPath: $0)) }
                ?? OnboardingCatalog.bundled()
        } catch {
            throw UsageError("grubmap serve: --onboarding: \(error)")
        }
        var configuration = AppConfiguration(onboarding: onboarding, secureCookies: options.has("secure-cookies"))
        configuration.trustedProxies = try trustedProxies(options)
        if let text = options["metrics"] {
            guard let access = MetricsAccess(rawValue: text) else {
                throw UsageError("grubmap serve: --metrics must be loopback, public or off, got \"\(text)\"")
            }
            configuration.metricsAccess = access
        }
        if let text = options["default-area"] {
            do {
                configuration.defaultAreaID = try Area.ID(text)
            } catch {
                throw UsageError("grubmap serve: --default-area: \(error.description)")
            }
        }
        if let text = options["onboarding-interval-ms"] {
            guard let milliseconds = Int(text), (100...600_000).contains(milliseconds) else {
                throw UsageError("grubmap serve: --onboarding-interval-ms must be from 100 to 600000, got \"\(text)\"")
            }
            configuration.onboardingInterval = .milliseconds(milliseconds)
        }
        if let template = options["tile-url"] {
            let lowered = template.lowercased()
            guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"),
                ["{z}", "{x}", "{y}"].allSatisfy(template.contains)
            else {
                throw UsageError("grubmap serve: --tile-url must be an http(s) URL with {z}, {x} and {y}")
            }
            configuration.tileURL = template
        }
        if let text = options["check-in-hours"] {
            guard let hours = Double(text), hours > 0, hours <= 24 else {
                throw UsageError("grubmap serve: --check-in-hours must be more than 0 and at most 24, got \"\(text)\"")
            }
            configuration.checkInPolicy.duration = hours * 3600
        }
        if let text = options["writes-per-minute"] {
            guard let count = Int(text), count >= 1 else {
                throw UsageError("grubmap serve: --writes-per-minute must be a whole number from 1, got \"\(text)\"")
            }
            configuration.writesPerMinute = count
        }
        if let text = options["cache-lifetime-ms"] {
            guard let milliseconds = Int(text), (0...3_600_000).contains(milliseconds) else {
                throw UsageError(
                    "grubmap serve: --cache-lifetime-ms must be a whole number from 0 to 3600000, got \"\(text)\"")
            }
            configuration.cacheLifetime = Double(milliseconds) / 1000
        }
        if let text = options["new-sessions-per-minute"] {
            guard let count = Int(text), count >= 1 else {
                throw UsageError(
                    "grubmap serve: --new-sessions-per-minute must be a whole number from 1, got \"\(text)\"")
            }
            configuration.newSessionsPerMinute = count
        }
        if let count = try number(options, "max-feeds-per-area", in: 1...100_000) {
            configuration.feedsPerArea = count
        }
        if let text = options["new-sessions-burst"] {
            guard let count = Int(text), (1...1_000_000).contains(count) else {
                throw UsageError(
                    "grubmap serve: --new-sessions-burst must be a whole number from 1 to 1000000, got \"\(text)\"")
            }
            configuration.newSessionsBurst = count
        }
        let database = options["database"] ?? defaultDatabasePath
        try checkDatabaseArgument(database, command: "serve")
        let timeout = try databaseTimeout(options, command: "serve")
        var connections = 8
        if let text = options["database-connections"] {
            guard let count = Int(text), (1...1000).contains(count) else {
                throw UsageError("grubmap serve: --database-connections must be from 1 to 1000, got \"\(text)\"")
            }
            connections = count
        }
        // Enough to keep every database connection busy, and a couple for requests that need none.
        server.workerCount = try number(options, "workers", in: 1...1024) ?? connections + 2

        let store = try openStore(database, timeoutMilliseconds: timeout, connections: connections)
        if options.has("demo") {
            if try DemoData.load(into: store) {
                let datasets = try DemoData.datasets()
                log(
                    "loaded the demo data: \(datasets.count) areas, \(datasets.map(\.places.count).reduce(0, +)) places"
                )
            } else {
                log("the database already has data; the demo data was not loaded")
            }
        }
        if let id = configuration.defaultAreaID, try store.area(id: id) == nil {
            throw UsageError(
                "grubmap serve: --default-area: there is no area \"\(id)\" in \(databaseName(database))")
        }
        let clock = TestClockFile(path: options["test-clock-file"])
        if options.has("demo") {
            let days = try DemoMenus.load(into: store, now: clock.now)
            if days > 0 { log("wrote \(days) days of sample menus for this week and the next") }
            let basemaps = try DemoBasemaps.load(into: store)
            if basemaps > 0 { log("drew the schematic streets of \(basemaps) demo areas") }
        }
        var environment = AppEnvironment(
            store: store, now: { clock.now }, configuration: configuration, log: log.callAsFunction)
        let feeds = try feedFetchers(options, store: store, now: { clock.now }, log: log)
        environment.feeds = feeds
        let app = App(environment: environment)
        let identity = RequestIdentity()
        let accessLog = AccessLog(writer: log.writer, metrics: app.metrics)
        let httpServer = HTTPServer(
            configuration: server,
            inlineResponder: identity.wrapping(inline: accessLog.wrapping(inline: app.inlineResponder)),
            log: log.callAsFunction,
            responder: identity.wrapping(accessLog.wrapping(app.responder)))
        let redirector = try redirectPort.map { port in
            try HTTPSRedirect.start(
                host: server.host, port: port, httpsPort: { httpServer.port }, log: log.callAsFunction)
        }
        SessionSweeper.start(store: store, now: { clock.now }, log: log)
        feeds?.start(log: log.callAsFunction)
        let shownHost = server.host.contains(":") ? "[\(server.host)]" : server.host
        try httpServer.runUntilTerminated {
            let scheme = server.tls == nil ? "http" : "https"
            let address = "\(scheme)://\(shownHost):\(httpServer.port)"
            let workers = server.threading == .threadPerConnection ? "" : ", \(server.workerCount) workers"
            log("Grubmap is serving \(databaseName(database)) on \(address) (\(server.threading)\(workers))")
            log(Self.welcome(scheme: scheme, host: server.host, port: httpServer.port))
            if let redirector { log("redirecting http://\(shownHost):\(redirector.port) to HTTPS") }
        }
        redirector?.shutdown(gracePeriod: .seconds(1))
        log("stopped")
        return 0
    }

    /// The start-up line for a person at the terminal: the address to open in a browser (this computer's own when
    /// Grubmap listens on every interface) and how to stop it.
    static func welcome(scheme: String, host: String, port: UInt16) -> String {
        let everywhere = host == "0.0.0.0" || host == "::"
        let local = everywhere ? "127.0.0.1" : host.contains(":") ? "[\(host)]" : host
        let others = everywhere ? ", or this computer's network address from a phone on the same network" : ""
        return "Open \(scheme)://\(local):\(port) in a browser\(others). Press Ctrl+C to stop Grubmap."
    }

    /// `--tls-cert` and `--tls-key` read and checked (a pair, PEM, unencrypted, valid now), or `nil` without them.
    private static func tlsCredentials(_ options: Arguments, redirectPort: UInt16?, log: ServerLog) throws
        -> ServerConfiguration.TLSCredentials?
    {
        switch (options["tls-cert"], options["tls-key"]) {
        case (nil, nil):
            if redirectPort != nil {
                throw UsageError("grubmap serve: --http-redirect-port needs --tls-cert and --tls-key")
            }
            return nil
        case (.some, nil), (nil, .some):
            throw UsageError("grubmap serve: --tls-cert and --tls-key go together")
        case (.some(let certificatePath), .some(let keyPath)):
            let certificate = try readFile(certificatePath, option: "tls-cert")
            let key = try readFile(keyPath, option: "tls-key")
            do {
                let summary = try TLSCredentialCheck.check(certificate: certificate, key: key)
                log("TLS certificate \(summary.subject), valid until \(summary.expires.formatted(.iso8601))")
            } catch {
                throw UsageError("grubmap serve: --tls-cert \(certificatePath), --tls-key \(keyPath): \(error)")
            }
            return ServerConfiguration.TLSCredentials(certificatePEM: certificate, keyPEM: key)
        }
    }

    private static func readFile(_ path: String, option: String) throws(UsageError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("grubmap serve: --\(option): cannot read \"\(path)\"")
        }
        guard data.count <= 1 << 20 else {
            throw UsageError("grubmap serve: --\(option): \"\(path)\" is larger than 1 MiB; not a PEM file")
        }
        return Array(data)
    }

    /// Every `--trusted-proxy`: an IPv4 or IPv6 address, or a CIDR block of them.
    private static func trustedProxies(_ options: Arguments) throws(UsageError) -> TrustedProxies {
        var ranges: [IPRange] = []
        for text in options.all("trusted-proxy") {
            guard let range = IPRange(text) else {
                throw UsageError(
                    "grubmap serve: --trusted-proxy must be an IP address or a CIDR block like 127.0.0.1, "
                        + "10.0.0.0/8 or ::1, got \"\(text)\"")
            }
            ranges.append(range)
        }
        return TrustedProxies(ranges)
    }

    /// The feed fetchers `--feed-interval`, `--feed-fetchers`, `--feed-fetches-per-area` and `--allow-outbound` ask
    /// for, not yet started; `nil` for `--feed-interval 0`. Each logs what its fetches came to.
    private static func feedFetchers(
        _ options: Arguments, store: any Store, now: @escaping @Sendable () -> Date, log: ServerLog
    ) throws -> FeedFetchers? {
        let interval = try feedInterval(options)
        let client = try OutboundOptions.client(options, command: "serve")
        var limits = FeedFetchers.Limits()
        if let count = try number(options, "feed-fetchers", in: 1...256) { limits.threads = count }
        if let count = try number(options, "feed-fetches-per-area", in: 1...256) { limits.perArea = count }
        guard let interval else { return nil }
        let scheduler = FeedScheduler(
            store: store, client: client,
            owner: "server-" + AppEnvironment.systemRandomBytes(8).map { String($0, radix: 16) }.joined(),
            settings: FeedScheduler.Settings(interval: interval))
        return FeedFetchers(scheduler: scheduler, store: store, limits: limits, now: now) { feed, result in
            switch result {
            case .success(.imported(let days)): log("feed of \(feed.placeID): imported \(days) days")
            case .success(.failed(let message)): log("feed of \(feed.placeID): \(message)")
            case .success: break
            case .failure(let error): log("could not fetch the feed of \(feed.placeID): \(error)")
            }
        }
    }

    /// `--feed-interval`: a duration from 30 seconds to 7 days, one hour by default; `nil` for `0` (no fetching).
    private static func feedInterval(_ options: Arguments) throws -> TimeInterval? {
        guard let text = options["feed-interval"] else { return 3600 }
        if text == "0" { return nil }
        guard let seconds = FeedCommand.seconds(text), (30...7 * 86400).contains(seconds) else {
            throw UsageError(
                "grubmap serve: --feed-interval must be a duration from 30s to 7d like 30s, 15m or 1h, or 0; got \"\(text)\""
            )
        }
        return seconds
    }

    /// The value of `--name` as a whole number in `range`, or `nil` when the option is not given.
    private static func number(_ options: Arguments, _ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = options[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                "grubmap serve: --\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), "
                    + "got \"\(text)\"")
        }
        return value
    }
}

/// Where `serve` writes its log, in the format `--log-format` chose: standard output at once, unbuffered, one
/// `write` per line, so lines from different threads never interleave. Made once the command line is read and
/// handed to whatever logs.
struct ServerLog: Sendable {
    let writer: LogWriter

    init(format: LogFormat) {
        writer = LogWriter(format: format) { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    }

    /// Writes one message line.
    @Sendable func callAsFunction(_ line: String) {
        writer.message(line)
    }
}

/// The server's clock: the system's, moved on by the seconds in a file when `--test-clock-file` is given, so
/// browser tests can let check-ins expire without waiting.
struct TestClockFile: Sendable {
    let path: String?

    var now: Date {
        guard let path, let text = try? String(contentsOfFile: path, encoding: .utf8),
            let offset = TimeInterval(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return Date() }
        return Date().addingTimeInterval(offset)
    }
}

/// Deletes expired sessions (with their preferences, profile and check-in), ended operator sessions and audit
/// entries older than 180 days once an hour, in the background.
enum SessionSweeper {
    static func start(store: any Store, now: @escaping @Sendable () -> Date, log: ServerLog) {
        Thread.detachNewThread {
            while true {
                do {
                    let deleted = try store.deleteSessions(expiredBefore: now())
                    if deleted > 0 { log("deleted \(deleted) expired sessions") }
                    try store.deleteOperatorSessions(endedBefore: now())
                    try store.deleteSignInFailures(
                        before: now().addingTimeInterval(-TimeInterval(SignInThrottle.forgetAfterSeconds)))
                    let old = try store.deleteAuditEntries(before: now().addingTimeInterval(-AuditEntry.retention))
                    if old > 0 { log("deleted \(old) audit entries older than 180 days") }
                } catch {
                    log("could not delete expired sessions or old audit entries: \(error)")
                }
                Thread.sleep(forTimeInterval: 3600)
            }
        }
    }
}

/// Makes glibc serve every allocation of 1 MiB or more with its own mapping, given back to the system when freed.
/// Left to itself, glibc raises that threshold to the size of each large block freed, so a feed fetcher's body (up
/// to 8 MiB, grown by doubling on any of the fetcher threads) is next taken from a thread's heap and stays resident
/// after the fetch: five fetches of an endless feed kept 80 MB. Pages and API bodies stay far below the threshold.
private func keepLargeBuffersOutOfTheHeap() {
    #if canImport(Glibc)
        _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
    #endif
}
