import Synchronization

/// Gives every request an id for the logs, and returns it in `X-Request-ID`: the client's own `X-Request-ID` when it
/// sends a valid one (a proxy's or a caller's trace id, so their logs and Grubmap's meet), else one made here.
///
/// A request with an invalid `X-Request-ID` (empty, longer than 128 characters, sent twice, or with a character
/// other than `A-Z a-z 0-9 - _ . : / + =`) gets a made id and the ``Request/problem`` 400 `bad_request_id`, which
/// the application answers before doing anything else: it changes nothing.
public final class RequestIdentity: Middleware {
    /// Random per process, so that ids from servers sharing a log differ; a counter follows.
    private let prefix: String
    private let counter = Atomic<UInt64>(0)

    public init() {
        let random = UInt64.random(in: 0...UInt64.max)
        let hex = String(random, radix: 16)
        prefix = String(repeating: "0", count: 16 - hex.count) + hex + "-"
    }

    /// The header's name.
    public static let header = "X-Request-ID"
    /// The longest id accepted.
    public static let maximumLength = 128

    public func respond(to request: Request, next: Responder) -> Response {
        var request = request
        identify(&request)
        var response = next(request)
        response.headers[Self.header] = request.id
        return response
    }

    /// This identity in front of a responder that may decline (see ``InlineResponder``).
    public func wrapping(inline responder: @escaping InlineResponder) -> InlineResponder {
        { request in
            var request = request
            self.identify(&request)
            guard var response = responder(request) else { return nil }
            response.headers[Self.header] = request.id
            return response
        }
    }

    private func identify(_ request: inout Request) {
        let sent = request.headers.values(for: Self.header)
        if sent.count == 1, Self.isValid(sent[0]) {
            request.id = sent[0]
            return
        }
        request.id = makeID()
        if !sent.isEmpty, request.problem == nil {
            request.problem = HTTPError(
                .badRequest, code: "bad_request_id",
                message: "X-Request-ID must be sent once, as 1 to \(Self.maximumLength) of the characters "
                    + "A-Z a-z 0-9 - _ . : / + =.")
        }
    }

    /// A new id: this process's prefix and a counter, unique without asking the system for randomness each time.
    func makeID() -> String {
        prefix + String(counter.add(1, ordering: .relaxed).newValue, radix: 16)
    }

    /// Whether `text` is an id the logs can carry as it is: short, and nothing that needs escaping.
    static func isValid(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= maximumLength else { return false }
        return text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "/"),
                UInt8(ascii: "+"), UInt8(ascii: "="):
                true
            default:
                false
            }
        }
    }
}
