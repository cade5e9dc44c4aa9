import Foundation

/// An HTTP response: a status, headers and a body held whole in memory.
public struct Response: Sendable {
    public var status: Status
    public var headers: Headers
    public var body: [UInt8]
    /// The route pattern that answered, like `/places/{id}`, for logs and metrics (never sent); `nil` when no
    /// route matched.
    public var route: String?
    /// What went wrong, for the log (never sent): an error's code and message, or a fault's description.
    public var failure: String?
    /// When set, the answer is this stream, written as things happen (``body`` is not sent): see
    /// ``EventStream``. libmicrohttpd sends it chunked, with `Cache-Control: no-store` unless the headers say
    /// otherwise, and `X-Accel-Buffering: no`.
    public var eventStream: EventStream?
    /// When set, the server may keep this answer and send it again, while the stamp holds, to the next requests whose
    /// headers would get the same bytes (see ``KeptAnswers``; never sent).
    public var keeping: KeptAnswerStamp?

    public init(status: Status = .ok, headers: Headers = Headers(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A UTF-8 text response of the given media type.
    public static func text(_ text: String, status: Status = .ok, contentType: String = "text/plain; charset=utf-8")
        -> Response
    {
        Response(status: status, headers: ["Content-Type": contentType], body: Array(text.utf8))
    }

    /// An HTML page, as the UTF-8 bytes its view rendered.
    public static func html(_ body: [UInt8], status: Status = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: body)
    }

    /// A JSON body encoded from `value` with sorted keys, so the same value always gives the same bytes; dates
    /// as ISO 8601.
    public static func json(_ value: some Encodable, status: Status = .ok) -> Response {
        do {
            return Response(status: status, headers: ["Content-Type": "application/json"], body: try jsonBytes(value))
        } catch {
            return .text("Could not encode the response: \(error)", status: .internalServerError)
        }
    }

    /// The bytes ``json(_:status:)`` sends for `value`; an element's are the same alone as inside a list.
    public static func jsonBytes(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(value))
    }

    /// A redirect to `location` (303 by default: after a form POST the browser follows with a GET).
    public static func redirect(to location: String, status: Status = .seeOther) -> Response {
        Response(status: status, headers: ["Location": location])
    }
}
