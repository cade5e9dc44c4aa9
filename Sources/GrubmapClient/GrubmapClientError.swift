import Foundation
import GrubmapAPI

/// Why a call failed: the server's answer (its status and error code to branch on), or no usable answer at all.
public enum GrubmapClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server said no: its status, its error `code` (`not_found`, `invalid_coordinate`, `profile_required`, …),
    /// its message for people, and how long to wait for a 429 or 503 when it said.
    case api(status: Int, code: String, message: String, retryAfterSeconds: Int?)
    /// The request did not reach the server or no answer came back.
    case transport(String)
    /// An answer that is not what the API documents (a proxy's error page, say).
    case unexpectedBody(status: Int, reason: String)

    /// The error a non-2xx answer carries in its `{"error": {"code", "message"}}` body.
    init(status: Int, body: Data, retryAfter: String?) {
        guard let error = try? API.makeDecoder().decode(API.ErrorBody.self, from: body) else {
            self = .unexpectedBody(status: status, reason: String(decoding: body.prefix(200), as: UTF8.self))
            return
        }
        self = .api(
            status: status, code: error.error.code, message: error.error.message,
            retryAfterSeconds: retryAfter.flatMap { Int($0) })
    }

    /// The server's error code, when it gave one.
    public var code: String? {
        if case .api(_, let code, _, _) = self { return code }
        return nil
    }

    public var description: String {
        switch self {
        case .api(let status, let code, let message, _): "\(status) \(code): \(message)"
        case .transport(let reason): "no answer: \(reason)"
        case .unexpectedBody(let status, let reason): "unexpected answer (\(status)): \(reason)"
        }
    }
}
