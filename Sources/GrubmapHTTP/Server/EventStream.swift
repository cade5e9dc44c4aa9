import CMicroHTTPD
import Foundation
import Synchronization

/// The body of a long-lived answer that the application writes to as things happen (Server-Sent Events): put it
/// in ``Response/eventStream`` and keep it; every ``send(_:)`` reaches the client in order.
///
/// It holds no thread while it waits. In `pool` threading, when nothing is queued libmicrohttpd's content reader
/// suspends the connection (`MHD_suspend_connection`, from the `MHD_ContentReaderCallback` as microhttpd.h
/// allows) and ``send(_:)`` resumes it. In `per-connection` threading, which cannot suspend, the connection's own
/// thread waits for the next send.
///
/// A client that reads too slowly is dropped, never waited on: once more than ``maximumPendingBytes`` wait to be
/// sent, what waits is let go, nothing more is taken, and the connection ends at libmicrohttpd's next call (or its
/// idle timeout, when the client reads nothing at all).
public final class EventStream: Sendable {
    /// Why a stream is over, as ``onEnd`` is told.
    public enum Ending: Sendable, Equatable {
        /// ``close()`` was called (the application, or the server shutting down).
        case closed
        /// The client read too slowly: more than ``maximumPendingBytes`` waited.
        case dropped
        /// The connection went away (the client left, or the server refused the stream).
        case disconnected
    }

    private struct State {
        /// Bytes queued; those before ``taken`` are sent. Let go (capacity and all) once all are sent, so an idle
        /// stream holds no buffer, and read from an offset, so a large burst is not moved for every block sent.
        var pending: [UInt8] = []
        var taken = 0
        var unsent: Int { pending.count - taken }
        /// Set when the answer is queued; `nil` before, and after libmicrohttpd lets the answer go.
        var connection: Connection?
        /// Suspended by the reader: the next send must resume it, exactly once.
        var isSuspended = false
        var canSuspend = true
        var ending: Ending?
        /// libmicrohttpd has read the end (or let the answer go): the connection will not be suspended again.
        var isFinished = false
        var onEnd: (@Sendable (Ending) -> Void)?
        /// Told when libmicrohttpd lets the answer go.
        var onRelease: (@Sendable () -> Void)?
    }

    // microhttpd.h's macros, which Swift does not import: MHD_SIZE_UNKNOWN, MHD_CONTENT_READER_END_OF_STREAM and
    // MHD_CONTENT_READER_END_WITH_ERROR.
    static let sizeUnknown = UInt64.max
    static let endOfStream = -1
    static let endWithError = -2

    /// The most bytes that may wait for a slow client before it is dropped.
    public let maximumPendingBytes: Int
    private let state: Mutex<State>
    /// Wakes the reader of a `per-connection` stream.
    private let wake = DispatchSemaphore(value: 0)

    /// A stream that drops its client once more than `maximumPendingBytes` wait; `onEnd` is called once, on
    /// whichever thread ends it, when the stream is over for any reason.
    public init(maximumPendingBytes: Int = 32 * 1024, onEnd: (@Sendable (Ending) -> Void)? = nil) {
        self.maximumPendingBytes = maximumPendingBytes
        state = Mutex(State(onEnd: onEnd))
    }

    /// Whether sends are still taken.
    public var isOpen: Bool { state.withLock { $0.ending == nil } }

    /// Bytes waiting to be sent.
    public var pendingBytes: Int { state.withLock { $0.unsent } }

    /// Queues `bytes` for the client without waiting. Returns false when the stream is over (closed, dropped,
    /// or gone); a send that would put the pending bytes over ``maximumPendingBytes`` drops the client.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var ended: (@Sendable (Ending) -> Void)?
        let taken = state.withLock { state -> Bool in
            guard state.ending == nil else { return false }
            if state.unsent + bytes.count > maximumPendingBytes {
                state.pending = []
                state.taken = 0
                ended = end(&state, .dropped)
                return false
            }
            state.pending += bytes
            wakeReader(&state)
            return true
        }
        ended?(.dropped)
        return taken
    }

    /// Ends the stream once what is queued has been sent.
    public func close() {
        var ended: (@Sendable (Ending) -> Void)?
        state.withLock { state in
            guard state.ending == nil else { return }
            ended = end(&state, .closed)
        }
        ended?(.closed)
    }

    /// Marks the stream over, lets the reader see it, and gives back what to call once the lock is let go.
    private func end(_ state: inout State, _ ending: Ending) -> (@Sendable (Ending) -> Void)? {
        state.ending = ending
        wakeReader(&state)
        defer { state.onEnd = nil }
        return state.onEnd
    }

    /// Resumes a suspended connection (once: resuming one that is not suspended is undefined), or wakes a
    /// waiting `per-connection` reader.
    private func wakeReader(_ state: inout State) {
        if state.isSuspended, let connection = state.connection {
            state.isSuspended = false
            MHD_resume_connection(connection.pointer)
        } else if !state.canSuspend {
            wake.signal()
        }
    }

    /// The answer was queued on `connection`; the reader may suspend it only when `canSuspend`; `onRelease` is
    /// called when libmicrohttpd lets the answer go.
    func attach(to connection: OpaquePointer, canSuspend: Bool, onRelease: @escaping @Sendable () -> Void) {
        let connection = Connection(pointer: connection)
        state.withLock { state in
            state.connection = connection
            state.canSuspend = canSuspend
            state.onRelease = onRelease
        }
    }

    /// Whether the reader is done with the connection (it read the end, or libmicrohttpd let the answer go).
    var isFinished: Bool { state.withLock { $0.isFinished } }

    /// What libmicrohttpd's content reader returns: bytes copied into `buffer`, or the end, or (with nothing
    /// to send) 0 after suspending the connection.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var waited = false
        while true {
            let result: Int? = state.withLock { state in
                if state.unsent > 0 {
                    let count = min(buffer.count, state.unsent)
                    let start = state.taken
                    state.pending.withUnsafeBytes {
                        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[start..<start + count]))
                    }
                    state.taken += count
                    if state.taken == state.pending.count {
                        state.pending = []
                        state.taken = 0
                    }
                    return count
                }
                switch state.ending {
                case .closed?:
                    state.isFinished = true
                    return Self.endOfStream
                case .dropped?, .disconnected?:
                    state.isFinished = true
                    return EventStream.endWithError
                case nil:
                    break
                }
                guard state.canSuspend, let connection = state.connection else { return waited ? 0 : nil }
                state.isSuspended = true
                MHD_suspend_connection(connection.pointer)
                return 0
            }
            if let result { return result }
            // per-connection: wait for a send, then look once more; returning 0 makes libmicrohttpd call again.
            _ = wake.wait(timeout: .now() + 1)
            waited = true
        }
    }

    /// libmicrohttpd let the answer go: the connection is over, or about to be.
    func release() {
        var ended: (@Sendable (Ending) -> Void)?
        let released = state.withLock { state in
            state.isFinished = true
            state.isSuspended = false
            state.connection = nil
            state.pending = []
            state.taken = 0
            if state.ending == nil { ended = end(&state, .disconnected) }
            defer { state.onRelease = nil }
            return state.onRelease
        }
        ended?(.disconnected)
        released?()
    }
}

/// The connection an ``EventStream`` is answered on.
///
/// `@unchecked Sendable`: libmicrohttpd's suspend and resume may be called from any thread; the stream calls them
/// only under its lock, and never once libmicrohttpd has let the answer go.
private struct Connection: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// libmicrohttpd's content reader for an ``EventStream``, reached through `cls`.
let eventStreamReader: MHD_ContentReaderCallback = { context, _, buffer, size in
    guard let context, let buffer else { return EventStream.endWithError }
    let stream = Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue()
    return stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size))
}

/// Called when libmicrohttpd destroys an ``EventStream``'s answer: lets the stream go.
let eventStreamFreed: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    let stream = Unmanaged<EventStream>.fromOpaque(context).takeRetainedValue()
    stream.release()
}
