import CMicroHTTPD
import Foundation
import Synchronization

/// The fast lane's second half: answers the application's pipeline made for one request, kept and sent again to the
/// next requests that would get the same bytes, from libmicrohttpd's thread as soon as their headers are in (no
/// ``Request``, no middleware, no worker), for as long as the application says the answer holds.
///
/// The application marks an answer it may give again (``Response/keeping``): a page or API read made from what it
/// keeps in memory, with the count of changes it was made at and the moment the oldest thing it used stops being
/// trusted. The server keeps such an answer when the pipeline sent it `200` without `Set-Cookie` to a `GET` whose
/// headers it can tell apart in full (``KeptAnswers``); it is sent again to a `GET` of the same target whose headers
/// the application reads (`Host`, `Accept`, `Accept-Language`, `Authorization`, `Cookie`, `Sec-Fetch-Mode`) are the
/// same, that accepts gzip or not alike, and sends nothing else but headers known to change nothing: while no change
/// was counted since it was made and its moment has not come. A request sending `If-None-Match`, `X-Request-ID`, a
/// proxy's headers or anything unknown takes the full pipeline, as does `HEAD`.
public struct KeptAnswers: Sendable {
    /// The count of changes now: an answer made at another count is not sent again.
    public let changes: @Sendable () -> UInt64
    /// The time now, on the clock of ``KeptAnswerStamp/validUntil``.
    public let now: @Sendable () -> Date
    /// The most body bytes kept at once (each answer's body counts twice: the application's copy and
    /// libmicrohttpd's); past it the answers no longer valid go, then all.
    public let capacityBytes: Int

    public init(
        changes: @escaping @Sendable () -> UInt64, now: @escaping @Sendable () -> Date,
        capacityBytes: Int = 32 << 20
    ) {
        self.changes = changes
        self.now = now
        self.capacityBytes = max(capacityBytes, 0)
    }

    /// Whether an answer stamped `stamp` may be sent now.
    func holds(_ stamp: KeptAnswerStamp) -> Bool {
        stamp.changes == changes() && now() < stamp.validUntil
    }
}

/// A request's HTTP version, as far as the fast lane tells them apart.
enum HTTPVersion {
    case http11, http10, other

    init(_ version: UnsafePointer<CChar>?) {
        self =
            if let version, strcmp(version, "HTTP/1.1") == 0 {
                .http11
            } else if let version, strcmp(version, "HTTP/1.0") == 0 {
                .http10
            } else {
                .other
            }
    }
}

/// What an answer the application may give again holds to (see ``KeptAnswers``).
public struct KeptAnswerStamp: Sendable, Equatable {
    /// The count of changes when the answer was begun.
    public let changes: UInt64
    /// When the oldest thing it was made from stops being trusted.
    public let validUntil: Date

    public init(changes: UInt64, validUntil: Date) {
        self.changes = changes
        self.validUntil = validUntil
    }
}

/// The kept answers of one server, by target and the headers that choose them.
///
/// `@unchecked Sendable`: the table is behind its mutex; an ``Answer`` is immutable, and libmicrohttpd locks a
/// response while it counts a use.
final class KeptResponses: @unchecked Sendable {
    /// One kept answer: libmicrohttpd's response, made once, released with the last request that holds it.
    final class Answer: @unchecked Sendable {
        let form: PreparedResponses.Form
        let stamp: KeptAnswerStamp
        let size: Int

        init?(_ response: Response, stamp: KeptAnswerStamp) {
            var kept = response
            // The pipeline's id named the request that made it; the lane, as for prepared answers, sends none.
            kept.headers[RequestIdentity.header] = nil
            guard let form = PreparedResponses.make(kept) else { return nil }
            self.form = form
            self.stamp = stamp
            size = 2 * response.body.count + 512
        }

        deinit { MHD_destroy_response(form.handle) }
    }

    private struct Table {
        var answers: [[UInt8]: Answer] = [:]
        /// How many answers each target has, so a request for another target reads no headers.
        var targets: [String: Int] = [:]
        var bytes = 0

        mutating func remove(_ key: [UInt8], target: String) {
            guard let answer = answers.removeValue(forKey: key) else { return }
            bytes -= answer.size
            if let count = targets[target], count > 1 { targets[target] = count - 1 } else { targets[target] = nil }
        }
    }

    let policy: KeptAnswers
    private let table = Mutex(Table())

    init(_ policy: KeptAnswers) {
        self.policy = policy
    }

    /// Whether any answer is kept for `target`.
    func keeps(_ target: String) -> Bool {
        table.withLock { $0.targets[target] != nil }
    }

    /// The answer kept for a request with these headers, if one holds now.
    func answer(
        for target: String, method: UnsafePointer<CChar>, version: HTTPVersion, headers: cmhd_fast_headers
    ) -> Answer? {
        guard strcmp(method, "GET") == 0, let key = Self.key(target: target, version: version, headers: headers)
        else { return nil }
        guard let answer = table.withLock({ $0.answers[key] }) else { return nil }
        guard policy.holds(answer.stamp) else {
            table.withLock { table in
                if table.answers[key] === answer { table.remove(key, target: target) }
            }
            return nil
        }
        return answer
    }

    /// Keeps what the pipeline sent to a request with these headers, when it may be sent again.
    func keep(
        _ response: Response, target: String, method: Method, version: HTTPVersion, headers: cmhd_fast_headers
    ) {
        guard let stamp = response.keeping, method == .get, response.status == .ok, response.eventStream == nil,
            response.headers["Set-Cookie"] == nil, response.headers["ETag"] != nil,
            response.body.count <= policy.capacityBytes / 8, policy.holds(stamp),
            let key = Self.key(target: target, version: version, headers: headers),
            let answer = Answer(response, stamp: stamp)
        else { return }
        table.withLock { table in
            table.remove(key, target: target)
            if table.bytes + answer.size > policy.capacityBytes {
                for (stale, kept) in table.answers where !policy.holds(kept.stamp) {
                    table.remove(stale, target: String(decoding: stale.prefix { $0 != 0 }, as: UTF8.self))
                }
                if table.bytes + answer.size > policy.capacityBytes { table = Table() }
            }
            table.answers[key] = answer
            table.targets[target, default: 0] += 1
            table.bytes += answer.size
        }
    }

    /// How many answers are kept, for tests.
    var count: Int { table.withLock { $0.answers.count } }

    /// The key of a request whose answer may be kept or sent again, or `nil` when its headers cannot tell that
    /// answer apart in full: the target, whether gzip is accepted, and each header the application reads, with
    /// absent and empty told apart.
    static func key(target: String, version: HTTPVersion, headers: cmhd_fast_headers) -> [UInt8]? {
        guard headers.bodies == 0, headers.bad_names == 0, headers.repeated == 0, headers.request_ids == 0,
            headers.others == 0, headers.if_none_match == nil
        else { return nil }
        switch version {
        case .http11: guard headers.hosts == 1 else { return nil }
        case .http10: guard headers.hosts <= 1 else { return nil }
        case .other: return nil
        }
        var key = Array(target.utf8)
        key.append(0)
        key.append(ResponseCompression.acceptsGzip(headers.accept_encoding.map { String(cString: $0) }) ? 1 : 0)
        for value in [
            headers.host, headers.accept, headers.accept_language, headers.authorization, headers.cookie,
            headers.sec_fetch_mode,
        ] {
            guard let value else {
                key.append(0)
                continue
            }
            key.append(1)
            key.append(contentsOf: UnsafeRawBufferPointer(start: value, count: strlen(value)))
            key.append(0)
        }
        return key
    }
}
