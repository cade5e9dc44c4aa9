/// Writes one line per request: method, path, status and duration, like `GET /areas/pnu-busan 200 1.84ms`.
public struct AccessLog: Middleware {
    private let write: @Sendable (String) -> Void

    /// Logs through `write`, which must be safe to call from many threads.
    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    public func respond(to request: Request, next: Responder) -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        let response = next(request)
        let elapsed = start.duration(to: clock.now)
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        write("\(request.method) \(request.path) \(response.status.code) \(Self.format(milliseconds))ms")
        return response
    }

    private static func format(_ milliseconds: Double) -> String {
        let hundredths = Int((milliseconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
