import Foundation
import GrubmapAPI
import GrubmapCore

/// An area's live updates as typed events (``API/LiveEvent``), from its event stream kept open as
/// ``ServerSentEvents`` does: reconnecting after a cut with `Last-Event-ID`, so the server sends what was missed
/// (or a `reload`). Ends with the server's error when it refuses the stream (404 `not_found` for an unknown area).
public struct LiveEvents: AsyncSequence, Sendable {
    public typealias Element = API.LiveEvent
    public typealias Failure = GrubmapClientError

    let events: ServerSentEvents

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: events.makeAsyncIterator())
    }

    public struct Iterator: AsyncIteratorProtocol {
        public typealias Failure = GrubmapClientError
        var base: ServerSentEvents.Iterator

        /// The next event; an event whose data is not what the API documents is thrown as
        /// ``GrubmapClientError/unexpectedBody(status:reason:)``.
        public mutating func next() async throws(GrubmapClientError) -> API.LiveEvent? {
            guard let event = try await base.next() else { return nil }
            do {
                return try API.LiveEvent(event)
            } catch {
                throw .unexpectedBody(status: 200, reason: "a \(event.type) event: \(error)")
            }
        }
    }
}

extension GrubmapClient {
    /// The area's live updates (check-ins, busyness, sold-out marks) as they happen: first a `reload` with the
    /// area's whole live state, then a `state` event per place that changes.
    public nonisolated func events(area: Area.ID) -> LiveEvents {
        LiveEvents(events: serverSentEvents("areas/\(area.rawValue)/events"))
    }
}
