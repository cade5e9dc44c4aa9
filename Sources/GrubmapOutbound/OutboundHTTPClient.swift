/// The one way Grubmap fetches from or sends to other servers (menu feeds, Web Push): `http` and `https` only,
/// public addresses only unless an operator allowed one, redirects checked like the first URL, a body capped on what
/// it decompresses to, a deadline for the whole exchange. ``CurlClient`` is the live one.
///
/// Synchronous: a call blocks its thread until the answer or the deadline. Call it from a pool of threads of its
/// own, never from a thread that answers requests.
public protocol OutboundHTTPClient: Sendable {
    /// `GET`s `request.url`, following up to the client's limit of redirects; the final answer, whatever its status.
    /// Only a 2xx answer's body is read; any other status comes back with an empty body.
    func get(_ request: OutboundRequest) throws(OutboundError) -> OutboundResponse
    /// `POST`s `body` to `request.url` once: a redirect is not followed but comes back as the answer, so a body
    /// never goes anywhere the caller did not name. Only a 2xx answer's body is read, up to `request.maximumBytes`.
    func post(_ request: OutboundRequest, body: [UInt8]) throws(OutboundError) -> OutboundResponse
}

/// One `GET` or `POST`.
public struct OutboundRequest: Sendable, Equatable {
    /// An `http` or `https` URL without credentials.
    public var url: String
    /// Sent as they are (`If-None-Match`, `Accept`, `TTL`); a header with a line break or another control character in
    /// its name or value is left out. `Accept-Encoding` is the client's own.
    public var headers: [Header]
    /// The longest the whole fetch may take, redirects included, in seconds.
    public var timeoutSeconds: Double
    /// The most bytes of body read, counted after decompression (and before, on the wire).
    public var maximumBytes: Int

    /// 8 MiB.
    public static let defaultMaximumBytes = 8 << 20

    public init(
        url: String, headers: [Header] = [], timeoutSeconds: Double = 20, maximumBytes: Int = defaultMaximumBytes
    ) {
        self.url = url
        self.headers = headers
        self.timeoutSeconds = timeoutSeconds
        self.maximumBytes = maximumBytes
    }

    /// A request header.
    public struct Header: Sendable, Equatable {
        public let name: String
        public let value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }
}

/// What the final server answered.
public struct OutboundResponse: Sendable, Equatable {
    public let status: Int
    /// By lowercased name; the last of a repeated header.
    public let headers: [String: String]
    /// The body, decompressed; empty unless the status is 2xx.
    public let body: [UInt8]
    /// The URL that answered, after redirects.
    public let url: OutboundURL
    /// How many redirects were followed.
    public let redirects: Int

    public init(status: Int, headers: [String: String], body: [UInt8], url: OutboundURL, redirects: Int) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.redirects = redirects
    }
}

/// Why a fetch got no answer. The words say only what kind of failure it was, never what a server sent, so an
/// error shown to an operator cannot be used to read or map what answers inside.
public enum OutboundError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not an absolute `http` or `https` URL with a host (or longer than ``OutboundURL/maximumLength``).
    case unsupportedURL
    /// The URL holds a user name or password, which Grubmap never sends.
    case credentialsInURL
    /// The host's address is not public (loopback, private, link-local …) and no `--allow-outbound` prefix names
    /// the URL.
    case addressNotAllowed
    /// No connection, or no HTTP answer on it: a closed port and an open one that does not speak HTTP look alike.
    case couldNotConnect
    /// The whole fetch took longer than its deadline.
    case timedOut(seconds: Double)
    /// The body is larger than the cap, before or after decompression.
    case tooLarge(maximumBytes: Int)
    /// More redirects than the client follows.
    case tooManyRedirects(maximum: Int)
    /// A redirect to something other than an `http` or `https` URL without credentials.
    case redirectRefused
    /// A body in a compression other than gzip, or a gzip stream that is broken or cut short.
    case undecodableBody

    public var description: String {
        switch self {
        case .unsupportedURL: "the address is not an http or https URL"
        case .credentialsInURL: "the address holds a user name or password, which Grubmap never sends"
        case .addressNotAllowed:
            "the server's address is not public (loopback, private, link-local and the like are not fetched unless "
                + "--allow-outbound names them)"
        case .couldNotConnect: "could not connect to the server, or it gave no HTTP answer"
        case .timedOut(let seconds): "no answer within \(Self.seconds(seconds))"
        case .tooLarge(let maximum): "the answer is larger than \(Self.size(maximum))"
        case .tooManyRedirects(let maximum): "the server redirected more than \(maximum) times"
        case .redirectRefused:
            "the server redirected to an address that is not an http or https URL, or holds a password"
        case .undecodableBody: "the answer's compression could not be read"
        }
    }

    /// `1 second`, `20 seconds`, `1.5 seconds`.
    static func seconds(_ value: Double) -> String {
        let whole = value.rounded() == value
        let number = whole ? String(Int(value)) : String(value)
        return number + (value == 1 ? " second" : " seconds")
    }

    /// `8 MiB`, or bytes below a mebibyte.
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
