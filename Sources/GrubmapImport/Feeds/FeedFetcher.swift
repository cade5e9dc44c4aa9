import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One conditional GET of a feed.
public struct FeedRequest: Sendable {
    public let url: URL
    /// Sent as `If-None-Match` and `If-Modified-Since` when known.
    public let etag: String?
    public let lastModified: String?
    /// The longest the whole fetch may take.
    public let timeoutSeconds: TimeInterval
    /// Bodies longer than this are refused without being read further.
    public let maximumBytes: Int

    public init(url: URL, etag: String?, lastModified: String?, timeoutSeconds: TimeInterval, maximumBytes: Int) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.timeoutSeconds = timeoutSeconds
        self.maximumBytes = maximumBytes
    }
}

/// What a fetch got.
public enum FeedResponse: Sendable, Equatable {
    /// A 2xx body with its validators.
    case content(Data, etag: String?, lastModified: String?)
    /// 304: unchanged since the validators sent.
    case notModified
    /// Nothing usable, with why in words.
    case failure(FeedFetchFailure)
}

/// Why a fetch got nothing usable.
public enum FeedFetchFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case timedOut(seconds: TimeInterval)
    case tooLarge(maximumBytes: Int)
    case status(Int)
    case network(String)

    public var description: String {
        switch self {
        case .timedOut(let seconds):
            "the feed did not answer within \(Int(seconds)) second\(Int(seconds) == 1 ? "" : "s")"
        case .tooLarge(let maximum): "the feed is larger than \(maximum / 1024 / 1024) MiB"
        case .status(let code):
            "the feed's server answered \(code) \(HTTPURLResponse.localizedString(forStatusCode: code))"
        case .network(let reason): "could not reach the feed: \(reason)"
        }
    }
}

/// Fetches feeds over HTTP. Tests use the live one against a server of their own on 127.0.0.1.
public protocol FeedFetcher: Sendable {
    func fetch(_ request: FeedRequest) -> FeedResponse
}

/// Fetches with Foundation's `URLSession` (FoundationNetworking on Linux): an ephemeral session with no cache, a
/// deadline for the whole fetch, and a delegate that stops reading past the size limit.
///
/// Synchronous: it runs on a scheduler thread or an HTTP worker thread (never on Swift's cooperative pool), which
/// waits on a semaphore for the session's delegate queue to finish.
public struct URLSessionFeedFetcher: FeedFetcher {
    public init() {}

    public func fetch(_ request: FeedRequest) -> FeedResponse {
        let collector = Collector(maximumBytes: request.maximumBytes)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = request.timeoutSeconds
        configuration.timeoutIntervalForResource = request.timeoutSeconds
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeoutSeconds)
        urlRequest.setValue("application/xml, text/xml;q=0.9, */*;q=0.1", forHTTPHeaderField: "Accept")
        urlRequest.setValue("Grubmap menu feed fetcher", forHTTPHeaderField: "User-Agent")
        if let etag = request.etag { urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = request.lastModified {
            urlRequest.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
        }
        let task = session.dataTask(with: urlRequest)
        task.resume()
        // The session's own timeouts should end it first; this deadline is the guarantee.
        let finished = collector.done.wait(timeout: .now() + request.timeoutSeconds + 1) == .success
        if !finished {
            task.cancel()
            session.invalidateAndCancel()
            return .failure(.timedOut(seconds: request.timeoutSeconds))
        }
        session.finishTasksAndInvalidate()
        return collector.outcome(timeoutSeconds: request.timeoutSeconds)
    }

    /// Gathers the answer on the session's delegate queue. `@unchecked Sendable`: its state is touched only on that
    /// serial queue until `done` is signalled, and read only after.
    private final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let maximumBytes: Int
        let done = DispatchSemaphore(value: 0)
        private var response: HTTPURLResponse?
        private var body = Data()
        private var tooLarge = false
        private var error: (any Error)?

        init(maximumBytes: Int) {
            self.maximumBytes = maximumBytes
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            self.response = response as? HTTPURLResponse
            if response.expectedContentLength > Int64(maximumBytes) {
                tooLarge = true
                completionHandler(.cancel)
                return
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            guard !tooLarge else { return }
            if body.count + data.count > maximumBytes {
                tooLarge = true
                dataTask.cancel()
                return
            }
            body.append(data)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            self.error = error
            done.signal()
        }

        func outcome(timeoutSeconds: TimeInterval) -> FeedResponse {
            if tooLarge { return .failure(.tooLarge(maximumBytes: maximumBytes)) }
            if let error {
                if (error as? URLError)?.code == .timedOut { return .failure(.timedOut(seconds: timeoutSeconds)) }
                return .failure(.network((error as? URLError)?.localizedDescription ?? "\(error)"))
            }
            guard let response else { return .failure(.network("no answer")) }
            if response.statusCode == 304 { return .notModified }
            guard (200..<300).contains(response.statusCode) else { return .failure(.status(response.statusCode)) }
            return .content(
                body, etag: response.value(forHTTPHeaderField: "ETag"),
                lastModified: response.value(forHTTPHeaderField: "Last-Modified"))
        }
    }
}
