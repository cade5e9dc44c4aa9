/// Writes one line per request and counts it in the metrics.
///
/// In text, the method, path, status and duration, and the request's id when it has one: `GET /areas/pnu-busan 200
/// 1.84ms id=4f…-1a`. In JSON, `{"time", "level", "requestId", "method", "route", "path", "status", "durationMs"}`
/// and `"error"` for a failure (`level` is `error` for a 5xx, else `info`).
///
/// The method and the decoded path come from the client, so they are written escaped (see ``escaped(_:)``, and JSON's
/// own escapes): a path with `%0A` in it cannot start a line of its own, nor a space add a field.
public struct AccessLog: Middleware {
    private let writer: LogWriter
    private let metrics: RequestMetrics?

    /// Logs text lines through `write`, which must be safe to call from many threads.
    public init(write: @escaping @Sendable (String) -> Void) {
        self.init(writer: LogWriter(format: .text, output: write))
    }

    /// Logs through `writer` and counts each request in `metrics`.
    public init(writer: LogWriter, metrics: RequestMetrics? = nil) {
        self.writer = writer
        self.metrics = metrics
    }

    public func respond(to request: Request, next: Responder) -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        let response = next(request)
        log(request, response, elapsed: start.duration(to: clock.now))
        return response
    }

    /// This log in front of a responder that may decline (see ``InlineResponder``): only the requests it answers
    /// are logged.
    public func wrapping(inline responder: @escaping InlineResponder) -> InlineResponder {
        { request in
            let clock = ContinuousClock()
            let start = clock.now
            guard let response = responder(request) else { return nil }
            log(request, response, elapsed: start.duration(to: clock.now))
            return response
        }
    }

    /// Logs and counts an answer of the server's fast lane (``PreparedAnswers``), as any other but without an id.
    public func log(_ sent: PreparedAnswers.Sent) {
        log(
            method: sent.method, path: sent.path, id: "", route: sent.route, status: sent.status, failure: nil,
            elapsed: sent.elapsed)
    }

    private func log(_ request: Request, _ response: Response, elapsed: Duration) {
        log(
            method: request.method, path: request.path, id: request.id, route: response.route,
            status: response.status.code, failure: response.failure, elapsed: elapsed)
    }

    private func log(
        method: Method, path: String, id: String, route: String?, status: Int, failure: String?, elapsed: Duration
    ) {
        metrics?.record(method: method, route: route, status: status, elapsed: elapsed)
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        switch writer.format {
        case .text:
            var line = "\(Self.escaped(method.rawValue)) \(Self.escaped(path)) \(status) \(Self.format(milliseconds))ms"
            if !id.isEmpty { line += " id=" + Self.escaped(id) }
            writer.write(line)
        case .json:
            var line = JSONLine()
            line.add("time", LogTime.now())
            line.add("level", status >= 500 ? LogWriter.Level.error.rawValue : LogWriter.Level.info.rawValue)
            line.add("requestId", id)
            line.add("method", method.rawValue)
            line.add("route", route ?? "")
            line.add("path", path)
            line.add("status", status)
            line.add("durationMs", milliseconds: milliseconds)
            if let failure { line.add("error", failure) }
            writer.write(line.finish())
        }
    }

    /// `text` with everything that could forge a log line or a field in it written as an escape: control and
    /// format characters (C0, DEL, C1, bidirectional overrides and the like), every kind of space and line or
    /// paragraph separator as `\xHH` (up to U+00FF) or `\u{HHHH}`, and the backslash itself as `\\`.
    public static func escaped(_ text: String) -> String {
        // Most paths are printable ASCII without a backslash: nothing to escape, no copy.
        if text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                if scalar.value <= 0xFF {
                    result += "\\x" + (hex.count < 2 ? "0" : "") + hex
                } else {
                    result += "\\u{" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "}"
                }
            default:
                if scalar == "\\" { result += "\\\\" } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// Milliseconds with two decimals, like `1.84`.
    static func format(_ milliseconds: Double) -> String {
        let hundredths = Int((milliseconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
