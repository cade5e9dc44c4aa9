import Foundation
import GrubmapOutbound

/// One conditional GET of a feed.
public struct FeedRequest: Sendable, Equatable {
    public let url: String
    /// Sent as `If-None-Match` and `If-Modified-Since` when known.
    public let etag: String?
    public let lastModified: String?
    /// The longest the whole fetch may take, redirects included.
    public let timeoutSeconds: TimeInterval
    /// The most bytes read, counted after decompression.
    public let maximumBytes: Int

    public init(url: String, etag: String?, lastModified: String?, timeoutSeconds: TimeInterval, maximumBytes: Int) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.timeoutSeconds = timeoutSeconds
        self.maximumBytes = maximumBytes
    }

    /// Asks `client` for the feed.
    public func fetch(with client: any OutboundHTTPClient) -> FeedResponse {
        var headers = [OutboundRequest.Header("Accept", "application/xml, text/xml;q=0.9, */*;q=0.1")]
        if let etag { headers.append(.init("If-None-Match", etag)) }
        if let lastModified { headers.append(.init("If-Modified-Since", lastModified)) }
        let answer: OutboundResponse
        do {
            answer = try client.get(
                OutboundRequest(url: url, headers: headers, timeoutSeconds: timeoutSeconds, maximumBytes: maximumBytes))
        } catch {
            return .failure(.outbound(error))
        }
        if answer.status == 304 { return .notModified }
        guard (200..<300).contains(answer.status) else { return .failure(.status(answer.status)) }
        return .content(Data(answer.body), etag: answer.headers["etag"], lastModified: answer.headers["last-modified"])
    }
}

/// What a fetch got.
public enum FeedResponse: Sendable, Equatable {
    /// A 2xx body, decompressed, with its validators.
    case content(Data, etag: String?, lastModified: String?)
    /// 304: unchanged since the validators sent.
    case notModified
    /// Nothing usable, with why in words.
    case failure(FeedFetchFailure)
}

/// Why a fetch got nothing usable, in words for the console and the log: what kind of failure, never what the other
/// server sent (see ``OutboundError``).
public enum FeedFetchFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case outbound(OutboundError)
    /// A status other than 2xx or 304, after redirects.
    case status(Int)

    public var description: String {
        switch self {
        case .status(let code): "the feed's server answered HTTP \(code)"
        case .outbound(let error):
            switch error {
            case .unsupportedURL: "the feed's address is not an http or https URL"
            case .credentialsInURL:
                "the feed's address holds a user name or password, which Grubmap never sends; set it again without them"
            case .addressNotAllowed:
                "the feed's server is not at a public address, so it is not fetched (a loopback, private or link-local "
                    + "address is reached only when the server's --allow-outbound names it)"
            case .couldNotConnect: "could not connect to the feed's server, or it gave no HTTP answer"
            case .timedOut(let seconds):
                "the feed did not answer within \(Int(seconds)) second\(Int(seconds) == 1 ? "" : "s")"
            case .tooLarge(let maximum): "the feed is larger than \(maximum / 1024 / 1024) MiB"
            case .tooManyRedirects(let maximum): "the feed's server redirected more than \(maximum) times"
            case .redirectRefused:
                "the feed's server redirected to an address Grubmap does not follow (not http or https, or with a "
                    + "password)"
            case .undecodableBody:
                "the feed is not valid: its compression could not be read; nothing was imported, the last good menus stay"
            }
        }
    }
}
