import Synchronization

/// A request tried on the server's network thread, which must never wait: while one runs, every store call that
/// would go to the database throws ``WouldWait`` instead and marks the attempt declined, and the server hands the
/// request to a worker, which answers it from the start. A returning visitor's kept page is answered without a
/// worker this way, so its connection is never suspended and resumed (libmicrohttpd walks every suspended
/// connection of its thread at each resume: with thousands of idle event streams open, that walk was a quarter of
/// the server's time).
///
/// Nothing made during a declined attempt may be kept for other requests (``RecentCache`` checks ``declined``): a
/// value whose reads were refused could be missing what they would have read.
public final class NetworkThreadAttempt: Sendable {
    private let refused = Atomic<Bool>(false)

    public init() {}

    /// The attempt running on this thread, if any.
    @TaskLocal public static var current: NetworkThreadAttempt?

    /// Whether something the request needed would have waited.
    public var declined: Bool { refused.load(ordering: .relaxed) }

    /// Throws ``WouldWait`` when called during an attempt: what a store calls before it borrows a connection.
    public static func refuseWaiting() throws(WouldWait) {
        guard let attempt = current else { return }
        attempt.refused.store(true, ordering: .relaxed)
        throw WouldWait()
    }

    /// Whether the running attempt, if any, was declined: a value made now is not to be kept.
    public static var isDeclined: Bool { current?.declined ?? false }
}

/// What a store throws when asked to wait during a ``NetworkThreadAttempt``.
public struct WouldWait: Error, Sendable {
    public init() {}
}
