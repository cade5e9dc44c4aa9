import Foundation
import GrubmapAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A Server-Sent Events stream of the server as an `AsyncSequence` that keeps itself open as a browser's
/// `EventSource` does: when the connection ends or breaks it waits the stream's `retry:` time (3 s until the
/// server says) and connects again with `Last-Event-ID`, so the server resumes after the last event received.
///
/// An answer other than 200 `text/event-stream` ends the sequence with the server's error
/// (``GrubmapClientError/api(status:code:message:retryAfterSeconds:)``), as it fails an `EventSource` for good;
/// a connection that cannot be made is tried again. Each iteration has its own connection; it is closed when the
/// iterating task is cancelled or lets go of the iterator.
///
/// Linux's FoundationNetworking has no `URLSession.bytes(for:)`: the bytes come through a
/// `URLSessionDataDelegate`, the same code on every platform.
public struct ServerSentEvents: AsyncSequence, Sendable {
    public typealias Element = SSEParser.Event
    public typealias Failure = GrubmapClientError

    let client: GrubmapClient
    let path: String
    /// The wait before reconnecting until the stream sends `retry:`.
    let initialRetry: Duration

    public func makeAsyncIterator() -> Iterator {
        let (events, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
        let task = Task { [client, path, initialRetry] in
            await Self.run(client: client, path: path, retry: initialRetry, into: continuation)
        }
        continuation.onTermination = { _ in task.cancel() }
        return Iterator(base: events.makeAsyncIterator())
    }

    public struct Iterator: AsyncIteratorProtocol {
        public typealias Failure = GrubmapClientError
        var base: AsyncThrowingStream<Element, any Error>.Iterator
        /// Ended (nil or an error given): only `nil` from now on.
        var isFinished = false

        public mutating func next() async throws(GrubmapClientError) -> Element? {
            guard !isFinished else { return nil }
            do {
                guard let event = try await base.next() else {
                    isFinished = true
                    return nil
                }
                return event
            } catch {
                isFinished = true
                throw error as? GrubmapClientError ?? .transport("\(error)")
            }
        }
    }

    /// Connects, reads, and connects again, until the iterator is let go or the server refuses the stream.
    private static func run(
        client: GrubmapClient, path: String, retry: Duration,
        into continuation: AsyncThrowingStream<Element, any Error>.Continuation
    ) async {
        var lastEventID = ""
        var retry = retry
        while !Task.isCancelled {
            var parser = SSEParser(lastEventID: lastEventID)
            var refusal: (head: EventStreamPart.Head, body: Data)?
            do {
                for try await part in await client.openEventStream(path, lastEventID: lastEventID) {
                    switch part {
                    case .head(let head) where head.isEventStream:
                        break
                    case .head(let head):
                        refusal = (head, Data())
                    case .bytes(let bytes):
                        guard refusal == nil else {
                            refusal?.body += bytes.prefix(64 * 1024)
                            continue
                        }
                        for event in try parser.feed(bytes) { continuation.yield(event) }
                        lastEventID = parser.lastEventID
                        if let milliseconds = parser.retry { retry = .milliseconds(milliseconds) }
                    }
                }
            } catch let error as SSEParser.TooLarge {
                continuation.finish(throwing: GrubmapClientError.unexpectedBody(status: 200, reason: "\(error)"))
                return
            } catch {
                // The connection broke or could not be made: try again after the wait, as a browser does.
            }
            if let refusal {
                continuation.finish(
                    throwing: GrubmapClientError(
                        status: refusal.head.status, body: refusal.body, retryAfter: refusal.head.retryAfter))
                return
            }
            if Task.isCancelled { break }
            try? await Task.sleep(for: retry)
        }
        continuation.finish()
    }
}

extension GrubmapClient {
    /// The server's event stream at `path` (relative to ``baseURL``), reconnecting as ``ServerSentEvents`` says.
    public nonisolated func serverSentEvents(_ path: String, retry: Duration = .seconds(3)) -> ServerSentEvents {
        ServerSentEvents(client: self, path: path, initialRetry: retry)
    }

    /// Opens one connection to an event stream: its answer's head, then its body as it comes. The stream fails
    /// when the connection does; ending the iteration closes the connection.
    func openEventStream(_ path: String, lastEventID: String) -> AsyncThrowingStream<EventStreamPart, any Error> {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        request.setValue("no-store", forHTTPHeaderField: "Cache-Control")
        if !lastEventID.isEmpty { request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID") }
        if let language { request.setValue(language.rawValue, forHTTPHeaderField: "Accept-Language") }
        if let sessionToken { request.setValue("Bearer \(sessionToken)", forHTTPHeaderField: "Authorization") }
        // The server writes a comment after 15 s of silence: three missed mean the connection is dead.
        request.timeoutInterval = 45
        let (parts, continuation) = AsyncThrowingStream<EventStreamPart, any Error>.makeStream()
        let streamSession = URLSession(
            configuration: sessionConfiguration, delegate: StreamDelegate(continuation), delegateQueue: nil)
        let task = streamSession.dataTask(with: request)
        continuation.onTermination = { _ in
            task.cancel()
            streamSession.finishTasksAndInvalidate()
        }
        task.resume()
        return parts
    }
}

/// What one connection to an event stream receives.
enum EventStreamPart: Sendable {
    case head(Head)
    case bytes(Data)

    struct Head: Sendable {
        let status: Int
        let contentType: String?
        let retryAfter: String?

        /// Whether this is an event stream to read (WHATWG: anything else fails the `EventSource`).
        var isEventStream: Bool {
            status == 200 && contentType?.lowercased().hasPrefix("text/event-stream") == true
        }
    }
}

/// Hands what a data task receives to an `AsyncThrowingStream`: the answer's head, then its body as it arrives.
private final class StreamDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let continuation: AsyncThrowingStream<EventStreamPart, any Error>.Continuation

    init(_ continuation: AsyncThrowingStream<EventStreamPart, any Error>.Continuation) {
        self.continuation = continuation
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            continuation.finish(throwing: GrubmapClientError.transport("not an HTTP response"))
            completionHandler(.cancel)
            return
        }
        continuation.yield(
            .head(
                EventStreamPart.Head(
                    status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"),
                    retryAfter: http.value(forHTTPHeaderField: "Retry-After"))))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        continuation.yield(.bytes(data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            continuation.finish(throwing: error)
        } else {
            continuation.finish()
        }
    }
}
