import CLibPQ
import Foundation

/// One connection to a PostgreSQL server through libpq, in the spirit of ``Database``.
///
/// Every wait is bounded by ``PostgresConfiguration/timeoutSeconds``: the connection is made with libpq's
/// non-blocking calls (`PQconnectStartParams`, `PQconnectPoll`) and each statement is sent as a named prepared
/// statement (`PQsendPrepare` the first time, then `PQsendQueryPrepared`) on a non-blocking socket and read back
/// with `poll(2)` on `PQsocket`, so a server that stops answering (down, restarting, a cable pulled) makes a call
/// fail with ``PostgresError/Kind/timeout`` instead of hanging. The same timeout is set as the session's `statement_timeout`, so the server itself
/// cancels a statement that runs too long (SQLSTATE 57014) and the connection stays usable; the client waits a
/// little longer than that (see ``PostgresConfiguration/timeoutSeconds``) before it gives up. A connection that
/// timed out mid-statement is given up: ``isBroken`` turns true and a pool drops it.
///
/// `@unchecked Sendable`: a libpq connection must be used by one thread at a time. ``PostgresConnectionPool``
/// guarantees that by handing each connection to one caller at a time; the object may cross threads between
/// uses, which is all `Sendable` is claimed for.
public final class PostgresConnection: @unchecked Sendable {
    /// Where the connection goes and its timeout.
    public private(set) var configuration: PostgresConfiguration
    let handle: OpaquePointer
    /// Set when a timeout left the conversation with the server in an unknown state.
    private(set) var isAbandoned = false
    /// Rows changed by the last statement, from `PQcmdTuples`.
    public internal(set) var changes = 0
    /// How many requests (statements, scripts, and the preparing of statements) were sent on this connection, for
    /// the pool's retry rule.
    var sentCount = 0
    /// The statements prepared on this connection's server session, by text and parameter types, with their names.
    var preparedStatements: [PreparedStatementKey: String] = [:]
    /// What the server's notices said, counted by libpq's notice receiver on the thread that runs the statement.
    private let notices = Notices()

    /// How many statements on this connection moved the catalog's version (the notice of migration 20's trigger,
    /// ``CatalogFreshness/notice``).
    var catalogMoves: Int { notices.catalogMoves }

    private final class Notices {
        var catalogMoves = 0
    }

    /// Connects, waiting at most the configured timeout, and sets the session's `statement_timeout`.
    ///
    /// - Throws: ``PostgresError`` of kind ``PostgresError/Kind/misuse`` for a URL libpq cannot parse,
    ///   ``PostgresError/Kind/connection`` when the server refuses or cannot be reached (libpq's message says
    ///   why), ``PostgresError/Kind/timeout`` when it does not answer in time.
    public init(configuration: PostgresConfiguration) throws(PostgresError) {
        self.configuration = configuration
        let target = try configuration.target()
        let deadline = ContinuousClock.now + .milliseconds(configuration.timeoutMilliseconds)
        // Options before `dbname` are defaults the URL may override; those after it always win.
        // See "Database Connection Control Functions", PQconnectdbParams and expand_dbname.
        let keywords = ["fallback_application_name", "dbname", "client_encoding"]
        let values = ["grubmap", configuration.url, "UTF8"]
        let started = withCStringArray(keywords) { keywords in
            withCStringArray(values) { values in PQconnectStartParams(keywords, values, 1) }
        }
        guard let started else {
            throw PostgresError(kind: .connection, message: "libpq could not allocate a connection to \(target)")
        }
        handle = started
        // From here on a throw releases the object, and deinit finishes the connection.
        // Notices (`relation … already exists, skipping`) would go to standard error; they are not errors. The one
        // that says the catalog moved is counted. `M` is PG_DIAG_MESSAGE_PRIMARY.
        PQsetNoticeReceiver(
            handle,
            { notices, result in
                guard let notices, let result, let message = PQresultErrorField(result, Int32(UInt8(ascii: "M"))),
                    String(cString: message) == CatalogFreshness.notice
                else { return }
                Unmanaged<Notices>.fromOpaque(notices).takeUnretainedValue().catalogMoves += 1
            }, Unmanaged.passUnretained(notices).toOpaque())
        try connect(target: target, until: deadline)
        guard PQsetnonblocking(handle, 1) == 0 else {
            throw PostgresError(kind: .connection, message: "\(lastMessage) (making the socket non-blocking)")
        }
        // Notices are sent whatever the role's default says, so the store hears its own catalog changes.
        try execute(
            """
            SELECT set_config('statement_timeout', \(String(configuration.timeoutMilliseconds)), false),
                set_config('client_min_messages', 'notice', false)
            """)
    }

    deinit {
        PQfinish(handle)
    }

    /// Changes this connection's timeout (and its `statement_timeout`), as for a migration, which may run longer
    /// than a request should wait.
    public func changeTimeout(seconds: Double) throws(PostgresError) {
        var changed = configuration
        changed.timeoutSeconds = seconds
        try execute("SELECT set_config('statement_timeout', \(String(changed.timeoutMilliseconds)), false)")
        configuration = changed
    }

    /// Drives `PQconnectPoll` until the connection is made, fails, or the deadline passes.
    ///
    /// libpq's `connect_timeout` is ignored by the polling calls, which leave the waiting to the caller:
    /// <https://www.postgresql.org/docs/15/libpq-connect.html#LIBPQ-PQCONNECTSTARTPARAMS>.
    private func connect(target: String, until deadline: ContinuousClock.Instant) throws(PostgresError) {
        if PQstatus(handle) == CONNECTION_BAD {
            throw PostgresError(kind: .connection, message: "\(lastMessage) (\(target))")
        }
        var state = PGRES_POLLING_WRITING
        while true {
            switch state {
            case PGRES_POLLING_OK:
                return
            case PGRES_POLLING_FAILED:
                throw PostgresError(kind: .connection, message: "\(lastMessage) (\(target))")
            default:
                do {
                    try waitForSocket(writable: state == PGRES_POLLING_WRITING, until: deadline, sql: nil)
                } catch  where error.kind == .timeout {
                    throw PostgresError(
                        kind: .timeout,
                        message: "no connection to \(target) within \(configuration.timeoutMilliseconds) ms")
                }
            }
            state = PQconnectPoll(handle)
        }
    }

    // MARK: State

    /// Whether the connection can no longer be used: libpq lost it, or a timeout abandoned it.
    public var isBroken: Bool { isAbandoned || PQstatus(handle) != CONNECTION_OK }

    /// The process id of the server process serving this connection (`pg_backend_pid()`).
    public var backendProcessID: Int32 { PQbackendPID(handle) }

    /// Whether a transaction is open (or aborted and awaiting `ROLLBACK`).
    public var isInTransaction: Bool {
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
    }

    /// Whether an idle connection still looks alive, checked without a round trip: reads anything the server
    /// sent since (when it ended the session, that is an error and the end of the stream) and asks libpq.
    func isUsableWhenIdle() -> Bool {
        guard !isBroken, PQtransactionStatus(handle) == PQTRANS_IDLE else { return false }
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 0) > 0 {
            guard PQconsumeInput(handle) != 0 else { return false }
            // Anything left unread (a notice) is dropped with the results of the next statement.
        }
        return !isBroken
    }

    /// Marks the connection as given up after a timeout.
    func abandon() {
        isAbandoned = true
    }

    /// libpq's message for the last failure on this connection.
    var lastMessage: String {
        PQerrorMessage(handle).map { String(cString: $0).libpqMessageOnOneLine } ?? "unknown libpq error"
    }

    // MARK: Waiting

    /// Waits until the socket is readable (or writable), failing with ``PostgresError/Kind/timeout`` at
    /// `deadline`. `poll(2)` is retried after a signal.
    func waitForSocket(writable: Bool, until deadline: ContinuousClock.Instant, sql: String?) throws(PostgresError) {
        let socket = PQsocket(handle)
        guard socket >= 0 else { throw PostgresError(kind: .connection, message: lastMessage, sql: sql) }
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                throw PostgresError(
                    kind: .timeout,
                    message: "the server did not answer within \(configuration.answerMilliseconds) ms", sql: sql)
            }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = min(
                Int64(Int32.max), seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            var descriptor = pollfd(fd: socket, events: Int16(writable ? POLLOUT : POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(milliseconds))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR {
                let reason = String(cString: strerror(errno))
                throw PostgresError(kind: .connection, message: "poll: \(reason)", sql: sql)
            }
        }
    }
}

/// Calls `body` with a NULL-terminated array of C strings, as libpq's `…Params` functions take.
private func withCStringArray<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
