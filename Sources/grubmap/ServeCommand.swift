import Foundation
import GrubmapCore
import GrubmapCrypto
import GrubmapHTTP
import GrubmapImport
import GrubmapSQL
import GrubmapStore
import GrubmapWeb

/// `grubmap serve`: opens the database, optionally loads the demo data, and serves until SIGINT or SIGTERM.
enum ServeCommand {
    static let definition = CommandDefinition(
        words: ["serve"], summary: "Start the web server", usage: "Usage: grubmap serve [options]",
        options: [
            host, port, database, databaseTimeout, databaseConnections, demo, defaultArea, onboarding,
            onboardingInterval, secureCookies, trustedProxy, tileURL, checkInHours, writesPerMinute, cacheLifetime,
            newSessionsPerMinute, newSessionsBurst, feedInterval, feedFetchers, feedFetchesPerArea, maxFeedsPerArea,
            OutboundOptions.allowOutbound, pushContact, testClockFile, threading, maxBodyBytes, workers,
            maxQueuedRequests,
            maxConnections, maxConnectionsPerAddress, maxEventStreams, requestTimeout, idleTimeout, logFormat, metrics,
            tlsCert, tlsKey, httpRedirectPort,
        ])

    /// What the server and the HTTP layer do when an option is not given.
    private static let standard = ServerConfiguration()

    static let host = Option(
        "host", "ADDRESS", .text, default: standard.host,
        help: "Address to listen on; 0.0.0.0 or :: for every interface")
    static let port = Option(
        "port", "PORT", .port(allowsZero: true), default: standard.port, help: "TCP port; 0 picks a free one")
    static let database = Option(
        "database", "PATH", .database, default: defaultDatabasePath,
        help: "SQLite database file, created if missing; or a PostgreSQL database: postgres://USER@HOST:PORT/DB "
            + "(see grubmap migrate --help)")
    static let databaseTimeout = Option(
        "database-timeout-ms", "N", .number(in: 100...600_000), default: 5000,
        help: "PostgreSQL: the longest a request waits for the database (connecting, one statement, a free pooled "
            + "connection) before it gets 503")
    static let databaseConnections = Option(
        "database-connections", "N", .number(in: 1...1000), default: 8,
        help: "Connections the server keeps to the database at most")
    static let demo = Option(flag: "demo", help: "Load the demo areas and places when the database is empty")
    static let defaultArea = Option(
        "default-area", "ID", .described { try Area.ID($0) },
        help: "The area / opens for people who have not picked one (a campus deployment opens on its campus). "
            + "Without it, / opens the area the browser opened last, else the one nearest the person's position, "
            + "else a choice of the areas")
    static let onboarding = Option(
        "onboarding", "DIR",
        .described(completion: .files) { try OnboardingCatalog.load(folder: URL(fileURLWithPath: $0)) },
        shown: "built in", help: "Onboarding content of your own: DIR/en.json and DIR/ko.json")
    static let onboardingInterval = Option(
        "onboarding-interval-ms", "N", .number(in: 100...600_000), default: 3000,
        help: "How long each page of the progress-style onboarding shows")
    static let secureCookies = Option(
        flag: "secure-cookies", help: "Mark cookies Secure (when a proxy serves Grubmap over HTTPS)")
    static let trustedProxy = Option(
        "trusted-proxy", "ADDR",
        ValueParser { text throws(OptionProblem) in
            guard let range = IPRange(text) else {
                throw .mustBe("an IP address or a CIDR block like 127.0.0.1, 10.0.0.0/8 or ::1", got: text)
            }
            return range
        },
        help: "A proxy whose X-Forwarded-For, Forwarded, X-Real-IP and X-Forwarded-Proto headers are believed: an "
            + "address or a CIDR block (127.0.0.1, 10.0.0.0/8, ::1); repeat for more. None by default: the client "
            + "is the connecting peer and those headers are ignored")
    static let tileURL = Option(
        "tile-url", "TEMPLATE",
        ValueParser { template throws(OptionProblem) in
            let lowered = template.lowercased()
            guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"),
                ["{z}", "{x}", "{y}"].allSatisfy(template.contains)
            else { throw .mustBe("an http(s) URL with {z}, {x} and {y}", got: template) }
            return template
        },
        help: "Draw map tiles from an XYZ tile server under the pins, like https://tile.example.org/{z}/{x}/{y}.png; "
            + "without it, a clean offline map")
    static let pushContact = Option(
        "push-contact", "URL",
        ValueParser { text throws(OptionProblem) in
            guard text.hasPrefix("mailto:") || text.hasPrefix("https://"), text.count > 8, text.count <= 200 else {
                throw .mustBe("a mailto: or https: address", got: text)
            }
            return text
        }, default: AppConfiguration.defaultPushContact, shown: AppConfiguration.defaultPushContact,
        help: "Where push services can reach the operator about this server's notifications (the VAPID subject), "
            + "like mailto:food@example.edu")
    static let checkInHours = Option(
        "check-in-hours", "H",
        ValueParser { text throws(OptionProblem) in
            guard let hours = Double(text), hours > 0, hours <= 24 else {
                throw .mustBe("more than 0 and at most 24", got: text)
            }
            return hours
        }, default: 3, shown: "3", help: "How long a check-in lasts at most; it also ends at closing time")
    static let writesPerMinute = Option(
        "writes-per-minute", "N", .number(from: 1), default: 30,
        help: "Changes one browser may make per minute before getting 429")
    static let cacheLifetime = Option(
        "cache-lifetime-ms", "N", .number(in: 0...3_600_000), default: 1000,
        help: "How long sessions, lists and pages read or made for one request serve the next ones: what other "
            + "servers change shows within it; 0 keeps nothing")
    static let newSessionsPerMinute = Option(
        "new-sessions-per-minute", "N", .number(from: 1), default: 120,
        help: "Stored sessions one client address may start per minute once its burst is used; reading pages and "
            + "settings never need one")
    static let newSessionsBurst = Option(
        "new-sessions-burst", "N", .number(in: 1...1_000_000), default: 600,
        help: "Stored sessions one client address may start at once")
    static let feedInterval = Option(
        "feed-interval", "D",
        ValueParser { text throws(OptionProblem) -> TimeInterval? in
            if text == "0" { return nil }
            guard let seconds = FeedCommand.seconds(text), (30...7 * 86400).contains(seconds) else {
                throw .mustBe("a duration from 30s to 7d like 30s, 15m or 1h, or 0", got: text)
            }
            return seconds
        }, default: 3600, shown: "1h",
        help: "How often each place's OpenMensa feed is fetched: 30s, 15m, 1h, 1d; 0 fetches none on this server "
            + "(see grubmap feed)")
    static let feedFetchers = Option(
        "feed-fetchers", "N", .number(in: 1...256), default: FeedFetchers.Limits().threads,
        help: "Threads of this server that fetch feeds, never a request's")
    static let feedFetchesPerArea = Option(
        "feed-fetches-per-area", "N", .number(in: 1...256), default: FeedFetchers.Limits().perArea,
        help: "Of them, fetching one area's feeds at once")
    static let maxFeedsPerArea = Option(
        "max-feeds-per-area", "N", .number(in: 1...100_000), default: AppConfiguration.defaultFeedsPerArea,
        help: "Places of one area the console lets take their menus from a feed")
    static let testClockFile = Option(
        "test-clock-file", "F", .path,
        help: "For tests: add the seconds written in file F to the clock on every request")
    static let threading = Option(
        "threading", "MODE",
        ValueParser(completion: .words(["per-connection", "pool:2", "pool:4"])) { text throws(OptionProblem) in
            guard let threading = ServerConfiguration.Threading(argument: text) else {
                throw .mustBe("per-connection or pool:N", got: text)
            }
            return threading
        }, shown: "pool:N, N = processors",
        help: "pool:N (N threads sharing poll(), handing requests to the workers) or per-connection")
    static let maxBodyBytes = Option(
        "max-body-bytes", "N", .number(from: 0), default: standard.maximumBodyBytes,
        help: "Largest request body accepted; larger ones get 413")
    static let workers = Option(
        "workers", "N", .number(in: 1...1024), shown: "--database-connections + 2",
        help: "Threads that answer requests needing the database (pool threading)")
    static let maxQueuedRequests = Option(
        "max-queued-requests", "N", .number(in: 1...100_000), default: standard.queueLimit,
        help: "Requests that may wait for a worker, taken in turn by client address; beyond it, 503 with Retry-After "
            + "for the address waiting most")
    static let maxConnections = Option(
        "max-connections", "N", .number(in: 16...1_000_000), default: standard.connectionLimit,
        help: "Connections open at once; beyond it the longest-idle one is closed to make room, or, when none is "
            + "idle, the new one gets 503")
    static let maxConnectionsPerAddress = Option(
        "max-connections-per-address", "N", .number(in: 0...1_000_000), default: standard.receivingLimitPerAddress,
        help: "Connections from one client address that may be sending a request at once (0 for no limit); idle "
            + "keep-alive ones do not count; beyond it, 503")
    static let maxEventStreams = Option(
        "max-event-streams", "N", .number(in: 0...1_000_000), default: standard.eventStreamLimit,
        help: "Live update streams open at once, counted apart from --max-connections (an open stream holds no "
            + "thread); beyond it, 503 with Retry-After")
    static let requestTimeout = Option(
        "request-timeout-seconds", "N", .number(in: 1...3600), default: Int(standard.requestTimeout.components.seconds),
        help: "The longest a client may take to send a whole request, headers and body")
    static let idleTimeout = Option(
        "idle-timeout-seconds", "N", .number(in: 1...3600), default: Int(standard.idleTimeout.components.seconds),
        help: "How long a kept-alive connection waits for its next request, and how long any connection may stay "
            + "silent")
    static let logFormat = Option(
        "log-format", "FORMAT", .choice(), default: LogFormat.text,
        help: "text (one line per request for people) or json (one JSON object per line: time, level, requestId, "
            + "method, route, path, status, durationMs, error)")
    static let metrics = Option(
        "metrics", "ACCESS", .choice([.loopback, .public, .off]), default: MetricsAccess.loopback,
        help: "Who may read /metrics (Prometheus): loopback (this machine, not through a proxy), public, or off")
    static let tlsCert = Option(
        "tls-cert", "FILE", .pemFile, help: "Serve HTTPS with this PEM certificate (chain); needs --tls-key")
    static let tlsKey = Option("tls-key", "FILE", .pemFile, help: "The certificate's PEM private key, unencrypted")
    static let httpRedirectPort = Option(
        "http-redirect-port", "PORT", .port(allowsZero: false),
        help: "With TLS: also listen for plain HTTP on PORT and redirect it to HTTPS")

    static func run(_ arguments: [String]) throws -> Int32 {
        guard let options = try definition.read(arguments) else { return 0 }
        try options.expectNoPositional()
        ProcessHeap.fixThresholds()
        let log = ServerLog(format: options[logFormat])
        let connections = options[databaseConnections]
        var server = ServerConfiguration(
            host: options[host], port: options[port], threading: options[threading] ?? .standard,
            maximumBodyBytes: options[maxBodyBytes], idleTimeout: .seconds(options[idleTimeout]),
            requestTimeout: .seconds(options[requestTimeout]), connectionLimit: options[maxConnections],
            receivingLimitPerAddress: options[maxConnectionsPerAddress],
            // Enough to keep every database connection busy, and a couple for requests that need none.
            workerCount: options[workers] ?? connections + 2, queueLimit: options[maxQueuedRequests],
            eventStreamLimit: options[maxEventStreams], tls: try tlsCredentials(options, log: log))
        var configuration = AppConfiguration(
            onboarding: try options[onboarding] ?? OnboardingCatalog.bundled(), defaultAreaID: options[defaultArea],
            onboardingInterval: .milliseconds(options[onboardingInterval]),
            secureCookies: options[secureCookies], tileURL: options[tileURL],
            checkInPolicy: CheckInPolicy(duration: options[checkInHours] * 3600),
            writesPerMinute: options[writesPerMinute], newSessionsPerMinute: options[newSessionsPerMinute],
            newSessionsBurst: options[newSessionsBurst], metricsAccess: options[metrics])
        configuration.trustedProxies = TrustedProxies(options.all(trustedProxy))
        configuration.cacheLifetime = Double(options[cacheLifetime]) / 1000
        configuration.feedsPerArea = options[maxFeedsPerArea]
        let outbound = try OutboundOptions.client(options)
        configuration.outboundAllowList = outbound.allowList
        configuration.pushContact = options[pushContact]
        let database = options[Self.database]

        let store = try openStore(database, timeoutMilliseconds: options[databaseTimeout], connections: connections)
        if options[demo] {
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
        let clock = TestClockFile(path: options[testClockFile])
        if options[demo] {
            let days = try DemoMenus.load(into: store, now: clock.now)
            if days > 0 { log("wrote \(days) days of sample menus for last week, this week and the next") }
            let weeks = try DemoPopularTimes.load(into: store, now: clock.now)
            if weeks > 0 { log("wrote \(weeks) place-weeks of sample popular times") }
            let basemaps = try DemoBasemaps.load(into: store)
            if basemaps > 0 { log("drew the schematic streets of \(basemaps) demo areas") }
        }
        var environment = AppEnvironment(
            store: store, now: { clock.now }, configuration: configuration, log: log.callAsFunction)
        let push = PushSender(
            store: store, client: outbound,
            keys: PushKeys(store: store, contact: configuration.pushContact), metrics: environment.pushMetrics,
            now: { clock.now }, log: log.callAsFunction)
        environment.pushSubscribed = push.wake
        let feeds = try feedFetchers(options, store: store, now: { clock.now }, log: log)
        environment.feeds = feeds
        let app = App(environment: environment)
        server.bodyLimits = app.bodyLimits
        let identity = RequestIdentity()
        let accessLog = AccessLog(writer: log.writer, metrics: app.metrics)
        let httpServer = HTTPServer(
            configuration: server,
            inlineResponder: identity.wrapping(inline: accessLog.wrapping(inline: app.inlineResponder)),
            prepared: PreparedAnswers(answers: app.preparedAnswers, sent: accessLog.log, keeping: app.keptAnswers),
            log: log.callAsFunction, warn: log.warning,
            responder: identity.wrapping(accessLog.wrapping(app.responder)))
        let redirector = try options[httpRedirectPort].map { port in
            try HTTPSRedirect.start(
                host: server.host, port: port, httpsPort: { httpServer.port }, log: log.callAsFunction)
        }
        SessionSweeper.start(store: store, now: { clock.now }, log: log)
        feeds?.start(log: log.callAsFunction)
        push.start()
        // On PostgreSQL, the other servers' check-ins reach this one's live streams through LISTEN/NOTIFY.
        let listener = (store as? PostgresStore)?.makeListener(log: log.callAsFunction)
        listener?.start()
        let shownHost = server.host.contains(":") ? "[\(server.host)]" : server.host
        try httpServer.runUntilTerminated {
            let scheme = server.tls == nil ? "http" : "https"
            let address = "\(scheme)://\(shownHost):\(httpServer.port)"
            let workers = server.threading == .threadPerConnection ? "" : ", \(server.workerCount) workers"
            log("Grubmap is serving \(databaseName(database)) on \(address) (\(server.threading)\(workers))")
            log(Self.welcome(scheme: scheme, host: server.host, port: httpServer.port))
            if let redirector { log("redirecting http://\(shownHost):\(redirector.port) to HTTPS") }
            ServiceManager.notifyReady(status: "Grubmap is serving on \(address)", log: log.callAsFunction)
        }
        redirector?.shutdown(gracePeriod: .seconds(1))
        listener?.stop()
        (store as? PostgresStore)?.finishSending()
        push.stop()
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

    /// `--tls-cert` and `--tls-key` checked (a pair, PEM, unencrypted, valid now), or `nil` without them.
    private static func tlsCredentials(_ options: Arguments, log: ServerLog) throws
        -> ServerConfiguration.TLSCredentials?
    {
        switch (options[tlsCert], options[tlsKey]) {
        case (nil, nil):
            if options.has(httpRedirectPort) {
                throw UsageError("grubmap serve: --http-redirect-port needs --tls-cert and --tls-key")
            }
            return nil
        case (.some, nil), (nil, .some):
            throw UsageError("grubmap serve: --tls-cert and --tls-key go together")
        case (.some(let certificate), .some(let key)):
            do {
                let summary = try TLSCredentialCheck.check(certificate: certificate.bytes, key: key.bytes)
                log("TLS certificate \(summary.subject), valid until \(summary.expires.formatted(.iso8601))")
            } catch {
                throw UsageError("grubmap serve: --tls-cert \(certificate.path), --tls-key \(key.path): \(error)")
            }
            return ServerConfiguration.TLSCredentials(certificatePEM: certificate.bytes, keyPEM: key.bytes)
        }
    }

    /// The feed fetchers `--feed-interval`, `--feed-fetchers`, `--feed-fetches-per-area` and `--allow-outbound` ask
    /// for, not yet started; `nil` for `--feed-interval 0`. Each logs what its fetches came to.
    private static func feedFetchers(
        _ options: Arguments, store: any Store, now: @escaping @Sendable () -> Date, log: ServerLog
    ) throws -> FeedFetchers? {
        guard let interval = options[feedInterval] else { return nil }
        let scheduler = FeedScheduler(
            store: store, client: try OutboundOptions.client(options),
            owner: "server-" + AppEnvironment.systemRandomBytes(8).map { String($0, radix: 16) }.joined(),
            settings: FeedScheduler.Settings(interval: interval))
        let limits = FeedFetchers.Limits(threads: options[feedFetchers], perArea: options[feedFetchesPerArea])
        return FeedFetchers(scheduler: scheduler, store: store, limits: limits, now: now) { feed, result in
            switch result {
            case .success(.imported(let days)): log("feed of \(feed.placeID): imported \(days) days")
            case .success(.failed(let message)): log("feed of \(feed.placeID): \(message)")
            case .success: break
            case .failure(let error): log("could not fetch the feed of \(feed.placeID): \(error)")
            }
        }
    }
}

/// A PEM file named by `--tls-cert` or `--tls-key`, read when the option is.
struct PEMFile: Sendable {
    let path: String
    let bytes: [UInt8]
}

extension ValueParser where Value == PEMFile {
    /// A readable file of at most 1 MiB.
    static let pemFile = ValueParser(completion: .files) { path throws(OptionProblem) in
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .refused("cannot read \"\(path)\"")
        }
        guard data.count <= 1 << 20 else { throw .refused("\"\(path)\" is larger than 1 MiB; not a PEM file") }
        return PEMFile(path: path, bytes: Array(data))
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

    /// Writes one warning line (``LogWriter/warning(_:)``).
    @Sendable func warning(_ line: String) {
        writer.warning(line)
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

/// Deletes expired sessions (with their preferences, profile and check-in), ended operator sessions, audit entries
/// older than 180 days, expired line reports, popular-times counters too old to show and sold-out marks and reports of
/// past days, once an hour, in the background.
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
                    // Popular times show the last 8 weeks of each area's clock; one more week in UTC covers every
                    // time zone's.
                    let thisWeek = PopularTimes.Bucket(instant: now(), timeZone: .gmt).week
                    try store.pruneLive(now: now(), oldestWeek: thisWeek - Int64(PopularTimes.weeksKept))
                    // Sold-out marks show on their own date only; two days before today in UTC is before yesterday
                    // on every area's clock.
                    try store.pruneSoldOut(before: CalendarDate.local(now(), in: .gmt).date.adding(days: -2))
                } catch {
                    log("could not delete expired sessions or old audit entries: \(error)")
                }
                Thread.sleep(forTimeInterval: 3600)
            }
        }
    }
}
