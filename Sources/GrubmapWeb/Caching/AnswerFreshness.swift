import Foundation
import GrubmapHTTP
import Synchronization

/// How long an answer of a kept route (``RouteTable/addKept(_:_:_:)``) may be sent again by the server's fast lane
/// (``KeptAnswers``): until the oldest thing it was made from stops being trusted. What was read for it is trusted
/// for the caches' lifetime from its reading, the kept values (``RecentCache``) from when they were read, and the
/// catalog as ``KeptCatalog`` trusts it; and only while this server counts no change (``LocalWrites``), which the
/// stamp carries. So an answer sent again is never older than what the caches would have made it from.
final class AnswerFreshness: Sendable {
    /// The answer being made on this thread, if its route keeps answers.
    @TaskLocal static var current: AnswerFreshness?

    private let until: Mutex<Date>

    private init(until: Date) {
        self.until = Mutex(until)
    }

    /// Tells the answer being made, if any, that something it uses is trusted only until `moment`.
    static func uses(until moment: Date) {
        guard let current else { return }
        current.until.withLock { $0 = min($0, moment) }
    }

    /// `respond`'s answer, stamped to be kept when `isKept` and the request is a `GET`: with the count of changes
    /// before it began, and the moment its oldest read stops being trusted.
    static func stamping(
        _ request: Request, isKept: Bool, caches: AppCaches, now: Date, respond: () -> Response
    ) -> Response {
        guard isKept, request.method == .get, caches.lifetime > 0 else { return respond() }
        let changes = caches.writes.generation
        let freshness = AnswerFreshness(until: now.addingTimeInterval(caches.lifetime))
        var response = $current.withValue(freshness) { respond() }
        response.keeping = KeptAnswerStamp(changes: changes, validUntil: freshness.until.withLock { $0 })
        return response
    }
}
