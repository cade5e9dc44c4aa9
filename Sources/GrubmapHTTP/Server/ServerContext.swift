import CMicroHTTPD
import Foundation
import Synchronization

/// Answers a request from memory (an asset, a cached answer) without blocking, or declines with `nil`. The
/// server offers every request to it first, on libmicrohttpd's own thread, before handing the request to a
/// worker; it must never wait on a database, a lock held for long, or the network.
public typealias InlineResponder = @Sendable (Request) -> Response?

/// What every callback of one server shares, reached through libmicrohttpd's `cls` pointer.
final class ServerContext: Sendable {
    let configuration: ServerConfiguration
    let responder: Responder
    let inlineResponder: InlineResponder?
    /// The fast lane's answers (``PreparedAnswers``).
    let prepared: PreparedResponses
    /// The fast lane's kept answers (``KeptAnswers``), when the application keeps any.
    let kept: KeptResponses?
    let tracker: ConnectionTracker
    let lingering: LingeringCloser
    /// The connections handed to libmicrohttpd and not yet closed; set as the server starts.
    let gate = ConnectionGate()
    /// The threads that run ``responder`` in pool threading; `nil` in thread-per-connection threading, where
    /// each connection's own thread runs it.
    let workers: WorkerPool?
    /// Requests between their first and their completion callback.
    let inFlight = Atomic<Int>(0)
    /// Shutting down: every answer closes its connection.
    let isDraining = Atomic<Bool>(false)
    /// The TLS certificate and key as C strings, kept for as long as the daemon may read them.
    let credentials: TLSCStrings?
    /// Event streams queued and not yet let go by libmicrohttpd, to end them before the daemon stops.
    let streams = Mutex<[ObjectIdentifier: EventStream]>([:])

    init(
        configuration: ServerConfiguration, responder: @escaping Responder, inlineResponder: InlineResponder?,
        prepared: PreparedAnswers, log: (@Sendable (String) -> Void)?
    ) {
        self.configuration = configuration
        self.responder = responder
        self.inlineResponder = inlineResponder
        self.prepared = PreparedResponses(prepared)
        kept = prepared.keeping.map(KeptResponses.init)
        credentials = configuration.tls.map(TLSCStrings.init)
        lingering = LingeringCloser(timeout: configuration.lingerTimeout)
        tracker = ConnectionTracker(limits: configuration, lingering: lingering, log: log)
        if case .pool = configuration.threading {
            workers = WorkerPool(
                count: max(1, configuration.workerCount), queueLimit: configuration.queueLimit,
                queueWaitLimit: configuration.queueWaitLimit, responder: responder)
        } else {
            workers = nil
        }
    }

    /// Answers a whole request: from memory when the inline responder does, else on a worker while the connection
    /// waits suspended, else (no place in the queue) with 503 at once. A request with a ``Request/problem`` is
    /// answered on the spot, by the inline responder or else the responder on this thread: applications answer
    /// problems from memory.
    func answer(_ request: Request, state: RequestState, connection: OpaquePointer) -> MHD_Result {
        var request = request
        request.isTLS = credentials != nil
        state.request = request
        if let response = inlineResponder?(request) {
            return queue(response, state: state, on: connection)
        }
        guard request.problem == nil, let workers else {
            return queue(responder(request), state: state, on: connection)
        }
        let now = ContinuousClock.now
        guard case .admitted(let evicted) = workers.reserve(address: request.remoteAddress, now: now) else {
            return queue(busy(request), state: state, on: connection)
        }
        if let evicted { evicted.finish(with: busy(evicted.request)) }
        let job = WorkerJob(request: request, connection: connection, enqueued: now)
        state.job = job
        MHD_suspend_connection(connection)
        workers.enqueue(job, address: request.remoteAddress)
        return MHD_Result.YES
    }

    /// The fast lane's form of the answer to a request whose headers are in, or `nil` when it takes the full pipeline
    /// (see ``PreparedAnswers``): read from libmicrohttpd's copies of the headers, nothing built.
    func preparedForm(
        _ state: RequestState, connection: OpaquePointer, method: UnsafePointer<CChar>, version: UnsafePointer<CChar>?
    ) -> PreparedResponses.Form? {
        guard strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0,
            state.record?.isRefused.load(ordering: .relaxed) != true, !isDraining.load(ordering: .relaxed)
        else { return nil }
        if !prepared.isEmpty, let entry = prepared.entry(for: state.target) {
            var headers = cmhd_fast_headers()
            cmhd_read_fast_headers(connection, &headers)
            return PreparedResponses.form(of: entry, for: headers, version: version)
        }
        guard let kept, kept.keeps(state.target) else { return nil }
        var headers = cmhd_fast_headers()
        cmhd_read_fast_headers(connection, &headers)
        guard
            let answer = kept.answer(
                for: state.target, method: method, version: HTTPVersion(version), headers: headers)
        else { return nil }
        state.keptAnswer = answer
        return answer.form
    }

    /// Sends a prepared answer (the response libmicrohttpd holds, as it is) and tells the lane's listener.
    func send(
        _ form: PreparedResponses.Form, state: RequestState, on connection: OpaquePointer, method: UnsafePointer<CChar>,
        since start: ContinuousClock.Instant
    ) -> MHD_Result {
        let result =
            isDraining.load(ordering: .relaxed)
            ? queue(form.response, state: state, on: connection)
            : MHD_queue_response(connection, UInt32(form.response.status.code), form.handle)
        if let sent = prepared.sent {
            let path = state.target.utf8.firstIndex(of: UInt8(ascii: "?")).map { String(state.target[..<$0]) }
            sent(
                PreparedAnswers.Sent(
                    method: Method(rawValue: String(cString: method)), path: path ?? state.target,
                    status: form.response.status.code, route: form.response.route,
                    elapsed: start.duration(to: .now)))
        }
        return result
    }

    /// Answers a request refused before its body was read (a limit, faulty framing, a declared body over the
    /// limit): on the spot, closing the connection.
    func refuse(_ request: Request, state: RequestState, connection: OpaquePointer) -> MHD_Result {
        var request = request
        request.isTLS = credentials != nil
        state.closesConnection = true
        if let record = state.record { tracker.endReceiving(on: record) }
        return queue(inlineResponder?(request) ?? responder(request), state: state, on: connection)
    }

    /// Hands a response to libmicrohttpd, closing the connection after it when the request asked for that or
    /// the server is shutting down.
    func queue(_ response: Response, state: RequestState, on connection: OpaquePointer) -> MHD_Result {
        var response = response
        if response.keeping != nil, let kept, !state.closesConnection, !isDraining.load(ordering: .relaxed),
            let request = state.request, request.problem == nil
        {
            var headers = cmhd_fast_headers()
            cmhd_read_fast_headers(connection, &headers)
            kept.keep(
                response, target: state.target, method: request.method, version: state.version, headers: headers)
        }
        if state.closesConnection {
            response.headers["Connection"] = "close"
            state.record?.lingers.store(true, ordering: .relaxed)
        } else if isDraining.load(ordering: .relaxed) {
            response.headers["Connection"] = "close"
        }
        if let stream = response.eventStream {
            return queue(stream: stream, response: response, state: state, on: connection)
        }
        guard let handle = response.libmicrohttpdResponse() else { return MHD_Result.NO }
        defer { MHD_destroy_response(handle) }
        return MHD_queue_response(connection, UInt32(response.status.code), handle)
    }

    /// Hands an event stream to libmicrohttpd as a chunked answer read from the stream as it is written, or,
    /// beyond ``ServerConfiguration/eventStreamLimit`` or while shutting down, ends the stream at once with
    /// ``comeBackLater(_:)``.
    private func queue(
        stream: EventStream, response: Response, state: RequestState, on connection: OpaquePointer
    ) -> MHD_Result {
        let isDraining = isDraining.load(ordering: .relaxed)
        guard !isDraining, let record = state.record, tracker.beginStreaming(on: record) else {
            stream.release()
            return queue(
                Self.comeBackLater(isDraining ? "shutting_down" : "too_many_streams"), state: state, on: connection)
        }
        streams.withLock { $0[ObjectIdentifier(stream)] = stream }
        // The stream may stay open for hours: let go of the request it answers.
        state.request = nil
        state.body = []
        state.headers = Headers()
        let canSuspend = workers != nil
        stream.attach(to: connection, canSuspend: canSuspend) { [weak self] in self?.forget(stream) }
        let context = Unmanaged.passRetained(stream).toOpaque()
        guard
            let handle = MHD_create_response_from_callback(
                EventStream.sizeUnknown, 1024, eventStreamReader, context, eventStreamFreed)
        else {
            eventStreamFreed(context)
            return MHD_Result.NO
        }
        defer { MHD_destroy_response(handle) }
        var headers = response.headers
        headers["Cache-Control"] = headers["Cache-Control"] ?? "no-store"
        // nginx passes the stream on as it comes instead of buffering it.
        headers["X-Accel-Buffering"] = "no"
        for (name, value) in headers {
            _ = MHD_add_response_header(handle, name, value)
        }
        return MHD_queue_response(connection, UInt32(response.status.code), handle)
    }

    /// Ends every open event stream (each sends what it has queued, then its end) and waits, until `deadline`,
    /// for libmicrohttpd to read their ends: the daemon must not stop with a connection suspended.
    func endStreams(by deadline: ContinuousClock.Instant) {
        let open = streams.withLock { Array($0.values) }
        for stream in open { stream.close() }
        // A client that reads nothing never lets libmicrohttpd write the end: after a moment its socket is shut
        // down, which libmicrohttpd notices as the client leaving.
        let patience = min(deadline, ContinuousClock.now.advanced(by: .seconds(1)))
        var isShutDown = false
        while open.contains(where: { !$0.isFinished }) {
            let now = ContinuousClock.now
            if now >= deadline { return }
            if now >= patience, !isShutDown {
                tracker.shutDownStreams()
                isShutDown = true
            }
            usleep(2_000)
        }
    }

    /// A stream let go by libmicrohttpd.
    func forget(_ stream: EventStream) {
        streams.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// What a request gets when the workers' queue has no place for it.
    private func busy(_ request: Request) -> Response {
        var request = request
        request.problem = Self.serverBusy
        return inlineResponder?(request) ?? responder(request)
    }

    /// What a job still unanswered when the server stops gets.
    func stopping(_ request: Request) -> Response {
        var request = request
        request.problem = Self.shuttingDown
        return inlineResponder?(request) ?? responder(request)
    }

    static let serverBusy = HTTPError(
        .serviceUnavailable, code: "server_busy", message: "The server is busy. Try again in a moment.",
        headers: ["Retry-After": "1"])

    /// What a stream the server cannot hold now gets: 200 `text/event-stream` with only a `retry:` of 5 to 10 s
    /// (random, so a crowd turned away at once does not come back at once) and its end. A browser's `EventSource`
    /// then connects again after that time, where a 503 (or any other status or type) would fail it for good
    /// (WHATWG HTML, "server-sent events"). `reason` goes in a comment line for people reading the stream.
    static func comeBackLater(_ reason: String) -> Response {
        let body = ": \(reason)\nretry: \(Int.random(in: 5_000...10_000))\n\n"
        return Response(
            headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-store"], body: Array(body.utf8))
    }

    static let shuttingDown = HTTPError(
        .serviceUnavailable, code: "shutting_down", message: "The server is restarting. Try again in a moment.",
        headers: ["Retry-After": "1"])

    static let tooManyConnections = HTTPError(
        .serviceUnavailable, code: "too_many_connections",
        message: "Too many connections are open to the server just now. Try again in a moment.",
        headers: ["Retry-After": "5"])

    static func tooLarge(limit: Int) -> HTTPError {
        let size = limit >= 1 << 20 && limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
        return HTTPError(
            .contentTooLarge, code: "too_large",
            message: "What you sent is larger than \(size), the most this address takes.")
    }
}

/// One request while libmicrohttpd reads and answers it, reached through `*con_cls`.
///
/// `@unchecked Sendable`: libmicrohttpd calls back for one connection from one thread at a time, so the
/// mutable state is never touched concurrently (a worker sees only its ``WorkerJob``).
final class RequestState: @unchecked Sendable {
    /// The raw request target (path and query) before any unescaping.
    let target: String
    /// The connection's record; `nil` only if libmicrohttpd did not notify the connection.
    let record: ConnectionRecord?
    var hasStarted = false
    var body: [UInt8] = []
    /// Body bytes seen so far, including any dropped for being over the limit.
    var receivedBytes = 0
    /// The most body bytes this request may send (``ServerConfiguration/maximumBodyBytes(method:target:)``), set
    /// when its headers are in.
    var bodyLimit = 0
    /// libmicrohttpd's parser for a `multipart/form-data` body, while it is being read.
    var postProcessor: OpaquePointer?
    /// The parts of a `multipart/form-data` body, as the post processor finds them.
    var parts: [FormPart] = []
    /// Whether the multipart body could not be parsed.
    var isMalformedMultipart = false
    var headers = Headers()
    /// A problem found in the headers that still lets the request be read whole (a missing `Host`).
    var problem: HTTPError?
    /// The request went to a worker; its answer comes back here.
    var job: WorkerJob?
    /// The whole request as it was answered, to answer it again in other words (a stream over its limit).
    var request: Request?
    /// The answer must close the connection: what the client sends next cannot be trusted or is not wanted.
    var closesConnection = false
    /// The query has more than ``maximumQueryFields`` fields: it is not parsed, and the request is refused.
    var hasTooManyQueryFields = false
    /// The fast lane's answer, chosen when the headers came in (``PreparedAnswers``), and when that was.
    var prepared: PreparedResponses.Form?
    /// The kept answer ``prepared`` was taken from, held until it is sent (``KeptAnswers``).
    var keptAnswer: KeptResponses.Answer?
    /// The request's HTTP version, as the fast lane tells them apart.
    var version = HTTPVersion.other
    var started: ContinuousClock.Instant?

    /// More query fields than any page or API call of a real application takes; splitting thousands of them
    /// would let one client spend the server's time for nothing.
    static let maximumQueryFields = 256

    init(target: String, record: ConnectionRecord?) {
        self.target = target
        self.record = record
    }

    /// The request as far as it is known, leniently (see ``Request/lenient(method:target:headers:body:)``).
    func makeRequest(method: UnsafePointer<CChar>, body: [UInt8] = []) -> Request {
        let method = Method(rawValue: String(cString: method))
        guard hasTooManyQueryFields else {
            var request = Request.lenient(method: method, target: target, headers: headers, body: body)
            request.remoteAddress = record?.address ?? ""
            return request
        }
        let path = target.utf8.firstIndex(of: UInt8(ascii: "?")).map { String(target[..<$0]) } ?? target
        var request = Request.lenient(method: method, target: path, headers: headers, body: body)
        request.remoteAddress = record?.address ?? ""
        request.problem =
            request.problem
            ?? HTTPError(
                .badRequest, code: "bad_query",
                message: "The query has more than \(Self.maximumQueryFields) fields.")
        return request
    }
}

/// A certificate and key as NUL-terminated C strings that live as long as the server, for libmicrohttpd.
///
/// `@unchecked Sendable`: the bytes are written once, here, and only read afterwards.
final class TLSCStrings: @unchecked Sendable {
    let certificate: UnsafeMutableBufferPointer<CChar>
    let key: UnsafeMutableBufferPointer<CChar>

    init(_ credentials: ServerConfiguration.TLSCredentials) {
        certificate = Self.copy(credentials.certificatePEM)
        key = Self.copy(credentials.keyPEM)
    }

    deinit {
        // The key is secret: overwrite it before giving the memory back.
        key.update(repeating: 0)
        certificate.deallocate()
        key.deallocate()
    }

    private static func copy(_ bytes: [UInt8]) -> UnsafeMutableBufferPointer<CChar> {
        let buffer = UnsafeMutableBufferPointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
        buffer[bytes.count] = 0
        return buffer
    }
}
